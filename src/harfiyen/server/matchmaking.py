"""The random-opponent queue: one queue per (game, rules, lexicon, ranked, time control).

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

from harfiyen.core.errors import GameError
from harfiyen.server import errors as E
from harfiyen.server.games import adapter
from harfiyen.server.models import QueueEntry, User, utcnow
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

        Raises ``match.bad_config`` (also for more than two players) and
        ``match.ranked_not_allowed`` like creating a match does.
        """
        game = adapter(game_name)
        setup = game.setup(options)
        if setup.players != 2:
            raise E.fail(E.BAD_CONFIG, problem="matchmaking pairs two players")
        if ranked and not self.settings.ranked_allowed(game_name, setup.language, setup.rules):
            raise E.fail(E.RANKED_NOT_ALLOWED, game=game_name, language=setup.language)
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
                raise E.fail(E.QUEUE_NOT_FOUND, status=404)
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
        """Pair the waiting entries of one queue, oldest first (``first``: only that entry)."""
        async with self.service.sessions() as db:
            waiting = list((await db.execute(
                select(QueueEntry).where(QueueEntry.queue_key == key,
                                         QueueEntry.status == "waiting")
                .order_by(QueueEntry.created_at, QueueEntry.id)
            )).scalars().all())
            blocks = {e.user_id: await blocked_ids(db, e.user_id) for e in waiting}
        now = utcnow()
        taken: set[int] = set()
        made = 0
        for entry in waiting:
            if entry.id in taken or (first is not None and entry.id != first):
                continue
            partner = self._best_partner(entry, waiting, taken, blocks, now)
            if partner is None:
                continue
            if await self._claim(entry, partner):
                taken.update((entry.id, partner.id))
                made += await self._start(entry, partner)
        return made

    def _best_partner(self, entry: QueueEntry, waiting: list[QueueEntry], taken: set[int],
                      blocks: dict[int, set[int]], now: datetime) -> QueueEntry | None:
        best: tuple[float, datetime, int] | None = None
        chosen = None
        for other in waiting:
            if other.id == entry.id or other.id in taken or other.user_id == entry.user_id:
                continue
            if other.user_id in blocks.get(entry.user_id, set()):
                continue
            waited = (now - min(entry.created_at, other.created_at)).total_seconds()
            gap = abs(entry.rating - other.rating)
            if gap > self.window(waited):
                continue
            rank = (gap, other.created_at, other.id)
            if best is None or rank < best:
                best, chosen = rank, other
        return chosen

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

    async def _claim(self, entry: QueueEntry, partner: QueueEntry) -> bool:
        """Take both entries out of the queue, or neither (another claimer was faster)."""
        try:
            async with self.service.sessions() as db, db.begin():
                for e in (entry, partner):
                    if not await self._set_status(db, e.id, "waiting", "pairing"):
                        raise _Lost
        except _Lost:
            return False
        return True

    async def _start(self, entry: QueueEntry, partner: QueueEntry) -> int:
        """Create the match of a claimed pair (the longer-waiting player creates it)."""
        older, newer = sorted((entry, partner), key=lambda e: (e.created_at, e.id))
        service = self.service
        try:
            async with service.sessions() as db:
                creator = await db.get(User, older.user_id)
                joiner = await db.get(User, newer.user_id)
            assert creator is not None and joiner is not None
            match, invite = await service.create(
                creator, older.game, older.options, older.ranked, older.time_control
            )
            await service.accept(joiner, invite.code)
        except GameError as error:
            log.warning("pairing %s and %s failed: %s", older.user_id, newer.user_id, error)
            async with service.sessions() as db, db.begin():
                for e in (older, newer):
                    await self._set_status(db, e.id, "pairing", "waiting")
            return 0
        async with service.sessions() as db, db.begin():
            for e in (older, newer):
                await self._set_status(db, e.id, "pairing", "matched", match.id)
        for user, opponent in ((creator, joiner), (joiner, creator)):
            await service.notify(user.id, {
                "type": "notice", "kind": "match_found", "match": match.id,
                "opponent": opponent.username,
            })
        return 1


class _Lost(Exception):
    """Another claimer took an entry first (rolls the claim back)."""
