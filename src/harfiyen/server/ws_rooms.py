"""The websocket's room frames: ``watch_room`` and ``unwatch_room`` follow a room's channel
(its seats, members and chat before the match starts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

from fastapi import WebSocket

from harfiyen.core.errors import HarfiyenError
from harfiyen.server.errors import fail
from harfiyen.server.errors import requests as request_errors
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.models import User
from harfiyen.server.presence import room_scope
from harfiyen.server.pubsub import Unsubscribe
from harfiyen.server.rooms import CHAT_READERS, RoomService, may_read, may_receive, room_channel
from harfiyen.server.throttle import client_address

MAX_WATCHED_ROOMS: Final = 8


class RoomWatcher(Protocol):
    """What a connection offers the room frames: its socket and user, the rooms it
    watches, and its queue and presence."""

    ws: WebSocket
    user: User
    language: str
    room_watches: dict[str, Unsubscribe]

    def reply(self, message: dict[str, Any]) -> None: ...

    def deliver(self, message: dict[str, Any]) -> None: ...

    async def enter(self, scope: str, announced: bool = True) -> None: ...

    def exit(self, scope: str) -> None: ...


async def watch(conn: RoomWatcher, code: str, frame_id: Any, on: bool) -> None:
    """A connection's ``watch_room`` (``on``) or ``unwatch_room`` frame: follow the room's
    channel, answer with an ack and the room as it is now. Room frames carry a version:
    one published while this reads may arrive first, and the client keeps the newest."""
    rooms: RoomService = conn.ws.app.state.rooms
    key = code.strip().upper()
    stop = conn.room_watches.pop(key, None)
    if stop is not None:
        stop()
    if not on:
        conn.exit(room_scope(key))
        conn.reply({"type": "ack", "id": frame_id, "room": key})
        return
    if len(conn.room_watches) >= MAX_WATCHED_ROOMS:
        raise fail(request_errors.INVALID_REQUEST,
                   problem=f"at most {MAX_WATCHED_ROOMS} rooms at once")
    # A code is the room's invitation: a code that names no room counts against the
    # room-code throttle (as over HTTP, api_rooms.looked_up_code).
    throttle, address = conn.ws.app.state.throttle, client_address(conn.ws)
    await throttle.room_lookup_allowed(conn.user.id, address)
    try:
        room_id = await rooms._room_id(key)
    except HarfiyenError as error:
        if error.code == room_errors.ROOM_NOT_FOUND.code:
            await throttle.room_lookup_failed(conn.user.id, address)
        raise
    language = conn.language
    watching: Callable[[], None] | None = None

    def deliver(message: dict[str, Any]) -> None:
        if not may_read(message.get("kicked"), conn.user.id):
            # Kicked out: this frame and every later one stay away; the watch ends (a new
            # one is refused, as every read is) and the client is told once.
            if watching is not None and conn.room_watches.get(key) is watching:
                del conn.room_watches[key]
                watching()
                conn.exit(room_scope(key))
                conn.deliver({"type": "notice", "kind": "room_kicked", "room": key})
            return
        if may_receive(message, conn.user.id):
            conn.deliver(localised(message, language))

    watching = await rooms.pubsub.subscribe(room_channel(room_id), deliver)
    try:
        room = await rooms.get(key, language, conn.user.id)
    except BaseException:
        watching()
        raise
    conn.room_watches[key] = watching
    conn.reply({"type": "ack", "id": frame_id, "room": key})
    conn.reply({"type": "room", "room": room})
    await conn.enter(room_scope(key))


def localised(message: dict[str, Any], language: str) -> dict[str, Any]:
    """A published room frame with its start problem in the connection's language (and
    without the ``kicked`` and chat readers' lists meant for the server only)."""
    if "kicked" in message or CHAT_READERS in message:
        message = {k: v for k, v in message.items() if k not in ("kicked", CHAT_READERS)}
    room = message.get("room")
    if not isinstance(room, dict):
        return message
    problem = room.get("start_problem")
    if not isinstance(problem, dict) or not isinstance(problem.get("message"), dict):
        return message
    text = problem["message"].get("en" if language == "en" else "tr")
    return {**message, "room": {**room, "start_problem": {**problem, "message": text}}}
