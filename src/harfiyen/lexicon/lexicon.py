"""A lexicon: the accepted words of one language, compiled into a minimal automaton.

Letters map to symbols ``1..N`` in the order of
:data:`harfiyen.lexicon.normalize.ALPHABETS` (so the automaton's symbol order is
the alphabet order, and :meth:`Lexicon.words` comes out in Turkish or English
dictionary order). :func:`load` compiles a shipped word list once and keeps the
compiled table in the cache directory, keyed by the word list's sha256, so later
processes only read it back.
"""

from __future__ import annotations

import functools
import struct
import time
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from harfiyen.lexicon import wordlists
from harfiyen.lexicon.automaton import Automaton, AutomatonFormatError, build
from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.normalize import ALPHABETS, Language

_CACHE_MAGIC: Final = b"HFLEXC1\0"
# magic, sha256 of the source word list, crc32 of the automaton bytes
_CACHE_HEADER: Final = struct.Struct("<8s32sI")


class Lexicon:
    """An immutable set of upper-case words with its lookup automaton.

    >>> lex = Lexicon.from_words("demo", "tr", ["KALEM", "KAL", "İĞNE"])
    >>> "KALEM" in lex, "kalem" in lex, "KALE" in lex, len(lex)
    (True, False, False, 3)
    >>> list(lex.words())
    ['İĞNE', 'KAL', 'KALEM']
    """

    __slots__ = (
        "_alphabet",
        "_automaton",
        "_id",
        "_language",
        "_sha256",
        "_symbols",
        "from_cache",
        "load_seconds",
    )

    def __init__(
        self,
        lexicon_id: str,
        language: Language,
        automaton: Automaton,
        *,
        sha256: str | None = None,
        load_seconds: float = 0.0,
        from_cache: bool = False,
    ) -> None:
        alphabet = ALPHABETS[language]
        if automaton.stride != len(alphabet) + 1:
            raise ValueError(
                f"automaton rows hold {automaton.stride - 1} symbols, "
                f"the {language} alphabet has {len(alphabet)}"
            )
        self._id = lexicon_id
        self._language: Language = language
        self._alphabet = alphabet
        self._symbols: dict[str, int] = symbol_map(language)
        self._automaton = automaton
        self._sha256 = sha256
        #: Seconds spent by :func:`load` to produce this lexicon (build or cache read).
        self.load_seconds = load_seconds
        #: True when :func:`load` read the compiled table from the disk cache.
        self.from_cache = from_cache

    @classmethod
    def from_words(cls, lexicon_id: str, language: Language, words: Iterable[str]) -> Lexicon:
        """Compile a lexicon from upper-case words (any order, repeats ignored).

        Raises :class:`ValueError` for an empty word or a character outside
        ``language``'s upper-case alphabet (use ``normalize.upper`` first).
        """
        start = time.perf_counter()
        automaton = compile_words(language, words)
        return cls(lexicon_id, language, automaton, load_seconds=time.perf_counter() - start)

    # -- identity --------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The lexicon id with its version, e.g. ``"TR-1"``."""
        return self._id

    @property
    def language(self) -> Language:
        return self._language

    @property
    def alphabet(self) -> str:
        """The letters in symbol order: ``alphabet[s - 1]`` is the letter of symbol ``s``."""
        return self._alphabet

    @property
    def symbols(self) -> dict[str, int]:
        """Letter → symbol (a fresh copy; use :meth:`symbol` in loops)."""
        return dict(self._symbols)

    @property
    def sha256(self) -> str | None:
        """The sha256 of the source word list, when the lexicon came from :func:`load`."""
        return self._sha256

    @property
    def automaton(self) -> Automaton:
        """The compiled automaton, for move generation (see ``automaton.py``)."""
        return self._automaton

    # -- letters and symbols ---------------------------------------------------------

    def symbol(self, letter: str) -> int:
        """The symbol of an upper-case letter, or 0 if the alphabet lacks it."""
        return self._symbols.get(letter, 0)

    def letter(self, symbol: int) -> str:
        """The letter of a symbol ``1..N``; raises :class:`IndexError` otherwise."""
        if not 0 < symbol <= len(self._alphabet):
            raise IndexError(f"symbol {symbol} is outside 1..{len(self._alphabet)}")
        return self._alphabet[symbol - 1]

    def encode(self, word: str) -> tuple[int, ...] | None:
        """The symbols of ``word``, or None if it has a character outside the alphabet."""
        symbols = self._symbols
        out: list[int] = []
        for ch in word:
            sym = symbols.get(ch)
            if sym is None:
                return None
            out.append(sym)
        return tuple(out)

    def decode(self, symbols: Iterable[int]) -> str:
        """The word spelled by ``symbols`` (each in ``1..N``)."""
        alphabet = self._alphabet
        return "".join(alphabet[s - 1] for s in symbols)

    # -- the word set ----------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        """True for an accepted upper-case word; False for anything else."""
        if not isinstance(word, str) or not word:
            return False
        symbols = self._symbols
        table = self._automaton.table
        node = 0
        for ch in word:
            sym = symbols.get(ch)
            if sym is None:
                return False
            node = table[node + sym]
            if node < 0:
                return False
        return table[node] == 1

    def __len__(self) -> int:
        return len(self._automaton)

    def words(self) -> Iterator[str]:
        """Every word, in alphabet order (Turkish order for ``tr``)."""
        alphabet = self._alphabet
        for seq in self._automaton.sequences():
            yield "".join([alphabet[s - 1] for s in seq])

    def words_of_length(self, length: int) -> list[str]:
        """The words of exactly ``length`` letters, in alphabet order."""
        table, stride = self._automaton.table, self._automaton.stride
        found: list[str] = []
        alphabet = self._alphabet

        def visit(node: int, prefix: str) -> None:
            if len(prefix) == length:
                if table[node] == 1:
                    found.append(prefix)
                return
            for sym in range(1, stride):
                target = table[node + sym]
                if target >= 0:
                    visit(target, prefix + alphabet[sym - 1])

        if length >= 1:
            visit(0, "")
        return found

    def __repr__(self) -> str:
        return f"Lexicon({self._id!r}, {self._language!r}, {len(self)} words)"


def symbol_map(language: Language) -> dict[str, int]:
    """Letter → symbol ``1..N`` in the order of ``ALPHABETS[language]``."""
    return {letter: i for i, letter in enumerate(ALPHABETS[language], 1)}


def compile_words(language: Language, words: Iterable[str]) -> Automaton:
    """Build the automaton of upper-case ``words`` (any order, repeats ignored).

    Raises :class:`ValueError` for an empty word or a character outside the alphabet.
    """
    symbols = symbol_map(language)
    encoded: set[tuple[int, ...]] = set()
    for word in words:
        try:
            seq = tuple([symbols[ch] for ch in word])
        except KeyError as exc:
            raise ValueError(
                f"{word!r} has {exc.args[0]!r}, not an upper-case letter of {language}"
            ) from None
        if not seq:
            raise ValueError("a lexicon cannot hold the empty word")
        encoded.add(seq)
    return build(sorted(encoded), alphabet_size=len(symbols))


# -- shipped lexicons and the disk cache ---------------------------------------------


def source_sha256(lexicon_id: str) -> str:
    """The sha256 (hex) of a shipped word list, from its manifest entry."""
    entry = wordlists.manifest()["lexicons"].get(lexicon_id)
    if entry is None:
        raise wordlists.UNKNOWN_LEXICON.error(lexicon_id=lexicon_id)
    digest = entry.get("sha256") if isinstance(entry, dict) else None
    if not isinstance(digest, str) or len(digest) != 64:
        raise ValueError(f"manifest entry of {lexicon_id} has no sha256")
    return digest


def cache_path(lexicon_id: str, sha256: str) -> Path:
    """The cache file of the compiled ``lexicon_id`` built from the list with ``sha256``."""
    return cache_dir() / "lexicon" / f"{lexicon_id}-{sha256[:16]}.dawg"


def encode_cache(automaton: Automaton, sha256: str) -> bytes:
    """Cache file bytes: a header naming the source list and a checksum, then the table."""
    body = automaton.to_bytes()
    header = _CACHE_HEADER.pack(_CACHE_MAGIC, bytes.fromhex(sha256), zlib.crc32(body))
    return header + body


def decode_cache(data: bytes, sha256: str) -> Automaton:
    """The automaton stored by :func:`encode_cache` for the list with ``sha256``.

    Raises :class:`AutomatonFormatError` when the file is for another list, another
    format, or damaged.
    """
    if len(data) < _CACHE_HEADER.size:
        raise AutomatonFormatError("cache file is truncated")
    magic, digest, crc = _CACHE_HEADER.unpack_from(data)
    if magic != _CACHE_MAGIC or digest != bytes.fromhex(sha256):
        raise AutomatonFormatError("cache file belongs to another word list or format")
    body = memoryview(data)[_CACHE_HEADER.size :]
    if zlib.crc32(body) != crc:
        raise AutomatonFormatError("cache file is damaged (checksum mismatch)")
    # The checksum vouches for the bytes, so the slower target scan is skipped.
    return Automaton.from_bytes(bytes(body), check_targets=False)


@functools.cache
def load(lexicon_id: str) -> Lexicon:
    """The shipped lexicon ``lexicon_id`` (e.g. ``"TR-1"``, ``"ENABLE-1"``).

    Compiled at most once per process; the compiled table is cached on disk (see
    :func:`harfiyen.lexicon.cache.cache_dir`) keyed by the word list's sha256, so
    later processes only read it. A missing, stale or damaged cache file is rebuilt.
    Raises :class:`~harfiyen.core.errors.GameError` (``lexicon.unknown``) for an
    unknown id.
    """
    start = time.perf_counter()
    language = wordlists.language_of(lexicon_id)
    sha256 = source_sha256(lexicon_id)
    path = cache_path(lexicon_id, sha256)
    automaton: Automaton | None = None
    try:
        automaton = decode_cache(path.read_bytes(), sha256)
        if automaton.stride != len(ALPHABETS[language]) + 1:
            automaton = None
    except (OSError, AutomatonFormatError):
        automaton = None
    from_cache = automaton is not None
    if automaton is None:
        automaton = compile_words(language, wordlists.read_words(lexicon_id))
        write_atomically(path, encode_cache(automaton, sha256))
    return Lexicon(
        lexicon_id,
        language,
        automaton,
        sha256=sha256,
        load_seconds=time.perf_counter() - start,
        from_cache=from_cache,
    )
