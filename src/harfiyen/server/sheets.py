"""Harf Takıl guess sheets: each seat's notes, kept on the server, and the clues it heard.

A sheet has two parts. The *guesses* are the seat's own notes: for each position
of its stand, the letter it thinks the card has (or nothing). They are the only
thing stored (``GuessSheet``), saved by the seat with :func:`save_sheet`. The
*clue rows* are never stored: every read derives them from the seat's own view
of the game (``view(state, Seat(n))``: its clue records, each clue word with
``?`` at the seat's own cards), so they are filled in by the game itself, can
never disagree with the log, and can hold nothing the seat may not see.

While the match runs a seat reads only its own sheet; once it has ended, anyone
who may watch the match reads every seat's sheet, each with the truth beside it
(the stand's letters, the secret word, every clue's word), taken from the
omniscient view that only opens after the end.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import ErrorKind
from harfiyen.core.viewers import Omniscient, Seat
from harfiyen.games.letterjam.decks import deck_counts
from harfiyen.lexicon.normalize import ALPHABETS, Language, upper
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.match.channels import user_channel
from harfiyen.server.models import GuessSheet, Match, utcnow
from harfiyen.server.schemas import iso
from harfiyen.server.service import MatchService

GAME: Final = "letterjam"

NOT_AVAILABLE: Final = ErrorKind(
    "sheet.not_available",
    "Tahmin kağıdı yalnızca Harf Takıl maçlarında tutulur.",
    "Guess sheets are kept only in Harf Takıl matches.",
)
NOT_A_SEAT: Final = ErrorKind(
    "sheet.not_a_seat",
    "Oyun sürerken her oyuncu yalnızca kendi tahmin kağıdını görür; "
    "oyun bitince herkesin kağıdı açılır.",
    "While the game runs each player sees only their own guess sheet; "
    "once it ends everyone's sheet is open.",
)
CLOSED: Final = ErrorKind(
    "sheet.closed",
    "Oyun bitti; tahmin kağıdı artık değiştirilemez.",
    "The game is over; the guess sheet can no longer be changed.",
)
BAD_POSITION: Final = ErrorKind(
    "sheet.bad_position",
    "Kağıtta {position} numaralı konum yok (konumlar 0 ile {last} arası).",
    "The sheet has no position {position} (positions are 0 to {last}).",
)
DUPLICATE_POSITION: Final = ErrorKind(
    "sheet.duplicate_position",
    "{position} numaralı konum aynı istekte iki kez yazılmış.",
    "Position {position} is given twice in one request.",
)
BAD_LETTER: Final = ErrorKind(
    "sheet.bad_letter",
    "“{letter}” bu oyunun harflerinden biri değil; tek bir harf yaz ({letters}) "
    "ya da boş bırak.",
    "“{letter}” is not one of this game's letters; write one letter ({letters}) "
    "or leave it empty.",
)


@dataclass(frozen=True)
class Entry:
    """One note a seat sends: ``letter`` for stand ``position`` (``None`` clears it)."""

    position: int
    letter: str | None


# --- letters -----------------------------------------------------------------------------


def _language(language: str) -> Language:
    return "en" if language == "en" else "tr"


def game_letters(language: str) -> str:
    """The letters a card of a ``language`` game can have, in alphabet order."""
    lang = _language(language)
    deck = deck_counts(lang)
    return "".join(ch for ch in ALPHABETS[lang] if ch in deck)


def normal_letter(text: str | None, language: str) -> str | None:
    """``text`` as one upper-case card letter of a ``language`` game (Turkish casing:
    ``i`` → ``İ``, ``ı`` → ``I``); ``None`` for nothing (``None`` or blank). Raises
    ``sheet.bad_letter`` for anything else."""
    if text is None or not text.strip():
        return None
    lang = _language(language)
    letter = upper(unicodedata.normalize("NFC", text.strip()), lang)
    letters = game_letters(lang)
    if len(letter) != 1 or letter not in letters:
        raise fail(BAD_LETTER, status=400, letter=text.strip()[:16], letters=" ".join(letters))
    return letter


def checked_guesses(current: Sequence[str | None], entries: Sequence[Entry], language: str
                    ) -> list[str | None]:
    """The notes after ``entries`` are written over ``current`` (positions not named keep
    their letter). Raises ``sheet.bad_position``, ``sheet.duplicate_position`` or
    ``sheet.bad_letter`` for the first bad entry; nothing is changed then."""
    out = list(current)
    seen: set[int] = set()
    for entry in entries:
        if not 0 <= entry.position < len(out):
            raise fail(BAD_POSITION, status=400, position=entry.position, last=len(out) - 1)
        if entry.position in seen:
            raise fail(DUPLICATE_POSITION, status=400, position=entry.position)
        seen.add(entry.position)
        out[entry.position] = normal_letter(entry.letter, language)
    return out


# --- building a sheet from a view --------------------------------------------------------


def clue_rows(seat_view: dict[str, Any]) -> list[dict[str, Any]]:
    """The clue rows of a sheet: the clue records of the seat's own view, as the seat may
    see them (other players' letters, ``*`` for the wildcard, ``?`` for its own cards)."""
    return [
        {
            "number": r["number"], "cluegiver": r["cluegiver"], "cards": list(r["cards"]),
            "letters": list(r["letters"]), "text": r["text"], "own_position": r["own_position"],
        }
        for r in seat_view["records"]
    ]


def sheet_from_view(seat_view: dict[str, Any], guesses: Sequence[str | None] | None,
                    version: int = 0, updated_at: str | None = None) -> dict[str, Any]:
    """One seat's sheet from its own view (``view(state, Seat(n)).to_json()``) and its
    stored notes (``None``: nothing saved yet). Reads nothing the view does not hold."""
    seat = int(seat_view["seat"])
    length = int(seat_view["word_length"])
    notes = list(guesses or [])[:length]
    notes += [None] * (length - len(notes))
    stand = next(s for s in seat_view["stands"] if s["seat"] == seat)
    return {
        "seat": seat,
        "word_length": length,
        "position": stand["position"],
        "guesses": [{"position": i, "letter": letter} for i, letter in enumerate(notes)],
        # What the seat recorded when it moved past each card (the engine's record).
        "moved_on": list(seat_view["guesses"]),
        "clues": clue_rows(seat_view),
        "version": version,
        "updated_at": updated_at,
    }


def revealed(sheet: dict[str, Any], seat: int, dealt: dict[str, Any],
             clue_words: dict[int, str]) -> dict[str, Any]:
    """``sheet`` with the truth beside it, after the end: the stand's letters in stand
    order, the secret word and each clue's word (from the omniscient ``dealt`` event)."""
    return {
        **sheet,
        "stand": list(dealt["stands"][seat]),
        "word": dealt["words"][seat],
        "clues": [{**row, "word": clue_words.get(row["number"])} for row in sheet["clues"]],
    }


# --- reading and saving ------------------------------------------------------------------


async def _stored(db: AsyncSession, match_id: int) -> dict[int, GuessSheet]:
    rows = (await db.execute(
        select(GuessSheet).where(GuessSheet.match_id == match_id)
    )).scalars().all()
    return {row.seat: row for row in rows}


def _seat_sheet(match: Match, state: Any, seat: int, row: GuessSheet | None) -> dict[str, Any]:
    view = adapter(match.game).view(state, Seat(seat))
    if row is None:
        return sheet_from_view(view, None)
    return sheet_from_view(view, row.guesses, row.version, iso(row.updated_at))


def _letterjam(match: Match) -> None:
    if match.game != GAME:
        raise fail(NOT_AVAILABLE, status=404, game=match.game)


def _started(match: Match) -> None:
    if match.status in ("waiting", "cancelled"):
        raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)


async def read_sheets(service: MatchService, match_id: int, user_id: int) -> dict[str, Any]:
    """``GET /api/matches/{id}/sheet``: the caller's own sheet while the match runs; every
    seat's sheet (with the truth) once it has ended, for anyone who may watch it.

    Raises ``match.not_found`` (404), ``match.not_a_player`` (403: a private match of
    others), ``sheet.not_available`` (404: not Harf Takıl), ``match.not_active`` (409:
    not started) and ``sheet.not_a_seat`` (403: a spectator while the game runs).
    """
    async with service.sessions() as db:
        match = await service.watchable(db, match_id, user_id)
        _letterjam(match)
        _started(match)
        seat = await service.seat_of(db, match_id, user_id)
        if seat is None and match.status != "finished":
            raise fail(NOT_A_SEAT, status=403)
        state = await service.state(db, match)
        stored = await _stored(db, match_id)
    game = adapter(match.game)
    over = match.status == "finished" and game.outcome(state) is not None
    if not over:
        if seat is None:
            raise fail(NOT_A_SEAT, status=403)
        return {"match": match.id, "status": match.status, "seat": seat,
                "sheet": _seat_sheet(match, state, seat, stored.get(seat)), "sheets": None}
    # The end: the omniscient projection (refused by the engine before it) gives the truth.
    dealt: dict[str, Any] = {}
    words: dict[int, str] = {}
    for event in game.events(state):
        seen = game.project(event, Omniscient(), state) or {}
        if seen.get("kind") == "dealt":
            dealt = seen
        elif seen.get("kind") == "clue_given":
            words[int(seen["number"])] = str(seen["word"])
    sheets = [revealed(_seat_sheet(match, state, s, stored.get(s)), s, dealt, words)
              for s in range(match.players)]
    return {"match": match.id, "status": match.status, "seat": seat,
            "sheet": None if seat is None else sheets[seat], "sheets": sheets}


async def save_sheet(service: MatchService, match_id: int, user_id: int,
                     entries: Sequence[Entry]) -> dict[str, Any]:
    """``PUT /api/matches/{id}/sheet``: write the seat's notes (the positions named; the
    others keep theirs) and tell the account's other connections.

    Under the match's write lock, so a save cannot slip past the final move, and two
    devices saving at once are applied one after the other. Refused (nothing written):
    ``match.not_found``, ``sheet.not_available``, ``match.not_a_player``,
    ``match.not_active``, ``sheet.closed`` (409: the game is over) and the checks of
    :func:`checked_guesses` (400).
    """
    async with service.writing(match_id) as db:
        match, seat = await service.seated(db, match_id, user_id)
        _letterjam(match)
        _started(match)
        if match.status != "active":
            raise fail(CLOSED, status=409)
        state = await service.state(db, match)
        if adapter(match.game).outcome(state) is not None:
            raise fail(CLOSED, status=409)
        config = adapter(match.game).spec.config_from_dict(match.config)
        row = (await _stored(db, match_id)).get(seat)
        current = row.guesses if row is not None else [None] * int(config.word_length)
        guesses = checked_guesses(current, entries, str(config.language))
        if row is None:
            row = GuessSheet(match_id=match_id, seat=seat, guesses=guesses, version=1,
                             updated_at=utcnow())
            db.add(row)
        else:
            row.guesses = guesses
            row.version += 1
            row.updated_at = utcnow()
        await db.flush()
        sheet = _seat_sheet(match, state, seat, row)
    # Every connection of this account (another tab, another device) gets the new notes;
    # the sheet is the seat's own, so it tells the account nothing it may not know.
    frame = {"type": "sheet", "match": match_id, "seat": seat, "sheet": sheet}
    # (Publishing never fails: during a Redis outage it reaches this process's connections.)
    await service.pubsub.publish(user_channel(user_id), frame)
    return {"match": match_id, "status": match.status, "seat": seat, "sheet": sheet,
            "sheets": None}


__all__ = [
    "BAD_LETTER", "BAD_POSITION", "CLOSED", "DUPLICATE_POSITION", "NOT_AVAILABLE",
    "NOT_A_SEAT", "Entry", "checked_guesses", "clue_rows", "game_letters", "normal_letter",
    "read_sheets", "revealed", "save_sheet", "sheet_from_view",
]
