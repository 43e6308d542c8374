"""A mutable scratch board for move generation: letters, anchors and cross-checks per lane.

The generator works on *lanes*: the 15 rows (direction 0, across) and the 15
columns (direction 1, down). Every per-square array here exists once per
direction and is laid out lane by lane (``lane * 15 + position``), so a lane is a
contiguous slice whatever its direction.

For a direction ``D`` and an empty square:

* ``cross[D]`` is the bitmask of letters (bit ``s - 1`` for symbol ``s``) that may be
  placed there: the letters that make the perpendicular word a word, or every
  letter when no perpendicular tile touches the square;
* ``cross_sum[D]`` is the sum of the perpendicular word's existing tile values
  (blanks 0), or ``-1`` when there is no perpendicular word;
* ``anchor`` marks empty squares next to a tile (or the centre on an empty board).

:meth:`ScratchBoard.place` adds a move's tiles and recomputes only the squares
whose perpendicular runs the move changed (the squares at the ends of the runs
through each new tile); ``MoveGenerator.play`` calls it with a move's tiles.
"""

from __future__ import annotations

from collections.abc import Iterable

from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.rules import CENTER, SIZE, RuleSet
from harfiyen.lexicon.lexicon import Lexicon

ACROSS = 0
DOWN = 1
CELLS = SIZE * SIZE


def lane_index(direction: int, row: int, col: int) -> int:
    """Index of square ``(row, col)`` in the lane-major arrays of ``direction``."""
    return row * SIZE + col if direction == ACROSS else col * SIZE + row


class ScratchBoard:
    """Symbols, tile values, anchors and cross-checks of a position, kept up to date.

    Mutable scratch for the AI only: engines keep using the immutable ``Board``.
    """

    __slots__ = (
        "all_letters",
        "anchor",
        "cross",
        "cross_sum",
        "fixed",
        "fixed_value",
        "lexicon",
        "masks",
        "table",
        "tiles",
        "values",
    )

    def __init__(self, lexicon: Lexicon, rules: RuleSet, dawg_masks: list[int]) -> None:
        self.lexicon = lexicon
        automaton = lexicon.automaton
        self.table = automaton.table
        self.masks = dawg_masks
        size = len(lexicon.alphabet)
        self.all_letters = (1 << size) - 1
        values = [0] * (size + 1)
        for letter, value in rules.tiles.values.items():
            sym = lexicon.symbol(letter)
            if sym:
                values[sym] = value
        #: Tile value per symbol (index 0 unused).
        self.values = values
        #: Row-major symbols (0 empty) and tile values (blank 0), 225 each.
        self.tiles = [0] * CELLS
        vals = [0] * CELLS
        self.fixed_value = [vals, list(vals)]
        self.fixed = [[0] * CELLS, [0] * CELLS]
        self.cross = [[self.all_letters] * CELLS, [self.all_letters] * CELLS]
        self.cross_sum = [[-1] * CELLS, [-1] * CELLS]
        self.anchor = [[False] * CELLS, [False] * CELLS]
        self._set_anchor(CENTER[0], CENTER[1], True)

    # -- building ----------------------------------------------------------------

    @classmethod
    def from_board(
        cls, board: Board, lexicon: Lexicon, rules: RuleSet, dawg_masks: list[int]
    ) -> ScratchBoard:
        """A scratch board holding ``board``'s tiles, with every cross-check computed."""
        scratch = cls(lexicon, rules, dawg_masks)
        placed = [
            (sq[0], sq[1], lexicon.symbol(tile.letter), tile.blank)
            for sq, tile in board.occupied()
        ]
        scratch.place(placed)
        return scratch

    def copy(self) -> ScratchBoard:
        """A copy whose per-square arrays change independently of this board's.

        The automaton, the letter masks and the tile values are shared: they never change.
        """
        other = ScratchBoard.__new__(ScratchBoard)
        other.lexicon, other.table, other.masks = self.lexicon, self.table, self.masks
        other.all_letters, other.values = self.all_letters, self.values
        other.tiles = self.tiles[:]
        other.fixed = [self.fixed[0][:], self.fixed[1][:]]
        other.fixed_value = [self.fixed_value[0][:], self.fixed_value[1][:]]
        other.cross = [self.cross[0][:], self.cross[1][:]]
        other.cross_sum = [self.cross_sum[0][:], self.cross_sum[1][:]]
        other.anchor = [self.anchor[0][:], self.anchor[1][:]]
        return other

    def _set_anchor(self, row: int, col: int, value: bool) -> None:
        self.anchor[ACROSS][row * SIZE + col] = value
        self.anchor[DOWN][col * SIZE + row] = value

    def is_empty_board(self) -> bool:
        return not any(self.tiles)

    def place(self, tiles: Iterable[tuple[int, int, int, bool]]) -> None:
        """Add tiles ``(row, col, symbol, blank)`` and refresh what they change."""
        added = list(tiles)
        if not added:
            return
        was_empty = self.is_empty_board()
        grid = self.tiles
        for row, col, sym, blank in added:
            if not sym:
                raise ValueError(f"no symbol for the tile at {(row, col)}")
            grid[row * SIZE + col] = sym
            value = 0 if blank else self.values[sym]
            for d in (ACROSS, DOWN):
                at = lane_index(d, row, col)
                self.fixed[d][at] = sym
                self.fixed_value[d][at] = value
                self.cross[d][at] = 0
                self.cross_sum[d][at] = -1
        if was_empty:
            # The centre stops being the only anchor; it stays one if a tile touches it.
            self._set_anchor(CENTER[0], CENTER[1], False)
        for row, col, _, _ in added:
            self._set_anchor(row, col, False)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if 0 <= r < SIZE and 0 <= c < SIZE and not grid[r * SIZE + c]:
                    self._set_anchor(r, c, True)
        # Squares whose perpendicular run changed: the ends of the runs through new tiles.
        todo: set[tuple[int, int, int]] = set()
        for row, col, _, _ in added:
            # The vertical run through the tile sets the across cross-checks above/below it.
            for end in self._run_ends(row, col, 1, 0):
                todo.add((ACROSS, *end))
            for end in self._run_ends(row, col, 0, 1):
                todo.add((DOWN, *end))
        for d, r, c in todo:
            self._update_square(d, r, c)

    def _run_ends(self, row: int, col: int, dr: int, dc: int) -> list[tuple[int, int]]:
        """The empty squares just beyond both ends of the run through ``(row, col)``."""
        grid = self.tiles
        ends: list[tuple[int, int]] = []
        for sign in (-1, 1):
            r, c = row, col
            while 0 <= r < SIZE and 0 <= c < SIZE and grid[r * SIZE + c]:
                r, c = r + sign * dr, c + sign * dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                ends.append((r, c))
        return ends

    def _update_square(self, direction: int, row: int, col: int) -> None:
        """Recompute the cross-check and cross-sum of one empty square for ``direction``."""
        at = lane_index(direction, row, col)
        if self.tiles[row * SIZE + col]:
            return
        # Moves along ``direction`` are checked against the perpendicular word.
        dr, dc = (1, 0) if direction == ACROSS else (0, 1)
        grid = self.tiles
        before: list[int] = []
        r, c = row - dr, col - dc
        while r >= 0 and c >= 0 and grid[r * SIZE + c]:
            before.append(r * SIZE + c)
            r, c = r - dr, c - dc
        before.reverse()
        after: list[int] = []
        r, c = row + dr, col + dc
        while r < SIZE and c < SIZE and grid[r * SIZE + c]:
            after.append(r * SIZE + c)
            r, c = r + dr, c + dc
        if not before and not after:
            self.cross[direction][at] = self.all_letters
            self.cross_sum[direction][at] = -1
            return
        other = 1 - direction
        fixed_value = self.fixed_value[other]
        total = 0
        for idx in (*before, *after):
            total += fixed_value[lane_index(other, idx // SIZE, idx % SIZE)]
        self.cross_sum[direction][at] = total
        self.cross[direction][at] = self._allowed(
            [grid[i] for i in before], [grid[i] for i in after]
        )

    def _allowed(self, before: list[int], after: list[int]) -> int:
        """Letters ``s`` such that ``before + s + after`` is a word, as a bitmask."""
        table, stride = self.table, len(self.values)
        node = 0
        for sym in before:
            node = table[node + sym]
            if node < 0:
                return 0
        allowed = 0
        candidates = self.masks[node // stride]
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            sym = bit.bit_length()
            target = table[node + sym]
            for nxt in after:
                target = table[target + nxt]
                if target < 0:
                    break
            if target >= 0 and table[target] == 1:
                allowed |= bit
        return allowed
