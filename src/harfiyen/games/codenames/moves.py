"""Kelime Casusu moves as small frozen values.

Which seat may make which move is the engine's business: a clue comes from
the spymaster of the team to act, guesses and passes from its guessers, and
any seat may resign for its team. :class:`Timeout` is the move timer's, for a
seat of those to act.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Clue:
    """A one-word clue and how many board words it points at (1–9).

    ``word`` may be in any case; the engine records it in normal form.
    """

    kind: ClassVar[str] = "clue"

    word: str
    number: int


@dataclass(frozen=True, slots=True)
class Guess:
    """Reveal the card at ``index`` (0–24, row by row on the 5×5 board)."""

    kind: ClassVar[str] = "guess"

    index: int


@dataclass(frozen=True, slots=True)
class Pass:
    """End the team's guessing; allowed after at least one guess this turn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up: the seat's team loses at once. Allowed at any time."""

    kind: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class Timeout:
    """The acting seats ran out of time (made by the platform's move timer, not a player):
    in the clue phase the turn passes to the other team without a clue; in the guess
    phase the team's turn ends."""

    kind: ClassVar[str] = "timeout"


Move = Clue | Guess | Pass | Resign | Timeout

__all__ = ["Clue", "Guess", "Move", "Pass", "Resign", "Timeout"]
