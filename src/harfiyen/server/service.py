"""The match service: creating matches, invitations, and the one command path for moves.

Every state change goes through :meth:`MatchService.submit` (humans, bots,
timeouts and resignations alike): take the match's write lock, rebuild the
state from the event log (a cache keyed by the log length saves the replay),
apply the move with the engine, append the new events with the next
sequence numbers, commit, and only then publish each event projected for
each audience. The log is the source of truth; the cache is only a cache.

One writer per match: an ``asyncio.Lock`` per match with SQLite (one
process), a PostgreSQL advisory transaction lock with PostgreSQL, and in both
cases the unique ``(match_id, seq)`` constraint refuses a second writer.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import secrets
import signal
import time
import weakref
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from harfiyen.core.viewers import Seat, Spectator
from harfiyen.server import errors as E
from harfiyen.server import quotas
from harfiyen.server.bot_users import bot_user
from harfiyen.server.cache import LruCache
from harfiyen.server.db import advisory_xact_lock
from harfiyen.server.games import GameAdapter, LexiconLoader, Viewer, adapter
from harfiyen.server.match.channels import match_channel, user_channel
from harfiyen.server.match.frames import event_frames, frames_after, state_frame
from harfiyen.server.match.replay import replay_log
from harfiyen.server.models import (
    Invite,
    Match,
    MatchEvent,
    MatchPlayer,
    RoomMember,
    User,
    utcnow,
)
from harfiyen.server.pubsub import PubSub
from harfiyen.server.ratings import apply_ranked_result
from harfiyen.server.settings import Settings
from harfiyen.server.social import refuse_if_blocked

log = logging.getLogger(__name__)

# Advisory-lock namespace of match writers (the first key of pg_advisory_xact_lock).
LOCK_NAMESPACE = 4242
USER_LOCK_NAMESPACE = 4243
# A client further behind than this gets a full view instead of the event gap.
MAX_GAP = 500
# A match's views are published again (see MatchService.nudge) at most this often.
NUDGE_SECONDS = 2.0


def may_act(match: Match, seat: int) -> None:
    """The one rule of whether a seat's person may act for the seat now (a move, a mark,
    a chat line written as the seat): not while the AI plays it for them (refused with
    ``match.seat_handed``, 409; harfiyen.server.handoff), so two never act for one seat."""
    if match.status == "active" and str(seat) in (match.handed or {}):
        raise E.fail(E.SEAT_HANDED, status=409)


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


@dataclass(frozen=True)
class Submitted:
    """What an accepted command wrote: the match and the sequence numbers of its events."""

    match_id: int
    first_seq: int
    last_seq: int
    status: str


class MatchService:
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
        self._audiences: LruCache = LruCache(settings.state_cache_size)
        self._commits_to_crash = settings.test_kill_after_commits
        self._nudged: LruCache = LruCache(1000)  # match -> when it was last republished
        self._tasks: set[asyncio.Task[None]] = set()
        # Called after a command commits (the bot runner and the scheduler listen here).
        self.after_commit: list[Callable[[Match], Any]] = []
        # Called with (user id, notice) for every user notice (Web Push listens here).
        self.on_notice: list[Callable[[int, dict[str, Any]], Any]] = []

    # --- locking and state -------------------------------------------------------------

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

    async def seat_of(self, db: AsyncSession, match_id: int, user_id: int) -> int | None:
        return (await db.execute(
            select(MatchPlayer.seat).where(
                MatchPlayer.match_id == match_id, MatchPlayer.user_id == user_id
            )
        )).scalar_one_or_none()

    async def viewer_of(self, db: AsyncSession, match_id: int, user_id: int) -> Viewer:
        # Seats are drawn when a waiting match starts, so the creator's provisional
        # seat means nothing yet: until then everyone watches as a spectator, and a
        # connection subscribed early cannot receive another seat's first rack.
        match = await db.get(Match, match_id)
        if match is not None and match.status == "waiting":
            return Spectator()
        seat = await self.seat_of(db, match_id, user_id)
        return Spectator() if seat is None else Seat(seat)

    async def viewer_for(self, match_id: int, user_id: int) -> Viewer:
        async with self.sessions() as db:
            await self.watchable(db, match_id, user_id)
            return await self.viewer_of(db, match_id, user_id)

    async def seated(self, db: AsyncSession, match_id: int, user_id: int) -> tuple[Match, int]:
        """The match and ``user_id``'s seat in it; ``match.not_found`` (404) or
        ``match.not_a_player`` (403) otherwise."""
        match = await db.get(Match, match_id)
        if match is None:
            raise E.fail(E.MATCH_NOT_FOUND, status=404)
        seat = await self.seat_of(db, match_id, user_id)
        if seat is None:
            raise E.fail(E.NOT_A_PLAYER, status=403)
        return match, seat

    async def watchable(self, db: AsyncSession, match_id: int, user_id: int) -> Match:
        """The match, if ``user_id`` may see it: a player, a member of the room it was
        started from, or anyone when it is public."""
        match = await db.get(Match, match_id)
        if match is None:
            raise E.fail(E.MATCH_NOT_FOUND, status=404)
        if (not match.public and await self.seat_of(db, match_id, user_id) is None
                and not await self._in_room(db, match.room_id, user_id)):
            raise E.fail(E.NOT_A_PLAYER, status=403)
        return match

    async def _in_room(self, db: AsyncSession, room_id: int | None, user_id: int) -> bool:
        if room_id is None:
            return False
        return (await db.execute(select(RoomMember.id).where(
            RoomMember.room_id == room_id, RoomMember.user_id == user_id,
        ))).first() is not None

    # --- creating and joining ----------------------------------------------------------

    async def create(
        self,
        creator: User,
        game_name: str,
        options: dict[str, Any],
        ranked: bool,
        time_control: dict[str, Any],
        opponents: list[User] | None = None,
        rematch_of: int | None = None,
        *,
        bots: list[str] | None = None,
        public: bool = True,
        quiet: bool = False,
        address: str | None = None,
        counted: bool = True,
    ) -> tuple[Match, Invite]:
        """A waiting match with the creator seated, ``bots`` seated, an invitation per named
        ``opponent`` and a link invitation for the seats left (the one returned; the first
        named one when no seat is left for a link). Starts at once when the bots fill it.

        ``address``: the keyed hash of the creator's address (``quotas.address_key``). A
        match that waits for people counts against the creator's and the address's quota of
        waiting matches (``match.too_many_waiting``, 429, nothing written); ``counted``
        False: not (the matchmaker's, which it starts at once)."""

        game = adapter(game_name)
        setup = game.setup(options)
        game.check_time_control(time_control)
        opponents = list(opponents or [])
        bots = list(bots or [])
        if ranked and not self.settings.ranked_allowed(game_name, setup.language, setup.rules):
            raise E.fail(E.RANKED_NOT_ALLOWED, game=game_name, language=setup.language)
        if len(opponents) + len(bots) > setup.players - 1:
            raise E.fail(E.BAD_CONFIG, problem=f"{setup.players} seats: too many players")
        if len({o.id for o in opponents} | {creator.id}) != len(opponents) + 1:
            raise E.fail(E.BAD_CONFIG, problem="a player is named twice")
        expires = utcnow() + timedelta(hours=self.settings.invite_hours)
        counted = counted and 1 + len(bots) < setup.players  # else it starts at once
        async with self.sessions() as db, db.begin():
            if counted:
                await quotas.check(db, self.settings, quotas.WAITING_MATCHES, creator.id,
                                   address)
            if opponents:
                await refuse_if_blocked(db, creator.id, [o.id for o in opponents])
            match = Match(
                game=game_name, rules=setup.rules, lexicon=setup.lexicon,
                language=setup.language, config=setup.config,
                seed=secrets.randbits(62), players=setup.players, ranked=ranked and not bots,
                time_control=time_control, status="waiting", created_by=creator.id,
                last_seq=0, rematch_of=rematch_of, public=public, created_from=address,
            )
            db.add(match)
            await db.flush()
            db.add(MatchPlayer(match_id=match.id, seat=0, user_id=creator.id))
            taken: dict[str, int] = {}
            for seat, level in enumerate(bots, start=1):
                taken[level] = taken.get(level, 0) + 1
                bot = await bot_user(db, level, taken[level])
                db.add(MatchPlayer(match_id=match.id, seat=seat, user_id=bot.id))
            invites = [Invite(
                code=secrets.token_urlsafe(9), match_id=match.id, from_user=creator.id,
                to_user=o.id, status="open", expires_at=expires,
            ) for o in opponents]
            if 1 + len(bots) + len(opponents) < setup.players or not invites:
                invites.insert(0, Invite(
                    code=secrets.token_urlsafe(9), match_id=match.id, from_user=creator.id,
                    to_user=None, status="open", expires_at=expires,
                ))
            db.add_all(invites)
            if counted:
                await quotas.enforce(db, self.settings, quotas.WAITING_MATCHES, creator.id,
                                     address)
        named = invites[-len(opponents):] if opponents and not quiet else []
        for opponent, invite in zip(opponents if named else [], named, strict=True):
            await self.notify(opponent.id, {
                "type": "notice", "kind": "invited", "match": match.id, "code": invite.code,
                "from": creator.username, "rematch_of": rematch_of,
            })
        if 1 + len(bots) == setup.players:
            match = await self._start_full(match.id, invites[0].code)
        return match, invites[0]

    async def _start_full(self, match_id: int, code: str) -> Match:
        """Start a match whose seats are all taken (a solo match against bots)."""
        async with self.writing(match_id) as db:
            match = await db.get(Match, match_id)
            assert match is not None
            for invite in (await db.execute(
                select(Invite).where(Invite.match_id == match_id, Invite.status == "open")
            )).scalars().all():
                invite.status = "accepted" if invite.code == code else "cancelled"
            await db.flush()
            started = await self._start(db, match)
        await self.publish(match, started)
        return match

    async def invite_by_code(self, db: AsyncSession, code: str) -> Invite:
        invite = (await db.execute(select(Invite).where(Invite.code == code))).scalar_one_or_none()
        if invite is None:
            raise E.fail(E.INVITE_NOT_FOUND, status=404)
        if invite.status == "open" and invite.expires_at < utcnow():
            invite.status = "expired"
        return invite

    async def accept(self, user: User, code: str) -> Match:
        """Seat ``user`` through an invitation; the match starts once every seat is taken.

        A link invitation seats anyone until only the seats of named invitees are left.
        """
        async with self.sessions() as db:
            invite = await self.invite_by_code(db, code)
            match_id = invite.match_id
        async with self.writing(match_id) as db:
            invite = await self.invite_by_code(db, code)
            if invite.status != "open":
                raise E.fail(E.INVITE_CLOSED, status=409, state=invite.status)
            if invite.from_user == user.id:
                raise E.fail(E.OWN_INVITE, status=409)
            if invite.to_user is not None and invite.to_user != user.id:
                raise E.fail(E.INVITE_NOT_FOR_YOU, status=403)
            match = await db.get(Match, match_id)
            assert match is not None
            if match.status != "waiting":
                raise E.fail(E.MATCH_NOT_ACTIVE, status=409, state=match.status)
            seated = await self.players(db, match.id)
            if any(p.user_id == user.id for p in seated):
                raise E.fail(E.OWN_INVITE, status=409)
            await refuse_if_blocked(db, user.id, [p.user_id for p in seated])
            others = (await db.execute(
                select(Invite).where(Invite.match_id == match.id, Invite.status == "open",
                                     Invite.id != invite.id)
            )).scalars().all()
            named = [i for i in others if i.to_user is not None]
            if invite.to_user is None:
                mine = next((i for i in named if i.to_user == user.id), None)
                if mine is not None:  # invited by name too: that seat is this one
                    mine.status = "accepted"
                    named.remove(mine)
                elif len(seated) + len(named) >= match.players:
                    raise E.fail(E.INVITE_CLOSED, status=409, state="full")
            db.add(MatchPlayer(match_id=match.id, seat=len(seated), user_id=user.id))
            if invite.to_user is not None:
                invite.status = "accepted"
            if len(seated) + 1 >= match.players:
                for other in [invite, *others]:
                    if other.status == "open":
                        other.status = "accepted" if other is invite else "cancelled"
                await db.flush()
                started = await self._start(db, match)
            else:
                started = None
        if started is not None:
            await self.publish(match, started)
        return match

    async def decline(self, user: User, code: str) -> Invite:
        """Decline an invitation. A two-player match is then cancelled; a bigger one offers
        the declined seat on its link instead (one is made if there was none)."""
        async with self.sessions() as db:
            invite = await self.invite_by_code(db, code)
            match_id = invite.match_id
        async with self.writing(match_id) as db:
            invite = await self.invite_by_code(db, code)
            if invite.status != "open":
                raise E.fail(E.INVITE_CLOSED, status=409, state=invite.status)
            if invite.to_user is not None and invite.to_user != user.id:
                raise E.fail(E.INVITE_NOT_FOR_YOU, status=403)
            if invite.from_user == user.id:
                raise E.fail(E.OWN_INVITE, status=409)
            if invite.to_user is None:
                # A link is for whoever has it: one of them saying no cancels nothing (else
                # any stranger with the link could end the match). It stays open.
                return invite
            invite.status = "declined"
            match = await db.get(Match, match_id)
            assert match is not None
            if match.status == "waiting" and match.players == 2:
                match.status = "cancelled"
                match.finished_at = utcnow()
            elif match.status == "waiting" and invite.to_user is not None:
                link = (await db.execute(
                    select(Invite).where(Invite.match_id == match_id, Invite.status == "open",
                                         Invite.to_user.is_(None))
                )).scalars().first()
                if link is None:
                    db.add(Invite(
                        code=secrets.token_urlsafe(9), match_id=match_id,
                        from_user=invite.from_user, to_user=None, status="open",
                        expires_at=invite.expires_at,
                    ))
        await self.notify(invite.from_user, {
            "type": "notice", "kind": "declined", "match": match_id, "by": user.username,
        })
        return invite

    async def _start(self, db: AsyncSession, match: Match) -> Written:
        """Deal seats at random, start the game and store its opening events."""
        seated = await self.players(db, match.id)
        users = [p.user_id for p in seated]
        random.SystemRandom().shuffle(users)
        await db.execute(delete(MatchPlayer).where(MatchPlayer.match_id == match.id))
        await db.flush()
        for seat, user_id in enumerate(users):
            db.add(MatchPlayer(match_id=match.id, seat=seat, user_id=user_id))
        game = adapter(match.game)
        state = game.new_game(match.config, match.seed, self.lexicons)
        match.status = "active"
        match.started_at = utcnow()
        return await self._append(db, match, state, game.events(state), first_seq=1)

    async def start_seated(
        self, db: AsyncSession, match: Match, seating: list[tuple[int, int]]
    ) -> Written:
        """Start the waiting ``match`` with the given ``(seat, user id)`` pairs, as given: a
        room's players chose their seats (teams, roles), so nothing is shuffled.

        Runs in the caller's transaction (a room's); once it commits, the caller publishes
        the returned writes with :meth:`_publish`.
        """
        await db.execute(delete(MatchPlayer).where(MatchPlayer.match_id == match.id))
        await db.flush()
        db.add_all(MatchPlayer(match_id=match.id, seat=seat, user_id=user_id)
                   for seat, user_id in seating)
        await db.flush()
        game = adapter(match.game)
        state = game.new_game(match.config, match.seed, self.lexicons)
        match.status = "active"
        match.started_at = utcnow()
        return await self._append(db, match, state, game.events(state), first_seq=1)

    # --- the command path --------------------------------------------------------------

    async def submit(
        self, user_id: int, match_id: int, move_data: Any, expect_seq: int | None = None
    ) -> Submitted:
        """Apply ``user_id``'s move intent (or an engine move) to the match.

        ``expect_seq``: refuse (``match.busy``) unless the log still ends there
        (a bot or the scheduler acting on what it read earlier). Raises a
        ``GameError`` (engine or server) and writes nothing when refused.
        """
        async with self.writing(match_id) as db:
            match = await db.get(Match, match_id)
            if match is None:
                raise E.fail(E.MATCH_NOT_FOUND, status=404)
            if expect_seq is not None and match.last_seq != expect_seq:
                raise E.fail(E.MATCH_BUSY, status=409)
            seat = next((s for s, u in await self.seating(db, match) if u == user_id), None)
            if seat is None:
                raise E.fail(E.NOT_A_PLAYER, status=403)
            game = adapter(match.game)
            if match.status in ("waiting", "cancelled"):
                if match.status == "waiting" and _is_resign(move_data):
                    return await self._cancel(db, match)
                raise E.fail(E.MATCH_NOT_ACTIVE, status=409, state=match.status)
            if isinstance(move_data, dict):  # a person's move (an engine move: the AI's)
                may_act(match, seat)
            state = await self.state(db, match)
            move = move_data if not isinstance(move_data, dict) else game.parse_move(
                move_data, state
            )
            if isinstance(move_data, dict) and game.is_platform_move(move):
                # A client's timeout would skip its turn (Kelime Casusu: pass without a
                # guess): only the scheduler makes it, when the deadline has passed.
                raise E.fail(E.PLATFORM_MOVE, status=403)
            new_state, events = game.apply(state, seat, move)
            first = match.last_seq + 1
            # A per-phase timer runs on while the same seats go on in the same phase (the
            # guesses under one clue); a timeout, or any change, starts the next one.
            same_turn = (move != game.timeout() and game.phase_of(state) ==
                         game.phase_of(new_state))
            try:
                written = await self._append(db, match, new_state, events, first_seq=first,
                                             same_turn=same_turn)
                await db.flush()
            except IntegrityError:
                self._cache.pop(match_id, None)
                raise E.fail(E.MATCH_BUSY, status=409) from None
        self._crash_point()
        await self.publish(match, written)
        if match.status == "finished":
            self.forget(match.id)
        return Submitted(match.id, first, match.last_seq, match.status)

    def forget(self, match_id: int) -> None:
        """Drop what this process keeps of an ended match (its state, its lock, its
        republish stamp): nothing more is written to it, and a reader rebuilds it."""
        self._cache.pop(match_id, None)
        self._seating.pop(match_id, None)
        self._audiences.pop(match_id, None)
        self._nudged.pop(match_id, None)
        lock = self._locks.get(("match", match_id))
        if lock is not None and not lock.locked():
            self._locks.pop(("match", match_id), None)

    async def mark(self, user_id: int, match_id: int, index: int | None) -> None:
        """Relay a seat's public mark of card ``index`` (``None``: clear its mark) to every
        audience. Allowed where the mark's move (``spec.mark_move``: a guess) would be
        accepted from that seat now, so only the guessers of the team to act mark, and only
        covered cards; the refusal is the engine's own. Marks are not stored."""
        async with self.sessions() as db:
            match, seat = await self.seated(db, match_id, user_id)
            if match.status != "active":
                raise E.fail(E.MATCH_NOT_ACTIVE, status=409, state=match.status)
            may_act(match, seat)
            game = adapter(match.game)
            if index is not None:
                move = game.mark_move(index)
                state = await self.state(db, match)
                game.apply(state, seat, move)  # raises the engine's refusal; nothing is kept
            else:
                game.mark_move(0)  # a game without marks refuses clearing too
        frame = {"type": "mark", "match": match_id, "seat": seat, "index": index}
        await self.pubsub.publish_many(
            [(match_channel(match_id, viewer), frame) for viewer in self.audiences(match)]
        )

    def _crash_point(self) -> None:
        """Fault tests only (``test_kill_after_commits``, refused outside ``env=test``): the
        process kills itself between a commit and its publish, the worst moment to die."""
        if self._commits_to_crash > 0:
            self._commits_to_crash -= 1
            if self._commits_to_crash == 0:
                os.kill(os.getpid(), signal.SIGKILL)

    async def _cancel(self, db: AsyncSession, match: Match) -> Submitted:
        """Resigning before the match starts withdraws it; its invitations close."""
        match.status = "cancelled"
        match.finished_at = utcnow()
        invites = (await db.execute(
            select(Invite).where(Invite.match_id == match.id, Invite.status == "open")
        )).scalars().all()
        for invite in invites:
            invite.status = "cancelled"
        return Submitted(match.id, match.last_seq + 1, match.last_seq, match.status)

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

    # --- publishing --------------------------------------------------------------------

    def audiences(self, match: Match) -> list[Viewer]:
        """Every audience of the match: the game's viewers (seats, team roles, spectators).
        Fixed by the config, which no longer changes once the match has started."""
        kept = self._audiences.get(match.id)
        if kept is None:
            kept = adapter(match.game).audiences(match.config)
            if match.status != "waiting":
                self._audiences[match.id] = kept
        return list(kept)

    async def publish(self, match: Match, written: Written) -> None:
        """Fan out what a committed command wrote; never raises.

        The command is in the log already, so its answer (the mover's ack) must
        say so whatever happens here; a client that missed a frame catches up
        from the log.
        """
        try:
            await self._fan_out(match, written)
        except Exception:
            log.exception("fan-out of match %s failed after the commit", match.id)
        for listener in self.after_commit:  # bots and the scheduler move on regardless
            try:
                listener(match)
            except Exception:
                log.exception("after-commit listener failed")

    async def _fan_out(self, match: Match, written: Written) -> None:
        """Send every new event, projected, to each audience, then each audience's new view."""
        numbered, state = written.events, written.state
        if not numbered:
            return
        game = adapter(match.game)
        messages: list[tuple[str, dict[str, Any]]] = []
        for viewer in self.audiences(match):
            channel = match_channel(match.id, viewer)
            if not self.pubsub.may_hear(channel):
                continue  # e.g. the spectators of a match nobody watches: no view to make
            messages += [(channel, frame)
                         for frame in event_frames(game, match.id, numbered, viewer, state)]
            messages.append((channel, state_frame(match, state, viewer)))
        notices: list[tuple[int, dict[str, Any]]] = []
        acting = written.acting
        for seat, user_id in written.players:
            notice: dict[str, Any] | None = None
            if match.status == "finished":
                notice = {"kind": "match_ended", "result": match.result}
            elif numbered[0][0] == 1:
                notice = {"kind": "match_started", "your_turn": seat in acting}
            elif seat in acting and (seat not in written.acted_before or len(acting) == 1):
                # Every seat that may act now; of several (a team of guessers) only those
                # whose turn has just begun, not again after each of their moves.
                notice = {"kind": "your_turn"}
            if notice is not None:
                notices.append((user_id, {"type": "notice", "match": match.id, **notice}))
        messages += [(user_channel(user_id), notice) for user_id, notice in notices]
        # One round trip; it never fails (the log is the truth: see pubsub).
        await self.pubsub.publish_many(messages)
        for user_id, notice in notices:
            await self._tell_listeners(user_id, notice)

    async def notify(self, user_id: int, notice: dict[str, Any]) -> None:
        """Send ``notice`` to the user's connections and tell the notice listeners."""
        await self.pubsub.publish(user_channel(user_id), notice)
        await self._tell_listeners(user_id, notice)

    async def _tell_listeners(self, user_id: int, notice: dict[str, Any]) -> None:
        for listener in self.on_notice:
            try:
                result = listener(user_id, notice)
                if asyncio.iscoroutine(result):
                    await result
            except Exception:
                log.exception("notice listener failed")

    def nudge(self, match_id: int) -> None:
        """Publish the match's current views again, at most once per ``NUDGE_SECONDS``.

        Called when a client resubscribes behind the log: a process that died between
        a commit and its publish left the other players without that move, and the
        mover coming back (its ack was lost) is the sign. Views are numbered, so
        clients that have them drop them; the others fill the gap from the log.
        """
        now = time.monotonic()
        if now - self._nudged.get(match_id, -NUDGE_SECONDS) < NUDGE_SECONDS:
            return
        self._nudged[match_id] = now
        self.spawn(self._republish(match_id))

    async def _republish(self, match_id: int) -> None:
        try:
            async with self.sessions() as db:
                match = await db.get(Match, match_id)
                if match is None or match.status in ("waiting", "cancelled"):
                    return
                state = await self.state(db, match)
            await self.pubsub.publish_many([
                (match_channel(match.id, viewer), state_frame(match, state, viewer))
                for viewer in self.audiences(match)
            ])
        except Exception:
            log.exception("republishing match %s failed", match_id)

    # --- reading for clients -----------------------------------------------------------

    async def sync_frames(
        self, match_id: int, user_id: int, last_seq: int
    ) -> tuple[Viewer, list[dict[str, Any]]]:
        """What a (re)subscribing client needs: the event gap after ``last_seq``
        followed by the current view, or only the current view when the gap is
        too long or the client has nothing.
        """
        async with self.sessions() as db:
            match = await db.get(Match, match_id)
            if match is None:
                raise E.fail(E.MATCH_NOT_FOUND, status=404)
            viewer = await self.viewer_of(db, match_id, user_id)
            if match.status in ("waiting", "cancelled"):
                return viewer, [{
                    "type": "sync", "match": match.id, "seq": match.last_seq,
                    "status": match.status, "view": None,
                }]
            state = await self.state(db, match)
            game = adapter(match.game)
            frames: list[dict[str, Any]] = []
            if 0 < last_seq <= match.last_seq and match.last_seq - last_seq <= MAX_GAP:
                frames += frames_after(game, match.id, state, viewer, last_seq)
                frames.append(state_frame(match, state, viewer))
            else:
                frame = state_frame(match, state, viewer)
                frame["type"] = "sync"
                frames.append(frame)
            return viewer, frames

    async def gap(self, match_id: int, viewer: Viewer, after: int) -> list[dict[str, Any]]:
        """The projected events after ``after`` (a connection that saw a jump in numbers)."""
        async with self.sessions() as db:
            match = await db.get(Match, match_id)
            if match is None:
                return []
            state = await self.state(db, match)
        return frames_after(adapter(match.game), match_id, state, viewer, after)


def _is_resign(move_data: Any) -> bool:
    if isinstance(move_data, dict):
        return move_data.get("kind") == "resign" and set(move_data) == {"kind"}
    return type(move_data).__name__ == "Resign"
