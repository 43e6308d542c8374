"""Crossword moves as small frozen values; their text forms live in ``notation``.

Shuffling the rack is not a move: it reorders tiles on the client and uses no
turn (see :func:`shuffle_rack`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from harfiyen.core.rng import Rng
from harfiyen.games.crossword.board import Placement

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Play:
    """Place tiles; the engine computes the words and the score."""

    kind: ClassVar[str] = "play"

    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "placements", tuple(self.placements))


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn without scoring."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap rack tiles for tiles from the bag; ``?`` stands for a blank.

    In ``tr`` the tiles must be the whole rack; in ``en`` any 1..rack tiles.
    """

    kind: ClassVar[str] = "exchange"

    tiles: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(self.tiles))


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the play awaiting a challenge (``en`` with ``challenge=double``)."""

    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the play awaiting a challenge stand, closing the challenge window.

    Needed when nothing else may close it: a play that would end the game.
    """

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the game; allowed at any time, also while waiting."""

    kind: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class Timeout:
    """Applied by the server when the move deadline of the seat to move has passed."""

    kind: ClassVar[str] = "timeout"


Move = Play | Pass | Exchange | Challenge | Accept | Resign | Timeout


def shuffle_rack(rack: Sequence[T], rng: Rng) -> tuple[tuple[T, ...], Rng]:
    """A reordered rack (client-side only: it changes no game state and uses no turn)."""
    return rng.shuffled(rack)


__all__ = [
    "Accept", "Challenge", "Exchange", "Move", "Pass", "Play", "Resign", "Timeout",
    "shuffle_rack",
]
