"""The endgame solver agrees with a plain exhaustive minimax run through the engine.

The reference below knows nothing of the solver: it asks the move generator
for the plays of the side to move, adds a pass, applies each with the engine
(``apply``, so the end rules are the engine's own) and takes the best final
spread by plain minimax (with memoisation, no pruning).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.endgame import (
    EndgameResult,
    racks_from_view,
    solve,
    solve_view,
    to_engine_move,
)
from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.core.viewers import Seat, Spectator
from harfiyen.games.crossword import CrosswordConfig, GameState, Pass, Play, apply, new_game, view
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.lexicon.lexicon import Lexicon, load

LEXICONS = {"tr": "TR-1", "en": "ENABLE-1"}


@cache
def lexicon_for(lang: str) -> Lexicon:
    return load(LEXICONS[lang])


@cache
def generator_for(lang: str) -> MoveGenerator:
    return MoveGenerator(lexicon_for(lang), _config(lang).ruleset())


def _config(lang: str) -> CrosswordConfig:
    # Words are checked at submission in both (en's double challenge would leave
    # the last play pending; in an endgame nobody challenges a valid word).
    return CrosswordConfig("tr") if lang == "tr" else CrosswordConfig("en", challenge="void")


@cache
def played_out(lang: str, seed: int) -> GameState:
    """A seeded game played by the best-scoring move until the bag is empty."""
    gen = generator_for(lang)
    state = new_game(_config(lang), seed, lexicon_for(lang))
    while state.outcome is None and state.bag:
        best = gen.best(gen.scratch(state.board), state.racks[state.to_move], 1,
                        state.active_bonus_square)
        move = Play(best[0].placements) if best else Pass()
        state, _ = apply(state, state.to_move, move)
    assert state.outcome is None
    return state


def small_endgame(lang: str, seed: int, sizes: tuple[int, int]) -> GameState:
    """The played-out board with racks cut down to ``sizes`` tiles (random subsets)."""
    state = played_out(lang, seed)
    rng = random.Random(seed * 31 + sizes[0] * 7 + sizes[1])
    racks = tuple(
        tuple(rng.sample(rack, min(size, len(rack))))
        for rack, size in zip(state.racks, sizes, strict=True)
    )
    return replace(state, racks=racks)


def reference_value(state: GameState) -> int:
    """Final spread for the seat to move under best play, by plain minimax."""
    gen = generator_for(state.rules.family)
    me = state.to_move

    @cache
    def value(board: Board, racks: tuple[tuple[str, ...], ...], to_move: int,
              scoreless: int, passes: tuple[int, ...], bonus_used: bool) -> int:
        # Future spread change for ``to_move``.
        node = replace(state, board=board, racks=racks, to_move=to_move, scores=(0, 0),
                       scoreless_turns=scoreless, passes=passes, bonus_square_used=bonus_used)
        plays = gen.moves(gen.scratch(board), racks[to_move], node.active_bonus_square)
        best: int | None = None
        for move in [*(Play(m.placements) for m in plays), Pass()]:
            after, _ = apply(node, to_move, move)
            if after.outcome is not None:
                final = after.outcome.final_scores
                result = final[to_move] - final[1 - to_move]
            else:
                gained = after.scores[to_move] - after.scores[1 - to_move]
                result = gained - value(after.board, after.racks, after.to_move,
                                        after.scoreless_turns, after.passes,
                                        after.bonus_square_used)
            best = result if best is None else max(best, result)
        assert best is not None
        return best

    spread = state.scores[me] - state.scores[1 - me]
    return spread + value(state.board, state.racks, me, state.scoreless_turns, state.passes,
                          state.bonus_square_used)


def solve_state(state: GameState, time_limit: float = 30.0, **kw: object) -> EndgameResult:
    lang = state.rules.family
    return solve(
        state.board, ["".join(r) for r in state.racks], state.scores, state.to_move,
        state.rules, lexicon_for(lang), time_limit, bonus_square=state.active_bonus_square,
        scoreless_turns=state.scoreless_turns, passes=state.passes,
        generator=generator_for(lang), **kw,  # type: ignore[arg-type]
    )


def final_spread_after(state: GameState, result: EndgameResult) -> int:
    """Play the solver's line against the reference: the move must keep the value."""
    after, _ = apply(state, state.to_move, to_engine_move(result.best_move))
    me = state.to_move
    if after.outcome is not None:
        final = after.outcome.final_scores
        return final[me] - final[1 - me]
    return -reference_value(after)


# Racks small enough for the reference to finish in a few seconds each.
CASES = [
    ("tr", 1, (1, 2)), ("tr", 3, (2, 1)), ("tr", 5, (2, 2)), ("tr", 6, (1, 3)),
    ("en", 1, (1, 2)), ("en", 2, (2, 2)), ("en", 3, (2, 1)), ("en", 6, (3, 1)),
]


@pytest.mark.parametrize(("lang", "seed", "sizes"), CASES)
def test_solver_value_equals_exhaustive_minimax(
    lang: str, seed: int, sizes: tuple[int, int]
) -> None:
    state = small_endgame(lang, seed, sizes)
    expected = reference_value(state)
    result = solve_state(state)
    assert result.complete
    assert result.value == expected, (state.racks, result.line())
    # The move it recommends reaches that value.
    assert final_spread_after(state, result) == expected
    assert result.nodes > 0 and result.principal_variation[0] == result.best_move


@pytest.mark.parametrize(
    ("lang", "word", "stuck", "other"),
    [("tr", "OT", "ĞĞ", "AL"), ("en", "CAT", "QQ", "SE"), ("en", "CAT", "QQ", "Z")],
)
def test_stuck_rack_passes_follow_the_end_rules(
    lang: str, word: str, stuck: str, other: str
) -> None:
    """A side that can never play: tr ends after 4 scoreless turns unadjusted,
    en after two own passes with both racks subtracted; the reference agrees."""
    board = Board().with_tiles([Placement((7, 7 + i), ch) for i, ch in enumerate(word)])
    gen = generator_for(lang)
    assert not gen.moves(gen.scratch(board), stuck)
    for to_move in (0, 1):
        state = replace(played_out(lang, 1), board=board, racks=(tuple(stuck), tuple(other)),
                        to_move=to_move, scores=(50, 40), scoreless_turns=0, passes=(0, 0),
                        bonus_square_used=True)
        expected = reference_value(state)
        result = solve_state(state)
        assert result.complete and result.value == expected
        if to_move == 0:
            assert result.best_move is None  # nothing to play: the pass


@cache
def few_tiles_left(lang: str, seed: int, tiles: int = 6) -> GameState:
    """:func:`played_out` continued by best-scoring plays until the racks hold ``tiles``."""
    gen = generator_for(lang)
    state = played_out(lang, seed)
    while sum(map(len, state.racks)) > tiles:
        best = gen.best(gen.scratch(state.board), state.racks[state.to_move], 1,
                        state.active_bonus_square)
        assert best and state.outcome is None
        state, _ = apply(state, state.to_move, Play(best[0].placements))
    assert state.outcome is None
    return state


@pytest.mark.parametrize(
    ("seed", "mine", "theirs", "scoreless"),
    [
        (5, 1, 0, 0),  # we passed last turn: a second pass ends the game, and that is best
        (6, 0, 1, 1),  # they passed: once we play, their next pass ends the game
    ],
)
def test_real_pass_counts_beat_the_old_zero_default(
    seed: int, mine: int, theirs: int, scoreless: int
) -> None:
    """English, two passes in a row end the game: the counters are public and matter.

    The Champion used to call the solver without them, so it assumed ``(0, 0)``;
    here the line that guess chooses ends worse than the one the real counts choose
    (which is the exhaustive minimax value).
    """
    base = few_tiles_left("en", seed)
    me = base.to_move
    passes = [0, 0]
    passes[me], passes[1 - me] = mine, theirs
    state = replace(base, passes=tuple(passes), scoreless_turns=scoreless)
    seen = view(state, Seat(me))
    assert seen.passes == state.passes
    real = solve_view(seen, lexicon_for("en"), 30.0, generator=generator_for("en"))
    guessed = solve_state(replace(state, passes=(0, 0)))
    expected = reference_value(state)
    assert real.complete and real.value == expected
    assert final_spread_after(state, real) == expected
    assert final_spread_after(state, guessed) < expected
    # The Champion reads the counters from its view and plays the better line.
    champion = make_agent("sampiyon", lang="en", seed=1, time_budget=30.0)
    assert champion.choose(seen) == to_engine_move(real.best_move)


def test_time_limited_search_returns_a_legal_move() -> None:
    state = played_out("tr", 2)  # full racks: far too big to solve in a moment
    result = solve_state(state, time_limit=0.5)
    assert not result.complete
    assert result.best_move is not None
    _, events = apply(state, state.to_move, to_engine_move(result.best_move))
    assert events[0].kind == "play_made"
    assert result.seconds < 5


def test_node_limit_and_depth_are_respected() -> None:
    state = small_endgame("en", 2, (3, 3))
    result = solve_state(state, max_depth=1)
    assert result.depth == 1 and result.best_move is not None
    capped = solve_state(state, node_limit=5)
    assert capped.nodes <= 6 and capped.best_move is not None


def test_solve_view_knows_the_other_rack_from_the_unseen_tiles() -> None:
    state = played_out("en", 3)
    seat = state.to_move
    seat_view = view(state, Seat(seat))
    own, other = racks_from_view(seat_view)
    assert sorted(own) == sorted(state.racks[seat])
    assert sorted(other) == sorted(state.racks[1 - seat])
    result = solve_view(seat_view, lexicon_for("en"), 10.0, generator=generator_for("en"),
                        max_depth=2)
    direct = solve_state(state, max_depth=2)
    assert (result.value, result.best_move) == (direct.value, direct.best_move)
    with pytest.raises(ValueError):
        racks_from_view(replace(seat_view, bag_count=3))
    with pytest.raises(ValueError):
        racks_from_view(view(state, Spectator()))


def test_solve_rejects_more_than_two_players() -> None:
    with pytest.raises(ValueError):
        solve(Board(), ["A", "B", "C"], [0, 0, 0], 0, CrosswordConfig("en").ruleset(),
              lexicon_for("en"), 1.0, scoreless_turns=0, passes=(0, 0, 0))


def test_blank_placements_round_trip_through_the_engine() -> None:
    board = Board().with_tiles([Placement((7, 7), "A"), Placement((7, 8), "T")])
    state = replace(played_out("en", 1), board=board, racks=(("?",), ("S",)), to_move=0,
                    scores=(10, 10))
    expected = reference_value(state)
    result = solve_state(state)
    assert result.complete and result.value == expected
