"""The ``tr`` rules (RULES.md and seed 001), one named test per rule and per seed example."""

from __future__ import annotations

from collections import Counter

import pytest

from harfiyen.games.crossword.bag import is_balanced
from harfiyen.games.crossword.engine import apply, bonus_square_candidates, new_game
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import GameStarted, PlayMade
from harfiyen.games.crossword.moves import Challenge, Exchange, Pass, Play, Resign, Timeout
from harfiyen.games.crossword.rules import CENTER, TR_LAYOUT, parse_square, ruleset, square_name
from harfiyen.games.crossword.state import CrosswordConfig, GameState
from harfiyen.games.crossword.views import Seat, view

from .helpers import SMALL_TR, TR_WORDS, place, setup, tr_game

LEX = SMALL_TR | {"LL", "KALE", "AK", "KA"}


def play(state: GameState, seat: int, spec: str) -> GameState:
    return apply(state, seat, Play(place(spec)))[0]


def last_play(state: GameState) -> PlayMade:
    return next(e for e in reversed(state.events) if isinstance(e, PlayMade))


# --- setup ------------------------------------------------------------------------------


def test_tr_bag_is_the_seed_table_98_letters_and_2_jokers() -> None:
    state = tr_game()
    tiles = Counter(state.bag)
    for rack in state.racks:
        tiles.update(rack)
    assert sum(tiles.values()) == 100
    assert tiles["?"] == 2
    assert tiles["A"] == 12 and tiles["İ"] == 7 and tiles["I"] == 4 and tiles["Ğ"] == 1


def test_tr_is_for_two_players_with_racks_of_seven() -> None:
    state = tr_game()
    assert state.players == 2 and [len(r) for r in state.racks] == [7, 7]
    with pytest.raises(CrosswordError) as raised:
        new_game(CrosswordConfig("tr", players=3), 1, lexicon=set())
    assert raised.value.code == "player_count"
    assert "2–2 kişi oynar; 3 olmaz" in raised.value.message.tr


def test_tr_first_seat_starts() -> None:
    assert tr_game(seed=5).to_move == 0


def test_tr_defaults_to_version_2_and_lexicon_tr_1() -> None:
    state = tr_game()
    assert state.rules.key == "tr@2"
    assert state.config.version == 2 and state.config.lexicon == "TR-1"


def test_tr2_first_racks_have_two_vowels_and_two_consonants() -> None:
    rules = ruleset("tr", 2)
    for seed in range(60):
        state = tr_game(seed=seed)
        assert all(is_balanced(rack, rules) for rack in state.racks), seed


def test_tr1_deals_at_random_so_some_first_racks_are_unbalanced() -> None:
    rules = ruleset("tr", 1)
    unbalanced = [
        seed for seed in range(200)
        if not all(is_balanced(r, rules) for r in tr_game(seed=seed, version=1).racks)
    ]
    assert unbalanced


def test_blank_counts_as_neither_vowel_nor_consonant() -> None:
    rules = ruleset("tr", 2)
    assert not is_balanced(("A", "E", "?", "?", "K"), rules)
    assert is_balanced(("A", "E", "K", "L", "?", "?", "?"), rules)
    assert not is_balanced(("A", "?", "K", "L", "M", "N", "R"), rules)


# --- the ★25 square ---------------------------------------------------------------------


def test_bonus25_square_is_a_plain_square_never_the_centre() -> None:
    squares = {tr_game(seed=s).bonus_square for s in range(40)}
    assert len(squares) > 10  # drawn with the seed
    for square in squares:
        assert square is not None and square != CENTER and square not in TR_LAYOUT
    assert len(bonus_square_candidates(TR_LAYOUT)) == 225 - len(TR_LAYOUT)  # centre is K2


def test_bonus25_square_is_shown_to_both_players_from_the_start() -> None:
    state = tr_game(seed=3)
    started = state.events[0]
    assert isinstance(started, GameStarted) and started.bonus_square is not None
    assert parse_square(started.bonus_square) == state.bonus_square
    shown = {view(state, Seat(s)).to_json()["bonus_square"] for s in (0, 1)}
    assert state.bonus_square is not None and shown == {square_name(state.bonus_square)}


def test_bonus25_paid_once_per_move_even_with_several_words() -> None:
    state = setup(
        tr_game(lexicon=LEX), racks=["LKAAAAA", "AAAAAAA"], board="I9=A J8=E",
        bonus_square=parse_square("J9"),
    )
    after = play(state, 0, "J9=L")
    made = last_play(after)
    assert made.words == ("AL", "EL")
    assert made.breakdown.bonus_square == 25
    assert made.total == 2 + 2 + 25
    assert after.bonus_square_used


def test_bonus25_pays_only_once_a_game() -> None:
    state = setup(
        tr_game(lexicon=LEX), racks=["LKAAAAA", "AAAAAAA"], board="I9=A J8=E",
        bonus_square=parse_square("J9"), bonus_square_used=True,
    )
    assert last_play(play(state, 0, "J9=L")).breakdown.bonus_square == 0


# --- scoring examples from seed 001 -----------------------------------------------------


def test_seed_example_al_through_the_centre_scores_4() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ALKAAAA", "AAAAAAA"])
    after = play(state, 0, "H8=A I8=L")
    assert after.scores == (4, 0)
    assert last_play(after).words == ("AL",)


def test_seed_example_seven_tiles_worth_20_plus_30_is_50() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ORMANLI", "AAAAAAA"])
    after = play(state, 0, "D8=O E8=R F8=M G8=A H8=N I8=L J8=I")
    made = last_play(after)
    assert sum(w.score for w in made.breakdown.words) == 20
    assert made.breakdown.bingo == 30
    assert after.scores == (50, 0)


def test_all_tiles_bonus_counts_blanks() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ORMANL?", "AAAAAAA"])
    after = play(state, 0, "D8=O E8=R F8=M G8=A H8=N I8=L J8=ı")
    made = last_play(after)
    assert made.breakdown.bingo == 30
    assert sum(w.score for w in made.breakdown.words) == (10 - 2) * 2


def test_blank_on_letter_premium_h2_stays_zero() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["?LAAAAA", "AAAAAAA"], board="H8=A I8=L")
    after = play(state, 0, "G7=e G8=L")  # G7 is H2
    made = last_play(after)
    scores = {w.word: w.score for w in made.breakdown.words}
    assert scores == {"EL": 0 + 1, "LAL": 3}


def test_blank_on_letter_premium_h3_stays_zero() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["?AAAAAA", "AAAAAAA"], board="F5=L")
    blank = play(state, 0, "E5=a")  # E5 is H3
    assert last_play(blank).total == 0 + 1
    real = play(state, 0, "E5=A")
    assert last_play(real).total == 3 + 1


def test_blank_on_word_premium_k2_doubles_the_word() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["?AAAAAA", "AAAAAAA"], board="E4=L")
    after = play(state, 0, "D4=a")  # D4 is K2
    assert last_play(after).total == (0 + 1) * 2


def test_blank_on_word_premium_k3_triples_the_word() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["?AAAAAA", "AAAAAAA"], board="D1=L")
    after = play(state, 0, "C1=a")  # C1 is K3
    assert last_play(after).total == (0 + 1) * 3


def test_premiums_count_only_under_new_tiles() -> None:
    # H8 (K2) already holds A: extending AL to KAL does not double again.
    state = setup(tr_game(lexicon=LEX), racks=["KAAAAAA", "AAAAAAA"], board="H8=A I8=L")
    after = play(state, 0, "G8=K")
    assert last_play(after).total == 3


# --- words and placements ---------------------------------------------------------------


def test_unknown_words_are_refused_at_submission_listing_them() -> None:
    state = setup(tr_game(lexicon={"AL"}), racks=["KAAAAAA", "AAAAAAA"], board="H8=A I8=L")
    with pytest.raises(CrosswordError) as info:
        apply(state, 0, Play(place("G8=K")))
    assert info.value.code == "unknown_words"
    assert info.value.details["words"] == ["KAL"]
    assert "KAL" in info.value.message.tr and "KAL" in info.value.message.en


def test_tr_has_no_challenges() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ALKAAAA", "AAAAAAA"])
    after = play(state, 0, "H8=A I8=L")
    with pytest.raises(CrosswordError) as info:
        apply(after, 1, Challenge())
    assert info.value.code == "challenge_not_available"


def test_rack_is_refilled_after_a_valid_word_while_the_bag_has_tiles() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ALKAAAA", "AAAAAAA"], bag="EK")
    after = play(state, 0, "H8=A I8=L")
    assert sorted(after.racks[0]) == sorted("KAAAAEK") and after.bag == ()
    after2 = play(setup(after, racks=["KAAAAEK", "KAAAAAA"]), 1, "G8=K")
    assert after2.racks[1] == tuple("AAAAAA")  # the bag is empty: nothing to draw


# --- pass, exchange, scoreless turns ----------------------------------------------------


def test_pass_scores_nothing_and_passes_the_turn() -> None:
    after, events = apply(tr_game(), 0, Pass())
    assert after.to_move == 1 and after.scores == (0, 0) and after.scoreless_turns == 1
    assert [e.kind for e in events] == ["passed"]


def test_tr_exchange_swaps_the_whole_rack() -> None:
    state = tr_game()
    with pytest.raises(CrosswordError) as info:
        apply(state, 0, Exchange(state.racks[0][:3]))
    assert info.value.code == "exchange_whole_rack"
    after, _ = apply(state, 0, Exchange(tuple(reversed(state.racks[0]))))
    assert len(after.racks[0]) == 7 and len(after.bag) == len(state.bag)
    assert after.to_move == 1 and after.scoreless_turns == 1


def test_tr_exchange_needs_as_many_tiles_in_the_bag_as_on_the_rack() -> None:
    state = setup(tr_game(), racks=["AAAAAAA", "EEEEEEE"], bag="KKKKKK")
    with pytest.raises(CrosswordError) as info:
        apply(state, 0, Exchange(tuple("AAAAAAA")))
    assert info.value.code == "exchange_bag_too_small"
    assert info.value.details == {"bag_count": 6, "needed": 7}
    ok = setup(state, bag="KKKKKKK")
    assert apply(ok, 0, Exchange(tuple("AAAAAAA")))[0].to_move == 1


def test_exchange_draws_new_tiles_before_the_old_ones_go_back() -> None:
    state = setup(tr_game(), racks=["AAAAAAA", "EEEEEEE"], bag="KKKKKKK")
    after, _ = apply(state, 0, Exchange(tuple("AAAAAAA")))
    assert after.racks[0] == tuple("KKKKKKK")
    assert sorted(after.bag) == list("AAAAAAA")


def test_four_scoreless_turns_with_fewer_than_20_in_the_bag_end_the_game_unadjusted() -> None:
    state = setup(tr_game(), bag="K" * 19, scores=(30, 20))
    state = apply(state, 0, Pass())[0]
    state = apply(state, 1, Exchange(state.racks[1]))[0]
    state = apply(state, 0, Pass())[0]
    assert state.outcome is None
    state = apply(state, 1, Pass())[0]
    assert state.outcome is not None
    assert state.outcome.reason == "scoreless_turns"
    assert state.outcome.adjustments == (0, 0) and state.scores == (30, 20)
    assert state.outcome.winners == (0,)


def test_four_scoreless_turns_do_not_end_the_game_with_20_or_more_in_the_bag() -> None:
    state = setup(tr_game(), bag="K" * 20)
    for turn in range(6):
        state = apply(state, turn % 2, Pass())[0]
    assert state.outcome is None and state.scoreless_turns == 6


def test_a_valid_word_resets_the_scoreless_counter() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["ALKAAAA", "AAAAAAA"], bag="K" * 10)
    for seat in (0, 1, 0):
        state = apply(state, seat, Pass())[0]
    state = setup(state, racks=["KAAAAAA", "ALAAAAA"])
    state = play(state, 1, "H8=A I8=L")
    assert state.scoreless_turns == 0
    for seat in (0, 1, 0):
        state = apply(state, seat, Pass())[0]
    assert state.outcome is None and state.scoreless_turns == 3


# --- the end ----------------------------------------------------------------------------


def test_seed_example_going_out_moves_9_points_from_the_other_rack() -> None:
    state = setup(
        tr_game(lexicon=LEX), racks=["L", "ĞA"], bag="", board="H8=A", scores=(100, 50)
    )
    after = play(state, 0, "I8=L")
    outcome = after.outcome
    assert outcome is not None and outcome.reason == "went_out"
    assert outcome.scores_before == (102, 50)
    assert outcome.adjustments == (9, -9)
    assert after.scores == (111, 41)
    assert outcome.winners == (0,)


def test_jokers_left_on_the_rack_count_zero_at_the_end() -> None:
    state = setup(tr_game(lexicon=LEX), racks=["L", "??"], bag="", board="H8=A")
    after = play(state, 0, "I8=L")
    assert after.outcome is not None and after.outcome.adjustments == (0, 0)


def test_equal_final_scores_are_a_draw() -> None:
    state = setup(tr_game(), bag="K" * 5, scores=(40, 40))
    for seat in (0, 1, 0, 1):
        state = apply(state, seat, Pass())[0]
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.winners == (0, 1)


def test_resign_ends_the_game_opponent_wins_scores_unchanged() -> None:
    state = setup(tr_game(), scores=(10, 200))
    after, events = apply(state, 1, Resign())  # while waiting: seat 0 is to move
    assert after.outcome is not None
    assert after.outcome.reason == "resigned" and after.outcome.loser == 1
    assert after.outcome.winners == (0,) and after.scores == (10, 200)
    assert [e.kind for e in events] == ["resigned", "game_ended"]


def test_timeout_loses_like_a_resignation() -> None:
    state = setup(tr_game(), scores=(10, 200), to_move=1)
    with pytest.raises(CrosswordError) as info:
        apply(state, 0, Timeout())
    assert info.value.code == "not_your_turn"
    after, _ = apply(state, 1, Timeout())
    assert after.outcome is not None and after.outcome.reason == "timeout"
    assert after.outcome.winners == (0,) and after.scores == (10, 200)


def test_a_match_keeps_its_rule_version_and_lexicon() -> None:
    state = new_game(CrosswordConfig("tr", version=1, lexicon="TR-0"), 3, lexicon=TR_WORDS)
    assert state.rules.key == "tr@1" and state.config.lexicon == "TR-0"
    assert CrosswordConfig.from_dict(state.config.to_dict()) == state.config
