"""One named test per Kelime Casusu rule (RULES.md "Kelime Casusu" and seed 003)."""

from __future__ import annotations

from collections import Counter

import pytest

from harfiyen.games.codenames.engine import apply, new_game, outcome, to_act
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import BoardDrawn, GameEnded, TurnEnded
from harfiyen.games.codenames.moves import Clue, Guess, Pass, Resign
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team
from harfiyen.games.codenames.state import CodenamesConfig

from .helpers import (
    BLACK,
    BLUE,
    BLUE_GUESS,
    BLUE_SPY,
    NEUTRAL,
    RED,
    RED_GUESS,
    RED_SPY,
    TR_PACK,
    arranged,
    config,
    guesses,
    play,
    red_clue,
)


def _code(excinfo: pytest.ExceptionInfo[CodenamesError]) -> str:
    return excinfo.value.code


# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_board_has_25_distinct_words_and_key_9_red_8_blue_7_neutral_1_black(seed: int) -> None:
    state = new_game(config(), seed)
    assert len(state.words) == 25 and len(set(state.words)) == 25
    assert set(state.words) <= set(TR_PACK)
    assert Counter(state.key) == {
        Colour.RED: 9, Colour.BLUE: 8, Colour.NEUTRAL: 7, Colour.BLACK: 1,
    }
    assert not any(state.revealed)


def test_red_starts_with_a_clue_from_its_spymaster() -> None:
    state = new_game(config(), seed=3)
    assert state.team is Team.RED and state.phase is Phase.CLUE
    assert to_act(state) == (RED_SPY,)


def test_the_draw_is_recorded_as_an_event_and_depends_on_the_seed() -> None:
    a, b = new_game(config(), 1), new_game(config(), 2)
    drawn = a.events[1]
    assert isinstance(drawn, BoardDrawn)
    assert (drawn.words, drawn.key) == (a.words, a.key)
    assert drawn.spymasters == (RED_SPY, BLUE_SPY)
    assert new_game(config(), 1) == a
    assert (a.words, a.key) != (b.words, b.key)


def test_each_team_needs_exactly_one_spymaster() -> None:
    seats = ((Team.RED, Role.GUESSER), (Team.BLUE, Role.SPYMASTER), (Team.BLUE, Role.GUESSER))
    with pytest.raises(CodenamesError) as excinfo:
        new_game(CodenamesConfig(TR_PACK, seats=seats), 1)
    assert _code(excinfo) == "team_needs_one_spymaster"
    assert excinfo.value.details == {"team": "red", "count": 0}
    assert "kırmızı" in excinfo.value.message.tr
    two = ((Team.RED, Role.SPYMASTER),) * 2 + seats
    with pytest.raises(CodenamesError, match="team_needs_one_spymaster"):
        new_game(CodenamesConfig(TR_PACK, seats=two), 1)


def test_each_team_needs_at_least_one_guesser_and_may_have_more() -> None:
    seats = ((Team.RED, Role.SPYMASTER), (Team.RED, Role.GUESSER), (Team.BLUE, Role.SPYMASTER))
    with pytest.raises(CodenamesError) as excinfo:
        new_game(CodenamesConfig(TR_PACK, seats=seats), 1)
    assert _code(excinfo) == "team_needs_a_guesser" and excinfo.value.details == {"team": "blue"}
    many = (*seats, ("blue", "guesser"), ("red", "guesser"), ("blue", "guesser"))
    state = new_game(CodenamesConfig(TR_PACK, seats=many), 1)  # type: ignore[arg-type]
    state = play(state, (0, Clue("SU", 1)))
    assert to_act(state) == (1, 4)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(CodenamesError, match="unknown_language"):
        new_game(CodenamesConfig(TR_PACK, language="de"), 1)  # type: ignore[arg-type]


# --- turns and roles --------------------------------------------------------------------


def test_only_the_spymaster_of_the_team_to_act_gives_a_clue() -> None:
    state = arranged()
    with pytest.raises(CodenamesError) as excinfo:
        apply(state, RED_GUESS, Clue("SU", 1))
    assert _code(excinfo) == "not_your_role" and excinfo.value.details == {"role": "spymaster"}
    with pytest.raises(CodenamesError) as excinfo:
        apply(state, BLUE_SPY, Clue("SU", 1))
    assert _code(excinfo) == "not_your_turn" and excinfo.value.details == {"team": "red"}
    assert excinfo.value.message.tr == "Sıra sizde değil; sıra kırmızı takımda."


def test_only_guessers_of_the_team_to_act_guess() -> None:
    state = red_clue(arranged())
    with pytest.raises(CodenamesError, match="not_your_role"):
        apply(state, RED_SPY, Guess(0))
    with pytest.raises(CodenamesError, match="not_your_turn"):
        apply(state, BLUE_GUESS, Guess(0))
    assert to_act(state) == (RED_GUESS,)


def test_no_guess_before_a_clue() -> None:
    with pytest.raises(CodenamesError, match="no_clue_yet"):
        apply(arranged(), RED_GUESS, Guess(0))


def test_one_clue_per_turn() -> None:
    with pytest.raises(CodenamesError, match="clue_already_given"):
        apply(red_clue(arranged()), RED_SPY, Clue("HAVA", 1))


def test_unknown_seat_and_unknown_move_are_refused() -> None:
    with pytest.raises(CodenamesError, match="unknown_seat"):
        apply(arranged(), 4, Clue("SU", 1))
    with pytest.raises(CodenamesError, match="unknown_move"):
        apply(arranged(), RED_SPY, "clue")  # type: ignore[arg-type]


# --- guessing ---------------------------------------------------------------------------


def test_guessers_may_make_up_to_number_plus_one_guesses() -> None:
    state = red_clue(arranged(), number=2)
    state = play(state, *guesses(RED_GUESS, 0, 1))
    assert state.team is Team.RED and state.current_clue is not None
    assert state.current_clue.guesses_left == 1
    after, events = apply(state, RED_GUESS, Guess(2))  # the extra (+1) guess
    assert after.team is Team.BLUE and after.phase is Phase.CLUE
    assert events[-1] == TurnEnded(Team.RED, "guesses_used", Team.BLUE)


def test_own_colour_lets_the_team_go_on() -> None:
    state = play(red_clue(arranged(), number=3), *guesses(RED_GUESS, 0))
    assert state.team is Team.RED and state.phase is Phase.GUESS
    assert state.revealed[0]


def test_neutral_card_ends_the_turn() -> None:
    state, events = apply(red_clue(arranged()), RED_GUESS, Guess(NEUTRAL[0]))
    assert state.team is Team.BLUE and to_act(state) == (BLUE_SPY,)
    assert events[-1] == TurnEnded(Team.RED, "neutral_card", Team.BLUE)


def test_opponent_card_ends_the_turn() -> None:
    state, events = apply(red_clue(arranged()), RED_GUESS, Guess(BLUE[0]))
    assert state.team is Team.BLUE and state.remaining(Team.BLUE) == 7
    assert events[-1] == TurnEnded(Team.RED, "opponent_card", Team.BLUE)


def test_black_word_loses_the_game_at_once() -> None:
    state, events = apply(red_clue(arranged()), RED_GUESS, Guess(BLACK))
    result = outcome(state)
    assert result is not None and result.winner is Team.BLUE and result.loser is Team.RED
    assert result.reason == "black_word" and result.seat == RED_GUESS
    assert isinstance(events[-1], GameEnded) and to_act(state) == ()
    with pytest.raises(CodenamesError, match="game_over"):
        apply(state, BLUE_SPY, Clue("SU", 1))


def test_revealing_all_own_words_wins() -> None:
    state = arranged()
    state = play(state, (RED_SPY, Clue("SU", 8)), *guesses(RED_GUESS, *RED[:8]))
    assert state.outcome is None and state.remaining(Team.RED) == 1
    state = play(state, (RED_GUESS, Pass()), (BLUE_SPY, Clue("HAVA", 1)))
    state = play(state, (BLUE_GUESS, Guess(NEUTRAL[0])), (RED_SPY, Clue("ATEŞ", 1)))
    state, _ = apply(state, RED_GUESS, Guess(RED[8]))
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (Team.RED, "all_words")


def test_last_word_wins_for_its_owner_even_when_the_opponent_reveals_it() -> None:
    state = arranged()
    state = play(state, (RED_SPY, Clue("SU", 9)), *guesses(RED_GUESS, BLUE[0]))
    assert state.team is Team.BLUE  # the blue card ended red's turn
    state = play(state, (BLUE_SPY, Clue("HAVA", 9)), *guesses(BLUE_GUESS, *BLUE[1:7]))
    assert state.remaining(Team.BLUE) == 1
    state = play(state, (BLUE_GUESS, Pass()), (RED_SPY, Clue("ATEŞ", 1)))
    state, _ = apply(state, RED_GUESS, Guess(BLUE[7]))
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason, state.outcome.seat) == (
        Team.BLUE, "all_words", RED_GUESS,
    )


def test_pass_only_after_at_least_one_guess() -> None:
    state = red_clue(arranged())
    with pytest.raises(CodenamesError) as excinfo:
        apply(state, RED_GUESS, Pass())
    assert _code(excinfo) == "pass_before_guess"
    state = play(state, *guesses(RED_GUESS, 0))
    state, events = apply(state, RED_GUESS, Pass())
    assert state.team is Team.BLUE and state.phase is Phase.CLUE
    assert events[-1] == TurnEnded(Team.RED, "passed", Team.BLUE)


def test_pass_before_a_clue_and_by_a_spymaster_is_refused() -> None:
    with pytest.raises(CodenamesError, match="no_clue_yet"):
        apply(arranged(), RED_GUESS, Pass())
    with pytest.raises(CodenamesError, match="not_your_role"):
        apply(play(red_clue(arranged()), *guesses(RED_GUESS, 0)), RED_SPY, Pass())


def test_guess_index_must_be_on_the_board_and_covered() -> None:
    state = play(red_clue(arranged(), number=3), *guesses(RED_GUESS, 0))
    for index in (-1, 25, True):
        with pytest.raises(CodenamesError, match="index_out_of_range"):
            apply(state, RED_GUESS, Guess(index))
    with pytest.raises(CodenamesError) as excinfo:
        apply(state, RED_GUESS, Guess(0))
    assert _code(excinfo) == "already_revealed"
    assert excinfo.value.details == {"index": 0, "word": "ELMA"}


def test_resign_makes_the_seats_team_lose_at_any_time() -> None:
    state = red_clue(arranged())
    ended, events = apply(state, BLUE_GUESS, Resign())  # not blue's turn: still allowed
    assert ended.outcome is not None
    assert (ended.outcome.winner, ended.outcome.reason, ended.outcome.seat) == (
        Team.RED, "resigned", BLUE_GUESS,
    )
    assert [e.kind for e in events] == ["resigned", "game_ended"]
    ended, _ = apply(arranged(), RED_SPY, Resign())
    assert ended.outcome is not None and ended.outcome.winner is Team.BLUE


def test_game_ended_event_carries_the_whole_key() -> None:
    state, events = apply(arranged(), RED_SPY, Resign())
    end = events[-1]
    assert isinstance(end, GameEnded) and end.key == state.key
    assert end.to_dict()["key"][24] == "black"
