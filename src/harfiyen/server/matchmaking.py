"""The random-opponent queue: one queue per (game, rules, lexicon, seats, ranked, clock).

A player joins with the same options as a match; players are paired only
within the same queue, never across a block, and only when their ratings
(the Glicko-2 rating for the game, language and rule set; 1500 before the
first ranked match) are close enough. The accepted gap starts at
``match_window`` and widens by ``match_widen_per_second`` for every second
the longer-waiting of the two has waited, so nobody waits forever.

The queue lives in the database, so every server process sees it. A pairing
claims both entries with conditional updates (``status = 'waiting'``), which
succeed for one claimer only: two processes (or a join racing the sweep)
can never pair the same player twice. A joiner is paired at once when a
partner is in reach; a loop re-pairs the waiting players as windows widen.
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import HarfiyenError
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.models import Invite, QueueEntry, User, utcnow
from harfiyen.server.ratings import current_rating, rules_key
from harfiyen.server.schemas import iso
from harfiyen.server.service import MatchService
from harfiyen.server.social import blocked_ids
from harfiyen.server.sweeper import Sweeper

log = logging.getLogger(__name__)


def queue_key(game: str, config: dict[str, Any], ranked: bool, time_control: dict[str, Any]
              ) -> str:
    """Who may be paired with whom: the same resolved game config, ranking and clock."""
    canonical = json.dumps([game, config, ranked, time_control], sort_keys=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:40]


def entry_json(entry: QueueEntry) -> dict[str, Any]:
    return {
        "status": entry.status, "game": entry.game, "options": entry.options,
        "ranked": entry.ranked, "time_control": entry.time_control,
        "rating": round(entry.rating, 1), "match": entry.match_id,
        "since": iso(entry.created_at),
    }


class Matchmaker(Sweeper):
    """The random-opponent queue; its sweep widens the accepted gaps and pairs players."""

    def __init__(self, service: MatchService) -> None:
        super().__init__(service.settings.matchmaking_sweep_seconds, sweep_at_start=False)
        self.service = service
        self.settings = service.settings

    # --- joining and leaving -----------------------------------------------------------

    async def join(self, user: User, game_name: str, options: dict[str, Any], ranked: bool,
                   time_control: dict[str, Any]) -> dict[str, Any]:
        """Queue ``user`` (replacing an earlier entry) and pair at once if a partner is in reach.

        Raises ``match.bad_config`` and ``match.ranked_not_allowed`` like creating a match
        does. A queue for 3 or 4 players waits until that many are in reach of each other.
        """
        game = adapter(game_name)
        setup = game.setup(options)
        game.check_time_control(time_control)
        if ranked and not self.settings.ranked_allowed(game_name, setup.language, setup.rules):
            raise fail(match_errors.RANKED_NOT_ALLOWED, game=game_name, language=setup.language)
        key = queue_key(game_name, setup.config, ranked, time_control)
        async with self.service.sessions() as db, db.begin():
            rating = await current_rating(db, user.id, game_name, setup.language,
                                          rules_key(game_name, setup.config))
            old = (await db.execute(
                select(QueueEntry).where(QueueEntry.user_id == user.id)
            )).scalar_one_or_none()
            if old is not None:
                await db.delete(old)
                await db.flush()
            entry = QueueEntry(
                user_id=user.id, queue_key=key, game=game_name, options=options, ranked=ranked,
                time_control=time_control, rating=rating, status="waiting",
            )
            db.add(entry)
        await self._pair_queue(key, first=entry.id)
        return await self.status(user) or entry_json(entry)

    async def cancel(self, user: User) -> dict[str, Any]:
        """Leave the queue; a player already paired gets the entry with its match."""
        async with self.service.sessions() as db, db.begin():
            entry = (await db.execute(
                select(QueueEntry).where(QueueEntry.user_id == user.id)
            )).scalar_one_or_none()
            if entry is None:
                raise fail(match_errors.QUEUE_NOT_FOUND, status=404)
            await db.execute(
                update(QueueEntry).where(QueueEntry.id == entry.id,
                                         QueueEntry.status == "waiting")
                .values(status="cancelled")
            )
        return await self.status(user) or {}

    async def status(self, user: User) -> dict[str, Any] | None:
        async with self.service.sessions() as db:
            entry = (await db.execute(
                select(QueueEntry).where(QueueEntry.user_id == user.id)
            )).scalar_one_or_none()
            return None if entry is None else entry_json(entry)

    # --- pairing -----------------------------------------------------------------------

    def window(self, waited_seconds: float) -> float:
        return self.settings.match_window + self.settings.match_widen_per_second * max(
            0.0, waited_seconds
        )

    async def sweep(self) -> int:
        """Pair what can be paired in every queue; return how many matches were made."""
        async with self.service.sessions() as db:
            keys = (await db.execute(
                select(QueueEntry.queue_key).where(QueueEntry.status == "waiting").distinct()
            )).scalars().all()
        made = 0
        for key in keys:
            made += await self._pair_queue(key)
        return made

    async def _pair_queue(self, key: str, first: int | None = None) -> int:
        """Group the waiting entries of one queue, oldest first (``first``: only that entry)."""
        async with self.service.sessions() as db:
            waiting = list((await db.execute(
                select(QueueEntry).where(QueueEntry.queue_key == key,
                                         QueueEntry.status == "waiting")
                .order_by(QueueEntry.created_at, QueueEntry.id)
            )).scalars().all())
            blocks = {e.user_id: await blocked_ids(db, e.user_id) for e in waiting}
        if not waiting:
            return 0
        size = adapter(waiting[0].game).setup(waiting[0].options).players
        now = utcnow()
        taken: set[int] = set()
        made = 0
        for entry in waiting:
            if entry.id in taken or (first is not None and entry.id != first):
                continue
            group = self._best_group(entry, waiting, taken, blocks, now, size)
            if group is None:
                continue
            if await self._claim(group):
                taken.update(e.id for e in group)
                made += await self._start(group)
        return made

    def _best_group(self, entry: QueueEntry, waiting: list[QueueEntry], taken: set[int],
                    blocks: dict[int, set[int]], now: datetime, size: int
                    ) -> list[QueueEntry] | None:
        """``entry`` and the ``size - 1`` closest-rated others: every two of them in reach
        of each other (by the longer wait of the two) and no block between any two."""
        group = [entry]
        others = sorted(
            (o for o in waiting
             if o.id != entry.id and o.id not in taken and o.user_id != entry.user_id),
            key=lambda o: (abs(o.rating - entry.rating), o.created_at, o.id),
        )
        for other in others:
            if len(group) == size:
                break
            if all(self._compatible(member, other, blocks, now) for member in group):
                group.append(other)
        return group if len(group) == size else None

    def _compatible(self, a: QueueEntry, b: QueueEntry, blocks: dict[int, set[int]],
                    now: datetime) -> bool:
        if a.user_id == b.user_id:
            return False
        if b.user_id in blocks.get(a.user_id, set()) or a.user_id in blocks.get(b.user_id, set()):
            return False
        waited = (now - min(a.created_at, b.created_at)).total_seconds()
        return abs(a.rating - b.rating) <= self.window(waited)

    async def _set_status(self, db: AsyncSession, entry_id: int, old: str, new: str,
                          match_id: int | None = None) -> bool:
        values: dict[str, Any] = {"status": new}
        if match_id is not None:
            values["match_id"] = match_id
        result = await db.execute(
            update(QueueEntry).where(QueueEntry.id == entry_id, QueueEntry.status == old)
            .values(**values)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def _claim(self, group: list[QueueEntry]) -> bool:
        """Take every entry of ``group`` out of the queue, or none (another claimer was faster)."""
        try:
            async with self.service.sessions() as db, db.begin():
                for e in group:
                    if not await self._set_status(db, e.id, "waiting", "pairing"):
                        raise _Lost
        except _Lost:
            return False
        return True

    async def _start(self, group: list[QueueEntry]) -> int:
        """Create the match of a claimed group (the longest-waiting player creates it)."""
        ordered = sorted(group, key=lambda e: (e.created_at, e.id))
        older = ordered[0]
        service = self.service
        try:
            async with service.sessions() as db:
                users = [await db.get(User, e.user_id) for e in ordered]
            assert all(u is not None for u in users)
            people = [u for u in users if u is not None]
            creator, joiners = people[0], people[1:]
            match, _ = await service.create(
                creator, older.game, older.options, older.ranked, older.time_control,
                joiners, quiet=True, counted=False,
            )
            async with service.sessions() as db:
                codes = {i.to_user: i.code for i in (await db.execute(
                    select(Invite).where(Invite.match_id == match.id)
                )).scalars().all()}
            for joiner in joiners:
                await service.accept(joiner, codes[joiner.id])
        except HarfiyenError as error:
            log.warning("grouping %s failed: %s", [e.user_id for e in ordered], error)
            async with service.sessions() as db, db.begin():
                for e in ordered:
                    await self._set_status(db, e.id, "pairing", "waiting")
            return 0
        async with service.sessions() as db, db.begin():
            for e in ordered:
                await self._set_status(db, e.id, "pairing", "matched", match.id)
        for user in people:
            others = [p.username for p in people if p.id != user.id]
            await service.notify(user.id, {
                "type": "notice", "kind": "match_found", "match": match.id,
                "opponent": ", ".join(others), "opponents": others,
            })
        return 1


class _Lost(Exception):
    """Another claimer took an entry first (rolls the claim back)."""
