"""Seats handed to the AI: a person who must leave a running match lets the AI play on.

A seat's person (or the host of the room the match was started from, for a friend who
dropped off the call, or anyone seated at the table when the seat's person is away:
harfiyen.server.presence) hands the seat to one of the game's AI levels, and may take it
back; the server itself hands the seat of a person away for ``absent_seconds`` while the
table waits on it (harfiyen.server.leaving). The person stays the seat's player (the
result, the history and the ratings are theirs), so nothing about the seating changes:
the match row keeps ``handed`` (``{"seat": level}``) and the bot runner plays those seats
through the same command path as AI seats, from the seat's own view. While the AI plays
it, what the person would do as the seat (moves, marks, chat) is refused
(``match.seat_handed``; one rule, ``service.may_act``): two players for one seat would
race.
Ranked matches are not handed: a player who leaves one resigns or runs out of time.

Every player is told with a ``seat_handed`` notice (``level``: ``None`` when taken
back; ``user`` and ``name``: the seat's person), so their pages show who plays it now.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import select

from harfiyen.games import game as registered_game
from harfiyen.server import quotas
from harfiyen.server.bot_users import BOT_PREFIX
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.match.after_commit import AfterCommit
from harfiyen.server.models import Match, Room, User
from harfiyen.server.service import MatchService


async def hand_seat(service: MatchService, user: User | None, match_id: int, seat: int,
                    level: str | None, *, away: Collection[int] = ()) -> Match:
    """Hand ``seat`` of the running match to the AI ``level`` (``None``: take it back).
    Refuses, changing nothing, unless ``user`` is the seat's person or the room's host (or
    seated at the match while the seat's person is among the ``away``; ``None``: the server, for an
    absent person), the match runs unranked, the seat is a person's and the game has that
    AI level. The server's hand-off of a seat already handed changes nothing."""
    async with service.writing(match_id) as db:
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        if match.status != "active":
            raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
        seating = dict(await service.seating(db, match))
        if seat not in seating:
            raise fail(match_errors.NOT_A_PLAYER, status=404)
        person = await db.get(User, seating[seat])
        assert person is not None
        if (person.preferences or {}).get("bot"):
            raise fail(match_errors.HAND_AI_SEAT, status=409)
        room = await db.get(Room, match.room_id) if match.room_id is not None else None
        allowed = user is None or user.id == person.id \
            or (room is not None and room.host_id == user.id) \
            or (person.id in away and user.id in seating.values())
        if not allowed:
            raise fail(match_errors.HAND_NOT_ALLOWED, status=403)
        if match.ranked:
            raise fail(match_errors.HAND_RANKED, status=409)
        levels = registered_game(match.game).ai_levels
        if level is not None and level not in levels:
            raise fail(match_errors.HAND_NO_AI, levels=", ".join(levels) or "—")
        handed = dict(match.handed or {})
        if user is None and str(seat) in handed:
            return match
        if level is None:
            handed.pop(str(seat), None)
        else:
            handed[str(seat)] = level
        match.handed = handed or None
        # Every seat played by an AI now: a table people only watch, within the AI-only
        # tables quota of the match's creator (quotas.py; refused, nothing changes).
        bots = set((await db.execute(select(User.id).where(
            User.id.in_(seating.values()), User.username.startswith(BOT_PREFIX)
        ))).scalars().all())
        ai_only = all(user_id in bots or str(s) in handed for s, user_id in seating.items())
        if ai_only and not match.ai_only:
            match.ai_only = True
            await quotas.enforce(db, service.settings, quotas.AI_TABLES, match.created_by,
                                 match.created_from)
        match.ai_only = ai_only
        players = list(seating.values())
    notice: dict[str, Any] = {"type": "notice", "kind": "seat_handed", "match": match_id,
                              "seat": seat, "level": level, "user": person.id,
                              "name": person.display_name, "absent": user is None}
    for user_id in players:
        await service.notify(user_id, notice)
    # The log did not grow: nothing to publish, but the bot runner plays the seat from now on.
    await service.run_after_commit(AfterCommit(match))
    return match


__all__ = ["hand_seat"]
