"""How a Kelime Casusu game ended: the winning team and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from harfiyen.games.codenames.rules import Team

EndReason = Literal[
    "all_words",  # every word of the winner was revealed (by either team)
    "black_word",  # the loser revealed the black word
    "resigned",  # a seat of the loser resigned
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The winner, the reason and ``seat``, the seat whose move ended the game."""

    winner: Team
    reason: EndReason
    seat: int

    @property
    def loser(self) -> Team:
        return self.winner.other

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner.value, "loser": self.loser.value, "reason": self.reason,
            "seat": self.seat,
        }


__all__ = ["EndReason", "Outcome"]
