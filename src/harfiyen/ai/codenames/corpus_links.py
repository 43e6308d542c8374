"""Corpus links: which clue words and pack words stand side by side in text (Turkish).

A signal (:class:`~harfiyen.ai.codenames.association.Signal`) of its own kind:
not a similarity of meanings, as the readers' are, but of use: DENİZ and
KENAR ("deniz kenarı"), ELMA and AĞAÇ ("elma ağacı") are written together. The
table is built once from zemberek's Turkish word-pair model by
``scripts/make_corpus_links.py`` (its doc says how: PPMI of the words' forms,
generic words damped) and shipped as ``data/corpus_links_tr.npz``: the clue
candidates against the pack words, nonzero values only, one byte each. Only
that table is loaded at run time (about 7 MB as a dense ``float16`` matrix).

A language without a table (English) gets a signal that knows no word: its
z-scores are then 0, and the people model's ``corpus`` feature says nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Final

import numpy as np

from harfiyen.ai.codenames.association import Mask, Matrix
from harfiyen.lexicon.normalize import Language

#: The table's unit: a stored byte ``q`` is a PPMI of ``q * QUANTUM`` (natural log).
QUANTUM: Final = 0.05
TABLE_FILE: Final = "corpus_links_tr.npz"
#: The languages with a table.
TABLE_FILES: Final[dict[str, str]] = {"tr": TABLE_FILE}


class CorpusSignal:
    """PPMI of clue words and pack words from a shipped table; 0 for pairs not in it."""

    name = "corpus"
    #: Most clues link with few pack words; a clue that links with none says nothing.
    spread_floor = 0.05

    def __init__(self, lang: Language, clues: Sequence[str], words: Sequence[str],
                 values: Matrix) -> None:
        self.lang: Language = lang
        self._row = {w: i for i, w in enumerate(clues)}
        self._col = {w: i for i, w in enumerate(words)}
        self._values = values.astype(np.float16)
        self._linked: Mask = np.asarray((values > 0).any(axis=1), np.bool_).reshape(len(clues))

    def similarity(self, clues: Sequence[str], words: Sequence[str]) -> Matrix:
        out = np.zeros((len(clues), len(words)), np.float32)
        rows = [(i, r) for i, c in enumerate(clues) if (r := self._row.get(c)) is not None]
        cols = [(j, c) for j, w in enumerate(words) if (c := self._col.get(w)) is not None]
        if rows and cols:
            at_i, at_r = zip(*rows, strict=True)
            at_j, at_c = zip(*cols, strict=True)
            out[np.ix_(at_i, at_j)] = self._values[np.ix_(at_r, at_c)]
        return out

    def knows(self, words: Sequence[str]) -> Mask:
        """A clue is known when it links with at least one pack word."""
        out: Mask = np.array([(r := self._row.get(w)) is not None and bool(self._linked[r])
                              for w in words], np.bool_)
        return out


@cache
def corpus_signal(lang: Language) -> CorpusSignal:
    """The shipped corpus links of ``lang`` (a signal that knows nothing without a table)."""
    name = TABLE_FILES.get(lang)
    if name is None:
        return CorpusSignal(lang, (), (), np.zeros((0, 0), np.float32))
    path = resources.files("harfiyen.ai.codenames").joinpath("data", name)
    with path.open("rb") as f, np.load(f, allow_pickle=False) as data:
        clues = [str(w) for w in data["clues"]]
        words = [str(w) for w in data["words"]]
        values = np.zeros((len(clues), len(words)), np.float32)
        values[data["rows"], data["cols"]] = data["values"].astype(np.float32) * QUANTUM
    return CorpusSignal(lang, clues, words, values)


__all__ = ["QUANTUM", "TABLE_FILE", "TABLE_FILES", "CorpusSignal", "corpus_signal"]
