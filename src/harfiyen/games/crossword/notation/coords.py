"""GCG coordinates and move words ↔ placements on a board.

* A GCG *position* names the first square of a word and its direction:
  ``8H`` (row first) is across from row 8, column H; ``H8`` (column first) is
  down. Column letters may be written in lower case (``8h``), as some programs do.
* A *square name* is column then row, as RULES.md writes layouts: ``C5`` is
  column C, row 5. The one square rule is ``rules.parse_square`` (the wire's
  form, exact); notation is laxer about case, spaces and a leading zero
  (``h08``) and turns a bad square into a ``notation`` error.
* A *move word* spells the whole main word: an upper-case letter is a new
  tile, a lower-case letter a new blank showing that letter, ``.`` a tile
  already on the board. The older ``(AB)`` form for tiles already on the board
  is accepted, and so is writing such a tile's letter plainly (as Quackle
  does): a letter on an occupied square must then match the tile there.

Casing is language-aware (``harfiyen.lexicon.normalize``): in a Turkish word
``i`` is a blank İ and ``ı`` a blank I.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from harfiyen.core.errors import ErrorKind, GameError
from harfiyen.games.crossword.board import Board, Direction, Placement, in_bounds, word_through
from harfiyen.games.crossword.rules import Square, parse_square, square_name
from harfiyen.lexicon.normalize import Language, in_alphabet, lower, upper


class NotationError(GameError):
    """Text in GCG/CGP notation that cannot be read, or does not fit the board."""


BAD_POSITION: Final = ErrorKind(
    "notation.bad_position",
    "“{text}” bir konum değil: satır ve sütun yazın (yatay 8H, dikey H8).",
    "“{text}” is not a position: write row and column (8H across, H8 down).",
)
BAD_SQUARE: Final = ErrorKind(
    "notation.bad_square",
    "“{text}” bir kare adı değil: sütun harfi ve satır numarası yazın (ör. C5).",
    "“{text}” is not a square name: write column letter and row number (e.g. C5).",
)
BAD_WORD: Final = ErrorKind(
    "notation.bad_word",
    "“{text}” bir hamle kelimesi olarak okunamadı.",
    "“{text}” cannot be read as a move word.",
)
BAD_LETTER: Final = ErrorKind(
    "notation.bad_letter",
    "“{letter}” bu oyunun harflerinden biri değil.",
    "“{letter}” is not a letter of this game.",
)
OFF_BOARD: Final = ErrorKind(
    "notation.off_board",
    "“{word}” kelimesi {position} konumundan başlayınca tahtanın dışına taşıyor.",
    "“{word}” starting at {position} runs off the board.",
)
NO_TILE_THERE: Final = ErrorKind(
    "notation.no_tile_there",
    "{square} karesinde taş yok, ama hamle orada tahtadaki bir taşı kullanıyor.",
    "{square} is empty, but the move uses a tile already on the board there.",
)
TILE_MISMATCH: Final = ErrorKind(
    "notation.tile_mismatch",
    "{square} karesinde {found} var, hamlede {wanted} yazıyor.",
    "{square} holds {found}, but the move says {wanted}.",
)
NO_NEW_TILES: Final = ErrorKind(
    "notation.no_new_tiles",
    "Hamle tahtaya yeni taş koymuyor.",
    "The move places no new tile.",
)
BAD_MOVE: Final = ErrorKind(
    "notation.bad_move",
    "“{text}” bir hamle değil: konum ve kelime yazın (ör. 8H KALEM).",
    "“{text}” is not a move: write a position and a word (e.g. 8H KALEM).",
)

# Row first (8H) is across; column first (H8) is down. ASCII digits only (``\d`` would also
# read "H٨" or "H𝟖" as H8) and nothing after them (``$`` would allow a final newline).
_ACROSS_RE: Final = re.compile(r"^([0-9]{1,2})([A-Za-z])\Z")
_DOWN_RE: Final = re.compile(r"^([A-Za-z])([0-9]{1,2})\Z")
THROUGH: Final = "."


def _error(kind: ErrorKind, **details: Any) -> NotationError:
    error = kind.error(NotationError, **details)
    assert isinstance(error, NotationError)
    return error


@dataclass(frozen=True, slots=True)
class Position:
    """Where a word starts and which way it reads."""

    square: Square
    direction: Direction

    def __str__(self) -> str:
        return format_position(self)


def _index(row_text: str, col_text: str) -> Square | None:
    try:
        return parse_square(f"{col_text.upper()}{int(row_text)}")
    except ValueError:
        return None


def parse_position(text: str) -> Position:
    """``"8H"`` → across from ``(7, 7)``; ``"H8"`` → down from ``(7, 7)``.

    Raises ``NotationError`` (``notation.bad_position``) for anything else.
    """
    text = text.strip()
    if match := _ACROSS_RE.match(text):
        square = _index(match[1], match[2])
        direction = Direction.ACROSS
    elif match := _DOWN_RE.match(text):
        square = _index(match[2], match[1])
        direction = Direction.DOWN
    else:
        square = None
        direction = Direction.ACROSS
    if square is None:
        raise _error(BAD_POSITION, text=text)
    return Position(square, direction)


def format_position(position: Position) -> str:
    """The GCG text of ``position``: ``8H`` across, ``H8`` down."""
    row, col = position.square
    column = chr(ord("A") + col)
    if position.direction is Direction.ACROSS:
        return f"{row + 1}{column}"
    return f"{column}{row + 1}"


def parse_square_name(text: str) -> Square:
    """``"C5"`` (column, then row) → ``(4, 2)``; raises ``notation.bad_square``."""
    match = _DOWN_RE.match(text.strip())
    square = _index(match[2], match[1]) if match else None
    if square is None:
        raise _error(BAD_SQUARE, text=text)
    return square


def format_square_name(square: Square) -> str:
    """``(4, 2)`` → ``"C5"``."""
    return square_name(square)


@dataclass(frozen=True, slots=True)
class WordCell:
    """One square of a move word.

    ``through`` marks a tile already on the board; its ``letter`` is ``None``
    when written as ``.`` (any tile). Otherwise ``letter`` is upper case and
    ``blank`` says whether a new tile is a blank.
    """

    letter: str | None
    blank: bool = False
    through: bool = False


def _letter(ch: str, lang: Language) -> tuple[str, bool]:
    """An upper-case letter and whether ``ch`` was written as a blank (lower case)."""
    up = upper(ch, lang)
    if not in_alphabet(up, lang):
        raise _error(BAD_LETTER, letter=ch)
    return up, up != ch


def parse_word(text: str, lang: Language) -> tuple[WordCell, ...]:
    """Read a GCG move word into cells (see the module docstring for the forms).

    Raises ``NotationError`` for an unknown letter or unbalanced parentheses.
    """
    cells: list[WordCell] = []
    inside = False
    for ch in text:
        if ch == "(" and not inside:
            inside = True
        elif ch == ")" and inside:
            inside = False
        elif ch == THROUGH:
            if inside:
                raise _error(BAD_WORD, text=text)
            cells.append(WordCell(None, through=True))
        elif ch in "()":
            raise _error(BAD_WORD, text=text)
        else:
            letter, blank = _letter(ch, lang)
            cells.append(WordCell(letter, blank=blank and not inside, through=inside))
    if inside or not cells:
        raise _error(BAD_WORD, text=text)
    return tuple(cells)


def placements_from_word(
    board: Board, position: Position, word: str, lang: Language
) -> tuple[Placement, ...]:
    """The new tiles that ``word`` written at ``position`` puts on ``board``.

    Raises ``NotationError`` when the word runs off the board, uses a board
    tile on an empty square, disagrees with a tile already there, or places
    no new tile.
    """
    cells = parse_word(word, lang)
    dr, dc = position.direction.step
    row, col = position.square
    placements: list[Placement] = []
    for i, cell in enumerate(cells):
        square = (row + dr * i, col + dc * i)
        if not in_bounds(square):
            raise _error(OFF_BOARD, word=word, position=format_position(position))
        tile = board[square]
        if tile is None:
            if cell.through or cell.letter is None:
                raise _error(NO_TILE_THERE, square=square_name(square))
            placements.append(Placement(square, cell.letter, cell.blank))
        elif cell.letter is not None and cell.letter != tile.letter:
            raise _error(
                TILE_MISMATCH, square=square_name(square), found=tile.letter, wanted=cell.letter
            )
    if not placements:
        raise _error(NO_NEW_TILES)
    return tuple(placements)


def parse_move(text: str, board: Board, lang: Language) -> tuple[Placement, ...]:
    """``"8H KALEM"`` → placements on ``board`` (see ``placements_from_word``)."""
    parts = text.split()
    if len(parts) != 2:
        raise _error(BAD_MOVE, text=text)
    return placements_from_word(board, parse_position(parts[0]), parts[1], lang)


def tile_text(letter: str, blank: bool, lang: Language) -> str:
    """How a tile is written in a move word or CGP board: lower case for a blank."""
    return lower(letter, lang) if blank else letter


def main_direction(board: Board, placements: Sequence[Placement]) -> Direction:
    """The direction a move reads in; a single tile reads across if it forms an across word."""
    rows = {p.square[0] for p in placements}
    if len(placements) > 1:
        return Direction.ACROSS if len(rows) == 1 else Direction.DOWN
    new = {placements[0].square: placements[0].tile}
    across = word_through(board, new, placements[0].square, Direction.ACROSS)
    return Direction.ACROSS if across is not None else Direction.DOWN


def format_move(board: Board, placements: Sequence[Placement], lang: Language) -> str:
    """The GCG text of a play: ``"8H KALEM"``, with ``.`` for tiles already on ``board``.

    The word runs over the whole main word, board tiles on either end included.
    Assumes the placements lie in one line on empty squares.
    """
    if not placements:
        raise _error(NO_NEW_TILES)
    direction = main_direction(board, placements)
    dr, dc = direction.step
    new = {p.square: p for p in placements}
    first = min(new)
    last = max(new)
    r, c = first
    while in_bounds((r - dr, c - dc)) and board[(r - dr, c - dc)] is not None:
        r, c = r - dr, c - dc
    start = (r, c)
    letters: list[str] = []
    while in_bounds((r, c)) and ((r, c) <= last or board[(r, c)] is not None):
        placement = new.get((r, c))
        if placement is not None:
            letters.append(tile_text(placement.letter, placement.blank, lang))
        elif board[(r, c)] is not None:
            letters.append(THROUGH)
        else:
            break
        r, c = r + dr, c + dc
    return f"{format_position(Position(start, direction))} {''.join(letters)}"


__all__ = [
    "BAD_LETTER",
    "BAD_MOVE",
    "BAD_POSITION",
    "BAD_SQUARE",
    "BAD_WORD",
    "NO_NEW_TILES",
    "NO_TILE_THERE",
    "OFF_BOARD",
    "THROUGH",
    "TILE_MISMATCH",
    "NotationError",
    "Position",
    "WordCell",
    "format_move",
    "format_position",
    "format_square_name",
    "main_direction",
    "parse_move",
    "parse_position",
    "parse_square_name",
    "parse_word",
    "placements_from_word",
    "tile_text",
]
