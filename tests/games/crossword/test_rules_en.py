"""The ``en`` rules (RULES.md and seed 002), one named test per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from harfiyen.core.rng import Rng
from harfiyen.games.crossword.bag import seating_draw
from harfiyen.games.crossword.engine import apply, legal_moves, to_act
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import FirstPlayerDrawn, PlayMade, TurnSkipped
from harfiyen.games.crossword.moves import Accept, Challenge, Exchange, Pass, Play, Resign
from harfiyen.games.crossword.rules import ruleset
from harfiyen.games.crossword.state import GameState

from .helpers import en_game, place, setup

LEX = frozenset({"AT", "TA", "CAT", "TAT", "RETAINS", "RETAINED", "STAINED"})


def play(state: GameState, seat: int, spec: str) -> GameState:
    return apply(state, seat, Play(place(spec, "en")))[0]


def code_of(state: GameState, seat: int, move: object) -> str:
    with pytest.raises(CrosswordError) as info:
        apply(state, seat, move)  # type: ignore[arg-type]
    return info.value.code


def game(players: int = 2, challenge: str | None = None, **kw: object) -> GameState:
    """An en game with seat 0 to move and known racks."""
    state = en_game(lexicon=LEX, players=players, challenge=challenge, **kw)  # type: ignore[arg-type]
    return setup(state, to_move=0)


# --- setup and seating ------------------------------------------------------------------


def test_en_defaults_double_challenge_and_enable_lexicon() -> None:
    state = en_game()
    assert state.rules.key == "en@2" and state.rules.challenge == "double"
    assert state.config.lexicon == "ENABLE-1"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_en_plays_with_2_to_4_players_racks_of_seven(players: int) -> None:
    state = en_game(players=players)
    assert [len(r) for r in state.racks] == [7] * players
    assert sum(map(len, state.racks)) + len(state.bag) == 100


def test_seating_draw_nearest_to_a_starts() -> None:
    rules = ruleset("en", players=3)
    result, bag, _ = seating_draw(tuple("CBAXYZ"), 3, rules, Rng(1))
    assert result.first == 2 and result.rounds == (((0, "C"), (1, "B"), (2, "A")),)
    assert Counter(bag) == Counter("CBAXYZ")  # the draws went back


def test_seating_draw_a_blank_beats_all() -> None:
    result, _, _ = seating_draw(tuple("A?BXYZ"), 3, ruleset("en", players=3), Rng(1))
    assert result.first == 1


def test_seating_draw_ties_draw_again() -> None:
    result, _, _ = seating_draw(tuple("AAZQBXYZ"), 3, ruleset("en", players=3), Rng(1))
    assert len(result.rounds) == 2
    assert result.rounds[1] == ((0, "Q"), (1, "B"))
    assert result.first == 1


def test_new_en_game_records_the_seating_draw_and_starts_there() -> None:
    firsts = set()
    for seed in range(12):
        state = en_game(seed=seed, players=4)
        drawn = [e for e in state.events if isinstance(e, FirstPlayerDrawn)]
        assert len(drawn) == 1 and drawn[0].first == state.to_move
        firsts.add(state.to_move)
    assert len(firsts) > 1


def test_play_passes_to_the_next_seat_in_order() -> None:
    state = game(players=3, challenge="void")
    seen = []
    for _ in range(4):
        seen.append(state.to_move)
        state = apply(state, state.to_move, Pass())[0]
    assert seen == [0, 1, 2, 0]


# --- bingo, exchange ---------------------------------------------------------------------


def test_fifty_points_for_playing_all_seven_tiles() -> None:
    state = setup(game(challenge="void"), racks=["RETAINS", "AAAAAAA"])
    after = play(state, 0, "H8=R I8=E J8=T K8=A L8=I M8=N N8=S")
    made = next(e for e in after.events if isinstance(e, PlayMade))
    assert made.breakdown.bingo == 50
    assert made.total == sum(w.score for w in made.breakdown.words) + 50


def test_nine_tile_racks_hold_nine_and_bingo_from_seven_tiles() -> None:
    state = en_game(lexicon=LEX, variant="nine-tile", challenge="void")
    assert [len(r) for r in state.racks] == [9, 9] and state.rules.rack_size == 9
    state = setup(state, racks=["RETAINEDX", "AAAAAAAAA"], to_move=0)
    after = play(state, 0, "H8=R I8=E J8=T K8=A L8=I M8=N N8=E O8=D")
    made = next(e for e in after.events if isinstance(e, PlayMade))
    assert made.breakdown.bingo == 50 and len(after.racks[0]) == 9


def test_exchange_one_to_seven_tiles_while_the_bag_holds_seven() -> None:
    state = setup(game(), racks=["AAAAAAT", "EEEEEEE"], bag="KKKKKKK")
    assert code_of(state, 0, Exchange(())) == "exchange_count"
    assert code_of(state, 0, Exchange(("Z",))) == "tile_not_on_rack"
    after, _ = apply(state, 0, Exchange(("T", "A")))
    assert Counter(after.racks[0]) == Counter("AAAAAKK") and Counter(after.bag) == Counter(
        "KKKKKAT"
    )
    small = setup(state, bag="KKKKKK")
    assert code_of(small, 0, Exchange(("T",))) == "exchange_bag_too_small"


def test_nine_tile_exchange_needs_nine_in_the_bag() -> None:
    state = en_game(lexicon=LEX, variant="nine-tile")
    state = setup(state, to_move=0, bag="K" * 8)
    assert code_of(state, 0, Exchange(state.racks[0][:1])) == "exchange_bag_too_small"
    assert apply(setup(state, bag="K" * 9), 0, Exchange(state.racks[0][:1]))[0].to_move == 1


# --- challenges (double) ----------------------------------------------------------------


def test_tiles_are_drawn_only_when_the_play_stands() -> None:
    state = setup(game(), racks=["ATXXXXX", "EEEEEEE"], bag="KKKKKKKKKK")
    after = play(state, 0, "H8=A I8=T")
    assert after.pending is not None and len(after.racks[0]) == 5
    assert after.scores == (4, 0)
    stands = apply(after, 1, Pass())[0]
    assert stands.pending is None and len(stands.racks[0]) == 7


def test_accept_closes_the_window_and_the_player_draws() -> None:
    state = setup(game(), racks=["ATXXXXX", "EEEEEEE"], bag="KKKKKKKKKK")
    after = play(state, 0, "H8=A I8=T")
    accepted, events = apply(after, 1, Accept())
    assert accepted.pending is None and len(accepted.racks[0]) == 7 and accepted.to_move == 1
    assert [e.kind for e in events] == ["play_accepted", "tiles_drawn"]


def test_successful_challenge_returns_the_tiles_and_scores_zero() -> None:
    state = setup(game(), racks=["ATXXXXX", "EEEEEEE"], bag="KKKKKKKKKK")
    phony = play(state, 0, "H8=T I8=X")  # TX is not a word; accepted until challenged
    assert phony.scores == (18, 0)
    after, events = apply(phony, 1, Challenge())
    assert after.board.is_empty() and after.scores == (0, 0)
    assert after.racks[0] == tuple("ATXXXXX") and after.to_move == 1  # the turn is lost
    assert events[0].to_dict()["invalid_words"] == ["TX"]


def test_failed_challenge_the_challenger_loses_the_next_turn() -> None:
    state = setup(game(), racks=["ATXXXXX", "EEEEEEE"], bag="KKKKKKKKKK")
    after, events = apply(play(state, 0, "H8=A I8=T"), 1, Challenge())
    assert after.scores == (4, 0) and len(after.racks[0]) == 7
    assert after.to_move == 0
    assert any(isinstance(e, TurnSkipped) and e.seat == 1 for e in events)


def test_failed_challenge_by_a_later_seat_skips_its_turn_when_it_comes() -> None:
    state = setup(game(players=3), racks=["ATXXXXX", "EEEEEEE", "EEEEEEE"], bag="K" * 20)
    after = play(state, 0, "H8=A I8=T")
    assert to_act(after) == (1, 2)
    after = apply(after, 2, Challenge())[0]
    assert after.to_move == 1 and after.lose_turn == (2,)
    after = apply(after, 1, Pass())[0]
    assert after.to_move == 0 and after.lose_turn == ()


def test_cannot_challenge_own_play_or_nothing() -> None:
    state = setup(game(), racks=["ATXXXXX", "EEEEEEE"], bag="K" * 20)
    assert code_of(state, 1, Challenge()) == "nothing_to_challenge"
    after = play(state, 0, "H8=A I8=T")
    assert code_of(after, 0, Challenge()) == "challenge_own_play"
    closed = apply(after, 1, Pass())[0]
    assert code_of(closed, 0, Challenge()) == "nothing_to_challenge"
    assert code_of(closed, 0, Accept()) == "nothing_to_accept"


def test_going_out_must_be_challenged_or_accepted_before_the_game_ends() -> None:
    state = setup(game(), racks=["AT", "EEC"], bag="")
    after = play(state, 0, "H8=A I8=T")
    assert after.outcome is None and after.pending is not None and after.pending.ends_game
    assert code_of(after, 1, Pass()) == "resolve_challenge_first"
    assert list(legal_moves(after, 1)) == [Accept(), Challenge(), Resign()]
    ended = apply(after, 1, Accept())[0]
    assert ended.outcome is not None and ended.outcome.reason == "went_out"
    assert ended.outcome.adjustments == (1 + 1 + 3, -(1 + 1 + 3))


def test_challenged_off_going_out_play_lets_the_game_go_on() -> None:
    # en@1: nobody can play afterwards, but only en@2 ends a game for that.
    state = setup(game(version=1), racks=["TX", "EEC"], bag="")
    after = apply(play(state, 0, "H8=T I8=X"), 1, Challenge())[0]
    assert after.outcome is None and after.racks[0] == ("T", "X") and after.to_move == 1


def test_void_challenge_checks_words_at_submission() -> None:
    state = setup(game(challenge="void"), racks=["TXAAAAA", "EEEEEEE"])
    assert code_of(state, 0, Play(place("H8=T I8=X", "en"))) == "unknown_words"
    assert code_of(play(state, 0, "H8=A I8=T"), 1, Challenge()) == "challenge_not_available"


# --- the end ----------------------------------------------------------------------------


def test_going_out_others_lose_their_racks_and_the_finisher_gains_the_sum() -> None:
    state = setup(game(players=3, challenge="void"), racks=["AT", "QE", "Z?"], bag="")
    after = play(state, 0, "H8=A I8=T")  # the others hold 10+1 and 10+0
    assert after.outcome is not None and after.outcome.reason == "went_out"
    assert after.outcome.adjustments == (11 + 10, -11, -10)
    assert after.scores == (4 + 21, -11, -10)


def test_two_consecutive_own_passes_end_the_game_everyone_loses_their_rack() -> None:
    state = setup(game(challenge="void"), racks=["ATQ", "EEE"], bag="")
    state = apply(state, 0, Pass())[0]
    state = apply(state, 1, Pass())[0]
    assert state.outcome is None
    state = apply(state, 0, Pass())[0]
    assert state.outcome is not None and state.outcome.reason == "two_passes"
    assert state.outcome.adjustments == (-12, -3)


def test_an_exchange_between_passes_is_not_two_consecutive_passes() -> None:
    state = setup(game(challenge="void"), racks=["ATQ", "EEE"], bag="K" * 20)
    for kind in ("pass", "pass", "exchange", "exchange", "pass", "pass"):
        seat = state.to_move
        move = Pass() if kind == "pass" else Exchange(state.racks[seat][:1])
        state = apply(state, seat, move)[0]
    assert state.outcome is None


def test_ties_go_to_the_higher_score_before_adjustments() -> None:
    state = setup(game(challenge="void"), racks=["AT", "E"], bag="", scores=(10, 9))
    state = apply(apply(apply(state, 0, Pass())[0], 1, Pass())[0], 0, Pass())[0]
    assert state.outcome is not None
    assert state.outcome.final_scores == (8, 8)
    assert state.outcome.winners == (0,) and not state.outcome.is_draw


def test_equal_before_and_after_adjustments_is_a_draw() -> None:
    state = setup(game(challenge="void", version=1), racks=["A", "E"], bag="", scores=(9, 9))
    state = apply(apply(apply(state, 0, Pass())[0], 1, Pass())[0], 0, Pass())[0]
    assert state.outcome is not None and state.outcome.is_draw


def test_no_play_possible_ends_the_game_everyone_loses_their_rack() -> None:
    """en@2: the bag cannot serve an exchange and no rack has a valid play: game over."""
    state = setup(game(challenge="void"), racks=["ATQ", "ZZ"], bag="")
    state = play(state, 0, "H8=A I8=T")  # AT; Q and ZZ make no word of LEX on this board
    assert state.outcome is not None and state.outcome.reason == "no_play"
    assert state.outcome.adjustments == (-10, -20)
    assert state.outcome.final_scores == (4 - 10, -20)


def test_no_play_end_waits_while_a_play_or_an_exchange_is_left() -> None:
    # Seat 1 can still play TAT through the A of AT.
    state = setup(game(challenge="void"), racks=["ATQ", "TZT"], bag="")
    assert play(state, 0, "H8=A I8=T").outcome is None
    # A bag still holding 7 after the refill allows an exchange: no end yet.
    state = setup(game(challenge="void"), racks=["ATQ", "ZZ"], bag="E" * 13)
    assert play(state, 0, "H8=A I8=T").outcome is None


def test_no_play_end_is_judged_once_the_challenge_window_closes() -> None:
    state = setup(game(), racks=["ATQ", "ZZ"], bag="")
    pending = play(state, 0, "H8=A I8=T")
    assert pending.outcome is None and pending.pending is not None
    after = apply(pending, 1, Accept())[0]
    assert after.outcome is not None and after.outcome.reason == "no_play"


def test_en1_games_keep_their_rules() -> None:
    state = setup(game(challenge="void", version=1), racks=["ATQ", "ZZ"], bag="")
    assert state.rules.key == "en@1"
    assert play(state, 0, "H8=A I8=T").outcome is None


def test_finish_line_first_to_reach_the_target_wins_at_once() -> None:
    state = en_game(lexicon=LEX, variant="finish-line", challenge="void")
    assert state.rules.finish_target == 120
    state = setup(state, to_move=0, racks=["ATXXXXX", "EEEEEEE"], scores=(116, 119))
    after = play(state, 0, "H8=A I8=T")
    assert after.outcome is not None and after.outcome.reason == "finish_line"
    assert after.outcome.winners == (0,) and after.outcome.adjustments == (0, 0)


@pytest.mark.parametrize(
    ("players", "level", "target"),
    [(2, "beginner", 70), (3, "expert", 180), (4, "intermediate", 90)],
)
def test_finish_line_targets_by_players_and_level(players: int, level: str, target: int) -> None:
    state = en_game(players=players, variant="finish-line", finish_level=level)
    assert state.rules.finish_target == target


def test_finish_line_with_double_challenge_waits_for_accept() -> None:
    state = en_game(lexicon=LEX, variant="finish-line")
    state = setup(state, to_move=0, racks=["ATXXXXX", "EEEEEEE"], scores=(116, 0), bag="K" * 9)
    after = play(state, 0, "H8=A I8=T")
    assert after.outcome is None and after.pending is not None and after.pending.ends_game
    ended = apply(after, 1, Accept())[0]
    assert ended.outcome is not None and ended.outcome.reason == "finish_line"


def test_resign_with_three_players_ends_the_game_others_rank_by_score() -> None:
    state = setup(game(players=3), scores=(50, 80, 20))
    after = apply(state, 1, Resign())[0]
    assert after.outcome is not None and after.outcome.loser == 1
    assert after.outcome.places == (1, 3, 2) and after.outcome.winners == (0,)
