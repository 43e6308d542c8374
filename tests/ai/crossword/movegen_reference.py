"""A deliberately simple legal-play enumerator: the reference for the fast generator.

It shares nothing with the generator but the board, the engine's checks and the
scoring. For every lane (row or column) and every span of squares in it with
empty squares (or the edge) at both ends, it spells every string the span can
hold: board letters where tiles are, every rack tile (a blank as every letter)
on the empty squares. Strings that are not a prefix of any lexicon word, and
letters whose cross word is not a word, are dropped as soon as they are spelled
(a plain set of prefixes, a plain walk to the neighbouring tiles); complete words are
checked with the engine's ``check_play`` (geometry, connection, first move, all
words formed in the lexicon) and scored with ``score_move``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.rules import BLANK, CENTER, SIZE, RuleSet, Square
from harfiyen.games.crossword.scoring import score_move
from harfiyen.games.crossword.validate import check_play

#: A play as the tests compare it: its new tiles (square, letter, blank) and score.
PlayKey = tuple[frozenset[tuple[Square, str, bool]], int]


class WordIndex:
    """A word set and the set of all its words' prefixes."""

    def __init__(self, words: Iterable[str], alphabet: str) -> None:
        self.words = set(words)
        self.alphabet = alphabet
        self.prefixes = {word[:i] for word in self.words for i in range(1, len(word) + 1)}

    def __contains__(self, word: object) -> bool:
        return word in self.words


def reference_plays(
    board: Board,
    rack: str,
    rules: RuleSet,
    index: WordIndex,
    bonus_square: Square | None = None,
) -> set[PlayKey]:
    """Every legal play of ``rack`` on ``board`` with its score (see the module docstring)."""
    found: set[PlayKey] = set()
    prefixes = index.prefixes

    def neighbours(square: Square, across: bool) -> tuple[str, str] | None:
        """The tiles before and after ``square`` across the lane, if any touch it."""
        dr, dc = (1, 0) if across else (0, 1)
        before = after = ""
        r, c = square[0] - dr, square[1] - dc
        while r >= 0 and c >= 0 and (tile := board[(r, c)]) is not None:
            before = tile.letter + before
            r, c = r - dr, c - dc
        r, c = square[0] + dr, square[1] + dc
        while r < SIZE and c < SIZE and (tile := board[(r, c)]) is not None:
            after += tile.letter
            r, c = r + dr, c + dc
        return (before, after) if before or after else None

    def spell(
        span: list[Square],
        across: bool,
        k: int,
        text: str,
        new: list[Placement],
        left: Counter[str],
    ) -> None:
        if k == len(span):
            if text in index.words and new:
                try:
                    check_play(board, new, rules, index)
                except GameError:
                    return
                score = score_move(board, new, rules, bonus_square).total
                found.add((frozenset((p.square, p.letter, p.blank) for p in new), score))
            return
        tile = board[span[k]]
        if tile is not None:
            if text + tile.letter in prefixes:
                spell(span, across, k + 1, text + tile.letter, new, left)
            return
        cross = neighbours(span[k], across)
        for rack_tile in [t for t, n in left.items() if n > 0]:
            letters = index.alphabet if rack_tile == BLANK else rack_tile
            left[rack_tile] -= 1
            for letter in letters:
                # Drop a letter early when its cross word is not a word (check_play
                # still checks every word of the finished play).
                if cross is not None and cross[0] + letter + cross[1] not in index.words:
                    continue
                if text + letter in prefixes:
                    new.append(Placement(span[k], letter, rack_tile == BLANK))
                    spell(span, across, k + 1, text + letter, new, left)
                    new.pop()
            left[rack_tile] += 1

    empty_board = board.is_empty()

    def may_connect(span: list[Square]) -> bool:
        # A shortcut only: check_play decides. Saves spelling spans that touch nothing.
        if empty_board:
            return CENTER in span
        return any(board[sq] is not None or board.has_neighbour(sq) for sq in span)

    for across in (True, False):
        for lane in range(SIZE):
            squares = [(lane, i) if across else (i, lane) for i in range(SIZE)]
            for start in range(SIZE):
                if start > 0 and board[squares[start - 1]] is not None:
                    continue
                for end in range(start + 1, SIZE):
                    if end + 1 < SIZE and board[squares[end + 1]] is not None:
                        continue
                    span = squares[start : end + 1]
                    empties = sum(board[sq] is None for sq in span)
                    if 1 <= empties <= len(rack) and may_connect(span):
                        spell(span, across, 0, "", [], Counter(rack))
    return found
