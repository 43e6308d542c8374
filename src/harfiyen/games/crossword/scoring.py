"""Scoring a placement, with a breakdown a player can read.

Rules (RULES.md, seed 001): sum the letter values of each word, applying the
letter premiums under this move's new tiles; multiply by the word premiums
under new tiles (several multiply together); add up all words formed; then
add the move's fixed bonuses (★25 once, the all-tiles bonus). A blank is worth
0 everywhere but still triggers the word premium under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from harfiyen.core.wire import Codec, codec_of
from harfiyen.games.crossword.board import Board, FormedWord, Placement, words_formed
from harfiyen.games.crossword.rules import (
    SQUARES,
    Premium,
    RuleSet,
    Square,
    parse_square,
    square_name,
)

# A word's premiums are written as ``[{"square": "H8", "premium": "K2"}, ...]``.
_PREMIUMS = Codec(
    lambda pairs: [{"square": square_name(sq), "premium": p.value} for sq, p in pairs],
    lambda items: tuple((parse_square(i["square"]), Premium(i["premium"])) for i in items),
)


@dataclass(frozen=True, slots=True)
class WordScore:
    """One word's score: letters after letter premiums, times the word multiplier."""

    word: str
    squares: tuple[Square, ...] = field(metadata=codec_of(SQUARES))
    letter_sum: int
    word_multiplier: int
    score: int
    premiums: tuple[tuple[Square, Premium], ...] = field(metadata=codec_of(_PREMIUMS))


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Every part of a move's score; ``total`` is what the player gains."""

    words: tuple[WordScore, ...]
    bingo: int
    bonus_square: int

    @property
    def total(self) -> int:
        return sum(w.score for w in self.words) + self.bingo + self.bonus_square

    def wire_extras(self) -> dict[str, Any]:
        return {"total": self.total}


def score_word(word: FormedWord, rules: RuleSet) -> WordScore:
    """Score one formed word; premiums count only under this move's new tiles."""
    letter_sum = 0
    multiplier = 1
    used: list[tuple[Square, Premium]] = []
    for square, tile, is_new in zip(word.squares, word.tiles, word.new, strict=True):
        value = 0 if tile.blank else rules.tiles.values[tile.letter]
        premium = rules.layout.get(square) if is_new else None
        if premium is not None:
            used.append((square, premium))
            value *= premium.letter_multiplier
            multiplier *= premium.word_multiplier
        letter_sum += value
    return WordScore(
        word.text, word.squares, letter_sum, multiplier, letter_sum * multiplier, tuple(used)
    )


def score_words(
    words: Sequence[FormedWord],
    placements: Sequence[Placement],
    rules: RuleSet,
    bonus_square: Square | None = None,
) -> ScoreBreakdown:
    """Score already-computed ``words``; ``bonus_square`` is the unused ★25 square, if any."""
    bingo = rules.bingo_bonus if len(placements) >= rules.bingo_min_tiles else 0
    on_bonus = bonus_square is not None and any(p.square == bonus_square for p in placements)
    return ScoreBreakdown(
        tuple(score_word(w, rules) for w in words),
        bingo,
        rules.bonus_square_points if on_bonus else 0,
    )


def score_move(
    board: Board,
    placements: Sequence[Placement],
    rules: RuleSet,
    bonus_square: Square | None = None,
) -> ScoreBreakdown:
    """Score ``placements`` on ``board`` (geometry assumed valid: see ``validate``)."""
    return score_words(words_formed(board, placements), placements, rules, bonus_square)
