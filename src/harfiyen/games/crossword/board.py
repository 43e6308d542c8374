"""The board: an immutable 15×15 grid of tiles, and the words a placement forms."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum

from harfiyen.core.wire import codec_of
from harfiyen.games.crossword.rules import CENTER, SIZE, SQUARE, Square


class Direction(Enum):
    ACROSS = (0, 1)
    DOWN = (1, 0)

    @property
    def step(self) -> tuple[int, int]:
        return self.value

    @property
    def other(self) -> Direction:
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile on the board: its upper-case letter, and whether it is a blank."""

    letter: str
    blank: bool = False


@dataclass(frozen=True, slots=True)
class Placement:
    """One new tile of a move: where it goes and what it shows."""

    square: Square = field(metadata=codec_of(SQUARE))
    letter: str
    blank: bool = False

    @property
    def tile(self) -> Tile:
        return Tile(self.letter, self.blank)


@dataclass(frozen=True, slots=True)
class FormedWord:
    """A word of at least two letters that a move forms, new tiles included.

    ``squares`` run in reading order; ``new`` flags the squares filled this move.
    """

    squares: tuple[Square, ...]
    tiles: tuple[Tile, ...]
    new: tuple[bool, ...]
    direction: Direction

    @property
    def text(self) -> str:
        return "".join(t.letter for t in self.tiles)


def in_bounds(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable board; ``cells`` is row-major, ``None`` for an empty square."""

    cells: tuple[Tile | None, ...] = (None,) * (SIZE * SIZE)

    def __getitem__(self, square: Square) -> Tile | None:
        return self.cells[square[0] * SIZE + square[1]]

    def is_empty(self) -> bool:
        return all(cell is None for cell in self.cells)

    def tile_count(self) -> int:
        return sum(cell is not None for cell in self.cells)

    def occupied(self) -> Iterator[tuple[Square, Tile]]:
        for index, cell in enumerate(self.cells):
            if cell is not None:
                yield (index // SIZE, index % SIZE), cell

    def with_tiles(self, placements: Sequence[Placement]) -> Board:
        """A new board with ``placements`` added (squares must be empty)."""
        cells = list(self.cells)
        for p in placements:
            cells[p.square[0] * SIZE + p.square[1]] = p.tile
        return Board(tuple(cells))

    def has_neighbour(self, square: Square) -> bool:
        """True when a tile lies orthogonally next to ``square``."""
        r, c = square
        return any(
            in_bounds(n) and self[n] is not None
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        )


def word_through(
    board: Board, new: dict[Square, Tile], start: Square, direction: Direction
) -> FormedWord | None:
    """The maximal run of tiles through ``start`` along ``direction``.

    ``new`` holds this move's tiles (not yet on ``board``). Returns ``None``
    when the run is a single tile.
    """
    dr, dc = direction.step

    def tile_at(sq: Square) -> Tile | None:
        return new.get(sq) or (board[sq] if in_bounds(sq) else None)

    r, c = start
    while in_bounds((r - dr, c - dc)) and tile_at((r - dr, c - dc)) is not None:
        r, c = r - dr, c - dc
    squares: list[Square] = []
    tiles: list[Tile] = []
    while in_bounds((r, c)):
        tile = tile_at((r, c))
        if tile is None:
            break
        squares.append((r, c))
        tiles.append(tile)
        r, c = r + dr, c + dc
    if len(squares) < 2:
        return None
    return FormedWord(tuple(squares), tuple(tiles), tuple(sq in new for sq in squares), direction)


def line_direction(placements: Sequence[Placement]) -> Direction | None:
    """The direction of a placement's line; ``None`` if not in one line.

    A single tile reports ``ACROSS``; ``words_formed`` treats single tiles apart.
    """
    rows = {p.square[0] for p in placements}
    cols = {p.square[1] for p in placements}
    if len(rows) == 1:
        return Direction.ACROSS
    if len(cols) == 1:
        return Direction.DOWN
    return None


def words_formed(board: Board, placements: Sequence[Placement]) -> list[FormedWord]:
    """Every word of two or more letters that ``placements`` form: the main word first.

    Assumes the placements lie in one line on empty squares (``validate``
    checks that first). For a single tile the main word is the across word if
    there is one, else the down word.
    """
    new = {p.square: p.tile for p in placements}
    direction = line_direction(placements)
    if direction is None:
        raise ValueError("placements are not in one line")
    if len(placements) == 1:
        across = word_through(board, new, placements[0].square, Direction.ACROSS)
        down = word_through(board, new, placements[0].square, Direction.DOWN)
        return [w for w in (across, down) if w is not None]
    words: list[FormedWord] = []
    main = word_through(board, new, placements[0].square, direction)
    if main is not None:
        words.append(main)
    for p in sorted(placements, key=lambda p: p.square):
        cross = word_through(board, new, p.square, direction.other)
        if cross is not None:
            words.append(cross)
    return words


__all__ = [
    "CENTER",
    "Board",
    "Direction",
    "FormedWord",
    "Placement",
    "Tile",
    "in_bounds",
    "line_direction",
    "word_through",
    "words_formed",
]
