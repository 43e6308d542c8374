"""Turkish-aware text handling: the one place for casing, alphabets and sort order.

Python's ``str.upper``/``str.lower`` are wrong for Turkish: ``"i".upper()`` is ``"I"``
(Turkish wants ``"İ"``) and ``"I".lower()`` is ``"i"`` (Turkish wants ``"ı"``).
Everything in Harfiyen that changes the case of Turkish text goes through this module.
"""

from __future__ import annotations

from typing import Final, Literal

Language = Literal["tr", "en"]

TR_UPPER: Final = "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ"
TR_LOWER: Final = "abcçdefgğhıijklmnoöprsştuüvyz"
EN_UPPER: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EN_LOWER: Final = "abcdefghijklmnopqrstuvwxyz"

ALPHABETS: Final[dict[Language, str]] = {"tr": TR_UPPER, "en": EN_UPPER}

TR_VOWELS: Final = frozenset("AEIİOÖUÜ")
EN_VOWELS: Final = frozenset("AEIOU")
VOWELS: Final[dict[Language, frozenset[str]]] = {"tr": TR_VOWELS, "en": EN_VOWELS}

_TR_TO_UPPER: Final = str.maketrans(TR_LOWER, TR_UPPER)
_TR_TO_LOWER: Final = str.maketrans(TR_UPPER, TR_LOWER)
# Circumflexed vowels are spelling hints in Turkish (kâr, hâlâ); tiles do not carry them.
_TR_FOLD: Final = str.maketrans("âîûÂÎÛ", "aiuAİU")
_TR_ORDER: Final = {ch: i for i, ch in enumerate(TR_UPPER)}


def tr_upper(text: str) -> str:
    """Upper-case Turkish text: ``i → İ``, ``ı → I``; other letters as Unicode says.

    >>> tr_upper("ıişçğöü")
    'IİŞÇĞÖÜ'
    """
    return text.translate(_TR_TO_UPPER).upper()


def tr_lower(text: str) -> str:
    """Lower-case Turkish text: ``İ → i``, ``I → ı``; other letters as Unicode says.

    >>> tr_lower("IİŞÇĞÖÜ")
    'ıişçğöü'
    """
    return text.translate(_TR_TO_LOWER).lower()


def fold_circumflex(text: str) -> str:
    """Replace â/î/û (and capitals) by the plain letters the tile set has."""
    return text.translate(_TR_FOLD)


def upper(text: str, lang: Language) -> str:
    """Upper-case ``text`` by the rules of ``lang``."""
    return tr_upper(text) if lang == "tr" else text.upper()


def lower(text: str, lang: Language) -> str:
    """Lower-case ``text`` by the rules of ``lang``."""
    return tr_lower(text) if lang == "tr" else text.lower()


def is_lower(ch: str, lang: Language) -> bool:
    """True when ``ch`` is a lower-case letter of ``lang``'s alphabet."""
    return ch in (TR_LOWER if lang == "tr" else EN_LOWER)


def in_alphabet(word: str, lang: Language) -> bool:
    """True when every character of ``word`` is an upper-case letter of ``lang``."""
    alphabet = ALPHABETS[lang]
    return bool(word) and all(ch in alphabet for ch in word)


def tr_sort_key(word: str) -> tuple[int, ...]:
    """Sort key in Turkish alphabet order (A B C Ç D ... Z), case-insensitive.

    Characters outside the alphabet sort after every letter, by code point.

    >>> sorted(["çam", "cam", "ılık", "ilik", "ufuk", "üzüm"], key=tr_sort_key)
    ['cam', 'çam', 'ılık', 'ilik', 'ufuk', 'üzüm']
    """
    return tuple(_TR_ORDER.get(ch, 64 + ord(ch)) for ch in tr_upper(word))
