"""The words a spymaster may give as clues: common words of the match language.

A clue candidate is a lexicon word (TR-1 or ENABLE-1) of 3–12 letters of the
alphabet, not on the block list, with a wordfreq Zipf frequency from
:data:`MIN_ZIPF` up to :data:`MAX_ZIPF`. English plural, past and -ing forms
of another lexicon word are left out (DOGS, JUMPED), so a clue is a
dictionary form; TR-1 lists only lemmas.
Which candidates are legal on a given board is decided per board
(:func:`harfiyen.ai.codenames.spymaster.board_mask`).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Final

from harfiyen.lexicon.normalize import ALPHABETS, Language, lower
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON, is_blocked, read_words

MIN_ZIPF: Final[dict[Language, float]] = {"tr": 3.0, "en": 3.4}
#: The most common words (BİR, İÇİN, THE, AND) are function words, not associations.
MAX_ZIPF: Final = 6.3
MIN_LENGTH, MAX_LENGTH = 3, 12
_EN_SUFFIXES: Final = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""))


def is_english_form(word: str, words: frozenset[str]) -> bool:
    """True when upper-case ``word`` is a plural, past or -ing form of a word in ``words``.

    >>> is_english_form("DOGS", frozenset({"DOG"})), is_english_form("GLASS", frozenset({"DOG"}))
    (True, False)
    """
    for suffix, base in _EN_SUFFIXES:
        if word.endswith(suffix.upper()):
            stem = word[: -len(suffix)] + base.upper()
            if len(stem) >= MIN_LENGTH and stem in words:
                return True
    return False


@cache
def clue_vocabulary(lang: Language) -> tuple[str, ...]:
    """The clue candidates of ``lang`` in upper case, most common first.

    Read from ``games/codenames/data/clues_<lang>.txt``, which
    ``scripts/make_word_packs.py`` writes with :func:`build_clue_vocabulary`
    (so the game needs no word-frequency package at run time).
    """
    node = resources.files("harfiyen.games.codenames").joinpath("data", f"clues_{lang}.txt")
    return tuple(node.read_text(encoding="utf-8").split())


def build_clue_vocabulary(lang: Language) -> tuple[str, ...]:
    """The clue candidates by the rules of the module doc (needs ``wordfreq``)."""
    from wordfreq import zipf_frequency  # build time only

    alphabet = set(ALPHABETS[lang])
    scored: list[tuple[float, str]] = []
    for word in read_words(DEFAULT_LEXICON[lang]):
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or not set(word) <= alphabet:
            continue
        if is_blocked(word, lang):
            continue
        freq = zipf_frequency(lower(word, lang), lang)
        if MIN_ZIPF[lang] <= freq <= MAX_ZIPF:
            scored.append((freq, word))
    if lang == "en":
        words = frozenset(read_words(DEFAULT_LEXICON[lang]))
        scored = [(f, w) for f, w in scored if not is_english_form(w, words)]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return tuple(w for _, w in scored)


__all__ = [
    "MAX_LENGTH", "MAX_ZIPF", "MIN_LENGTH", "MIN_ZIPF", "build_clue_vocabulary",
    "clue_vocabulary", "is_english_form",
]
