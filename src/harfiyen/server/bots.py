"""AI seats: bot players of any game that act through the same command path as people.

A bot is an ordinary user (``server/bot_users.py``).
When a command leaves bot seats among the seats that may act (``match.acting``;
``[match.to_move]`` for a match stored without it), the runner builds each such
seat's typed view through the game's spec, asks the game's AI for a move in a
worker thread (off the event loop) within its level's time budget, and submits
it with :meth:`MatchService.submit` and ``expect_seq``, so a move chosen on a
state that has moved on is refused and chosen again. Several bot seats may act
at once: each is asked, the first move to land wins and the others look again.
At start-up (and every ``bot_sweep_seconds``) the runner resumes every active
match that waits for a bot, so a restart loses no bot turn.

A game's AI is what its spec registers (``GameSpec.ai``, ``harfiyen.core.ai_seat``):
its seat functions, imported when first used, and its levels. ``choose(view, level,
seed, lexicons) -> move`` (a move may come :class:`~harfiyen.ai.seats.Noted`: its note is
stored as a :class:`MatchNote` of the event it made, shown only once the match is over)
has the level's registered budget; ``fallback(view, seed, lexicons, refused) -> move``
is the safe move when the AI crashed, overran that budget or made a move the engine
refused (the failure is logged); ``warm(language)`` runs once per process and language
in a thread when a match with a bot seat of that game is first seen (the Kelime Casusu
models load there, not on the first clue's clock).

Levels: see ``server/bot_users.py``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.ai.seats import unwrap
from harfiyen.core.ai_seat import load_function
from harfiyen.core.errors import HarfiyenError
from harfiyen.core.viewers import Seat
from harfiyen.games import game as registered_game
from harfiyen.games.crossword.views import CrosswordView
from harfiyen.server.ai_queue import AiQueue
from harfiyen.server.bot_users import BOT_PREFIX
from harfiyen.server.cache import LruCache
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.models import Match, MatchNote, MatchPlayer, User
from harfiyen.server.schemas import acting_seats
from harfiyen.server.sweeper import Sweeper

if TYPE_CHECKING:
    from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)

#: A fallback move is cheap; one that takes longer than this is given up.
FALLBACK_BUDGET_SECONDS: Final = 15.0


@dataclass(frozen=True)
class SeatAI:
    """A game's registered AI with its seat functions loaded (see the module doc)."""

    path: str
    choose: Callable[[Any, str, int, Any], Any]
    fallback: Callable[[Any, int, Any, bool], Any] | None
    warm: Callable[[str], None] | None
    # The move owed by a person whose phase timer ran out, in a game without a
    # timeout move (``stand_in(view) -> move | None``); the deadline scheduler makes it.
    stand_in: Callable[[Any], Any] | None
    # Seconds the runner waits for a move of each level (``AiLevel.budget_seconds``).
    budgets: Mapping[str, float]
    paces_itself: bool = False

    def budget(self, level: str) -> float:
        """The level's budget; for a level the game no longer registers (a seat handed
        to it before a change), the longest of the game's budgets."""
        return self.budgets.get(level) or max(self.budgets.values())


_SEAT_AIS: dict[str, SeatAI | None] = {}


def seat_ai(game: str) -> SeatAI | None:
    """The game's registered AI (``None``: no AI plays it), its functions imported on
    first use."""
    if game not in _SEAT_AIS:
        ai = registered_game(game).ai
        found = None
        if ai is not None:
            def loaded(path: str | None) -> Any:
                return None if path is None else load_function(path)

            found = SeatAI(ai.choose, load_function(ai.choose), loaded(ai.fallback),
                           loaded(ai.warm), loaded(ai.stand_in),
                           {level.key: level.budget_seconds for level in ai.levels},
                           ai.paces_itself)
        _SEAT_AIS[game] = found
    return _SEAT_AIS[game]


@dataclass(frozen=True)
class Timing:
    """How long one AI choice took (the benchmark reads these)."""

    match_id: int
    game: str
    seat: int
    kind: str  # the move's kind ("clue", "guess", "play" ...)
    seconds: float
    fallback: bool


Acted = Literal["done", "stale", "failed"]


class BotRunner(Sweeper):
    """Moves for the bots; its sweep (every ``bot_sweep_seconds``) picks up any bot turn
    that was left (a bot that gave up while the database was away).

    One task per match at a time: a commit while it runs makes it look again when it is
    done, so bot seats acting together never race one another with stale reads.
    """

    def __init__(self, service: MatchService, workers: int | None = None) -> None:
        super().__init__(service.settings.bot_sweep_seconds, sweep_at_start=False)
        self.service = service
        # Every AI choice runs through this process's bounded queue (people's tables first).
        self.queue = AiQueue(workers or service.settings.ai_workers)
        # Fallbacks run apart: an AI that overran its budget may still hold a worker.
        self.fallback_pool = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="harfiyen-bot-fallback")
        self.tasks: set[asyncio.Task[None]] = set()
        # How long an AI seat that acts beside people lets them act first, counted from
        # when the table began to wait on it (never restarted by their moves).
        self.pace_seconds = service.settings.ai_pace_seconds
        # Per match: since when (monotonic seconds) the table has waited on each of its
        # bot seats, the start of the seat's pause.
        self._waited_since: LruCache = LruCache(20_000)
        self.timings: deque[Timing] = deque(maxlen=10_000)
        self._running: set[int] = set()
        self._again: set[int] = set()
        self._warmed: set[tuple[str, str]] = set()
        # Matches known to have no bot seat: their moves need no look (most of them).
        self._without_bots: LruCache = LruCache(20_000)
        # Matches with bot seats this runner has scheduled (the sweep's scope when
        # ``resume_bots`` is off).
        self._served: LruCache = LruCache(20_000)

    async def sweep(self) -> int:
        await self.resume()
        return 0

    async def resume(self) -> None:
        """Schedule every active match that waits for a bot's move (after a restart).
        With ``resume_bots`` off, only the matches this runner has served are looked at
        (a server sharing its database with matches it must leave alone)."""
        own = None if self.service.settings.resume_bots else set(self._served.keys())
        if own is not None and not own:
            return
        async with self.service.sessions() as db:
            query = (
                select(Match, MatchPlayer.seat, User.username)
                .join(MatchPlayer, MatchPlayer.match_id == Match.id)
                .join(User, User.id == MatchPlayer.user_id)
                .where(Match.status == "active",
                       or_(User.username.startswith(BOT_PREFIX), Match.handed.is_not(None)))
            )
            if own is not None:
                query = query.where(Match.id.in_(sorted(own)))
            rows = (await db.execute(query)).all()
        waiting = {match.id for match, seat, name in rows if seat in acting_seats(match)
                   and (name.startswith(BOT_PREFIX) or str(seat) in (match.handed or {}))}
        for match_id in sorted(waiting - self._running):
            if own is not None:
                # Every commit schedules its match: a bot turn found waiting here was
                # missed (the sweep is the safety net); say so, to find out why.
                log.warning("bot turn in match %s was waiting; resumed by the sweep", match_id)
            self._schedule(match_id)

    def match_committed(self, match: Match) -> None:
        """The bots' part of a commit's after-commit step (``match/after_commit.py``)."""
        if match.status != "active":
            # An ended match needs no more looks: drop what this runner kept of it.
            for kept in (self._waited_since, self._without_bots, self._served):
                kept.pop(match.id, None)
            return
        if self._without_bots.get(match.id) and not match.handed:
            return
        self._served[match.id] = True
        self._schedule(match.id)

    def _schedule(self, match_id: int) -> None:
        if match_id in self._running:
            self._again.add(match_id)
            return
        self._running.add(match_id)
        task = asyncio.get_running_loop().create_task(self._run(match_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                await self._maybe_move(match_id)
                if match_id not in self._again:
                    return
        finally:
            self._running.discard(match_id)
            self._again.discard(match_id)

    async def _maybe_move(self, match_id: int) -> None:
        # A stale read (match.busy) or a passing failure (a lost database
        # connection under load) is retried with a fresh read; a bot must never
        # leave its opponent waiting, so the back-off spans several seconds.
        for attempt in range(8):
            if await self._try_move(match_id):
                return
            await asyncio.sleep(min(0.2 * 2**attempt, 5.0))
        log.error("bot gave up moving in match %s", match_id)

    async def _try_move(self, match_id: int) -> bool:
        """Make the moves of the bot seats that may act; False when it should be tried again."""
        service = self.service
        try:
            async with service.sessions() as db:
                match = await db.get(Match, match_id)
                if match is None or match.status != "active":
                    return True
                seated = (await db.execute(
                    select(MatchPlayer.seat, User).join(User, MatchPlayer.user_id == User.id)
                    .where(MatchPlayer.match_id == match_id)
                )).all()
                levels = {s: (u.preferences or {}).get("bot") for s, u in seated}
                # Seats their people handed to the AI are played like AI seats.
                levels.update({int(s): level for s, level in (match.handed or {}).items()})
                if not any(levels.values()):
                    self._without_bots[match_id] = True
                    return True
                ai = seat_ai(match.game)
                if ai is None:
                    log.error("no AI plays %s (match %s has a bot seat)", match.game, match_id)
                    self._without_bots[match_id] = True
                    return True
                self._warm(ai, match.game, match.language)
                users = {s: u.id for s, u in seated}
                state = None
                if match.acting is None:
                    # A match stored before the list was kept: the engine says who acts.
                    state = await service.state(db, match)
                    acting = list(registered_game(match.game).to_act(state))
                else:
                    acting = acting_seats(match)
                bots = [(s, users[s], str(levels[s])) for s in acting if levels.get(s)]
                if not bots:
                    self._waited_since[match_id] = {}
                    return True
                if state is None:
                    state = await service.state(db, match)
                ready_at = self._ready_at(match_id, [s for s, _, _ in bots],
                                          registered_game(match.game).waiting(state))
                seq = match.last_seq
                views = {s: service_view(service, match, state, s) for s, _, _ in bots}
                people = any([await self._people_who_may_challenge(db, match_id, views[s])
                              for s, _, _ in bots])
                people_beside = any(not levels.get(s) for s in acting)
                watched_only = all(levels.values())
            if people:
                # The bot's move closes the challenge window of another seat's play: leave
                # the people at the table time to challenge first (a challenge makes the
                # submit below stale, and the bot then looks again).
                await asyncio.sleep(service.settings.bot_challenge_wait_seconds)
            elif people_beside and not ai.paces_itself:
                # People act alongside the bots (a person and an AI guessing for one team):
                # the people go first, for the bots' fixed pause.
                await _sleep_until(max(ready_at.values()))
            elif watched_only:
                await asyncio.sleep(service.settings.ai_table_pace_seconds)
            acted = await asyncio.gather(*(
                self._act(match, ai, seat, user_id, level, views[seat], seq,
                          ready_at[seat] if people_beside else None, watched_only)
                for seat, user_id, level in bots
            ))
        except Exception:
            log.exception("bot move in match %s failed", match_id)
            return False
        # A stale seat is fine when another move landed here (its commit makes this runner
        # look again); otherwise the read was stale: look again after a pause.
        return "done" in acted or "stale" not in acted or match_id in self._again

    async def _act(
        self, match: Match, ai: SeatAI, seat: int, user_id: int, level: str, view: Any,
        seq: int, ready_at: float | None, watched_only: bool = False,
    ) -> Acted:
        """Choose and submit one bot seat's move (the fallback when the AI fails); a move
        that waits for the people (``AfterPeople``) is held until ``ready_at`` (the end
        of the seat's pause, ``None``: no person acts beside it), and goes stale if any
        of them acts meanwhile (then it is chosen again, and made at once)."""
        # The agent's seed is fixed per match and seat: a replay chooses alike.
        seed = (match.seed ^ (seat * 0x9E3779B1)) & 0xFFFFFFFF
        budget = ai.budget(level)
        started = time.perf_counter()
        used_fallback = False
        try:
            chosen = await self.queue.run(not watched_only, budget, ai.choose, view, level,
                                          seed, self.service.lexicons)
        except TimeoutError:
            log.error("bot %s in match %s (seat %s) overran its %g s budget; the game's "
                      "fallback moves", level, match.id, seat, budget)
            chosen, used_fallback = await self._fallback(ai, view, seed, False), True
        except Exception:
            # The level's AI crashed: the game's fallback moves instead, so the match
            # never stalls on a broken bot.
            log.exception("bot %s crashed in match %s; the fallback moves", level, match.id)
            chosen, used_fallback = await self._fallback(ai, view, seed, False), True
        if chosen is None:
            return "failed"
        answer = unwrap(chosen)
        move, note = answer.move, answer.note
        self.timings.append(Timing(match.id, match.game, seat, _kind(move),
                                   time.perf_counter() - started, used_fallback))
        if answer.after_people and ready_at is not None:
            await _sleep_until(ready_at)
        try:
            submitted = await self.service.submit(user_id, match.id, move, expect_seq=seq)
        except HarfiyenError as error:
            if error.code == match_errors.MATCH_BUSY.code:
                return "stale"
            # A refused choice is a bot bug; the game's fallback keeps the game going.
            log.error("bot move in match %s refused (%s): the fallback moves instead",
                      match.id, error)
            chosen = await self._fallback(ai, view, seed, True)
            if chosen is None:
                return "failed"
            answer = unwrap(chosen)
            move, note = answer.move, answer.note
            try:
                submitted = await self.service.submit(user_id, match.id, move, expect_seq=seq)
            except HarfiyenError as again:
                return "stale" if again.code == match_errors.MATCH_BUSY.code else "failed"
        if note is not None:
            await self._store_note(match.id, submitted.first_seq, seat, note)
        return "done"

    def _ready_at(self, match_id: int, seats: list[int], waiting: Sequence[int]
                  ) -> dict[int, float]:
        """When each of ``seats`` (the bot seats acting now) may act beside people: the
        pause after the table began to wait on the seat (at once when it does not wait
        on it). A seat the table stopped waiting on starts afresh next time."""
        now = time.monotonic()
        known: dict[int, float] = self._waited_since.get(match_id) or {}
        since = {seat: known.get(seat, now) for seat in seats if seat in waiting}
        self._waited_since[match_id] = since
        return {seat: since[seat] + self.pace_seconds if seat in since else now
                for seat in seats}

    async def _fallback(self, ai: SeatAI, view: Any, seed: int, refused: bool) -> Any:
        """The game's safe move, or ``None`` (logged) when it has none or it fails too."""
        if ai.fallback is None:
            log.error("%s has no fallback move", ai.path)
            return None
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(
                self.fallback_pool, ai.fallback, view, seed, self.service.lexicons, refused),
                FALLBACK_BUDGET_SECONDS)
        except Exception:
            log.exception("the fallback of %s failed", ai.path)
            return None

    async def _store_note(self, match_id: int, seq: int, seat: int, note: dict[str, Any]
                          ) -> None:
        """Keep what the AI meant by the move at ``seq`` (only ever read once the match
        is over). A note lost to a failure here costs an explanation, never the game."""
        try:
            async with self.service.sessions() as db, db.begin():
                db.add(MatchNote(match_id=match_id, seq=seq, seat=seat, data=note))
        except Exception:
            log.exception("the note of match %s at %s was not stored", match_id, seq)

    def prepare(self, game: str, language: str) -> None:
        """Start loading ``game``'s AI for ``language`` now (in a thread, once per process):
        for a caller that knows an AI seat is coming, e.g. a room given an AI seat."""
        ai = seat_ai(game)
        if ai is not None:
            self._warm(ai, game, language)

    def _warm(self, ai: SeatAI, game: str, language: str) -> None:
        """Load the game's models for ``language`` in a thread, once per process."""
        key = (game, language)
        if ai.warm is None or key in self._warmed:
            return
        self._warmed.add(key)
        warm = ai.warm

        def run() -> None:
            started = time.perf_counter()
            try:
                warm(language)
            except Exception:
                log.exception("warming the %s AI for %s failed", game, language)
                return
            log.info("the %s AI for %s is loaded (%.1f s)", game, language,
                     time.perf_counter() - started)

        threading.Thread(target=run, name=f"harfiyen-warm-{game}-{language}",
                         daemon=True).start()

    async def _people_who_may_challenge(
        self, db: AsyncSession, match_id: int, view: Any
    ) -> bool:
        """True when a crossword play of another seat awaits a challenge and a person other
        than its player sits at the table."""
        if not isinstance(view, CrosswordView):
            return False
        pending = view.pending
        if pending is None or pending.seat == view.seat:
            return False
        rows = (await db.execute(
            select(MatchPlayer.seat, User.preferences).join(User, User.id == MatchPlayer.user_id)
            .where(MatchPlayer.match_id == match_id)
        )).all()
        return any(seat != pending.seat and not (prefs or {}).get("bot")
                   for seat, prefs in rows)

    async def close(self) -> None:
        await super().close()
        for task in list(self.tasks):
            task.cancel()
        self.queue.shutdown()
        self.fallback_pool.shutdown(wait=False, cancel_futures=True)


async def _sleep_until(moment: float) -> None:
    """Sleep until ``moment`` (``time.monotonic()`` seconds), if it is still ahead."""
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


def _kind(move: Any) -> str:
    if isinstance(move, dict):
        return str(move.get("kind", "?"))
    return str(getattr(type(move), "kind", type(move).__name__))


def service_view(service: MatchService, match: Match, state: Any, seat: int) -> Any:
    """The seat's typed view, built by the game's spec (what a bot sees)."""
    return registered_game(match.game).view(state, Seat(seat))
