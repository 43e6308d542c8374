"""The username rule, in one place: which names are allowed and when two names are "the same".

A username is NFC-normalised and may hold the letters of the Turkish and
English alphabets (``a-z``, ``ç ğ ı ö ş ü``, the capitals with ``İ``, and the
Turkish circumflex vowels ``â î û``), the digits and the separators ``_ . -``;
3–32 characters, starting and ending with a letter or digit, never two
separators in a row. Every other character (other scripts, marks that do not
compose, symbols, spaces) is refused: a Cyrillic ``а`` that looks like a
Latin ``a`` never gets in.

Two names are the same account name when their *key* is equal. The key folds
case by the Turkish rules (``I → ı``, ``İ → i``) and then folds the Latin
look-alikes that a reader cannot tell apart: ``i ı l 1`` (and so ``I İ``),
``o 0``, ``rn``/``m``, ``vv``/``w``, circumflexes, and the three separators.
So ``Ali``, ``ALİ``, ``ALI`` and ``a1i`` are one name: the first to register
keeps it, the others are refused as taken (or as a look-alike of it). The
database keeps the key in a unique column (``users.username_key``); the
account endpoints check it before they write (``api._ensure_username_free``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from harfiyen.core.errors import ErrorKind
from harfiyen.lexicon.normalize import tr_lower
from harfiyen.server import errors as E

MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 32
LETTERS: Final = "abcçdefgğhıijklmnoöpqrsştuüvwxyzâîû"
_ALLOWED: Final = re.compile(
    rf"[{LETTERS}{LETTERS.upper()}İ0-9]([{LETTERS}{LETTERS.upper()}İ0-9]|[_.\-](?=[^_.\-]))*"
)
_CHARS: Final = re.compile(rf"[{LETTERS}{LETTERS.upper()}İ0-9_.\-]+")
# Prefixes the server gives its own accounts (bots); nobody may register them.
RESERVED_PREFIXES: Final = ("bot_",)

# After Turkish lower-casing: letters a reader cannot tell apart in common fonts.
_LOOK_ALIKE: Final = str.maketrans({
    "ı": "i", "l": "i", "1": "i", "î": "i", "0": "o", "â": "a", "û": "u", ".": "_", "-": "_",
})
_DIGRAPHS: Final = (("rn", "m"), ("vv", "w"))


# The rule told in full whenever a name is refused, so the page never has to guess.
_RULE_TR: Final = (
    "Kullanıcı adı 3–32 karakter olur: Türkçe ya da İngilizce harfler (ç, ğ, ı, İ, ö, ş, ü "
    "dahil), rakamlar ve _ . - işaretleri. Harf ya da rakamla başlayıp biter; iki işaret yan "
    "yana gelmez."
)
_RULE_EN: Final = (
    "A username has 3–32 characters: Turkish or English letters (ç, ğ, ı, İ, ö, ş, ü "
    "included), digits and _ . - marks. It starts and ends with a letter or digit; two marks "
    "never stand together."
)
INVALID: Final = ErrorKind(
    "auth.username_invalid",
    "“{username}” kullanıcı adı olamaz. " + _RULE_TR,
    "“{username}” cannot be a username. " + _RULE_EN,
)
RESERVED: Final = ErrorKind(
    "auth.username_reserved",
    "“{username}” ayrılmış bir ad; başka bir ad seç.",
    "“{username}” is reserved; choose another name.",
)
LOOK_ALIKE: Final = ErrorKind(
    "auth.username_look_alike",
    "“{username}”, var olan “{existing}” adıyla aynı okunur (büyük/küçük harf ya da I, l, 1, "
    "0 gibi benzer işaretler); başka bir ad seç.",
    "“{username}” reads the same as the existing name “{existing}” (case, or look-alike "
    "signs such as I, l, 1, 0); choose another name.",
)


def normalize(name: str) -> str:
    """The name as stored: NFC, without surrounding spaces."""
    return unicodedata.normalize("NFC", name).strip()


def reason(name: str) -> str | None:
    """Why the (normalised) ``name`` cannot be a username (``length``, ``characters``,
    ``edges``, ``reserved``), or ``None`` when it can."""
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        return "length"
    if _ALLOWED.fullmatch(name) is None:
        return "characters" if _CHARS.fullmatch(name) is None else "edges"
    if key(name).startswith(RESERVED_PREFIXES):
        return "reserved"
    return None


def validated(name: str) -> str:
    """The normalised ``name``, or a refusal that explains the whole rule (422)."""
    name = normalize(name)
    why = reason(name)
    if why == "reserved":
        raise E.fail(RESERVED, status=422, username=name[:MAX_LENGTH])
    if why is not None:
        raise E.fail(INVALID, status=422, username=name[:MAX_LENGTH + 8], reason=why)
    return name


def key(name: str) -> str:
    """The comparison key: Turkish case folding, then the look-alike folding (see above).

    >>> key("ALİ") == key("Ali") == key("ALI") == key("a1i")
    True
    >>> key("Ayşe.Öz") == key("ayse_oz")
    False
    """
    folded = tr_lower(unicodedata.normalize("NFC", name)).translate(_LOOK_ALIKE)
    for pair, single in _DIGRAPHS:
        folded = folded.replace(pair, single)
    return folded


__all__ = [
    "INVALID", "LOOK_ALIKE", "MAX_LENGTH", "MIN_LENGTH", "RESERVED", "key", "normalize", "reason",
    "validated",
]
