"""How words are written in Kelime Casusu: one normal form for board words and clues.

A word is compared in its normal form: upper case by the rules of the game's
language (``i → İ``, ``ı → I`` in Turkish) and, in Turkish, with circumflexed
vowels folded (``kâr → KAR``), because the alphabet has no ``Â``. A single
word is a non-empty run of letters of the game's alphabet.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from harfiyen.lexicon.normalize import ALPHABETS, Language, fold_circumflex, upper

Problem = Literal["empty", "not_one_word", "not_letters"]


def normalise_word(text: str, lang: Language) -> str:
    """``text`` without surrounding spaces, in the language's upper case.

    >>> [normalise_word(w, "tr") for w in (" ılık ", "istanbul", "kâr")]
    ['ILIK', 'İSTANBUL', 'KAR']
    >>> normalise_word("İSTANBUL".lower(), "tr")  # str.lower gives "i" + U+0307
    'İSTANBUL'
    >>> normalise_word("istanbul", "en")
    'ISTANBUL'
    """
    # NFC first: a client may send "a" + combining circumflex for "â".
    text = unicodedata.normalize("NFC", text).strip()
    if lang == "tr":
        # Non-Turkish lower-casing turns "İ" into "i" + combining dot above; undo it.
        text = fold_circumflex(text.replace("i\u0307", "i"))
    return upper(text, lang)


def word_problem(word: str, lang: Language) -> Problem | None:
    """Why the normalised ``word`` is not a single word of ``lang``'s letters, or ``None``.

    A word with an inner space, a hyphen or punctuation is "not one word";
    digits and letters outside the alphabet (``Q`` in Turkish) are "not letters".
    """
    if not word:
        return "empty"
    if any(ch.isspace() or _is_separator(ch) for ch in word):
        return "not_one_word"
    alphabet = ALPHABETS[lang]
    if any(ch not in alphabet for ch in word):
        return "not_letters"
    return None


def foreign_chars(word: str, lang: Language) -> list[str]:
    """The distinct characters of ``word`` outside ``lang``'s alphabet, in order."""
    alphabet = ALPHABETS[lang]
    return list(dict.fromkeys(ch for ch in word if ch not in alphabet))


def _is_separator(ch: str) -> bool:
    # Hyphens, apostrophes (Turkish suffixes: "Ankara'da"), slashes and other
    # punctuation join or split words, so a clue containing one is not one word.
    return not ch.isalnum()


__all__ = ["Problem", "foreign_chars", "normalise_word", "word_problem"]
