"""Room chat: the members of a room talk while they gather, before (and between) its
matches — who sits where, when to start.

Messages are relayed live on the room's channel and not stored: the talk is about the
gathering, and a match keeps its own chat (chat.py). Only members write. Anyone with a
room's code may watch it, so each frame carries the members it was written to and a
watch delivers it to those only (ws_rooms.watch). Text, length and blocks follow a match's
chat; the rate is counted in the shared throttle, so it holds across server processes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from harfiyen.server.chat import clean_text
from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.errors import social as social_errors
from harfiyen.server.models import RoomMember, User, utcnow
from harfiyen.server.rooms import CHAT_READERS, RoomService, room_channel
from harfiyen.server.schemas import iso
from harfiyen.server.social import refuse_if_blocked
from harfiyen.server.throttle import Throttle


async def post(rooms: RoomService, throttle: Throttle, user: User, code: str,
               text: str) -> dict[str, Any]:
    """Relay ``user``'s message to the members of room ``code``; return the frame.

    Raises ``chat.empty``, ``chat.too_long``, ``room.not_found``, ``room.not_member``,
    ``social.blocked`` or ``chat.rate_limited``; nothing is sent then.
    """
    limit = rooms.service.settings.chat_max_chars
    text = clean_text(text)
    if not text:
        raise fail(social_errors.CHAT_EMPTY)
    if len(text) > limit:
        raise fail(social_errors.CHAT_TOO_LONG, length=len(text), limit=limit)
    room_id = await rooms._room_id(code)
    async with rooms.sessions() as db:
        members = list((await db.execute(
            select(RoomMember.user_id).where(RoomMember.room_id == room_id)
        )).scalars().all())
        if user.id not in members:
            raise fail(room_errors.ROOM_NOT_MEMBER, status=403)
        await refuse_if_blocked(db, user.id, members)
    await throttle.room_chat(user.id)
    frame = {"type": "room_chat", "room": code.strip().upper(), "user": user.id,
             "username": user.username, "name": user.display_name, "text": text,
             "at": iso(utcnow()), CHAT_READERS: members}
    await rooms.pubsub.publish(room_channel(room_id), frame)
    return {key: value for key, value in frame.items() if key != CHAT_READERS}

