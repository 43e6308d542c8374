"""Word packs of players: a pasted or uploaded list checked line by line and kept per account.

The rules of a pack word live in :mod:`harfiyen.games.codenames.packs` (one entry:
:func:`~harfiyen.games.codenames.packs.check_entry`; the whole pack:
:func:`~harfiyen.games.codenames.packs.validate_pack`); this module only splits the
text into numbered entries, so that a refusal can name every bad line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import ErrorKind, GameError, HarfiyenError, Message
from harfiyen.games.codenames.packs import check_entry, validate_pack
from harfiyen.games.codenames.words import foreign_chars
from harfiyen.lexicon.normalize import Language
from harfiyen.server import quotas
from harfiyen.server.errors import Refused, fail
from harfiyen.server.errors import packs as pack_errors
from harfiyen.server.models import WordPack
from harfiyen.server.settings import Settings

# More words than a board game needs is fine, but the pack is stored in one row and sent
# whole: a limit keeps both small.
MAX_WORDS: Final = 2000
# A refusal lists at most this many bad lines (its details hold all of them).
LINES_IN_MESSAGE: Final = 10

_REASONS: Final[dict[str, ErrorKind]] = {
    "empty": pack_errors.PACK_LINE_EMPTY,
    "not_one_word": pack_errors.PACK_LINE_NOT_ONE_WORD,
    "not_letters": pack_errors.PACK_LINE_NOT_LETTERS,
}


@dataclass(frozen=True)
class Entry:
    line: int  # 1-based line of the text
    text: str


def entries(text: str) -> list[Entry]:
    """The entries of a pack's text: one per line, or several on a line separated by commas.

    Blank lines and empty pieces between commas are skipped (a trailing comma is no word).
    """
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        for piece in line.split(","):
            if piece.strip():
                out.append(Entry(number, piece.strip()))
    return out


def parse_pack(text: str, language: Language) -> tuple[str, ...]:
    """The pack's distinct words in normal form (Turkish casing: ``i → İ``, ``ı → I``).

    Raises ``pack.bad_lines`` naming every line whose entry is not a single word of the
    language's letters, ``pack.too_large`` and ``pack.too_small``.
    """
    found = entries(text)
    bad: list[dict[str, Any]] = []
    for entry in found:
        word, problem = check_entry(entry.text, language)
        if problem is not None:
            kind = _REASONS[problem]
            chars = "".join(foreign_chars(word, language))
            message = kind.error(GameError, chars=chars).message
            bad.append({"line": entry.line, "text": entry.text[:64], "reason": kind.code,
                        "message": {"tr": message.tr, "en": message.en}})
    if bad:
        raise _bad_lines(bad)
    if len(found) > MAX_WORDS:
        raise fail(pack_errors.PACK_TOO_LARGE, count=len(found), limit=MAX_WORDS)
    try:
        return validate_pack([entry.text for entry in found], language)
    except HarfiyenError as error:  # only the size is left to refuse: every entry is a word
        raise fail(pack_errors.PACK_TOO_SMALL, **error.details) from None


def _bad_lines(lines: list[dict[str, Any]]) -> Refused:
    shown = lines[:LINES_IN_MESSAGE]
    more = len(lines) - len(shown)
    tr = "; ".join(f"{x['line']}. satır “{x['text']}”: {x['message']['tr']}" for x in shown)
    en = "; ".join(f"line {x['line']} “{x['text']}”: {x['message']['en']}" for x in shown)
    if more:
        tr += f" ve {more} satır daha"
        en += f" and {more} more"
    kind = pack_errors.PACK_BAD_LINES
    error = Refused(kind.code, Message(kind.tr.format(where=tr), kind.en.format(where=en)),
                        {"lines": lines})
    error.status = 400
    return error


def pack_json(pack: WordPack) -> dict[str, Any]:
    return {"id": pack.id, "name": pack.name, "language": pack.language,
            "words": list(pack.words), "count": len(pack.words)}


async def create_pack(db: AsyncSession, settings: Settings, user_id: int, name: str,
                      language: Language, text: str, address: str | None = None) -> WordPack:
    """Check and store a pack of ``user_id`` (in the caller's transaction); ``address``: the
    keyed hash of the request's address (``quotas.address_key``). Beyond the packs quota
    (per account and per address) it raises ``pack.too_many`` (429), before the pack is
    read or, when two packs were saved at once, after it was written: the caller's
    transaction must then be rolled back."""
    await quotas.check(db, settings, quotas.PACKS, user_id, address)
    words = parse_pack(text, language)
    taken = (await db.execute(select(WordPack.id).where(
        WordPack.user_id == user_id, WordPack.name == name))).first()
    if taken is not None:
        raise fail(pack_errors.PACK_NAME_TAKEN, status=409, name=name)
    pack = WordPack(user_id=user_id, name=name, language=language, words=list(words),
                    created_from=address)
    db.add(pack)
    await quotas.enforce(db, settings, quotas.PACKS, user_id, address)
    return pack


async def own_pack(db: AsyncSession, user_id: int, pack_id: Any) -> WordPack:
    """``user_id``'s pack ``pack_id``; raises ``pack.not_found`` (also for someone else's)."""
    if not isinstance(pack_id, int) or isinstance(pack_id, bool) or not 0 < pack_id < 2**31:
        raise fail(pack_errors.PACK_NOT_FOUND, status=404)
    pack = await db.get(WordPack, pack_id)
    if pack is None or pack.user_id != user_id:
        raise fail(pack_errors.PACK_NOT_FOUND, status=404)
    return pack


__all__ = ["MAX_WORDS", "create_pack", "entries", "own_pack", "pack_json",
           "parse_pack"]
