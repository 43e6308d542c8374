"""The people's vocabulary: the words the product itself chooses, one rule per language.

A lexicon (TR-1, ENABLE-1) decides whether a *player's* word is valid; it holds
rare, archaic and inflected words on purpose. When the product picks a word
for people to read (a Kelime Casusu AI clue, a Harf Takıl AI clue word, a Harf
Takıl secret word, a word-pack word), it picks from this vocabulary instead:
dictionary forms of words most adults know, without proper nouns, archaic or
offensive words. ``scripts/make_vocabulary.py`` writes the lists by the rule
its docstring states (in short: a lexicon word of 3–12 letters; a headword of
a dictionary — Turkish: trnlp's dictionary, checked by the zeyrek
morphological analyser; English: a lower-case WordNet lemma that is not an
inflection of another lemma; wordfreq Zipf frequency at least
:data:`MIN_ZIPF` (:data:`MIN_ZIPF_CONCRETE` for concrete nouns); not on the
block lists nor on the reviewed lists of names, archaic words and inflected
forms).

This module only reads the shipped lists (``vocabulary_data/vocabulary_<lang>.tsv``,
``vocabulary_data/vocabulary.json``; apart from ``data/``, which
``scripts/build_lexicons.py`` owns); it needs none of the build-time packages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from harfiyen.lexicon.normalize import Language

#: The wordfreq Zipf threshold of each language (see scripts/make_vocabulary.py
#: for how it was tuned). Turkish: wordfreq's Turkish list starts at 3.0 and its
#: words between 3.0 and 3.3 are often archaic or technical (KIRAAT, ZİLHİCCE).
MIN_ZIPF: Final[dict[Language, float]] = {"tr": 3.3, "en": 3.0}
#: The lower threshold of concrete nouns (things are rarer in text than abstract
#: words people know as well: SİLGİ 3.18, ERASER 2.94).
MIN_ZIPF_CONCRETE: Final[dict[Language, float]] = {"tr": 3.0, "en": 2.6}
MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 12

#: Parts of speech, as stored: noun, adjective, verb (Turkish: the infinitive), adverb.
PARTS_OF_SPEECH: Final = ("n", "a", "v", "r")


@dataclass(frozen=True, slots=True)
class Entry:
    """One vocabulary word: upper case, its Zipf frequency and parts of speech."""

    word: str
    zipf: float
    pos: frozenset[str]


def _data_text(name: str) -> str:
    node = resources.files("harfiyen.lexicon").joinpath("vocabulary_data", name)
    return node.read_text(encoding="utf-8")


@cache
def entries(lang: Language) -> tuple[Entry, ...]:
    """Every vocabulary entry of ``lang``, most common first.

    >>> first = entries("tr")[0]
    >>> first.zipf >= MIN_ZIPF["tr"], first.pos <= set(PARTS_OF_SPEECH)
    (True, True)
    """
    out: list[Entry] = []
    for line in _data_text(f"vocabulary_{lang}.tsv").splitlines():
        word, zipf, pos = line.split("\t")
        out.append(Entry(word, float(zipf), frozenset(pos.split(","))))
    return tuple(out)


@cache
def words(lang: Language) -> frozenset[str]:
    """The vocabulary of ``lang`` as a set of upper-case words."""
    return frozenset(e.word for e in entries(lang))


def in_vocabulary(word: str, lang: Language) -> bool:
    """Whether the upper-case ``word`` passes ``lang``'s vocabulary rule.

    >>> in_vocabulary("KELEBEK", "tr"), in_vocabulary("KELEBEKLER", "tr")
    (True, False)
    >>> in_vocabulary("BUTTERFLY", "en"), in_vocabulary("MAKING", "en")
    (True, False)
    """
    return word in words(lang)


@cache
def zipf_table(lang: Language) -> dict[str, float]:
    """Upper-case word → Zipf frequency, for the vocabulary of ``lang``."""
    return {e.word: e.zipf for e in entries(lang)}


@cache
def manifest() -> dict[str, Any]:
    """How the lists were made: rule, thresholds, source versions, counts, sha256."""
    loaded: dict[str, Any] = json.loads(_data_text("vocabulary.json"))
    return loaded


__all__ = [
    "MAX_LENGTH", "MIN_LENGTH", "MIN_ZIPF", "MIN_ZIPF_CONCRETE", "PARTS_OF_SPEECH", "Entry",
    "entries",
    "in_vocabulary", "manifest", "words", "zipf_table",
]
