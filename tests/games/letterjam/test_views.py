"""Views and event projections: every visible card but one's own."""

from __future__ import annotations

import json

import pytest

from harfiyen.games.letterjam import (
    AgreeEnd,
    Arrange,
    LetterJamError,
    MoveOn,
    Omniscient,
    Seat,
    Spectator,
    apply,
    parse_refs,
    parse_slots,
    project_event,
    view,
)
from harfiyen.games.letterjam.events import Arranged, BonusDrawn, ClueGiven, Dealt, MovedOn

from .helpers import clue, game


def test_a_seat_sees_every_stand_but_its_own() -> None:
    state = game(4, seed=5)
    seen = view(state, Seat(1)).to_json()
    json.dumps(seen)
    for stand in seen["stands"]:
        if stand["seat"] == 1:
            assert "card" not in stand and "bonus" not in stand and "seen" not in stand
        else:
            player = state.players[stand["seat"]]
            assert stand["card"] == state.cards[player.stand[0]]
    assert [p["top"] for p in seen["piles"]] == [state.cards[p.cards[0]] for p in state.piles]
    assert seen["seat"] == 1 and seen["guesses"] == [] and seen["records"] == []
    assert "deck" not in seen and "words" not in seen


def test_others_remember_the_cards_a_player_moved_past() -> None:
    state = game(3)
    first = state.players[0].stand[0]
    state, _ = apply(state, 0, MoveOn("E"))
    assert view(state, Seat(1)).to_json()["stands"][0]["seen"] == [state.cards[first]]
    own = view(state, Seat(0)).to_json()
    assert own["guesses"] == ["E"] and "seen" not in own["stands"][0]


def test_unknown_viewers() -> None:
    state = game(2)
    with pytest.raises(LetterJamError) as info:
        view(state, Seat(2))
    assert info.value.code == "unknown_seat"
    with pytest.raises(LetterJamError) as info:
        view(state, Omniscient())
    assert info.value.code == "omniscient_before_end"


def test_a_spectator_sees_every_card_but_no_guess_sheet() -> None:
    state = game(3)
    seen = view(state, Spectator()).to_json()
    assert all("card" in stand for stand in seen["stands"])
    assert "guesses" not in seen and "records" not in seen


def test_the_deal_shows_each_seat_the_first_cards_of_the_others() -> None:
    state = game(3)
    dealt = state.events[1]
    assert isinstance(dealt, Dealt)
    sent = project_event(dealt, Seat(2), state)
    assert sent is not None
    assert [("shown" in s) for s in sent["stands"]] == [True, True, False]
    assert "words" not in sent and "deck" not in sent and "cards" not in sent
    assert len(project_event(dealt, Omniscient(), state)["words"]) == 3  # type: ignore[index]


def test_a_clue_reaches_each_seat_as_its_own_record() -> None:
    state = game(4, seed=3)
    state, events = clue(state, 0, parse_refs("P1 * P2"), "A")
    given = events[0]
    assert isinstance(given, ClueGiven)
    to_giver = project_event(given, Seat(0), state)
    to_one = project_event(given, Seat(1), state)
    to_watcher = project_event(given, Spectator(), state)
    assert to_giver is not None and to_one is not None and to_watcher is not None
    assert to_giver["word"] == given.word and to_giver["wildcard"] == "A"
    assert "word" not in to_one and "wildcard" not in to_one
    assert to_one["letters"] == ["?", "*", given.word[2]]
    assert to_watcher["letters"] == [given.word[0], "*", given.word[2]]
    assert "word" not in to_watcher


def test_moving_on_and_bonus_cards_are_hidden_from_their_owner() -> None:
    state = game(2)
    for _ in range(5):
        state, events = apply(state, 0, MoveOn("A"))
    moved = next(e for e in events if isinstance(e, MovedOn))
    drawn = next(e for e in events if isinstance(e, BonusDrawn))
    assert project_event(moved, Seat(0), state) == {
        "kind": "moved_on", "seat": 0, "position": 4, "guess": "A",
    }
    assert project_event(drawn, Seat(0), state) == {"kind": "bonus_drawn", "seat": 0}
    assert project_event(drawn, Seat(1), state) == {
        "kind": "bonus_drawn", "seat": 0, "letter": state.cards[drawn.card],
    }
    assert view(state, Seat(1)).stands[0].bonus == state.cards[drawn.card]
    assert view(state, Seat(0)).stands[0].has_bonus is True


def test_arrangements_are_private_until_the_end() -> None:
    state = game(2)
    state, _ = apply(state, 0, AgreeEnd())
    state, _ = apply(state, 1, AgreeEnd())
    state, events = apply(state, 0, Arrange(parse_slots("O4 O3 O2 O1 O0")))
    arranged = events[0]
    assert isinstance(arranged, Arranged)
    assert project_event(arranged, Seat(1), state) == {"kind": "arranged", "seat": 0}
    assert project_event(arranged, Seat(0), state)["slots"] == [  # type: ignore[index]
        "O4", "O3", "O2", "O1", "O0",
    ]
    assert view(state, Seat(0)).to_json()["arrangement"]["slots"][0] == "O4"
    assert view(state, Seat(1)).stands[0].arranged is True
