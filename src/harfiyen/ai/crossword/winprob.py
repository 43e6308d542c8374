"""Win probability: how often the player who just moved goes on to win.

The table maps ``(spread, tiles in the bag)`` to a probability of winning,
where *spread* is the mover's score minus the best opponent's right after the
move and *tiles in the bag* is what the bag held when the move was made (the
opponent is to move next). It is learned from seeded self-play
(:mod:`harfiyen.ai.crossword.winprob_training`, ``harfiyen train winprob``).

**Shape.** For each bucket of bag sizes a logistic curve in the spread,
``p = 1 / (1 + exp(-(spread - offset) / scale))``: ``offset`` is the lead at
which the game is even (positive: the opponent moves next, which is worth
points), ``scale`` how many points one step of the log-odds is worth (small
when few tiles are left, so a lead counts for more). Between two buckets'
representative bag sizes the offset and the slope ``1/scale`` are
interpolated linearly, so the probability changes smoothly as the bag empties
and stays strictly increasing in the spread (``scale`` is always positive).

The analysis (:mod:`harfiyen.ai.crossword.analysis`) feeds it the spread
before the move plus the move's *equity* (score plus the value of the tiles
kept), so that two moves of one turn compare by what they are worth, not
only by what they score now.

The table ships as ``ai/crossword/data/winprob_<lang>.json`` with the command
that produced it and its calibration on held-out games; it is loaded once.
"""

from __future__ import annotations

import json
import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

DATA_PACKAGE: Final = "harfiyen.ai.crossword"


@dataclass(frozen=True, slots=True)
class Bucket:
    """One bag-size bucket ``[low, high]`` and its logistic curve in the spread."""

    low: int
    high: int
    #: The bag size the curve belongs to when interpolating (the bucket's mean).
    centre: float
    offset: float
    scale: float

    def __post_init__(self) -> None:
        if not self.scale > 0:
            raise ValueError(f"scale must be positive, got {self.scale}")


@dataclass(frozen=True)
class WinModel:
    """Logistic curves per bag-size bucket (see the module docstring)."""

    lang: str
    buckets: tuple[Bucket, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.buckets:
            raise ValueError("a win model needs at least one bucket")
        centres = [b.centre for b in self.buckets]
        if centres != sorted(centres):
            raise ValueError("buckets must be in increasing bag size")

    def _curve(self, bag: int) -> tuple[float, float]:
        """``(offset, slope)`` at ``bag`` tiles, interpolated between bucket centres."""
        buckets = self.buckets
        # An empty bag is a different game (no draws, the endgame can be solved):
        # its curve is never blended with the next bucket's.
        if bag <= 0 and buckets[0].high <= 0:
            return buckets[0].offset, 1.0 / buckets[0].scale
        live = [b for b in buckets if b.high > 0] or list(buckets)
        centres = [b.centre for b in live]
        k = bisect_right(centres, bag)
        if k == 0:
            return live[0].offset, 1.0 / live[0].scale
        if k == len(live):
            return live[-1].offset, 1.0 / live[-1].scale
        a, b = live[k - 1], live[k]
        w = (bag - a.centre) / (b.centre - a.centre)
        return (a.offset + w * (b.offset - a.offset),
                (1 - w) / a.scale + w / b.scale)

    def win(self, spread: float, bag: int) -> float:
        """The probability that the player who just moved wins (0..1).

        >>> m = WinModel("en", (Bucket(0, 0, 0, 0.0, 5.0), Bucket(1, 86, 40, 5.0, 30.0)))
        >>> round(m.win(0, 0), 3), round(m.win(5, 40), 3), m.win(10, 40) > m.win(9, 40)
        (0.5, 0.5, True)
        """
        offset, slope = self._curve(bag)
        z = (spread - offset) * slope
        # Written so that neither branch overflows for large |z|.
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def to_json(self) -> str:
        return json.dumps({
            "lang": self.lang, "meta": dict(self.meta),
            "columns": ["low", "high", "centre", "offset", "scale"],
            "buckets": [[b.low, b.high, round(b.centre, 2), round(b.offset, 3),
                         round(b.scale, 3)] for b in self.buckets],
        }, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> WinModel:
        data = json.loads(text)
        rows: Sequence[Sequence[float]] = data["buckets"]
        buckets = tuple(Bucket(int(r[0]), int(r[1]), float(r[2]), float(r[3]), float(r[4]))
                        for r in rows)
        return cls(str(data["lang"]), buckets, data.get("meta", {}))


def winprob_file(lang: str) -> str:
    """The file name of ``lang``'s table under ``ai/crossword/data/``."""
    return f"winprob_{lang}.json"


def shipped_winprob_path(lang: str) -> Path:
    """Where ``lang``'s table lives in the source tree (``train winprob`` writes it)."""
    return Path(__file__).parent / "data" / winprob_file(lang)


@cache
def shipped_win_model(lang: str) -> WinModel | None:
    """The committed table of ``lang``, or ``None`` if none ships for it."""
    try:
        text = resources.files(DATA_PACKAGE).joinpath("data", winprob_file(lang)) \
            .read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return WinModel.from_json(text)


__all__ = ["Bucket", "WinModel", "shipped_win_model", "shipped_winprob_path", "winprob_file"]
