"""Views by inclusion and event projection: who sees which tiles."""

from __future__ import annotations

import json

import pytest

from harfiyen.games.crossword.engine import apply
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import Exchanged, TilesDrawn
from harfiyen.games.crossword.moves import Exchange, Play, Resign
from harfiyen.games.crossword.views import Omniscient, Seat, Spectator, project_event, view

from .helpers import en_game, place, setup, tr_game


def test_seat_view_has_own_rack_and_only_counts_of_the_rest() -> None:
    state = tr_game(seed=4)
    mine = view(state, Seat(0)).to_json()
    assert mine["rack"] == list(state.racks[0])
    assert mine["rack_sizes"] == [7, 7] and mine["bag_count"] == 86
    assert "racks" not in mine and "bag" not in mine
    assert mine["seat"] == 0 and mine["to_move"] == 0 and mine["rules"] == "tr@2"


def test_spectator_sees_no_rack() -> None:
    state = tr_game(seed=4)
    seen = view(state, Spectator()).to_json()
    assert "rack" not in seen and "racks" not in seen
    assert sum(seen["unseen"].values()) == 100


def test_omniscient_only_after_the_game() -> None:
    state = tr_game(seed=4)
    with pytest.raises(CrosswordError) as info:
        view(state, Omniscient())
    assert info.value.code == "omniscient_before_end"
    over = apply(state, 0, Resign())[0]
    full = view(over, Omniscient()).to_json()
    assert full["racks"] == [list(r) for r in over.racks] and len(full["bag"]) == 86
    assert full["outcome"]["reason"] == "resigned"


def test_unknown_seat_view_is_refused() -> None:
    with pytest.raises(CrosswordError):
        view(tr_game(), Seat(2))


def test_unseen_tracker_excludes_board_and_own_rack() -> None:
    state = setup(tr_game(lexicon={"AL"}), racks=["AL?ĞĞĞĞ", "EEEEEEE"])
    after = apply(state, 0, Play(place("H8=A I8=l")))[0]
    unseen = view(after, Seat(0)).to_json()["unseen"]
    assert unseen["A"] == 12 - 1 - 0  # one A on the board; no A left on the rack
    assert unseen["?"] == 2 - 1  # one blank on the board
    assert "Ğ" not in unseen  # 1 in the set, 4 on this (made-up) rack
    assert unseen["E"] == 8


def test_board_rows_show_blanks_in_turkish_lower_case() -> None:
    state = setup(tr_game(lexicon={"Iİ"}), racks=["??AAAAA", "EEEEEEE"])
    after = apply(state, 0, Play(place("H8=ı I8=i")))[0]
    rows = view(after, Spectator()).to_json()["rows"]
    assert rows[7] == "." * 7 + "ıi" + "." * 6
    board = view(after, Spectator()).to_json()["board"]
    assert board[0] == {"square": "H8", "letter": "I", "blank": True}


def test_last_move_summary_has_the_breakdown() -> None:
    state = setup(tr_game(lexicon={"AL"}), racks=["ALAAAAA", "EEEEEEE"])
    after = apply(state, 0, Play(place("H8=A I8=L")))[0]
    last = view(after, Seat(1)).to_json()["last_move"]
    assert last["kind"] == "play_made" and last["total"] == 4
    assert last["breakdown"]["words"][0]["premiums"] == [{"square": "H8", "premium": "K2"}]


def test_pending_play_is_shown_to_everyone() -> None:
    state = setup(en_game(lexicon={"AT"}), to_move=0, racks=["ATAAAAA", "EEEEEEE"])
    after = apply(state, 0, Play(place("H8=A I8=T", "en")))[0]
    for viewer in (Seat(0), Seat(1), Spectator()):
        pending = view(after, viewer).to_json()["pending"]
        assert pending["words"] == ["AT"] and pending["seat"] == 0


def test_drawn_and_exchanged_tiles_only_to_their_owner() -> None:
    state = tr_game(seed=8)
    after = apply(state, 0, Exchange(state.racks[0]))[0]
    for event in after.events:
        if isinstance(event, TilesDrawn | Exchanged):
            own = project_event(event, Seat(event.seat), state)
            other = project_event(event, Seat(1 - event.seat), state)
            spectator = project_event(event, Spectator(), state)
            assert own is not None and "tiles" in own
            assert other == spectator == {
                "kind": event.kind, "seat": event.seat, "count": len(event.tiles)
            }


def test_views_are_json_ready() -> None:
    state = en_game(players=3)
    for viewer in (Seat(0), Seat(2), Spectator()):
        json.dumps(view(state, viewer).to_json())
        for event in state.events:
            json.dumps(project_event(event, viewer, state))
