"""Random full games: hidden information never leaks, replays are exact, refusals change nothing.

Games are played with random legal clues (from words on no board) and random
legal guesses and passes; a few seats resign at random.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.engine import apply, legal_moves, moves_of, new_game, replay, to_act
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.moves import Clue, Guess, Move, Pass, Resign
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team
from harfiyen.games.codenames.state import DEFAULT_SEATS, CodenamesConfig, GameState, SeatSpec
from harfiyen.games.codenames.views import Seat, Spectator, TeamRole, Viewer, project_event, view

from .helpers import TR_CLUES, TR_PACK, with_key

SEATINGS: tuple[tuple[SeatSpec, ...], ...] = (
    DEFAULT_SEATS,
    (
        (Team.BLUE, Role.GUESSER), (Team.RED, Role.GUESSER), (Team.BLUE, Role.SPYMASTER),
        (Team.RED, Role.GUESSER), (Team.RED, Role.SPYMASTER), (Team.BLUE, Role.GUESSER),
    ),
)
CODES = {kind.code for kind in codenames_errors.CATALOGUE}


def _config(seating: int, strict: bool) -> CodenamesConfig:
    return CodenamesConfig(TR_PACK, seats=SEATINGS[seating], strict_clues=strict)


def _blind_viewers(config: CodenamesConfig) -> list[Viewer]:
    seats: list[Viewer] = [
        Seat(s) for s, (_, role) in enumerate(config.seats) if role is Role.GUESSER
    ]
    return [*seats, Spectator(), *(TeamRole(team, Role.GUESSER) for team in Team)]


def _random_move(state: GameState, rnd: random.Random) -> tuple[int, Move]:
    if rnd.random() < 0.005:
        return rnd.randrange(len(state.config.seats)), Resign()
    seat = rnd.choice(to_act(state))
    if state.phase is Phase.CLUE:
        word = rnd.choice(TR_CLUES)
        return seat, Clue(word if rnd.random() < 0.5 else word.lower(), rnd.randint(1, 9))
    options = [m for m in legal_moves(state, seat) if not isinstance(m, Resign)]
    # The harness (not a player) peeks at the key to steer clear of the black word most of
    # the time, so that many games run long enough to end by revealing all words.
    black = Guess(state.key.index(Colour.BLACK))
    if rnd.random() < 0.9 and black in options and len(options) > 1:
        options.remove(black)
    return seat, rnd.choice(options)


def play_random_game(
    config: CodenamesConfig, seed: int, rnd: random.Random
) -> tuple[list[GameState], list[tuple[int, Move]]]:
    """Every state of one random game, first to last, and the moves between them."""
    state = new_game(config, seed)
    states, moves = [state], []
    while state.outcome is None:
        seat, move = _random_move(state, rnd)
        state, _ = apply(state, seat, move)
        states.append(state)
        moves.append((seat, move))
    return states, moves


def _walk(value: Any) -> list[dict[str, Any]]:
    """Every dict inside a JSON value."""
    if isinstance(value, dict):
        return [value, *(d for v in value.values() for d in _walk(v))]
    if isinstance(value, list):
        return [d for v in value for d in _walk(v)]
    return []


def _projected(state: GameState, viewer: Viewer) -> list[dict[str, Any]]:
    return [project_event(event, viewer, state) for event in state.events]


def assert_no_key_leak(state: GameState, viewer: Viewer) -> None:
    """The serialised view and events show no colour of a covered card."""
    shown = json.loads(json.dumps(view(state, viewer).to_json()))
    events = json.loads(json.dumps(_projected(state, viewer)))
    for card in shown["cards"]:
        assert ("colour" in card) == card["revealed"] == state.revealed[card["index"]]
    for item in _walk([shown, events]):
        assert "key" not in item
        if "colour" in item and "index" in item:
            assert state.revealed[item["index"]]
    if not state.revealed[state.key.index(Colour.BLACK)]:
        assert "black" not in json.dumps([shown, events])


def _rotated_key(state: GameState) -> tuple[Colour, ...]:
    """The key with the colours of covered cards rotated by one place (never the same key)."""
    covered = [i for i, shown in enumerate(state.revealed) if not shown]
    colours = [state.key[i] for i in covered]
    key = list(state.key)
    for i, colour in zip(covered, colours[1:] + colours[:1], strict=True):
        key[i] = colour
    return tuple(key)


games = st.tuples(
    st.integers(0, 2**32), st.randoms(use_true_random=False), st.integers(0, 1), st.booleans()
)


@settings(max_examples=100, deadline=None)
@given(games)
def test_random_games_never_leak_the_key_to_guessers_or_spectators(
    game: tuple[int, random.Random, int, bool],
) -> None:
    seed, rnd, seating, strict = game
    config = _config(seating, strict)
    states, _ = play_random_game(config, seed, rnd)
    for state in states[:-1]:
        for viewer in _blind_viewers(config):
            assert_no_key_leak(state, viewer)
    final = states[-1]
    assert final.outcome is not None
    assert view(final, Spectator()).key_visible is True


@settings(max_examples=40, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_changing_covered_colours_does_not_change_what_guessers_see(
    game: tuple[int, random.Random, int, bool], pick: random.Random,
) -> None:
    seed, rnd, seating, strict = game
    config = _config(seating, strict)
    states, moves = play_random_game(config, seed, rnd)
    spymaster = Seat(config.seats_of(Team.RED, Role.SPYMASTER)[0])
    running = range(len(states) - 1)
    for cut in pick.sample(running, min(3, len(running))):
        state = states[cut]
        other_key = _rotated_key(state)
        assert other_key != state.key
        other = with_key(new_game(config, seed), other_key)
        for seat, move in moves[:cut]:
            other, _ = apply(other, seat, move)
        for viewer in _blind_viewers(config):
            assert view(other, viewer).to_json() == view(state, viewer).to_json()
            assert _projected(other, viewer) == _projected(state, viewer)
        assert view(other, spymaster).to_json() != view(state, spymaster).to_json()


@settings(max_examples=60, deadline=None)
@given(games)
def test_replay_of_the_recorded_moves_equals_the_original(
    game: tuple[int, random.Random, int, bool],
) -> None:
    seed, rnd, seating, strict = game
    config = _config(seating, strict)
    states, moves = play_random_game(config, seed, rnd)
    final = states[-1]
    assert replay(config, seed, moves) == final
    assert replay(config, seed, moves_of(final.events)) == final
    restored = CodenamesConfig.from_dict(json.loads(json.dumps(config.to_dict())))
    assert replay(restored, seed, moves_of(final.events)) == final


_seats = st.integers(-1, 6)
_any_move = st.one_of(
    st.builds(Clue, st.sampled_from([*TR_CLUES, *TR_PACK, "deniz feneri", "x1", "", "İlik"]),
              st.integers(-1, 11)),
    st.builds(Guess, st.integers(-2, 27)),
    st.just(Pass()),
    st.just(Resign()),
)


@settings(max_examples=60, deadline=None)
@given(games, st.data())
def test_a_rejected_move_leaves_the_state_unchanged(
    game: tuple[int, random.Random, int, bool], data: st.DataObject,
) -> None:
    seed, rnd, seating, strict = game
    states, _ = play_random_game(_config(seating, strict), seed, rnd)
    for state in rnd.sample(states, min(5, len(states))):
        seat, move = data.draw(_seats), data.draw(_any_move)
        before = copy.deepcopy(state)
        try:
            after, events = apply(state, seat, move)
        except CodenamesError as error:
            assert error.code in CODES
            assert error.message.tr and error.message.en
            assert state == before and state.events == before.events
        else:
            assert after.move_number == state.move_number + 1
            assert after.events == state.events + events and state == before
