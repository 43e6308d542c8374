"""How a Kelime Casusu game ended: the winning team and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from harfiyen.core.outcome import Outcome as BaseOutcome
from harfiyen.core.outcome import Result, TeamResult
from harfiyen.core.wire import record_to_json
from harfiyen.games.codenames.rules import Team

EndReason = Literal[
    "all_words",  # every word of the winner was revealed (by either team)
    "black_word",  # the loser revealed the black word
    "resigned",  # a seat of the loser resigned
]


@dataclass(frozen=True, slots=True)
class Outcome(BaseOutcome):
    """The winner, the reason, ``seat`` (whose move ended the game) and ``seat_teams``
    (each seat's team, so the result of every seat follows)."""

    winner: Team
    reason: EndReason
    seat: int
    seat_teams: tuple[Team, ...]

    @property
    def loser(self) -> Team:
        return self.winner.other

    @property
    def results(self) -> tuple[Result, ...]:
        return tuple(Result.WIN if t is self.winner else Result.LOSS for t in self.seat_teams)

    @property
    def teams(self) -> tuple[TeamResult, ...]:
        return tuple(
            TeamResult(team.value, tuple(s for s, t in enumerate(self.seat_teams) if t is team),
                       Result.WIN if team is self.winner else Result.LOSS)
            for team in Team if team in self.seat_teams
        )

    def wire_extras(self) -> dict[str, Any]:
        return {"loser": self.loser.value, **self.standing()}

    def to_dict(self) -> dict[str, Any]:
        return record_to_json(self)


__all__ = ["EndReason", "Outcome"]
