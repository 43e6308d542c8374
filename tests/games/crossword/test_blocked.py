"""``blocked.has_valid_play`` agrees with the move generator: a rack has a valid play
exactly when the generator finds one (mid-game positions, small endgame racks, blanks)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from harfiyen.games.crossword.blocked import has_valid_play
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.notation.cgp import parse_cgp
from harfiyen.games.crossword.rules import ruleset
from harfiyen.lexicon.lexicon import load

POSITIONS = Path(__file__).resolve().parents[3] / "benchmarks" / "positions" / "en.cgp"


def test_empty_board_and_empty_rack() -> None:
    rules, lexicon = ruleset("en"), load("ENABLE-1")
    assert has_valid_play(Board(), list("AX"), rules, lexicon)  # AX through the centre
    assert not has_valid_play(Board(), list("QZ"), rules, lexicon)
    assert not has_valid_play(Board(), [], rules, lexicon)
    assert has_valid_play(Board(), list("X?"), rules, lexicon)  # AX, XI, ...
    assert not has_valid_play(Board(), list("Q?"), rules, lexicon)  # no QI in ENABLE


def test_a_single_tile_that_only_makes_a_cross_word_counts() -> None:
    rules, lexicon = ruleset("en"), load("ENABLE-1")
    board = Board().with_tiles([Placement((7, 7), "Q"), Placement((7, 8), "I")])
    # S under the I makes IS down; no word of one V fits anywhere.
    assert has_valid_play(board, ["S"], rules, lexicon)
    assert not has_valid_play(board, ["V"], rules, lexicon)


@pytest.mark.parametrize("line", POSITIONS.read_text(encoding="utf-8").splitlines()[:40:4])
def test_agrees_with_the_move_generator(line: str) -> None:
    from harfiyen.ai.crossword.movegen import MoveGenerator

    position = parse_cgp(line)
    rules, lexicon = ruleset("en"), load("ENABLE-1")
    generator = MoveGenerator(lexicon, rules)
    scratch = generator.scratch(position.board)
    rng = random.Random(line)
    racks = [position.racks[0], position.racks[1]]
    for _ in range(12):
        tiles = list(position.racks[0] + position.racks[1])
        racks.append("".join(rng.sample(tiles, rng.randint(1, 3))))
    racks += ["Q", "V", "?", "QV", "ZXJ"]
    for rack in racks:
        expected = bool(generator.moves(scratch, rack, None))
        assert has_valid_play(position.board, list(rack), rules, lexicon) == expected, rack
