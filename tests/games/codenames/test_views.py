"""Views by viewer: spymasters see the key, guessers and spectators only revealed colours."""

from __future__ import annotations

import json

import pytest

from harfiyen.games.codenames.engine import apply
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import BoardDrawn
from harfiyen.games.codenames.moves import Clue, Guess, Resign
from harfiyen.games.codenames.rules import Role, Team
from harfiyen.games.codenames.state import GameState
from harfiyen.games.codenames.views import (
    Omniscient,
    Seat,
    Spectator,
    TeamRole,
    Viewer,
    project_event,
    view,
)

from .helpers import (
    BLUE,
    BLUE_GUESS,
    BLUE_SPY,
    NEUTRAL,
    RED_GUESS,
    RED_SPY,
    arranged,
    guesses,
    play,
)

GUESSER_VIEWERS: tuple[Viewer, ...] = (
    Seat(RED_GUESS), Seat(BLUE_GUESS), Spectator(),
    TeamRole(Team.RED, Role.GUESSER), TeamRole(Team.BLUE, Role.GUESSER),
)
KEY_VIEWERS: tuple[Viewer, ...] = (
    Seat(RED_SPY), Seat(BLUE_SPY),
    TeamRole(Team.RED, Role.SPYMASTER), TeamRole(Team.BLUE, Role.SPYMASTER),
)


def _midgame() -> GameState:
    """Red revealed cards 0 (red) and 17 (neutral); blue holds a clue."""
    state = play(arranged(), (RED_SPY, Clue("SU", 2)), *guesses(RED_GUESS, 0, NEUTRAL[0]))
    return play(state, (BLUE_SPY, Clue("hava", 3)))


def test_spymasters_see_the_whole_key() -> None:
    state = _midgame()
    for viewer in KEY_VIEWERS:
        out = view(state, viewer).to_json()
        assert out["key_visible"] is True
        assert [card["colour"] for card in out["cards"]] == [c.value for c in state.key]


def test_guessers_and_spectators_see_only_revealed_colours() -> None:
    state = _midgame()
    for viewer in GUESSER_VIEWERS:
        out = view(state, viewer).to_json()
        assert out["key_visible"] is False
        coloured = {card["index"]: card["colour"] for card in out["cards"] if "colour" in card}
        assert coloured == {0: "red", NEUTRAL[0]: "neutral"}
        assert all(card["revealed"] == (card["index"] in coloured) for card in out["cards"])
        assert "black" not in json.dumps(out)


def test_view_shows_words_clue_history_guesses_left_remaining_and_turn() -> None:
    out = view(_midgame(), Seat(BLUE_GUESS)).to_json()
    assert [card["word"] for card in out["cards"]][:2] == ["ELMA", "ARMUT"]
    assert out["turn"] == "blue" and out["phase"] == "guess" and out["to_act"] == [BLUE_GUESS]
    assert out["current_clue"] == {
        "team": "blue", "seat": BLUE_SPY, "word": "HAVA", "number": 3, "guesses": [],
        "guesses_left": 4,
    }
    assert out["clues"][0] == {
        "team": "red", "seat": RED_SPY, "word": "SU", "number": 2,
        "guesses": [
            {"index": 0, "word": "ELMA", "colour": "red"},
            {"index": NEUTRAL[0], "word": "DAĞ", "colour": "neutral"},
        ],
    }
    assert out["remaining"] == {"red": 8, "blue": 8}
    assert out["outcome"] is None
    assert out["viewer"] == {"kind": "seat", "seat": BLUE_GUESS, "team": "blue", "role": "guesser"}
    json.dumps(out)


def test_everyone_sees_the_key_once_the_game_is_over() -> None:
    state, _ = apply(_midgame(), BLUE_GUESS, Resign())
    for viewer in (*GUESSER_VIEWERS, Omniscient()):
        out = view(state, viewer).to_json()
        assert out["key_visible"] is True
        assert [card["colour"] for card in out["cards"]] == [c.value for c in state.key]
        assert out["outcome"]["winner"] == "red"


def test_omniscient_view_only_after_the_game_and_seats_must_exist() -> None:
    with pytest.raises(CodenamesError, match="omniscient_before_end"):
        view(_midgame(), Omniscient())
    with pytest.raises(CodenamesError, match="unknown_seat"):
        view(_midgame(), Seat(7))


def test_board_drawn_event_carries_the_key_only_to_spymasters() -> None:
    state = arranged()
    drawn = state.events[1]
    assert isinstance(drawn, BoardDrawn)
    for viewer in KEY_VIEWERS:
        assert project_event(drawn, viewer, state)["key"][24] == "black"
    over, _ = apply(state, RED_SPY, Resign())
    for viewer in GUESSER_VIEWERS:
        projected = project_event(drawn, viewer, state)
        assert projected == {"kind": "board_drawn", "words": list(state.words)}
        assert project_event(drawn, viewer, over)["key"] == [c.value for c in state.key]


def test_other_events_are_public_and_reveals_show_their_colour() -> None:
    state = play(arranged(), (RED_SPY, Clue("SU", 2)))
    _, events = apply(state, RED_GUESS, Guess(BLUE[0]))
    for viewer in GUESSER_VIEWERS:
        assert [project_event(e, viewer, state) for e in events] == [e.to_dict() for e in events]
    assert events[0].to_dict()["colour"] == "blue"
