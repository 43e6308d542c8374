"""The one shape of a finished game that every engine's outcome has.

Each game's outcome class keeps its own facts (scores, the winning team, the
reveal) and says, through this base, what the platform needs of every game:
each seat's result, each team's result (team and cooperative games), and the
places where the game ranks its players. Ratings, histories and notices read
only these.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Result(Enum):
    """One seat's or one team's result."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class TeamResult:
    """A team (Kelime Casusu's red or blue, the whole table in Harf Takıl) and its result."""

    team: str
    seats: tuple[int, ...]
    result: Result


class Outcome(ABC):
    """How a game ended, as every game says it (subclasses are frozen dataclasses)."""

    __slots__ = ()
    # Why the game ended: a stable code of the game (``went_out``, ``black_word``, ...).
    reason: str

    @property
    @abstractmethod
    def results(self) -> tuple[Result, ...]:
        """Each seat's result, by seat."""

    @property
    def places(self) -> tuple[int, ...] | None:
        """Each seat's place (1 is best, ties share a place) where the game ranks
        players; ``None`` where it does not (team and cooperative games)."""
        return None

    @property
    def teams(self) -> tuple[TeamResult, ...]:
        """The teams' results; empty where every seat plays for itself."""
        return ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (or drew for first place)."""
        return tuple(s for s, r in enumerate(self.results) if r is not Result.LOSS)

    def standing(self) -> dict[str, Any]:
        """The shared part of every outcome's JSON form."""
        return {
            "results": [r.value for r in self.results],
            "teams": [
                {"team": t.team, "seats": list(t.seats), "result": t.result.value}
                for t in self.teams
            ],
        }


def results_from_places(places: Sequence[int]) -> tuple[Result, ...]:
    """Seats alone in first place win, seats sharing it draw, the others lose.

    >>> [r.value for r in results_from_places([1, 2, 1])]
    ['draw', 'loss', 'draw']
    """
    firsts = sum(p == 1 for p in places)
    return tuple(
        Result.LOSS if p != 1 else (Result.WIN if firsts == 1 else Result.DRAW) for p in places
    )


__all__ = ["Outcome", "Result", "TeamResult", "results_from_places"]
