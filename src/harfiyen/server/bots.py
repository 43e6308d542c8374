"""Solo matches: bot players that move through the same command path as humans.

A bot is an ordinary user (``bot_<level>``, no password, ``preferences.bot``).
When a command leaves a bot to move, the runner takes the bot's own seat
view, picks a move in a worker thread (off the event loop) and submits it
with :meth:`MatchService.submit`. At start-up the runner also resumes every
active match that waits for a bot, so a restart loses no bot turn.

Levels: the AI's four (``caylak``, ``orta``, ``usta``, ``sampiyon``, from
``harfiyen.ai.crossword.levels``, imported when first used) and two simple
stand-ins kept for tests and as a fallback: ``greedy`` (the best-scoring
play) and ``random`` (any legal play), both from the move generator.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import GameError
from harfiyen.core.viewers import Seat
from harfiyen.games.crossword import views
from harfiyen.games.crossword.rules import square_name
from harfiyen.games.crossword.views import CrosswordView
from harfiyen.server.cache import LruCache
from harfiyen.server.models import Match, MatchPlayer, User
from harfiyen.server.sweeper import Sweeper

if TYPE_CHECKING:  # the service imports this module (bot users for new matches)
    from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)

AI_LEVELS = ("caylak", "orta", "usta", "sampiyon")
STAND_INS = ("greedy", "random")
LEVELS = AI_LEVELS + STAND_INS
BOT_PREFIX = "bot_"


def bot_display_name(level: str, index: int = 1) -> str:
    """What players see: the level's Turkish name for the AI levels (``Şampiyon (bot)``);
    a second bot of one level in a match is ``Orta (bot) 2``."""
    if level in AI_LEVELS:
        from harfiyen.ai.crossword.levels import Level

        name = f"{Level.parse(level).tr_name} (bot)"
    else:
        name = f"Bot ({level})"
    return name if index == 1 else f"{name} {index}"


async def bot_user(db: AsyncSession, level: str, index: int = 1) -> User:
    """The ``index``-th user that plays ``level`` (one match seats each user once, so
    several bots of one level are different users), created on first use."""
    name = BOT_PREFIX + level + ("" if index == 1 else f"_{index}")
    user = (await db.execute(select(User).where(User.username == name))).scalar_one_or_none()
    shown = bot_display_name(level, index)
    if user is None:
        user = User(username=name, display_name=shown, password_hash=None,
                    is_guest=False, preferences={"bot": level, "language": "tr"})
        db.add(user)
        await db.flush()
    elif user.display_name != shown:
        user.display_name = shown
    return user


def choose_crossword_move(
    view: CrosswordView, level: str, lexicons: Any, seed: int = 0
) -> Any:
    """A move for the seat whose ``view`` this is (runs in a worker thread).

    The AI levels answer an engine move; the stand-ins a move intent (dict),
    played by the view's own rule set (variant and options included). Both go
    through the same command path.
    """
    if level in AI_LEVELS:
        from harfiyen.ai.crossword.agent import make_agent

        return make_agent(level, lang=view.language, seed=seed).choose(view)
    from harfiyen.ai.crossword.movegen import MoveGenerator

    if view.rack is None:
        raise ValueError("a bot needs a seat's view (with its rack)")
    if view.pending is not None and view.pending.ends_game:
        return {"kind": "accept"}
    generator = MoveGenerator(lexicons(view.facts.lexicon), view.ruleset())
    scratch = generator.scratch(view.board)
    bonus = view.active_bonus_square
    if level == "random":
        options = generator.moves(scratch, view.rack, bonus)
        found = [random.choice(options)] if options else []
    else:
        found = generator.best(scratch, view.rack, 1, bonus)
    if not found:
        return {"kind": "pass"}
    return {"kind": "play", "tiles": [
        {"square": square_name(p.square), "letter": p.letter, "blank": p.blank}
        for p in found[0].placements
    ]}


class BotRunner(Sweeper):
    """Moves for the bots; its sweep (every ``bot_sweep_seconds``) picks up any bot turn
    that was left (a bot that gave up while the database was away)."""

    def __init__(self, service: MatchService, workers: int = 2) -> None:
        super().__init__(service.settings.bot_sweep_seconds, sweep_at_start=False)
        self.service = service
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="harfiyen-bot")
        self.tasks: set[asyncio.Task[None]] = set()
        self._bots: dict[int, str] = {}
        # Matches known to have no bot seat: their moves need no look (most of them).
        self._without_bots: LruCache = LruCache(20_000)
        service.after_commit.append(self.after_commit)

    async def sweep(self) -> int:
        await self.resume()
        return 0

    async def resume(self) -> None:
        """Schedule every active match that waits for a bot's move (after a restart)."""
        async with self.service.sessions() as db:
            rows = (await db.execute(
                select(Match).join(MatchPlayer, (MatchPlayer.match_id == Match.id)
                                   & (MatchPlayer.seat == Match.to_move))
                .join(User, User.id == MatchPlayer.user_id)
                .where(Match.status == "active", User.username.startswith(BOT_PREFIX))
            )).scalars().all()
        for match in rows:
            self.after_commit(match)

    def after_commit(self, match: Match) -> None:
        if match.status != "active" or match.to_move is None:
            return
        if self._without_bots.get(match.id):
            return
        task = asyncio.get_running_loop().create_task(self._maybe_move(match.id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

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
        """Make the bot's move if a bot is to move; False when it should be tried again."""
        service = self.service
        bot_id: int | None = None
        seq = 0
        try:
            async with service.sessions() as db:
                match = await db.get(Match, match_id)
                if match is None or match.status != "active" or match.to_move is None:
                    return True
                seated = (await db.execute(
                    select(MatchPlayer.seat, User).join(User, MatchPlayer.user_id == User.id)
                    .where(MatchPlayer.match_id == match_id)
                )).all()
                levels = {s: (u.preferences or {}).get("bot") for s, u in seated}
                if not any(levels.values()):
                    self._without_bots[match_id] = True
                    return True
                row = next(u for s, u in seated if s == match.to_move)
                level = levels[match.to_move]
                if level is None:
                    return True
                bot_id = row.id
                state = await service.state(db, match)
                seat, seq = match.to_move, match.last_seq
                view = service_view(service, match, state, seat)
                people = await self._people_who_may_challenge(db, match_id, view)
            if people:
                # The bot's move closes the challenge window of another seat's play: leave
                # the people at the table time to challenge first (a challenge makes the
                # submit below stale, and the bot then looks again).
                await asyncio.sleep(service.settings.bot_challenge_wait_seconds)
            loop = asyncio.get_running_loop()
            # The agent's seed is fixed per match and seat: a replay chooses alike.
            seed = (match.seed ^ (seat * 0x9E3779B1)) & 0xFFFFFFFF
            try:
                move = await loop.run_in_executor(
                    self.pool, choose_crossword_move, view, level, service.lexicons, seed
                )
            except Exception:
                # The level's AI crashed: the simple stand-in moves instead, else a pass,
                # so the match never stalls on a broken bot.
                log.exception("bot %s crashed in match %s; the stand-in moves", level, match_id)
                try:
                    move = await loop.run_in_executor(
                        self.pool, choose_crossword_move, view, "greedy", service.lexicons, seed
                    )
                except Exception:
                    move = {"kind": "pass"}
            await service.submit(bot_id, match_id, move, expect_seq=seq)
        except GameError as error:
            if error.code == "match.busy":
                return False
            # A refused choice is a bot bug; passing keeps the game going.
            log.error("bot move in match %s refused (%s): passing instead", match_id, error)
            if bot_id is None:
                return False
            try:
                await service.submit(bot_id, match_id, {"kind": "pass"}, expect_seq=seq)
            except GameError:
                return False
        except Exception:
            log.exception("bot move in match %s failed", match_id)
            return False
        return True

    async def _people_who_may_challenge(
        self, db: AsyncSession, match_id: int, view: CrosswordView
    ) -> bool:
        """True when a play of another seat awaits a challenge and a person other than its
        player sits at the table."""
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
        self.pool.shutdown(wait=False, cancel_futures=True)


def service_view(service: MatchService, match: Match, state: Any, seat: int) -> CrosswordView:
    """The seat's typed view (bots play the crossword games only)."""
    if match.game != "crossword":
        raise ValueError(f"no bot plays {match.game}")
    return views.view(state, Seat(seat))
