"""A seeded random number generator that lives in the game state.

Engines never touch the global ``random`` module. An :class:`Rng` is an
immutable value (seed and step); each use returns the result and the next
``Rng``, so a state that holds one replays exactly.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Rng:
    """Immutable seeded RNG: ``seed`` fixed at game creation, ``step`` counts uses."""

    seed: int
    step: int = 0

    def _generator(self) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}:{self.step}".encode()).digest()
        return random.Random(int.from_bytes(digest[:16], "big"))

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` and the next RNG."""
        out = list(items)
        self._generator().shuffle(out)
        return tuple(out), Rng(self.seed, self.step + 1)

    def randrange(self, stop: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, stop)`` and the next RNG."""
        return self._generator().randrange(stop), Rng(self.seed, self.step + 1)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """A uniform element of ``items`` and the next RNG."""
        index, nxt = self.randrange(len(items))
        return items[index], nxt
