"""Glicko-2 ratings per (game, language, rule set) for ranked matches, with history.

The rule set is the rules family plus a non-standard variant (``tr``, ``en``,
``en/nine-tile``): rule *versions* of one family share a rating, since they
change only details such as the first deal. A ranked match updates the
ratings in the same transaction that stores its final event, so a rating
changes exactly once per match, whichever process ends it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.outcome import Outcome, Result, TeamResult
from harfiyen.server.games import adapter
from harfiyen.server.glicko2 import Rating, rate, rate_match
from harfiyen.server.models import Match, MatchPlayer, PlayerRating, RatingChange, utcnow
from harfiyen.server.schemas import iso


def rules_key(game: str, config: dict[str, Any]) -> str:
    """The ratings pool of a stored config, as its game defines it (``tr``, ``en/nine-tile``)."""
    spec = adapter(game).spec
    return spec.rating_pool(spec.config_from_dict(config))


def seat_places(outcome: Outcome) -> tuple[int, ...]:
    """Each seat's place for the rating: the game's places, else from the results
    (winners and drawers first, losers second)."""
    if outcome.places is not None:
        return outcome.places
    return tuple(2 if r is Result.LOSS else 1 for r in outcome.results)


async def rating_of(
    db: AsyncSession, user_id: int, game: str, language: str, rules: str
) -> PlayerRating | None:
    return (await db.execute(
        select(PlayerRating).where(
            PlayerRating.user_id == user_id, PlayerRating.game == game,
            PlayerRating.language == language, PlayerRating.rules == rules,
        )
    )).scalar_one_or_none()


async def current_rating(db: AsyncSession, user_id: int, game: str, language: str,
                         rules: str) -> float:
    """The user's rating for the key (1500 before the first ranked match)."""
    row = await rating_of(db, user_id, game, language, rules)
    return Rating().rating if row is None else row.rating


def composite(ratings: Sequence[Rating]) -> Rating:
    """A team as one opponent: the mean rating and the root mean square deviation."""
    n = len(ratings)
    return Rating(sum(r.rating for r in ratings) / n,
                  math.sqrt(sum(r.rd * r.rd for r in ratings) / n))


_SCORE = {Result.WIN: 1.0, Result.DRAW: 0.5, Result.LOSS: 0.0}


def rate_teams(ratings: Sequence[Rating], teams: Sequence[TeamResult]) -> list[Rating]:
    """Every seat's rating after a team game (``ratings`` by seat): each player against
    each other team's composite, scoring 1 against a team that did worse, 0.5 against one
    that did as well, 0 against one that did better."""
    rank = {Result.WIN: 2, Result.DRAW: 1, Result.LOSS: 0}
    opponents = [composite([ratings[s] for s in team.seats]) for team in teams]
    out = list(ratings)
    for t, team in enumerate(teams):
        results = []
        for o, other in enumerate(teams):
            if o == t:
                continue
            mine, theirs = rank[team.result], rank[other.result]
            results.append((opponents[o], 1.0 if mine > theirs else 0.5 if mine == theirs
                            else 0.0))
        for seat in team.seats:
            out[seat] = rate(ratings[seat], results)
    return out


def is_rated(outcome: Outcome) -> bool:
    """A game of one team is never rated (everyone won or lost together)."""
    return len(outcome.teams) != 1


async def apply_ranked_result(
    db: AsyncSession, match: Match, outcome: Outcome
) -> list[RatingChange]:
    """Rate every seat of the finished ranked ``match`` by its ``outcome`` (by places, or
    team against team; a one-team game changes nothing)."""
    if not is_rated(outcome):
        return []
    seats = list((await db.execute(
        select(MatchPlayer).where(MatchPlayer.match_id == match.id).order_by(MatchPlayer.seat)
    )).scalars().all())
    key = rules_key(match.game, match.config)
    rows = []
    for p in seats:
        row = await rating_of(db, p.user_id, match.game, match.language, key)
        if row is None:
            start = Rating()
            row = PlayerRating(
                user_id=p.user_id, game=match.game, language=match.language, rules=key,
                rating=start.rating, rd=start.rd, volatility=start.volatility, games=0,
            )
            db.add(row)
        rows.append(row)
    before = [Rating(r.rating, r.rd, r.volatility) for r in rows]
    if outcome.teams:
        index = {p.seat: i for i, p in enumerate(seats)}
        teams = [TeamResult(t.team, tuple(index[s] for s in t.seats), t.result)
                 for t in outcome.teams]
        after = rate_teams(before, teams)
    else:
        places = seat_places(outcome)
        after = rate_match(before, [places[p.seat] for p in seats])
    changes = []
    for p, row, old, new in zip(seats, rows, before, after, strict=True):
        row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
        row.games = (row.games or 0) + 1
        row.updated_at = utcnow()
        change = RatingChange(
            user_id=p.user_id, match_id=match.id, game=match.game, language=match.language,
            rules=key, rating_before=old.rating, rating=new.rating, rd=new.rd,
            volatility=new.volatility,
        )
        db.add(change)
        changes.append(change)
    return changes


def rating_json(row: PlayerRating) -> dict[str, Any]:
    return {
        "game": row.game, "language": row.language, "rules": row.rules,
        "rating": round(row.rating, 1), "rd": round(row.rd, 1),
        "volatility": round(row.volatility, 6), "games": row.games,
        "updated_at": iso(row.updated_at),
    }


def change_json(row: RatingChange) -> dict[str, Any]:
    return {
        "match": row.match_id, "game": row.game, "language": row.language, "rules": row.rules,
        "rating_before": round(row.rating_before, 1), "rating": round(row.rating, 1),
        "rd": round(row.rd, 1), "at": iso(row.created_at),
    }


async def profile_ratings(db: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    rows = (await db.execute(
        select(PlayerRating).where(PlayerRating.user_id == user_id)
        .order_by(PlayerRating.game, PlayerRating.language, PlayerRating.rules)
    )).scalars().all()
    return [rating_json(r) for r in rows]


async def history(db: AsyncSession, user_id: int, limit: int = 100) -> list[dict[str, Any]]:
    """The user's rating changes, newest first."""
    rows = (await db.execute(
        select(RatingChange).where(RatingChange.user_id == user_id)
        .order_by(RatingChange.id.desc()).limit(limit)
    )).scalars().all()
    return [change_json(r) for r in rows]
