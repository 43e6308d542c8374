"""The move generator agrees exactly with a brute-force reference (moves and scores).

Every test that generates runs twice (the ``compiled`` fixture of ``conftest.py``):
with the compiled core and with the pure-Python search.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from harfiyen.ai.crossword.movegen import GeneratedPlay, MoveGenerator, generate_moves
from harfiyen.games.crossword.board import Board, Placement, Tile
from harfiyen.games.crossword.notation.coords import parse_position, placements_from_word
from harfiyen.games.crossword.rules import BLANK, RuleSet, Square, ruleset
from harfiyen.games.crossword.scoring import score_move
from harfiyen.lexicon.gaddag import build_gaddag, decode, encode
from harfiyen.lexicon.lexicon import Lexicon, load

sys.path.insert(0, str(Path(__file__).parent))
from movegen_reference import PlayKey, WordIndex, reference_plays

# Positions compared with the brute-force reference per language: 120 in the default run
# (about 10 s each under load); HARFIYEN_MOVEGEN_POSITIONS=2000 for a deep run.
POSITIONS_PER_LANGUAGE = int(os.environ.get("HARFIYEN_MOVEGEN_POSITIONS", "120"))
LEXICONS = {"tr": "TR-1", "en": "ENABLE-1"}


@dataclass
class Setup:
    lexicon: Lexicon
    rules: RuleSet
    generator: MoveGenerator
    index: WordIndex


_SETUPS: dict[tuple[str, bool], Setup] = {}
_INDEXES: dict[str, WordIndex] = {}


def setup_for(lang: str, compiled: bool) -> Setup:
    if (lang, compiled) not in _SETUPS:
        lexicon = load(LEXICONS[lang])
        rules = ruleset(lang)
        if lang not in _INDEXES:
            _INDEXES[lang] = WordIndex(lexicon.words(), lexicon.alphabet)
        generator = MoveGenerator(lexicon, rules, compiled=compiled)
        assert generator.compiled == compiled
        _SETUPS[lang, compiled] = Setup(lexicon, rules, generator, _INDEXES[lang])
    return _SETUPS[lang, compiled]


def keys(moves: list[GeneratedPlay]) -> set[PlayKey]:
    return {
        (frozenset((p.square, p.letter, p.blank) for p in m.placements), m.score) for m in moves
    }


def random_rack(rng: random.Random, rules: RuleSet, n: int) -> str:
    """Small racks keep the reference fast: half without blanks, 2/5 one, 1/10 two."""
    letters = [t for t in rules.tiles.bag() if t != BLANK]
    kind = n % 10
    if kind < 5:
        return "".join(rng.sample(letters, rng.randrange(1, 6)))
    if kind < 9:
        return "".join(rng.sample(letters, rng.randrange(1, 3))) + BLANK
    return "".join(rng.sample(letters, rng.randrange(0, 2))) + BLANK * 2


def positions(
    lang: str, seed: int, count: int, compiled: bool
) -> Iterator[tuple[Board, str, Square | None]]:
    """Boards from short random games (first moves included), each with a random rack."""
    setup = setup_for(lang, compiled)
    gen, rules = setup.generator, setup.rules
    rng = random.Random(seed)
    bag = list(rules.tiles.bag())
    produced = 0
    while produced < count:
        board = Board()
        scratch = gen.scratch(board)
        bonus = (rng.randrange(15), rng.randrange(15)) if rules.bonus_square_points else None
        for _ in range(rng.randrange(2, 12)):
            yield board, random_rack(rng, rules, produced), bonus
            produced += 1
            if produced >= count:
                return
            moves = gen.best(scratch, "".join(rng.sample(bag, 7)), 12, bonus)
            if not moves:
                continue
            move = rng.choice(moves)
            board = board.with_tiles(move.placements)
            gen.play(scratch, move)
            # The incremental update matches a scratch board built from nothing.
            fresh = gen.scratch(board)
            for name in ("fixed", "fixed_value", "cross", "cross_sum", "anchor", "tiles"):
                assert getattr(scratch, name) == getattr(fresh, name), name


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_agrees_with_brute_force(lang: str, compiled: bool) -> None:
    setup = setup_for(lang, compiled)
    gen = setup.generator
    first_moves = blank_racks = compared = 0
    count = POSITIONS_PER_LANGUAGE
    for board, rack, bonus in positions(lang, seed=2024, count=count, compiled=compiled):
        moves = gen.moves(gen.scratch(board), rack, bonus)
        expected = reference_plays(board, rack, setup.rules, setup.index, bonus)
        got = keys(moves)
        assert len(got) == len(moves), "a play was generated twice"
        assert got == expected, (rack, sorted(got - expected)[:3], sorted(expected - got)[:3])
        best = gen.best(gen.scratch(board), rack, 3, bonus)
        assert [m.score for m in best] == [m.score for m in moves[:3]]
        compared += 1
        first_moves += board.is_empty()
        blank_racks += BLANK in rack
    assert compared == count
    assert first_moves >= count // 15 and blank_racks >= count * 2 // 5


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_midgame_full_racks_and_notation(lang: str, compiled: bool) -> None:
    """Full 7-tile racks on fuller boards: scores equal score_move, GCG reads back."""
    setup = setup_for(lang, compiled)
    gen, rules = setup.generator, setup.rules
    rng = random.Random(7)
    bag = list(rules.tiles.bag())
    board = Board()
    scratch = gen.scratch(board)
    for _ in range(14):
        rack = "".join(rng.sample(bag, 7))
        moves = gen.moves(scratch, rack)
        for move in moves[:: max(1, len(moves) // 25)]:
            assert score_move(board, move.placements, rules).total == move.score
            position = parse_position(move.position)
            back = placements_from_word(board, position, move.word, rules.language)
            assert set(back) == set(move.placements)
            assert sorted(move.tiles) == sorted(
                BLANK if p.blank else p.letter for p in move.placements
            )
        best = gen.best(scratch, rack, 5)
        assert [m.score for m in best] == [m.score for m in moves[:5]]
        if moves:
            move = moves[rng.randrange(min(10, len(moves)))]
            board = board.with_tiles(move.placements)
            gen.play(scratch, move)


def test_single_tile_forming_two_words_is_generated_once_and_written_across(
    compiled: bool,
) -> None:
    lexicon = Lexicon.from_words("demo", "en", ["AT", "TA"])
    rules = ruleset("en")
    board = Board().with_tiles([Placement((7, 7), "A"), Placement((8, 8), "A")])
    moves = generate_moves(board, "T", rules, lexicon, compiled=compiled)
    both = [m for m in moves if m.placements == (Placement((8, 7), "T"),)]
    assert [(m.gcg, m.score) for m in both] == [("9H T.", 4)]
    assert len({m.placements for m in moves}) == len(moves)


def test_blank_on_board_scores_zero_and_is_written_with_a_dot(compiled: bool) -> None:
    lexicon = Lexicon.from_words("demo", "en", ["CAT", "CATS"])
    rules = ruleset("en")
    board = Board().with_tiles(
        [Placement((7, 6), "C"), Placement((7, 7), "A", blank=True), Placement((7, 8), "T")]
    )
    moves = generate_moves(board, "S", rules, lexicon, compiled=compiled)
    assert [(m.gcg, m.score) for m in moves] == [("8G ...S", 3 + 0 + 1 + 1)]
    assert board[(7, 7)] == Tile("A", True)


def test_gaddag_cache_round_trip() -> None:
    lexicon = Lexicon.from_words("demo", "tr", ["KALEM", "KAL", "İĞNE", "KALE"])
    built = build_gaddag(lexicon)
    data = encode(built, None, 123)
    again = decode(data, lexicon.automaton, None, 123)
    assert again.nodes == built.nodes
    with pytest.raises(ValueError):
        decode(data, lexicon.automaton, None, 124)
    with pytest.raises(ValueError):
        decode(data[:-4] + b"\0\0\0\1", lexicon.automaton, None, 123)


def test_rack_with_unknown_letter_is_refused(compiled: bool) -> None:
    lexicon = Lexicon.from_words("demo", "en", ["AT"])
    with pytest.raises(ValueError):
        generate_moves(Board(), "A1", ruleset("en"), lexicon, compiled=compiled)
