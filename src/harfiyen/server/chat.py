"""Chat per match: the players of a match talk; lengths, rates and blocks are enforced.

Messages are stored (a reconnecting client reads the history) and published to
every seat's channel as ``{"type": "chat", ...}`` frames. Spectators neither
read nor write. The rate limit counts stored messages, so it holds across
server processes.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.viewers import Seat
from harfiyen.server import errors as E
from harfiyen.server.models import ChatMessage, Match, MatchPlayer, User, utcnow
from harfiyen.server.schemas import iso
from harfiyen.server.service import MatchService, match_channel
from harfiyen.server.social import refuse_if_blocked


def clean_text(text: str) -> str:
    """NFC, no control characters (newlines become spaces), trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    return text.strip()


def chat_json(message: ChatMessage, username: str) -> dict[str, Any]:
    return {
        "type": "chat", "match": message.match_id, "id": message.id,
        "user": message.user_id, "username": username, "text": message.text,
        "at": iso(message.created_at),
    }


async def _seats(db: AsyncSession, match_id: int) -> list[MatchPlayer]:
    return list((await db.execute(
        select(MatchPlayer).where(MatchPlayer.match_id == match_id)
    )).scalars().all())


async def post(service: MatchService, user: User, match_id: int, text: str) -> dict[str, Any]:
    """Store and publish ``user``'s message in ``match_id``; return the chat frame.

    Raises ``match.not_found``, ``match.not_a_player``, ``social.blocked``,
    ``chat.empty``, ``chat.too_long`` or ``chat.rate_limited``; nothing is
    stored then.
    """
    settings = service.settings
    text = clean_text(text)
    if not text:
        raise E.fail(E.CHAT_EMPTY)
    if len(text) > settings.chat_max_chars:
        raise E.fail(E.CHAT_TOO_LONG, length=len(text), limit=settings.chat_max_chars)
    # The user's lock makes "count the recent messages, then add one" one step.
    async with service.user_writing(user.id) as db:
        match = await db.get(Match, match_id)
        if match is None:
            raise E.fail(E.MATCH_NOT_FOUND, status=404)
        seats = await _seats(db, match_id)
        if not any(p.user_id == user.id for p in seats):
            raise E.fail(E.NOT_A_PLAYER, status=403)
        await refuse_if_blocked(db, user.id, [p.user_id for p in seats])
        since = utcnow() - timedelta(seconds=settings.chat_window_seconds)
        recent = (await db.execute(
            select(func.count(ChatMessage.id)).where(
                ChatMessage.user_id == user.id, ChatMessage.created_at > since
            )
        )).scalar_one()
        if recent >= settings.chat_burst:
            raise E.fail(E.CHAT_RATE, status=429, seconds=round(settings.chat_window_seconds))
        message = ChatMessage(match_id=match_id, user_id=user.id, text=text)
        db.add(message)
        await db.flush()
        frame = chat_json(message, user.username)
    for p in seats:
        await service.pubsub.publish(match_channel(match_id, Seat(p.seat)), frame)
    return frame


async def history(
    service: MatchService, user: User, match_id: int, limit: int = 200
) -> list[dict[str, Any]]:
    """The newest ``limit`` messages of the match, oldest first (players only)."""
    async with service.sessions() as db:
        if await db.get(Match, match_id) is None:
            raise E.fail(E.MATCH_NOT_FOUND, status=404)
        if await service.seat_of(db, match_id, user.id) is None:
            raise E.fail(E.NOT_A_PLAYER, status=403)
        rows = (await db.execute(
            select(ChatMessage, User.username).join(User, User.id == ChatMessage.user_id)
            .where(ChatMessage.match_id == match_id)
            .order_by(ChatMessage.id.desc()).limit(limit)
        )).all()
    return [chat_json(m, name) for m, name in reversed(rows)]
