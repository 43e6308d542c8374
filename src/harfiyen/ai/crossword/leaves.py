"""Leave values: what the tiles kept on the rack after a move are worth.

A table per multiset of up to 7 tiles would hold millions of entries, so a leave
is valued by a compact linear model over a few hundred binary features:

* ``single``: the leave holds at least one ``T`` (one weight per tile, ``?`` included);
* ``dup``: it holds at least 2 (and at least 3) of ``T`` (duplicate penalties);
* ``balance``: its numbers of vowels and consonants, one weight per pair
  ``(v, c)`` (blanks count as neither);
* ``pairs``: it holds both ``S`` and ``T`` (pair synergies, e.g. ``QU``, ``?S``).

**How the weights are learned** (:mod:`harfiyen.ai.crossword.selfplay`,
``harfiyen train leaves``): bots play seeded self-play games in generations
(the first plays score-only with some exploration, later ones with the leaves
fitted so far). Every play or exchange made while the bag held at least a full
rack gives a sample ``(leave, y)`` where ``y`` is the score the same player
makes on its next turn: the points the kept tiles help to make, with the fresh
draws averaged out over many games. Ridge regression fits the weights to ``y``
(a light penalty on the tile, duplicate and balance features, a heavier one on
the pair synergies, which only correct them); a leave's value is its
prediction minus the prediction for the empty leave, so a positive value means
"better than drawing a whole fresh rack". The model is stored as JSON under
``ai/crossword/data/leaves_<lang>.json`` with the command, game and sample
counts that produced it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any, Final

from harfiyen.games.crossword.rules import BLANK
from harfiyen.lexicon.normalize import ALPHABETS, VOWELS, Language

#: Largest number of vowels or consonants a leave feature distinguishes.
MAX_KEPT: Final = 8
DATA_PACKAGE: Final = "harfiyen.ai.crossword"


def leave_tiles(lang: Language) -> tuple[str, ...]:
    """The tiles a leave can hold in ``lang``: the alphabet, then ``?``."""
    return (*ALPHABETS[lang], BLANK)


class FeatureSpace:
    """Numbers the binary leave features of one language (see the module docstring)."""

    def __init__(self, lang: Language) -> None:
        self.lang: Language = lang
        self.tiles = leave_tiles(lang)
        self.vowels = VOWELS[lang]
        names: list[str] = []
        kinds: list[str] = []
        index: dict[tuple[Any, ...], int] = {}

        def add(key: tuple[Any, ...], name: str) -> None:
            index[key] = len(names)
            names.append(name)
            kinds.append(key[0])

        for t in self.tiles:
            add(("single", t), t)
        for t in self.tiles:
            add(("dup", t, 2), t * 2)
            add(("dup", t, 3), t * 3)
        for v in range(MAX_KEPT):
            for c in range(MAX_KEPT - v):
                add(("balance", v, c), f"v{v}c{c}")
        for a, b in combinations(self.tiles, 2):
            add(("pair", a, b), a + b)
        self.index = index
        self.names = names
        #: ``single``, ``dup``, ``balance`` or ``pair`` for each feature.
        self.kinds = kinds
        self._order = {t: k for k, t in enumerate(self.tiles)}

    def __len__(self) -> int:
        return len(self.names)

    def features(self, leave: Iterable[str]) -> list[int]:
        """Indices of the features that are on for ``leave``."""
        counts = Counter(leave)
        index = self.index
        out: list[int] = []
        vowels = consonants = 0
        for t, n in counts.items():
            out.append(index[("single", t)])
            if n >= 2:
                out.append(index[("dup", t, 2)])
            if n >= 3:
                out.append(index[("dup", t, 3)])
            if t == BLANK:
                continue
            if t in self.vowels:
                vowels += n
            else:
                consonants += n
        vowels = min(vowels, MAX_KEPT - 1)
        consonants = min(consonants, MAX_KEPT - 1 - vowels)
        out.append(index[("balance", vowels, consonants)])
        present = sorted(counts, key=self._order.__getitem__)
        for a, b in combinations(present, 2):
            out.append(index[("pair", a, b)])
        return out


@dataclass
class LeaveModel:
    """Learned leave values for one language; :meth:`value` is cached per leave."""

    lang: Language
    weights: Sequence[float]
    #: How the table was made: command, games, seed, samples, method.
    meta: Mapping[str, Any] = field(default_factory=dict)
    _space: FeatureSpace = field(init=False, repr=False)
    _base: float = field(init=False, repr=False)
    _cache: dict[str, float] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._space = FeatureSpace(self.lang)
        if len(self.weights) != len(self._space):
            raise ValueError(
                f"{len(self.weights)} leave weights for {len(self._space)} {self.lang} features"
            )
        self._base = self._raw(())

    @property
    def games(self) -> int:
        """Self-play games the weights were fitted on (0 for an untrained model)."""
        return int(self.meta.get("games", 0))

    def _raw(self, leave: Iterable[str]) -> float:
        w = self.weights
        return sum(w[i] for i in self._space.features(leave))

    def value(self, leave: Iterable[str]) -> float:
        """Points the leave is worth relative to an empty rack (order does not matter)."""
        key = "".join(sorted(leave))
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) > 200_000:
                self._cache.clear()
            cached = self._cache[key] = self._raw(key) - self._base
        return cached

    def named_weights(self) -> dict[str, float]:
        """Weights by feature name (for reports and the JSON file)."""
        return {n: round(float(w), 4) for n, w in zip(self._space.names, self.weights, strict=True)}

    def to_json(self) -> str:
        return json.dumps(
            {"lang": self.lang, "meta": dict(self.meta), "weights": self.named_weights()},
            ensure_ascii=False, indent=1, sort_keys=False,
        )

    @classmethod
    def from_json(cls, text: str) -> LeaveModel:
        """The model :meth:`to_json` wrote; features it lacks weigh 0."""
        data = json.loads(text)
        lang: Language = "tr" if data["lang"] == "tr" else "en"
        space = FeatureSpace(lang)
        named: Mapping[str, float] = data["weights"]
        weights = [float(named.get(name, 0.0)) for name in space.names]
        return cls(lang, weights, data.get("meta", {}))

    @classmethod
    def zero(cls, lang: Language) -> LeaveModel:
        """A model valuing every leave at 0: score-only play."""
        return cls(lang, [0.0] * len(FeatureSpace(lang)), {"games": 0, "method": "zero"})


def leaves_file(lang: str) -> str:
    """The file name of ``lang``'s table under ``ai/crossword/data/``."""
    return f"leaves_{lang}.json"


def shipped_path(lang: str) -> Path:
    """Where ``lang``'s table lives in the source tree (``train leaves`` writes it)."""
    return Path(__file__).parent / "data" / leaves_file(lang)


@cache
def shipped_leaves(lang: Language) -> LeaveModel:
    """The committed leave table of ``lang``; an all-zero model if none is shipped."""
    try:
        text = resources.files(DATA_PACKAGE).joinpath("data", leaves_file(lang)).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return LeaveModel.zero(lang)
    return LeaveModel.from_json(text)


def load_leaves(path: str | Path) -> LeaveModel:
    """A leave model from a JSON file written by :meth:`LeaveModel.to_json`."""
    return LeaveModel.from_json(Path(path).read_text("utf-8"))


__all__ = [
    "FeatureSpace", "LeaveModel", "leave_tiles", "leaves_file", "load_leaves", "shipped_leaves",
]
