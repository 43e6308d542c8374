"""A deliberately simple legal-play finder for small lexicons (a test reference).

For each lexicon word, each direction and each start square it asks: does
the word fit the board (matching the tiles already there, with empty squares
just before and after it), does it use at least one rack tile, does it cover
the centre on the first move or touch the board later, and are all cross
words in the lexicon? Rack tiles are used letter first, blank second (it does
not enumerate every way to use a blank). It is slow but easy to trust, so it
drives random games in the property tests and will be the reference for the
fast move generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from harfiyen.games.crossword.board import (
    Board,
    Direction,
    Placement,
    Tile,
    in_bounds,
    word_through,
)
from harfiyen.games.crossword.moves import Play
from harfiyen.games.crossword.rules import BLANK, CENTER, SIZE, Square

_STEP = {d: d.step for d in Direction}


def fit(
    board: Board,
    rack: Sequence[str],
    lexicon: set[str] | frozenset[str],
    word: str,
    start: Square,
    direction: Direction,
) -> Play | None:
    """The play that lays ``word`` from ``start`` along ``direction``, if legal."""
    dr, dc = _STEP[direction]
    r, c = start
    n = len(word)
    er, ec = r + dr * (n - 1), c + dc * (n - 1)
    if not (in_bounds(start) and in_bounds((er, ec))):
        return None
    cells = board.cells
    # The word must be maximal: empty (or off-board) squares just before and after it.
    if r - dr >= 0 and c - dc >= 0 and cells[(r - dr) * SIZE + c - dc] is not None:
        return None
    if er + dr < SIZE and ec + dc < SIZE and cells[(er + dr) * SIZE + ec + dc] is not None:
        return None
    index, step = r * SIZE + c, dr * SIZE + dc
    empty: list[int] = []
    for i, letter in enumerate(word):
        tile = cells[index + i * step]
        if tile is None:
            empty.append(i)
        elif tile.letter != letter:
            return None
    if not empty:
        return None
    left = Counter(rack)
    placements: list[Placement] = []
    for i in empty:
        letter = word[i]
        square = (r + dr * i, c + dc * i)
        if left[letter] > 0:
            left[letter] -= 1
            placements.append(Placement(square, letter))
        elif left[BLANK] > 0:
            left[BLANK] -= 1
            placements.append(Placement(square, letter, blank=True))
        else:
            return None
    if board.is_empty():
        if CENTER not in {p.square for p in placements}:
            return None
    elif len(empty) == n and not any(board.has_neighbour(p.square) for p in placements):
        return None
    new: dict[Square, Tile] = {p.square: p.tile for p in placements}
    for p in placements:
        cross = word_through(board, new, p.square, direction.other)
        if cross is not None and cross.text not in lexicon:
            return None
    return Play(tuple(placements))


def anchors(board: Board) -> list[Square]:
    """Empty squares next to a tile (the centre on an empty board): every play covers one."""
    if board.is_empty():
        return [CENTER]
    return [
        (r, c) for r in range(SIZE) for c in range(SIZE)
        if board[(r, c)] is None and board.has_neighbour((r, c))
    ]


def could_spell(word: str, rack: Counter[str], board_letters: set[str]) -> bool:
    """A cheap necessary condition: letters the rack lacks are blanks or on the board."""
    missing = Counter(word)
    missing.subtract(rack)
    short = sum(n for n in missing.values() if n > 0)
    if short == 0:
        return True
    if short >= len(word):
        return False
    uncovered = [letter for letter, n in missing.items() if n > 0 and letter not in board_letters]
    return sum(missing[letter] for letter in uncovered) <= rack[BLANK]


def find_plays(
    board: Board,
    rack: Sequence[str],
    words: Iterable[str],
    rng: random.Random | None = None,
    budget: int | None = None,
) -> Iterator[Play]:
    """Every legal play of ``rack`` on ``board`` (lazily; in random order with ``rng``).

    A play appears once per word and position (a blank used differently is
    not explored). Positions are those whose span covers an anchor square.
    ``budget`` caps the positions tried (for fast random games; ``None``:
    complete).
    """
    lexicon = frozenset(words)
    rack_counts = Counter(rack)
    board_letters = {tile.letter for _, tile in board.occupied()}
    word_list = sorted(
        w for w in lexicon if len(w) >= 2 and could_spell(w, rack_counts, board_letters)
    )
    if rng is not None:
        rng.shuffle(word_list)
    squares = anchors(board)
    directions = (Direction.ACROSS, Direction.DOWN)
    for word in word_list:
        starts: set[tuple[int, int, int]] = set()
        for r, c in squares:
            for d, (dr, dc) in enumerate((Direction.ACROSS.step, Direction.DOWN.step)):
                for i in range(len(word)):
                    if r - dr * i >= 0 and c - dc * i >= 0:
                        starts.add((r - dr * i, c - dc * i, d))
        ordered = sorted(starts)
        if rng is not None:
            rng.shuffle(ordered)
        for r, c, d in ordered:
            if budget is not None:
                budget -= 1
                if budget < 0:
                    return
            play = fit(board, rack, lexicon, word, (r, c), directions[d])
            if play is not None:
                yield play


def first_play(
    board: Board,
    rack: Sequence[str],
    words: Iterable[str],
    rng: random.Random | None = None,
    budget: int | None = None,
) -> Play | None:
    """The first play :func:`find_plays` finds, or ``None``."""
    return next(find_plays(board, rack, words, rng, budget), None)
