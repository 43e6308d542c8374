"""Who may read a room, and the channel its watchers hear it on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.models import Room


def room_channel(room_id: int) -> str:
    return f"room:{room_id}"


#: The server-only field of a room chat frame (room_chat.py): the members it is for.
CHAT_READERS: Final = "members"


def may_receive(message: dict[str, Any], user_id: int) -> bool:
    """Whether a room frame goes to a watcher: every room frame does, a chat message only
    to the room's members (a code lets anyone watch the room, not read its members' talk)."""
    return message.get("type") != "room_chat" or user_id in message.get(CHAT_READERS, ())


def may_read(kicked: Sequence[int] | None, user_id: int) -> bool:
    """Who may read a room: anyone with its code (the code is the invitation) except the
    people its host kicked out. The one rule of every read: over HTTP, a websocket watch
    and each room frame published to its watchers (which carries ``kicked`` for this)."""
    return user_id not in (kicked or ())


def refuse_kicked(room: Room, user_id: int) -> None:
    """Refuse (``room.kicked``, 403) a reader the room kicked out."""
    if not may_read(room.kicked, user_id):
        raise fail(room_errors.ROOM_KICKED, status=403)
