"""CGP positions: parse and write.

A CGP line has four space-separated fields and then opcodes::

    15/15/.../3KALEM7/.../15 AEİLRT?/ 0/12 0 lex TR-1; ld turkish; rules tr@2; bonus25 C5;

1. the board, rows 1–15 top to bottom separated by ``/``; a number is a run
   of empty squares, an upper-case letter a tile, a lower-case letter a blank
   showing that letter (Turkish-aware: ``i`` is a blank İ, ``ı`` a blank I);
2. the racks, ``/``-separated, the player to move first (``?`` a blank; a
   rack may be empty);
3. the scores, ``/``-separated, in the same order;
4. the number of consecutive scoreless turns;
5. opcodes ``name value;`` (``lex``, ``ld``, and the Turkish ``rules`` and
   ``bonus25``; any other opcode is kept as written).

The language of the letters comes from the ``ld`` opcode (``turkish`` or
``english``), else a ``rules`` opcode, else a ``lex`` name starting ``TR``,
else the caller's default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from harfiyen.core.errors import ErrorKind
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.notation.coords import NotationError, tile_text
from harfiyen.games.crossword.rules import BLANK, SIZE
from harfiyen.lexicon.normalize import Language, in_alphabet, upper


class CgpError(NotationError):
    """A CGP position that cannot be read."""


BAD_CGP: Final = ErrorKind(
    "cgp.bad_position",
    "CGP konumu okunamadı ({reason}): {text}",
    "CGP position cannot be read ({reason}): {text}",
)

LANGUAGE_NAMES: Final[dict[str, Language]] = {"turkish": "tr", "english": "en"}
_NAME_OF: Final[dict[Language, str]] = {v: k for k, v in LANGUAGE_NAMES.items()}


def _bad(reason: str, text: str) -> CgpError:
    error = BAD_CGP.error(CgpError, reason=reason, text=text)
    assert isinstance(error, CgpError)
    return error


@dataclass(frozen=True)
class CgpPosition:
    """A position: board, racks and scores (player to move first), opcodes in order."""

    board: Board
    racks: tuple[str, ...] = ("", "")
    scores: tuple[int, ...] = (0, 0)
    zero_turns: int = 0
    opcodes: tuple[tuple[str, str], ...] = ()

    def opcode(self, name: str) -> str | None:
        """The value of the first opcode ``name``, if any."""
        return next((v for k, v in self.opcodes if k == name), None)

    @property
    def lexicon(self) -> str | None:
        return self.opcode("lex")

    @property
    def rules(self) -> str | None:
        """The ``rules`` opcode, e.g. ``tr@2``."""
        return self.opcode("rules")

    @property
    def bonus25(self) -> str | None:
        """The ``bonus25`` opcode: the ★25 square, e.g. ``C5``."""
        return self.opcode("bonus25")

    def language(self, default: Language = "en") -> Language:
        """The language of the position's letters (see the module docstring)."""
        return _language(self.opcodes, default)


def _language(opcodes: tuple[tuple[str, str], ...], default: Language) -> Language:
    values = dict(reversed(opcodes))
    if (name := values.get("ld")) is not None and name.lower() in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[name.lower()]
    if (rules := values.get("rules")) is not None:
        return "tr" if rules.startswith("tr") else "en"
    if (lex := values.get("lex")) is not None and lex.upper().startswith("TR"):
        return "tr"
    return default


def _parse_opcodes(text: str) -> tuple[tuple[str, str], ...]:
    opcodes: list[tuple[str, str]] = []
    for part in text.split(";"):
        part = part.strip()
        if part:
            name, _, value = part.partition(" ")
            opcodes.append((name, value.strip()))
    return tuple(opcodes)


def _parse_row(row: str, index: int, lang: Language, text: str) -> list[Placement]:
    tiles: list[Placement] = []
    col = 0
    digits = ""
    for ch in row + " ":
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            col += int(digits)
            digits = ""
        if ch == " ":
            break
        letter = upper(ch, lang)
        if not in_alphabet(letter, lang):
            raise _bad(f"“{ch}” in row {index + 1}", text)
        if col >= SIZE:
            raise _bad(f"row {index + 1} is too long", text)
        tiles.append(Placement((index, col), letter, letter != ch))
        col += 1
    if col != SIZE:
        raise _bad(f"row {index + 1} has {col} squares", text)
    return tiles


def _parse_rack(rack: str, lang: Language, text: str) -> str:
    out = "".join(ch if ch == BLANK else upper(ch, lang) for ch in rack)
    if any(ch != BLANK and not in_alphabet(ch, lang) for ch in out):
        raise _bad(f"rack “{rack}”", text)
    return out


def parse_cgp(text: str, default_language: Language = "en") -> CgpPosition:
    """Parse a CGP line; raises ``CgpError`` (``cgp.bad_position``) when malformed."""
    fields = text.strip().split(None, 4)
    if len(fields) < 4:
        raise _bad("board, racks, scores and zero-turn count are needed", text)
    board_text, racks_text, scores_text, zero_text = fields[:4]
    opcodes = _parse_opcodes(fields[4] if len(fields) > 4 else "")
    lang = _language(opcodes, default_language)
    rows = board_text.split("/")
    if len(rows) != SIZE:
        raise _bad(f"{len(rows)} rows instead of {SIZE}", text)
    placements = [p for i, row in enumerate(rows) for p in _parse_row(row, i, lang, text)]
    racks = tuple(_parse_rack(r, lang, text) for r in racks_text.split("/"))
    try:
        scores = tuple(int(s) for s in scores_text.split("/"))
        zero_turns = int(zero_text)
    except ValueError:
        raise _bad("scores and zero-turn count are numbers", text) from None
    if len(scores) != len(racks):
        raise _bad("one score per rack", text)
    return CgpPosition(Board().with_tiles(placements), racks, scores, zero_turns, opcodes)


def board_text(board: Board, lang: Language) -> str:
    """The board field of a CGP line."""
    rows: list[str] = []
    for r in range(SIZE):
        row = ""
        empty = 0
        for c in range(SIZE):
            tile = board[(r, c)]
            if tile is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += tile_text(tile.letter, tile.blank, lang)
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def write_cgp(position: CgpPosition, default_language: Language = "en") -> str:
    """The CGP line of ``position``; ``parse_cgp`` reads it back unchanged."""
    lang = position.language(default_language)
    fields = [
        board_text(position.board, lang),
        "/".join(position.racks),
        "/".join(str(s) for s in position.scores),
        str(position.zero_turns),
    ]
    fields += [f"{name} {value};".replace(" ;", ";") for name, value in position.opcodes]
    return " ".join(fields)


def opcodes_for(
    lexicon: str | None = None,
    language: Language | None = None,
    rules: str | None = None,
    bonus25: str | None = None,
) -> tuple[tuple[str, str], ...]:
    """Opcodes for a new position, in the usual order."""
    pairs = (
        ("lex", lexicon),
        ("ld", _NAME_OF[language] if language else None),
        ("rules", rules),
        ("bonus25", bonus25),
    )
    return tuple((name, value) for name, value in pairs if value is not None)


__all__ = [
    "BAD_CGP",
    "LANGUAGE_NAMES",
    "CgpError",
    "CgpPosition",
    "board_text",
    "opcodes_for",
    "parse_cgp",
    "write_cgp",
]
