"""Rooms: where people gather for a game, choose their seats and start matches.

A room belongs to one game. It offers the game's slots (``GameSpec.room_slots``:
Kelime Casusu's teams and roles) and keeps who sits where in ``room_seats`` — in
the database, not in a connection, so a second tab of the same account, or a
phone that slept and came back, finds the same seat. The host starts a match once
the engine accepts the seating (``GameSpec.seated_config``); the match is started
with exactly those seats (:meth:`MatchService.start_seated`), and a rematch in the
same room rotates the roles.

Every change runs under the room's write lock (an asyncio lock with SQLite, a
PostgreSQL advisory lock otherwise) in one transaction: a refusal raises before
the commit and changes nothing. After the commit the room is published on its
channel (``room:{id}``) to every websocket that watches it.

The parts: ``store`` (the lock, loading, publishing, the guards every change shares),
``membership`` (joining, leaving, kicking, the host's role passing on), ``seating``
(seats and the host's controls), ``lifecycle`` (creating, starting, rematches, quick
play, reopening when the match ends), ``listing`` (the public list), and the pure
rules beside them: ``slots`` (what a game offers a room, the order seats fill, a
rematch's rotation), ``reading`` (who may read a room) and ``loaded`` (a room as
loaded, and as clients see it).
"""

from harfiyen.server.rooms.lifecycle import CODE_ALPHABET
from harfiyen.server.rooms.listing import LIST_LIMIT
from harfiyen.server.rooms.reading import CHAT_READERS, may_read, may_receive, room_channel
from harfiyen.server.rooms.service import RoomService
from harfiyen.server.rooms.slots import preference_order, room_slots, rotated, seated_config

__all__ = [
    "CHAT_READERS",
    "CODE_ALPHABET",
    "LIST_LIMIT",
    "RoomService",
    "may_read",
    "may_receive",
    "preference_order",
    "room_channel",
    "room_slots",
    "rotated",
    "seated_config",
]
