"""The match store: one writer per match, the state rebuilt from the event log (a cache
keyed by the log length saves the replay), and appending new events.

One writer per match: an ``asyncio.Lock`` per match with SQLite (one process), a
PostgreSQL advisory transaction lock with PostgreSQL, and in both cases the unique
``(match_id, seq)`` constraint refuses a second writer. The log is the source of truth;
the cache is only a cache.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from harfiyen.server.cache import LruCache
from harfiyen.server.db import advisory_xact_lock
from harfiyen.server.games import GameAdapter, LexiconLoader, adapter
from harfiyen.server.match.frames import Before
from harfiyen.server.match.replay import replay_log
from harfiyen.server.models import Match, MatchEvent, MatchPlayer, utcnow
from harfiyen.server.pubsub import PubSub
from harfiyen.server.ratings import apply_ranked_result
from harfiyen.server.settings import Settings

log = logging.getLogger(__name__)

# Advisory-lock namespace of match writers (the first key of pg_advisory_xact_lock).
LOCK_NAMESPACE = 4242
USER_LOCK_NAMESPACE = 4243


@dataclass(frozen=True)
class Written:
    """Events just stored, numbered, and the state after them (what gets published)."""

    events: list[tuple[int, Any]]
    state: Any
    # (seat, user id) of every player, read in the writing transaction (for the notices).
    players: list[tuple[int, int]]
    # The seats that may act after these events and those that could before them.
    acting: tuple[int, ...] = ()
    acted_before: tuple[int, ...] = ()
    # The match as the command found it (its audiences are sent patches from it); None
    # when the events start the match (its audiences are sent their whole views).
    before: Before | None = None


class MatchStore:
    """Locks, the state and seating caches, and the event log of matches."""

    def __init__(
        self,
        settings: Settings,
        sessions: async_sessionmaker[AsyncSession],
        pubsub: PubSub,
        lexicons: LexiconLoader,
        is_postgres: bool,
    ) -> None:
        self.settings = settings
        self.sessions = sessions
        self.pubsub = pubsub
        self.lexicons = lexicons
        self.is_postgres = is_postgres
        # Held locks stay referenced by their holders; idle ones are dropped.
        self._locks: weakref.WeakValueDictionary[tuple[str, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._cache: LruCache = LruCache(settings.state_cache_size)
        self._seating: LruCache = LruCache(settings.state_cache_size)
        self._tasks: set[asyncio.Task[None]] = set()

    @asynccontextmanager
    async def writing(self, match_id: int) -> AsyncIterator[AsyncSession]:
        """A transaction that is the only writer of ``match_id`` until it ends."""
        async with self.exclusive("match", LOCK_NAMESPACE, match_id) as db:
            yield db

    @asynccontextmanager
    async def user_writing(self, user_id: int) -> AsyncIterator[AsyncSession]:
        """A transaction that is the only one of ``user_id``'s limited writes (chat) until it
        ends: counting recent messages and adding one cannot race past the limit."""
        async with self.exclusive("user", USER_LOCK_NAMESPACE, user_id) as db:
            yield db

    @asynccontextmanager
    async def exclusive(self, kind: str, namespace: int, key: int
                        ) -> AsyncIterator[AsyncSession]:
        # One process: an asyncio lock per key; several (PostgreSQL): an advisory
        # transaction lock. (SQLite's one writer at a time is kept by its driver.)
        async with self._lock((kind, key)), self.sessions() as db, db.begin():
            if self.is_postgres:
                await advisory_xact_lock(db, self.settings.database_schema, namespace, key)
            yield db

    def _lock(self, name: tuple[str, int]) -> asyncio.Lock:
        lock = self._locks.get(name)
        if lock is None:
            lock = self._locks[name] = asyncio.Lock()
        return lock

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, kept referenced until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def state(self, db: AsyncSession, match: Match) -> Any:
        """The game state after the whole stored log (from the cache when it is current).

        Rebuilding replays the log and checks every regenerated event against its
        stored row (:func:`replay_log`); a match whose log does not replay is refused.
        """
        cached = self._cache.get(match.id)
        game = adapter(match.game)
        have = -1 if cached is None else len(game.events(cached))
        if have == match.last_seq:
            return cached
        # Behind (another process stored moves since): only the newer rows are replayed,
        # from the kept state. Otherwise (none kept, or one ahead of this reader) the log.
        after = cached if 0 <= have < match.last_seq else None
        query = select(MatchEvent.seq, MatchEvent.data).where(MatchEvent.match_id == match.id)
        if after is not None:
            query = query.where(MatchEvent.seq > have)
        rows = (await db.execute(query.order_by(MatchEvent.seq))).all()
        state = replay_log(game, match, [(seq, data) for seq, data in rows], self.lexicons,
                           after=after)
        # A reader that loaded the match row just before a move was stored rebuilds an
        # older state: it must not replace the newer one the writer cached.
        newer = self._cache.get(match.id)
        length = len(game.events(state))
        if newer is None or len(game.events(newer)) <= length:
            self._cache[match.id] = state
        return state

    async def players(self, db: AsyncSession, match_id: int) -> list[MatchPlayer]:
        return list((await db.execute(
            select(MatchPlayer).where(MatchPlayer.match_id == match_id).order_by(MatchPlayer.seat)
        )).scalars().all())

    async def seating(self, db: AsyncSession, match: Match) -> tuple[tuple[int, int], ...]:
        """``(seat, user id)`` of every seat. Seats are fixed once the match has started, so
        from then on they are read once per process and kept (a command needs them twice)."""
        kept = self._seating.get(match.id)
        if kept is not None:
            return kept  # type: ignore[no-any-return]
        rows = (await db.execute(
            select(MatchPlayer.seat, MatchPlayer.user_id)
            .where(MatchPlayer.match_id == match.id).order_by(MatchPlayer.seat)
        )).all()
        seating = tuple((seat, user_id) for seat, user_id in rows)
        if match.status in ("active", "finished"):
            self._seating[match.id] = seating
        return seating

    async def _append(
        self, db: AsyncSession, match: Match, state: Any, events: Any, first_seq: int,
        same_turn: bool = False,
    ) -> Written:
        """Store ``events`` from ``first_seq`` on and update the match row."""
        game = adapter(match.game)
        numbered = list(enumerate(events, start=first_seq))
        if numbered:
            # One plain INSERT for all the events: they are never read back as objects
            # here, and the ORM's unit of work would send one INSERT … RETURNING each.
            rows = [game.event_dict(event) for _, event in numbered]
            await db.execute(insert(MatchEvent), [
                {"match_id": match.id, "seq": seq, "kind": data["kind"], "data": data}
                for (seq, _), data in zip(numbered, rows, strict=True)
            ])
        match.last_seq = first_seq + len(numbered) - 1
        before = tuple(match.acting or ()) if first_seq > 1 else ()
        acting = game.to_act(state)
        match.acting = list(acting)
        match.to_move = acting[0] if acting else None
        outcome = game.outcome(state)
        if outcome is not None:
            match.status = "finished"
            match.result = outcome.to_dict()  # type: ignore[attr-defined]
            match.finished_at = utcnow()
            match.deadline_at = None
            if match.ranked:
                # In the transaction of the final event: rated exactly once.
                await apply_ranked_result(db, match, outcome)
        else:
            match.deadline_at = self._deadline(match, game, state,
                                               same_turn and before == acting)
        self._cache[match.id] = state
        if first_seq == 1:  # the seats were dealt in this transaction
            seated = [(p.seat, p.user_id) for p in await self.players(db, match.id)]
        else:
            seated = list(await self.seating(db, match))
        return Written(numbered, state, seated, acting, before)

    def _deadline(self, match: Match, game: GameAdapter, state: Any,
                  same_turn: bool) -> datetime | None:
        """When the seats to act time out: ``seconds_per_move`` after every command, or
        per phase (``{"seconds": {"clue": 120, "guess": 90}}``, by the game's ``phase_of``)
        from the start of the phase: ``same_turn`` (the same seats go on in the same
        phase) keeps the running timer."""
        tc = match.time_control or {}
        phases = tc.get("seconds")
        if isinstance(phases, dict):
            if same_turn and match.deadline_at is not None:
                return match.deadline_at
            seconds = phases.get(game.phase_of(state))
        else:
            seconds = tc.get("seconds_per_move")
        return utcnow() + timedelta(seconds=int(seconds)) if seconds else None
