"""Move deadlines: a loop that ends overdue moves as timeouts, also right after a restart.

Deadlines live in the match row (``deadline_at``), so nothing is lost when a
process stops: the first sweep after start finds every overdue match. The
timeout is the game's own move (``spec.timeout``: the crossword's ends the game,
Kelime Casusu's passes the turn) and goes through the same command path as any
move, for the first of the seats to act (``acting[0]``, kept in ``to_move``), and
only if the log has not moved on since the sweep read it, so several processes
sweeping at once apply it once.
"""

from __future__ import annotations

import logging

from sqlalchemy import select

from harfiyen.core.errors import GameError
from harfiyen.server.games import adapter
from harfiyen.server.models import Match, MatchPlayer, utcnow
from harfiyen.server.service import MatchService
from harfiyen.server.sweeper import Sweeper

log = logging.getLogger(__name__)


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
                continue  # a game without a timeout move has no deadlines to keep
            try:
                await self.service.submit(user_id, match_id, timeout, expect_seq=last_seq)
                ended += 1
            except GameError as error:
                log.info("timeout of match %s not applied: %s", match_id, error.code)
        return ended
