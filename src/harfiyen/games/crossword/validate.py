"""Checking a placement: the tiles, the geometry, then the words.

The checks run from the most basic to the most specific, so that the first
refusal a player sees is the one that helps most: an empty move, squares off
the board, bad letters, two tiles on one square, occupied squares, tiles not
in one line, gaps, the first-move rules, the connection to the board, and only
then the words against the lexicon (all unknown words listed at once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.games.crossword.board import (
    Board,
    Direction,
    FormedWord,
    Placement,
    in_bounds,
    line_direction,
    words_formed,
)
from harfiyen.games.crossword.rules import BLANK, CENTER, RuleSet, Square, square_name
from harfiyen.lexicon.normalize import ALPHABETS


class WordList(Protocol):
    """What the engine needs of a lexicon: membership of upper-case words."""

    def __contains__(self, word: str, /) -> bool: ...


def name(square: Square) -> str:
    """A square's name for messages (``H8``); raw coordinates when off the board."""
    row, col = square
    if 0 <= col < 26 and row >= 0:
        return square_name(square)
    return f"({row},{col})"


def _names(squares: Iterable[Square]) -> list[str]:
    return [name(sq) for sq in sorted(set(squares))]


def rack_tile(placement: Placement) -> str:
    """The rack tile a placement uses: its letter, or ``?`` for a blank."""
    return BLANK if placement.blank else placement.letter


def take_tiles(rack: Sequence[str], tiles: Iterable[str]) -> tuple[str, ...]:
    """``rack`` without ``tiles`` (first occurrences, order kept).

    Raises ``tile_not_on_rack`` listing every missing tile.
    """
    remaining = list(rack)
    missing: list[str] = []
    for tile in tiles:
        if tile in remaining:
            remaining.remove(tile)
        else:
            missing.append(tile)
    if missing:
        raise crossword_errors.fail(crossword_errors.TILE_NOT_ON_RACK, tiles=missing,
                                    rack="".join(rack))
    return tuple(remaining)


def check_rack(rack: Sequence[str], placements: Sequence[Placement]) -> tuple[str, ...]:
    """The rack left after ``placements``; raises ``tile_not_on_rack`` if a tile is missing."""
    return take_tiles(rack, (rack_tile(p) for p in placements))


def check_tiles(placements: Sequence[Placement], rules: RuleSet) -> None:
    """Squares on the board, letters of the game's alphabet, blanks with a letter."""
    if not placements:
        raise crossword_errors.fail(crossword_errors.EMPTY_MOVE)
    off = [p.square for p in placements if not in_bounds(p.square)]
    if off:
        raise crossword_errors.fail(crossword_errors.OFF_BOARD, squares=_names(off))
    alphabet = ALPHABETS[rules.language]
    for p in placements:
        if p.letter in ("", BLANK):
            raise crossword_errors.fail(crossword_errors.BLANK_NEEDS_LETTER, square=name(p.square))
        if len(p.letter) != 1 or p.letter not in alphabet:
            raise crossword_errors.fail(crossword_errors.BAD_LETTER, square=name(p.square),
                                        letter=p.letter)
    counts = Counter(p.square for p in placements)
    doubled = [sq for sq, n in counts.items() if n > 1]
    if doubled:
        raise crossword_errors.fail(crossword_errors.DUPLICATE_SQUARE, squares=_names(doubled))


def check_geometry(board: Board, placements: Sequence[Placement]) -> Direction:
    """Empty squares, one line, no gaps, the first-move rules, connection.

    Returns the line's direction (``ACROSS`` for a single tile).
    """
    taken = [p.square for p in placements if board[p.square] is not None]
    if taken:
        raise crossword_errors.fail(crossword_errors.SQUARE_OCCUPIED, squares=_names(taken))
    squares = [p.square for p in placements]
    direction = line_direction(placements)
    if direction is None:
        raise crossword_errors.fail(crossword_errors.NOT_IN_LINE, squares=_names(squares))
    first, last = min(squares), max(squares)
    dr, dc = direction.step
    new = set(squares)
    gaps: list[Square] = []
    r, c = first
    while (r, c) <= last:
        if (r, c) not in new and board[(r, c)] is None:
            gaps.append((r, c))
        r, c = r + dr, c + dc
    if gaps:
        raise crossword_errors.fail(crossword_errors.GAP_IN_WORD, squares=_names(gaps))
    if board.is_empty():
        if CENTER not in new:
            raise crossword_errors.fail(crossword_errors.FIRST_MOVE_OFF_CENTRE, centre=name(CENTER))
        if len(placements) < 2:
            raise crossword_errors.fail(crossword_errors.FIRST_WORD_TOO_SHORT)
    elif not any(board.has_neighbour(sq) for sq in squares):
        raise crossword_errors.fail(crossword_errors.NOT_CONNECTED, squares=_names(squares))
    return direction


def check_words(words: Sequence[FormedWord], lexicon: WordList) -> None:
    """Every formed word in ``lexicon``; raises ``unknown_words`` listing all the others."""
    unknown = unknown_words(words, lexicon)
    if unknown:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_WORDS, words=unknown)


def unknown_words(words: Sequence[FormedWord], lexicon: WordList) -> list[str]:
    """The texts of ``words`` that ``lexicon`` does not hold, without repeats, in order."""
    out: list[str] = []
    for word in words:
        if word.text not in lexicon and word.text not in out:
            out.append(word.text)
    return out


def check_play(
    board: Board,
    placements: Sequence[Placement],
    rules: RuleSet,
    lexicon: WordList | None = None,
) -> list[FormedWord]:
    """The words ``placements`` form on ``board`` (main word first), or a refusal.

    Raises :class:`~harfiyen.games.crossword.errors.CrosswordError`. With
    ``lexicon`` ``None`` the words are not looked up (geometry only). The rack
    is checked separately (:func:`check_rack`).
    """
    check_tiles(placements, rules)
    check_geometry(board, placements)
    words = words_formed(board, placements)
    if not words:
        raise crossword_errors.fail(crossword_errors.NO_WORD_FORMED,
                                    squares=_names(p.square for p in placements))
    if lexicon is not None:
        check_words(words, lexicon)
    return words


__all__ = [
    "WordList", "check_geometry", "check_play", "check_rack", "check_tiles", "check_words",
    "name", "rack_tile", "take_tiles", "unknown_words",
]
