"""Association scores between a clue and board words: the signal both AI roles use.

An :class:`Association` answers "how strongly does this clue point at each of
these words?" with one number per word; higher is closer. Scores are only
compared with each other for one clue, so each signal may use its own scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.embeddings import WordVectors
from harfiyen.lexicon.normalize import Language

Scores = npt.NDArray[np.float32]


class Association(Protocol):
    """A source of clue-to-word association scores for one language."""

    lang: Language
    name: str

    def scores(self, clue: str, words: Sequence[str]) -> Scores:
        """One score per word of ``words`` (upper case) for the upper-case ``clue``."""
        ...


class EmbeddingAssociation:
    """Cosine similarity of word vectors (USE or any other :class:`WordVectors`)."""

    def __init__(self, vectors: WordVectors, name: str = "usem") -> None:
        self.vectors = vectors
        self.lang: Language = vectors.lang
        self.name = name

    def scores(self, clue: str, words: Sequence[str]) -> Scores:
        clue_vector = self.vectors.vectors([clue])[0]
        out: Scores = self.vectors.vectors(words) @ clue_vector
        return out


__all__ = ["Association", "EmbeddingAssociation", "Scores"]
