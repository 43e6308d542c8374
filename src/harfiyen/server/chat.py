"""Chat per match: the players of a match talk; lengths, rates and blocks are enforced.

Messages are stored (a reconnecting client reads the history) and published as
``{"type": "chat", ...}`` frames to the seats' channels. Who may write is the
game's chat policy (``spec.chat_policy``): to everyone, to the writer's team only
(Kelime Casusu's guessers while the game runs: the frame goes to that team's
seats and carries ``"team"``), or not at all (its spymasters while the game runs).
Spectators never write; they read what is written to everyone where the game lets
them (``spec.spectators_read_chat``), else nothing. The rate limit counts stored
messages, so it holds across server processes.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.viewers import Seat, Spectator
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import social as social_errors
from harfiyen.server.games import GameAdapter, adapter
from harfiyen.server.match.access import may_act
from harfiyen.server.match.channels import match_channel
from harfiyen.server.models import ChatMessage, Match, MatchPlayer, User, utcnow
from harfiyen.server.schemas import iso
from harfiyen.server.service import MatchService
from harfiyen.server.social import refuse_if_blocked


def clean_text(text: str) -> str:
    """NFC, no control characters (newlines become spaces), trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    return text.strip()


def chat_json(message: ChatMessage, username: str, team: str | None = None
              ) -> dict[str, Any]:
    out = {
        "type": "chat", "match": message.match_id, "id": message.id,
        "user": message.user_id, "username": username, "text": message.text,
        "at": iso(message.created_at),
    }
    if team is not None:
        out["team"] = team  # written to that team only
    return out


async def _seats(db: AsyncSession, match_id: int) -> list[MatchPlayer]:
    return list((await db.execute(
        select(MatchPlayer).where(MatchPlayer.match_id == match_id)
    )).scalars().all())


async def _right(service: MatchService, db: AsyncSession, match: Match, game: GameAdapter,
                 seat: int | None) -> str:
    """The seat's chat right now, by the game's policy (no state before the start)."""
    state = None if match.status in ("waiting", "cancelled") else await service.state(db, match)
    return game.chat_right(state, seat)


def _team_of(game: GameAdapter, match: Match, seat: int) -> str | None:
    return game.spec.team_of(game.spec.config_from_dict(match.config), seat)


async def post(service: MatchService, user: User, match_id: int, text: str) -> dict[str, Any]:
    """Store and publish ``user``'s message in ``match_id``; return the chat frame.

    Raises ``match.not_found``, ``match.not_a_player``, ``match.seat_handed`` (the AI
    plays the writer's seat), ``chat.not_allowed`` (the game's policy),
    ``social.blocked``, ``chat.empty``, ``chat.too_long`` or ``chat.rate_limited``;
    nothing is stored then.
    """
    settings = service.settings
    text = clean_text(text)
    if not text:
        raise fail(social_errors.CHAT_EMPTY)
    if len(text) > settings.chat_max_chars:
        raise fail(social_errors.CHAT_TOO_LONG, length=len(text), limit=settings.chat_max_chars)
    # The user's lock makes "count the recent messages, then add one" one step.
    async with service.user_writing(user.id) as db:
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        game = adapter(match.game)
        seats = await _seats(db, match_id)
        mine = next((p.seat for p in seats if p.user_id == user.id), None)
        if mine is None:
            if game.spec.spectators_read_chat and match.public:
                raise fail(social_errors.CHAT_SPECTATOR, status=403)
            raise fail(match_errors.NOT_A_PLAYER, status=403)
        may_act(match, mine)  # not while the AI plays the seat for them
        right = await _right(service, db, match, game, mine)
        if right == "none":
            raise fail(social_errors.CHAT_NOT_ALLOWED, status=403)
        team = _team_of(game, match, mine) if right == "team" else None
        readers = seats if team is None else [
            p for p in seats if _team_of(game, match, p.seat) == team
        ]
        await refuse_if_blocked(db, user.id, [p.user_id for p in seats])
        since = utcnow() - timedelta(seconds=settings.chat_window_seconds)
        recent = (await db.execute(
            select(func.count(ChatMessage.id)).where(
                ChatMessage.user_id == user.id, ChatMessage.created_at > since
            )
        )).scalar_one()
        if recent >= settings.chat_burst:
            raise fail(social_errors.CHAT_RATE, status=429,
                       seconds=round(settings.chat_window_seconds))
        message = ChatMessage(match_id=match_id, user_id=user.id, text=text,
                              audience=None if team is None else f"team:{team}")
        db.add(message)
        await db.flush()
        frame = chat_json(message, user.username, team)
    channels = [match_channel(match_id, Seat(p.seat)) for p in readers]
    if team is None and game.spec.spectators_read_chat:
        channels.append(match_channel(match_id, Spectator()))
    await service.pubsub.publish_many([(channel, frame) for channel in channels])
    return frame


async def history(
    service: MatchService, user: User, match_id: int, limit: int = 200
) -> list[dict[str, Any]]:
    """The newest ``limit`` messages of the match the user may read, oldest first:
    players read what was written to everyone and to their team; spectators of a game
    whose spectators read the chat, what was written to everyone."""
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        game = adapter(match.game)
        seat = await service.seat_of(db, match_id, user.id)
        if seat is None and not (game.spec.spectators_read_chat and match.public):
            raise fail(match_errors.NOT_A_PLAYER, status=403)
        rows = (await db.execute(
            select(ChatMessage, User.username).join(User, User.id == ChatMessage.user_id)
            .where(ChatMessage.match_id == match_id)
            .order_by(ChatMessage.id.desc()).limit(limit)
        )).all()
    mine = None if seat is None else _team_of(game, match, seat)
    out = []
    for message, name in reversed(rows):
        team = message.audience.partition(":")[2] if message.audience else None
        if team is None or (seat is not None and team == mine):
            out.append(chat_json(message, name, team))
    return out
