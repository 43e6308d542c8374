"""The compiled move-generation core against the pure-Python search, move for move.

Random positions of both rule sets (short seeded games, sometimes with stray tiles
that spell non-words), random racks with zero to two blanks and a random ★25 square:
both searches must return the same records (plays, scores, order), the same best
plays, and the compiled anchor bounds must equal ``bounds.py``'s.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.ai.crossword import movegen
from harfiyen.ai.crossword.bounds import anchor_bounds
from harfiyen.ai.crossword.movegen import PURE_ENV, MoveGenerator, compiled_available
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.rules import BLANK, SIZE, ruleset
from harfiyen.lexicon.lexicon import Lexicon, load

LEXICONS = {"tr": "TR-1", "en": "ENABLE-1"}
_PAIRS: dict[str, tuple[MoveGenerator, MoveGenerator]] = {}

# As the ``compiled`` fixture of conftest.py: CI requires the extension.
needs_compiled = pytest.mark.skipif(
    not compiled_available()
    and os.environ.get("HARFIYEN_REQUIRE_COMPILED_MOVEGEN", "") in ("", "0"),
    reason="the compiled move generator is not built",
)


def pair(lang: str) -> tuple[MoveGenerator, MoveGenerator]:
    """(compiled, pure) generators of ``lang``'s default lexicon."""
    if lang not in _PAIRS:
        lexicon, rules = load(LEXICONS[lang]), ruleset(lang)
        _PAIRS[lang] = (
            MoveGenerator(lexicon, rules, compiled=True),
            MoveGenerator(lexicon, rules, compiled=False),
        )
    return _PAIRS[lang]


def game_board(lang: str, seed: int, moves: int, stray: int) -> Board:
    """The board after ``moves`` random good plays, then ``stray`` random tiles.

    The plays come from the compiled generator (the fast one; the boards only have to
    be varied) with racks drawn from the bag without its blanks.
    """
    fast, _ = pair(lang)
    rules = ruleset(lang)
    rng = random.Random(seed)
    letters = [t for t in rules.tiles.bag() if t != BLANK]
    board = Board()
    scratch = fast.scratch(board)
    for _ in range(moves):
        found = fast.best(scratch, "".join(rng.sample(letters, 7)), 8)
        if found:
            move = rng.choice(found)
            board = board.with_tiles(move.placements)
            fast.play(scratch, move)
    for _ in range(stray):
        square = (rng.randrange(SIZE), rng.randrange(SIZE))
        if board[square] is None:
            tile = Placement(square, rng.choice(letters), rng.random() < 0.2)
            board = board.with_tiles([tile])
    return board


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, Board, str, tuple[int, int] | None]:
    lang = draw(st.sampled_from(["tr", "en"]))
    rules = ruleset(lang)
    board = game_board(
        lang,
        draw(st.integers(0, 2**32 - 1)),
        draw(st.integers(0, 14)),
        draw(st.sampled_from([0, 0, 0, 2, 6])),
    )
    letters = sorted({t for t in rules.tiles.bag() if t != BLANK})
    # Two blanks with many letters take the pure search up to a second: keep those short.
    blanks = draw(st.integers(0, 2))
    tiles = draw(
        st.lists(st.sampled_from(letters), min_size=max(0, 1 - blanks), max_size=(7, 6, 3)[blanks])
    )
    rack = "".join(tiles) + BLANK * blanks
    bonus = None
    if rules.bonus_square_points and draw(st.booleans()):
        bonus = (draw(st.integers(0, SIZE - 1)), draw(st.integers(0, SIZE - 1)))
    return lang, board, rack, bonus


@needs_compiled
@given(positions())
def test_compiled_core_equals_the_pure_search(
    case: tuple[str, Board, str, tuple[int, int] | None],
) -> None:
    lang, board, rack, bonus = case
    fast, pure = pair(lang)
    scratch = pure.scratch(board)
    expected = pure.generate(scratch, rack, bonus)
    assert fast.generate(scratch, rack, bonus) == expected
    for n in (1, 4):
        assert fast.best_records(scratch, rack, n, bonus) == pure.best_records(
            scratch, rack, n, bonus
        )
    # The anchor bounds the compiled best-N search is ordered and pruned by.
    counts, blanks = pure._rack(rack)
    rules = pure.rules
    bounded = anchor_bounds(
        scratch, counts, blanks, pure._bonus_arrays(bonus), rules, pure._letter_mult,
        pure._word_mult,
    )
    points = rules.bonus_square_points if bonus is not None else 0
    row, col = bonus if bonus is not None and points else (-1, -1)
    assert fast._core is not None
    assert fast._core.bounds(
        scratch.fixed, scratch.fixed_value, scratch.cross_sum, scratch.anchor, counts, blanks,
        row, col, points,
    ) == sorted(bounded, reverse=True)


def test_environment_variable_selects_the_pure_search(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon.from_words("demo", "en", ["AT", "TA"])
    monkeypatch.setenv(PURE_ENV, "1")
    assert not MoveGenerator(lexicon, ruleset("en")).compiled
    monkeypatch.setenv(PURE_ENV, "0")
    assert MoveGenerator(lexicon, ruleset("en")).compiled == compiled_available()


def test_fallback_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon.from_words("demo", "en", ["AT", "TA"])
    monkeypatch.setattr(movegen, "_movegen", None)
    monkeypatch.delenv(PURE_ENV, raising=False)
    generator = MoveGenerator(lexicon, ruleset("en"))
    assert not generator.compiled
    board = Board().with_tiles([Placement((7, 7), "A")])
    found = {m.gcg for m in generator.moves(generator.scratch(board), "T")}
    assert found == {"8G T.", "8H .T", "H7 T.", "H8 .T"}
    with pytest.raises(RuntimeError):
        MoveGenerator(lexicon, ruleset("en"), compiled=True)


@needs_compiled
def test_threads_share_a_generator() -> None:
    """The core releases the GIL while it searches: threads get what one thread gets."""
    fast, _ = pair("en")
    rng = random.Random(3)
    board = game_board("en", 11, 8, 0)
    scratch = fast.scratch(board)
    letters = [t for t in ruleset("en").tiles.bag() if t != BLANK]
    racks = ["".join(rng.sample(letters, 6)) + BLANK for _ in range(16)]
    expected = [fast.generate(scratch, rack) for rack in racks]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            assert list(pool.map(lambda r: fast.generate(scratch, r), racks)) == expected
            assert list(pool.map(lambda r: fast.best_records(scratch, r, 3), racks)) == [
                fast.best_records(scratch, r, 3) for r in racks
            ]
