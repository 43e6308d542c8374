"""The move timer's move: a timeout passes the turn (clue phase) or ends it (guess phase)."""

from __future__ import annotations

import pytest

from harfiyen.games import game
from harfiyen.games.codenames.engine import apply, new_game, replay, to_act
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import TimedOut, TurnEnded
from harfiyen.games.codenames.moves import Clue, Guess, Timeout
from harfiyen.games.codenames.rules import Phase, Team
from harfiyen.games.codenames.state import SOLO_SEATS, CodenamesConfig
from harfiyen.games.codenames.views import Spectator, view

from .helpers import BLUE_GUESS, BLUE_SPY, RED, RED_GUESS, RED_SPY, TR_CLUES, arranged, config


def test_clue_timeout_gives_the_turn_to_the_other_team_without_a_clue() -> None:
    state = new_game(config(), seed=3)
    after, events = apply(state, RED_SPY, Timeout())
    assert events == (TimedOut(RED_SPY, Team.RED, Phase.CLUE),
                      TurnEnded(Team.RED, "timeout", Team.BLUE))
    assert after.team is Team.BLUE and after.phase is Phase.CLUE
    assert after.clues == () and to_act(after) == (BLUE_SPY,)
    assert view(after, Spectator()).to_json()["clues"] == []


def test_guess_timeout_ends_the_turn_before_any_guess() -> None:
    state, _ = apply(arranged(), RED_SPY, Clue(TR_CLUES[0], 2))
    after, events = apply(state, RED_GUESS, Timeout())
    assert [e.kind for e in events] == ["timed_out", "turn_ended"]
    assert events[-1] == TurnEnded(Team.RED, "timeout", Team.BLUE)
    assert after.team is Team.BLUE and after.phase is Phase.CLUE
    assert to_act(after) == (BLUE_SPY,)


def test_guess_timeout_after_a_guess_keeps_the_guess() -> None:
    state, _ = apply(arranged(), RED_SPY, Clue(TR_CLUES[0], 2))
    state, _ = apply(state, RED_GUESS, Guess(RED[0]))
    after, _ = apply(state, RED_GUESS, Timeout())
    assert after.revealed[RED[0]] and after.clues[-1].guesses == (RED[0],)
    assert after.team is Team.BLUE


def test_a_timed_out_guess_turn_stays_in_the_clue_log() -> None:
    """The clue log keeps that the guessers ran out of time under a clue (KC-5); clues
    whose turn ended otherwise say nothing of it (views of old games stay as they were)."""
    state, _ = apply(arranged(), RED_SPY, Clue(TR_CLUES[0], 2))
    state, _ = apply(state, RED_GUESS, Guess(RED[0]))
    state, _ = apply(state, RED_GUESS, Timeout())
    state, _ = apply(state, BLUE_SPY, Clue(TR_CLUES[1], 1))
    clues = view(state, Spectator()).to_json()["clues"]
    assert clues[0]["timed_out"] is True and "timed_out" not in clues[1]
    assert view(state, Spectator()).clues[0].timed_out
    assert type(view(state, Spectator())).from_json(view(state, Spectator()).to_json()) \
        == view(state, Spectator())


def test_solo_timeout_gives_the_turn_back_to_red() -> None:
    words = config().words
    state = new_game(CodenamesConfig(words, seats=SOLO_SEATS, solo=True), seed=1)
    after, events = apply(state, 0, Timeout())
    assert events[-1] == TurnEnded(Team.RED, "timeout", Team.RED)
    assert after.team is Team.RED and to_act(after) == (0,)


@pytest.mark.parametrize("seat", [RED_GUESS, BLUE_SPY, BLUE_GUESS])
def test_only_a_seat_to_act_times_out_and_a_refusal_changes_nothing(seat: int) -> None:
    state = new_game(config(), seed=3)
    with pytest.raises(CodenamesError) as refused:
        apply(state, seat, Timeout())
    assert refused.value.code in ("not_your_turn", "not_your_role")
    assert state.events == new_game(config(), seed=3).events


def test_a_timeout_replays_from_the_log_and_is_the_spec_timeout() -> None:
    spec = game("codenames")
    assert spec.timeout == Timeout()
    state = new_game(config(), seed=5)
    state, _ = apply(state, RED_SPY, Timeout())
    state, _ = apply(state, BLUE_SPY, Clue(TR_CLUES[1], 1))
    state, _ = apply(state, BLUE_GUESS, Timeout())
    moves = spec.moves_of(state.events)
    assert moves == [(RED_SPY, Timeout()), (BLUE_SPY, Clue(TR_CLUES[1], 1)),
                     (BLUE_GUESS, Timeout())]
    again = replay(config(), 5, moves)
    assert again.events == state.events
    for event in state.events:
        assert spec.decode_event(event.to_dict()) == event
    assert spec.move_from_json({"kind": "timeout"}) == Timeout()
