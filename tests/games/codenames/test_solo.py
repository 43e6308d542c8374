"""Solo Kelime Casusu: red alone against the board (the "find all 9" setting)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.games.codenames import SOLO_SEATS
from harfiyen.games.codenames.engine import apply, new_game, outcome, replay, to_act
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import BoardDrawn, TurnEnded
from harfiyen.games.codenames.moves import Clue, Guess, Move, Pass
from harfiyen.games.codenames.rules import Role, Team
from harfiyen.games.codenames.state import CodenamesConfig, GameState

from .helpers import ARRANGED_KEY, BLUE, NEUTRAL, RED, TR_BOARD, TR_PACK

SPY, GUESS = 0, 1


def _solo() -> CodenamesConfig:
    return CodenamesConfig(TR_PACK, "tr", SOLO_SEATS, solo=True)


def _arranged() -> GameState:
    state = new_game(_solo(), seed=0)
    drawn = state.events[1]
    assert isinstance(drawn, BoardDrawn)
    events = (state.events[0], BoardDrawn(TR_BOARD, ARRANGED_KEY, drawn.spymasters))
    return replace(state, words=TR_BOARD, key=ARRANGED_KEY, events=events)


def test_solo_turns_come_back_to_red() -> None:
    state = _arranged()
    state, _ = apply(state, SPY, Clue("SU", 2))
    state, events = apply(state, GUESS, Guess(NEUTRAL[0]))
    assert state.team is Team.RED and to_act(state) == (SPY,)
    assert events[-1] == TurnEnded(Team.RED, "neutral_card", Team.RED)
    state, _ = apply(state, SPY, Clue("SU", 1))
    state, _ = apply(state, GUESS, Guess(RED[0]))
    state, _ = apply(state, GUESS, Pass())
    assert state.team is Team.RED


def test_solo_red_wins_by_finding_all_nine() -> None:
    state = _arranged()
    state, _ = apply(state, SPY, Clue("SU", 9))
    for index in RED:
        state, _ = apply(state, GUESS, Guess(index))
    result = outcome(state)
    assert result is not None and result.winner is Team.RED and result.reason == "all_words"


def test_solo_revealing_blues_last_word_loses() -> None:
    state = _arranged()
    for index in BLUE:
        state, _ = apply(state, SPY, Clue("SU", 1))
        state, _ = apply(state, GUESS, Guess(index))
    result = outcome(state)
    assert result is not None and result.winner is Team.BLUE


def test_solo_seats_only_red_and_replays() -> None:
    with pytest.raises(CodenamesError) as refused:
        new_game(CodenamesConfig(TR_PACK, "tr", solo=True), seed=1)
    assert refused.value.code == "solo_seats_red_only"
    config = _solo()
    assert CodenamesConfig.from_dict(config.to_dict()) == config
    assert config.role_of(GUESS) is Role.GUESSER
    moves: list[tuple[int, Move]] = [(SPY, Clue("SU", 1)), (GUESS, Guess(0))]
    state = new_game(config, seed=3)
    for seat, move in moves:
        state, _ = apply(state, seat, move)
    assert replay(config, 3, moves) == state
