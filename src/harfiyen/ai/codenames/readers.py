"""Readers: signals put on one scale, so that their judgements can be compared and combined.

A raw score means different things in each signal (a USE cosine of 0.3 is
close, a GloVe cosine of 0.3 is noise, WordNet scores are 0 for most pairs).
A :class:`Reader` therefore reads a clue's score for a word as a z-score: how
many standard deviations it stands above the clue's mean score over a fixed
background of words (the built-in pack of the language: 400 everyday
concrete nouns). "Stands clearly above" then means the same for every reader,
and margins are stated in these units. z-scores are clipped to
``[Z_MIN, Z_MAX]`` so that one sparse signal (WordNet gives a related word a
huge z) cannot outvote the others when they are averaged.

:class:`VocabularyTable` holds one reader's z-scores of every clue candidate
against every pack word, computed once per process (and the raw scores cached
on disk: the WordNet search over 8,000 candidates takes seconds).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from typing import Final

import numpy as np

from harfiyen.ai.codenames.association import Mask, Matrix, Signal
from harfiyen.lexicon.cache import cache_dir, write_atomically

Z_MIN: Final = -3.0
Z_MAX: Final = 5.0
#: A clue whose scores hardly vary says nothing; its spread counts as at least this.
MIN_SPREAD: Final = 0.02
_CACHE_FORMAT: Final = 2


class Reader:
    """One signal reading clues as z-scores against a fixed background of words."""

    def __init__(self, signal: Signal, background: Sequence[str]) -> None:
        self.signal = signal
        self.name = signal.name
        self.background = tuple(background)
        self._stats: dict[str, tuple[float, float]] = {}

    def stats(self, clues: Sequence[str]) -> tuple[Matrix, Matrix]:
        """Each clue's mean and spread over the background (remembered per clue)."""
        missing = [c for c in dict.fromkeys(clues) if c not in self._stats]
        if missing:
            raw = self.signal.similarity(missing, self.background)
            self.remember(missing, raw)
        mean = np.array([self._stats[c][0] for c in clues], np.float32)
        spread = np.array([self._stats[c][1] for c in clues], np.float32)
        return mean, spread

    def remember(self, clues: Sequence[str], raw: Matrix) -> None:
        """Record the background statistics of ``clues`` from their raw background scores."""
        means = raw.mean(axis=1)
        floor = getattr(self.signal, "spread_floor", MIN_SPREAD)
        spreads = np.maximum(raw.std(axis=1), floor)
        for clue, m, s in zip(clues, means, spreads, strict=True):
            self._stats[clue] = (float(m), float(s))

    def z(self, clues: Sequence[str], words: Sequence[str]) -> Matrix:
        """``len(clues) × len(words)`` z-scores."""
        mean, spread = self.stats(clues)
        raw = self.signal.similarity(clues, words)
        out: Matrix = np.clip((raw - mean[:, None]) / spread[:, None], Z_MIN, Z_MAX)
        return out.astype(np.float32)

    def knows(self, words: Sequence[str]) -> Mask:
        return self.signal.knows(words)


def cached_similarity(signal: Signal, clues: Sequence[str], words: Sequence[str]) -> Matrix:
    """``signal.similarity(clues, words)``, kept on disk between processes when the
    signal names its data (a ``cache_key`` attribute: model version and word lists)."""
    key = getattr(signal, "cache_key", None)
    if not key:
        return signal.similarity(clues, words).astype(np.float32)
    digest = hashlib.sha256("\n".join([key, *clues, "|", *words]).encode()).hexdigest()[:16]
    name = f"sim-{signal.name}-{signal.lang}-{digest}-f{_CACHE_FORMAT}.npz"
    path = cache_dir() / "codenames" / name
    try:
        with np.load(path, allow_pickle=False) as data:
            found: Matrix = data["scores"].astype(np.float32)
            if found.shape == (len(clues), len(words)):
                return found
    except (OSError, KeyError, ValueError):
        pass
    scores = signal.similarity(clues, words).astype(np.float32)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, scores=scores.astype(np.float16))
    write_atomically(path, buffer.getvalue())
    return scores


class VocabularyTable:
    """One reader's z-scores of every clue candidate for every pack word, and for
    other board words on demand."""

    def __init__(self, reader: Reader, vocabulary: Sequence[str]) -> None:
        self.reader = reader
        self.vocabulary = tuple(vocabulary)
        pack = reader.background
        raw = cached_similarity(reader.signal, self.vocabulary, pack)
        reader.remember(self.vocabulary, raw)
        mean, spread = reader.stats(self.vocabulary)
        z = np.clip((raw - mean[:, None]) / spread[:, None], Z_MIN, Z_MAX)
        self._columns: dict[str, np.ndarray] = {}
        self._z = z.astype(np.float16)
        self._column_of = {w: i for i, w in enumerate(pack)}
        self.known: Mask = reader.knows(self.vocabulary)

    def board(self, words: Sequence[str]) -> Matrix:
        """``len(vocabulary) × len(words)`` z-scores."""
        missing = [w for w in words if w not in self._column_of and w not in self._columns]
        if missing:
            extra = self.reader.z(self.vocabulary, missing)
            self._columns.update(zip(missing, extra.T.astype(np.float16), strict=True))
        cols = [
            self._z[:, i] if (i := self._column_of.get(w)) is not None else self._columns[w]
            for w in words
        ]
        return np.stack(cols, axis=1).astype(np.float32)


__all__ = ["MIN_SPREAD", "Z_MAX", "Z_MIN", "Reader", "VocabularyTable", "cached_similarity"]
