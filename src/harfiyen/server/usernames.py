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

Display names may be written in any script, but never as the server's AI players are
shown (``Orta (bot)``, ``Yapay zekâ``): a name is compared by its *skeleton* (NFKC, case
folded, combining marks dropped, look-alike digits and letters folded, every bracket a
parenthesis, nothing but letters, digits and brackets), so ``Ayşe（bot）``, ``Ayşe (b0t)``
and a ``(bot)`` hiding combining marks are refused as well. Combining marks that render
nothing meaningful (invisible ones, one on no letter, a stack of more than three) are
refused outright.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from harfiyen.core.errors import ErrorKind
from harfiyen.lexicon.normalize import tr_lower
from harfiyen.server.errors import fail

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


DISPLAY_RESERVED: Final = ErrorKind(
    "user.display_name_reserved",
    "“{name}” sunucunun yapay zekâ oyuncularının adı gibi okunuyor (“(bot)”, “Yapay zekâ”); "
    "başka bir ad seç.",
    "“{name}” reads like the name of one of the server's AI players (“(bot)”, “Yapay zekâ”); "
    "choose another name.",
)
DISPLAY_MARKS: Final = ErrorKind(
    "user.display_name_marks",
    "Görünen adda görünmeyen, bir harfe bağlı olmayan ya da üst üste yığılmış birleşik "
    "işaretler olamaz (U+{code}).",
    "A display name cannot hold combining marks that are invisible, stand on no letter or "
    "are stacked up (U+{code}).",
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
        raise fail(RESERVED, status=422, username=name[:MAX_LENGTH])
    if why is not None:
        raise fail(INVALID, status=422, username=name[:MAX_LENGTH + 8], reason=why)
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


# --- display names -----------------------------------------------------------------------

# After NFKC and case folding: digits read as letters, and the Cyrillic and Greek letters
# (and Latin small capitals) drawn like Latin ones.
_DISPLAY_LOOK_ALIKE: Final = str.maketrans({
    "0": "o", "1": "l", "|": "l", "ı": "i",
    "а": "a", "в": "b", "ь": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "н": "h", "і": "i",
    "ј": "j", "к": "k", "м": "m", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y",
    "х": "x", "ԝ": "w",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x",
    "ʙ": "b", "ᴏ": "o", "ᴛ": "t",
})
# The server's AI players' names as skeletons (bot_users.bot_display_name): "Orta (bot)",
# "Orta (bot) 2", "Yapay zekâ", "Yapay zekâ 2", and "Bot (level)", the form older servers
# gave a level without a name (0 and 1 read as o and l).
_BOT_NAME: Final = re.compile(r".*\(bot\).*|bot\(.*|yapayzeka[0-9ol]*", re.DOTALL)
# Marks and fillers that draw nothing: the combining grapheme joiner, Hangul fillers, Khmer
# inherent vowels, Mongolian free variation selectors, variation selectors (VS15 and VS16
# after a symbol choose an emoji's look: those pass).
_INVISIBLE: Final = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0"
    "\ufe00-\ufe0f\U000e0100-\U000e01ef]"
)
_EMOJI_STYLE: Final = "\ufe0e\ufe0f"
# Marks one letter may carry once composed (NFC): Vietnamese, Thai, Hebrew need up to three.
MAX_MARKS: Final = 3


def display_skeleton(name: str) -> str:
    """What a reader sees of a display name, for comparison: NFKC (full-width and other
    compatibility forms), case folded, without combining marks, look-alikes folded (0 → o,
    1 → l, Cyrillic о → o...), every opening bracket ``(`` and closing one ``)``, and only
    letters, digits and brackets kept.

    >>> display_skeleton("Ayşe（B0T）") == display_skeleton("ayse (bot)") == "ayse(bot)"
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    out = []
    for c in unicodedata.normalize("NFD", folded):
        category = unicodedata.category(c)
        if category.startswith("M"):
            continue
        if category == "Ps":
            out.append("(")
        elif category == "Pe":
            out.append(")")
        else:
            c = c.translate(_DISPLAY_LOOK_ALIKE)
            if c.isalnum():
                out.append(c)
    return "".join(out)


def bot_like(name: str) -> bool:
    """True when the display name reads as one of the server's AI players'."""
    return _BOT_NAME.fullmatch(display_skeleton(name)) is not None


def meaningless_mark(name: str) -> str | None:
    """The first character of the (NFC) display name that renders nothing meaningful: an
    invisible mark or filler, a combining mark on no letter or digit (at the start, after a
    space or a sign), or a mark beyond :data:`MAX_MARKS` on one letter; ``None``: none."""
    marks = 0
    base = ""
    for c in name:
        category = unicodedata.category(c)
        if c in _EMOJI_STYLE and base and unicodedata.category(base).startswith("S"):
            continue
        if _INVISIBLE.match(c):
            return c
        if not category.startswith("M"):
            base, marks = c, 0
            continue
        marks += 1
        if not base or unicodedata.category(base)[0] not in "LN" or marks > MAX_MARKS:
            return c
    return None


def check_display_name(name: str) -> str:
    """The (NFC, trimmed) display name, or a refusal (422): ``user.display_name_marks``,
    ``user.display_name_reserved``."""
    mark = meaningless_mark(name)
    if mark is not None:
        raise fail(DISPLAY_MARKS, status=422, code=f"{ord(mark):04X}")
    if bot_like(name):
        raise fail(DISPLAY_RESERVED, status=422, name=name)
    return name


__all__ = [
    "DISPLAY_MARKS", "DISPLAY_RESERVED", "INVALID", "LOOK_ALIKE", "MAX_LENGTH", "MIN_LENGTH",
    "RESERVED", "bot_like", "check_display_name", "display_skeleton", "key",
    "meaningless_mark", "normalize", "reason", "validated",
]
