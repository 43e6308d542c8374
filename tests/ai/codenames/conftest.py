"""Fixtures for the Kelime Casusu AI tests.

Unit tests use hand-made vectors (no model). Tests that need the real
multilingual USE model share one session-scoped load with a small clue
vocabulary (``HARFIYEN_CODENAMES_VOCAB``), cached on disk like the full one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np
import pytest

from harfiyen.ai.codenames import models
from harfiyen.ai.codenames.embeddings import WordVectors, normalised

SMALL_VOCABULARY = "1500"


def _hand_vectors(lang: str, table: dict[str, Sequence[float]]) -> WordVectors:
    words = list(table)
    matrix = normalised(np.array([table[w] for w in words], dtype=np.float32))
    return WordVectors(lang, words, matrix, None)  # type: ignore[arg-type]


HandVectors = Callable[[str, dict[str, Sequence[float]]], WordVectors]


@pytest.fixture
def hand_vectors() -> HandVectors:
    """Unit vectors given by hand: ``hand_vectors(lang, {word: coordinates})``."""
    return _hand_vectors


@pytest.fixture(scope="session")
def use_small() -> Iterator[None]:
    """The real USE vectors with a small clue vocabulary, for both languages."""
    patch = pytest.MonkeyPatch()
    patch.setenv(models.VOCABULARY_ENV, SMALL_VOCABULARY)
    models.forget_vectors()
    try:
        yield
    finally:
        models.forget_vectors()
        patch.undo()
