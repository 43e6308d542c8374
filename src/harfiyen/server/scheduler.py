"""Move deadlines: a loop that ends overdue moves as timeouts, also right after a restart.

Deadlines live in the match row (``deadline_at``), so nothing is lost when a
process stops: the first sweep after start finds every overdue match. The
timeout is the game's own move (``spec.timeout``: the crossword's ends the game,
Kelime Casusu's passes the turn) and goes through the same command path as any
move, for the first of the seats to act (``acting[0]``, kept in ``to_move``), and
only if the log has not moved on since the sweep read it, so several processes
sweeping at once apply it once.

A game without a timeout move whose AI can stand in (Harf Takıl registers a
``stand_in`` with its AI, ``GameSpec.ai``) keeps its phase timers this way: when one
runs out, the AI makes, seat by seat, the moves the people still owe the table (a vote, a clue, an
arrangement), through the same command path, until none is owed or the phase moves on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import select

from harfiyen.core.errors import HarfiyenError
from harfiyen.server.bots import SeatAI, seat_ai, service_view
from harfiyen.server.games import adapter
from harfiyen.server.models import Match, MatchPlayer, User, utcnow
from harfiyen.server.schemas import acting_seats
from harfiyen.server.service import MatchService
from harfiyen.server.sweeper import Sweeper

log = logging.getLogger(__name__)

# Enough for every seat of the largest table to owe two moves (a bonus letter, then a
# vote); what is left waits for the next sweep.
STAND_INS_PER_SWEEP = 12


class DeadlineScheduler(Sweeper):
    """Ends overdue moves; it sweeps at start so a restart finds them at once."""

    def __init__(self, service: MatchService, interval: float) -> None:
        super().__init__(interval, sweep_at_start=True)
        self.service = service

    async def sweep(self) -> int:
        """Time out every overdue move; return how many timeouts were applied."""
        async with self.service.sessions() as db:
            rows = (await db.execute(
                select(Match.id, Match.game, Match.last_seq, MatchPlayer.user_id)
                .join(MatchPlayer, (MatchPlayer.match_id == Match.id)
                      & (MatchPlayer.seat == Match.to_move))
                .where(Match.status == "active", Match.deadline_at.is_not(None),
                       Match.deadline_at < utcnow())
            )).all()
        ended = 0
        for match_id, game, last_seq, user_id in rows:
            timeout = adapter(game).timeout()
            if timeout is None:
                ai = seat_ai(game)
                if ai is not None and ai.stand_in is not None:
                    ended += await self._stand_in(match_id, ai)
                continue  # otherwise a deadline is only shown
            try:
                await self.service.submit(user_id, match_id, timeout, expect_seq=last_seq)
                ended += 1
            except HarfiyenError as error:
                log.info("timeout of match %s not applied: %s", match_id, error.code)
        return ended

    async def _stand_in(self, match_id: int, ai: SeatAI) -> int:
        """Make the moves the people of an overdue match still owe, one at a time, while
        the overdue deadline holds (a move that starts a new phase sets a new one);
        return how many were made."""
        assert ai.stand_in is not None
        loop = asyncio.get_running_loop()
        overdue: Any = None
        for made in range(STAND_INS_PER_SWEEP):
            async with self.service.sessions() as db:
                match = await db.get(Match, match_id)
                if match is None or match.status != "active" or match.deadline_at is None:
                    return made
                if overdue is None:
                    overdue = match.deadline_at
                elif match.deadline_at != overdue:
                    return made  # the phase moved on: its own timer runs
                seated = (await db.execute(
                    select(MatchPlayer.seat, MatchPlayer.user_id, User.preferences)
                    .join(User, User.id == MatchPlayer.user_id)
                    .where(MatchPlayer.match_id == match_id)
                )).all()
                people = {seat: user for seat, user, prefs in seated
                          if not (prefs or {}).get("bot")}
                state = await self.service.state(db, match)
                seq = match.last_seq
                owing = [(seat, service_view(self.service, match, state, seat))
                         for seat in acting_seats(match) if seat in people]
            owed = None
            for seat, view in owing:
                move = await loop.run_in_executor(None, ai.stand_in, view)
                if move is not None:
                    owed = seat, move
                    break
            if owed is None:
                return made
            try:
                await self.service.submit(people[owed[0]], match_id, owed[1], expect_seq=seq)
            except HarfiyenError as error:
                log.info("stand-in move in match %s (seat %s) not applied: %s",
                         match_id, owed[0], error.code)
                return made
        return STAND_INS_PER_SWEEP
