"""Whole random games: hidden information, replay, refused moves change nothing.

For every seat at every step: its view and the events sent to it are JSON,
and changing the letters of that seat's own cards (its stand and its unseen
bonus card) changes neither, so nothing of its own letters reaches it before
the end. A finished game replays exactly from its config, seed and moves.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.games.letterjam import (
    GameState,
    LetterJamConfig,
    LetterJamError,
    Omniscient,
    Phase,
    Seat,
    Spectator,
    apply,
    moves_of,
    new_game,
    project_event,
    replay,
    view,
)
from harfiyen.games.letterjam.engine import to_act, waiting_on
from harfiyen.games.letterjam.events import Event
from harfiyen.lexicon.normalize import ALPHABETS

from .helpers import ANY
from .randomplay import invalid_moves, play_step

MAX_STEPS = 150


def own_cards(state: GameState, seat: int) -> list[int]:
    """The cards whose letters ``seat`` must not learn: its stand and unseen bonus."""
    player = state.players[seat]
    return [*player.stand, *([player.bonus] if player.bonus is not None else [])]


def relabelled(state: GameState, seat: int) -> GameState:
    """``state`` with every own card of ``seat`` given another letter."""
    alphabet = ALPHABETS[state.config.language]
    cards = list(state.cards)
    for card in own_cards(state, seat):
        cards[card] = alphabet[(alphabet.index(cards[card]) + 7) % len(alphabet)]
    return replace(state, cards=tuple(cards))


def check_hidden(state: GameState, new_events: tuple[Event, ...]) -> None:
    for seat in range(state.player_count):
        viewer = Seat(seat)
        other = relabelled(state, seat)
        seen = view(state, viewer).to_json()
        json.dumps(seen)
        assert view(other, viewer).to_json() == seen
        sent = [project_event(e, viewer, state) for e in new_events]
        json.dumps(sent)
        assert [project_event(e, viewer, other) for e in new_events] == sent
    json.dumps(view(state, Spectator()).to_json())


def check_refusals(state: GameState, rnd: random.Random) -> None:
    snapshot = copy.deepcopy(state)
    for seat, move in invalid_moves(state, rnd):
        try:
            apply(state, seat, move)
        except LetterJamError as error:
            assert error.message.tr and error.message.en
        else:  # pragma: no cover - a failure
            raise AssertionError(f"{move} by {seat} was accepted")
    assert state == snapshot


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    language=st.sampled_from(["tr", "en"]),
    length=st.integers(3, 7),
    scoring=st.booleans(),
)
def test_random_games_hide_own_letters_and_replay(
    seed: int, players: int, language: str, length: int, scoring: bool
) -> None:
    config = LetterJamConfig(
        "en" if language == "en" else "tr", players=players, word_length=length,
        scoring=scoring,
    )
    state = new_game(config, seed, lexicon=ANY)
    rnd = random.Random(seed)
    check_hidden(state, state.events)
    for _ in range(MAX_STEPS):
        if state.phase is Phase.OVER:
            break
        before = len(state.events)
        if rnd.random() < 0.1:
            check_refusals(state, rnd)
        state = play_step(state, rnd)
        if state.phase is not Phase.OVER:
            check_hidden(state, state.events[before:])
        # The table waits on some of the seats that may act, until the game is over.
        waiting = waiting_on(state)
        assert set(waiting) <= set(to_act(state)) and bool(waiting) != (state.phase is Phase.OVER)
    if state.phase is Phase.OVER:
        assert state.outcome is not None
        json.dumps(view(state, Omniscient()).to_json())
        json.dumps([project_event(e, Omniscient(), state) for e in state.events])
    assert replay(config, seed, moves_of(state.events), lexicon=ANY) == state
