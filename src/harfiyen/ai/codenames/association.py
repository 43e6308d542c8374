"""Signals: independent sources of clue-to-word association, each a "reader" of clues.

A :class:`Signal` answers "how strongly does each of these clues point at each
of these words?" with a matrix, higher is closer, on its own scale; and which
words it knows at all (a reader cannot relate a word it has never seen).
:mod:`.readers` puts every signal on one scale per clue before they are
compared or combined. The signals:

- ``use``: the multilingual Universal Sentence Encoder (:mod:`.embeddings`);
- ``wordnet``: WordNet relations and glosses (:mod:`.wordnet_relations`);
- ``glove``: GloVe vectors of English text; a Turkish word is read through
  its English translations in KeNet (:mod:`.glove`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.embeddings import WordVectors
from harfiyen.lexicon.normalize import Language

Matrix = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]


class Signal(Protocol):
    """A source of clue-to-word association scores for one language."""

    lang: Language
    name: str

    def similarity(self, clues: Sequence[str], words: Sequence[str]) -> Matrix:
        """``len(clues) × len(words)`` scores for upper-case words."""
        ...

    def knows(self, words: Sequence[str]) -> Mask:
        """Which of the upper-case ``words`` this signal can relate to anything."""
        ...


class EmbeddingSignal:
    """Cosine similarity of unit word vectors (USE, GloVe or any :class:`WordVectors`)."""

    def __init__(self, vectors: WordVectors, name: str) -> None:
        self.vectors = vectors
        self.lang: Language = vectors.lang
        self.name = name

    def similarity(self, clues: Sequence[str], words: Sequence[str]) -> Matrix:
        out: Matrix = self.vectors.vectors(clues) @ self.vectors.vectors(words).T
        return out

    def knows(self, words: Sequence[str]) -> Mask:
        known: Mask = np.linalg.norm(self.vectors.vectors(words), axis=1) > 0
        return known


__all__ = ["EmbeddingSignal", "Mask", "Matrix", "Signal"]
