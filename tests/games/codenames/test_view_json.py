"""The typed Kelime Casusu view keeps the JSON wire form of 648f7eb.

``legacy_view`` is the dict builder of commit 648f7eb, kept verbatim as the
reference; random games compare it with ``view(...).to_json()`` for every
kind of viewer, and ``from_json`` parses each JSON form back to the same view.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from harfiyen.core.viewers import Omniscient
from harfiyen.games.codenames.rules import Role, Team
from harfiyen.games.codenames.state import ClueRecord, GameState
from harfiyen.games.codenames.views import (
    CodenamesView,
    Seat,
    Spectator,
    TeamRole,
    Viewer,
    sees_key,
    view,
)

from .test_playthroughs import _config, play_random_game


def legacy_view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The view dict exactly as ``views.view`` built it at commit 648f7eb."""
    seats = state.config.seats
    key_visible = sees_key(state, viewer)
    current = state.current_clue
    return {
        "game": "codenames",
        "language": state.language,
        "strict_clues": state.config.strict_clues,
        "seats": [
            {"seat": s, "team": team.value, "role": role.value}
            for s, (team, role) in enumerate(seats)
        ],
        "viewer": _viewer_dict(state, viewer),
        "key_visible": key_visible,
        "cards": [_card(state, i, key_visible) for i in range(len(state.words))],
        "turn": state.team.value,
        "phase": state.phase.value,
        "to_act": list(state.acting_seats()),
        "current_clue": None if current is None else {
            **_clue_dict(state, current), "guesses_left": current.guesses_left,
        },
        "clues": [_clue_dict(state, clue) for clue in state.clues],
        "remaining": {team.value: state.remaining(team) for team in Team},
        "move_number": state.move_number,
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def _viewer_dict(state: GameState, viewer: Viewer) -> dict[str, Any]:
    if isinstance(viewer, Seat):
        team, role = state.config.seats[viewer.seat]
        return {"kind": "seat", "seat": viewer.seat, "team": team.value, "role": role.value}
    if isinstance(viewer, TeamRole):
        return {"kind": "team_role", "team": viewer.team.value, "role": viewer.role.value}
    if isinstance(viewer, Spectator):
        return {"kind": "spectator"}
    return {"kind": "omniscient"}


def _card(state: GameState, index: int, key_visible: bool) -> dict[str, Any]:
    shown = state.revealed[index]
    card: dict[str, Any] = {"index": index, "word": state.words[index], "revealed": shown}
    if shown or key_visible:
        card["colour"] = state.key[index].value
    return card


def _clue_dict(state: GameState, clue: ClueRecord) -> dict[str, Any]:
    return {
        "team": clue.team.value,
        "seat": clue.seat,
        "word": clue.word,
        "number": clue.number,
        "guesses": [
            {"index": i, "word": state.words[i], "colour": state.key[i].value}
            for i in clue.guesses
        ],
    }


def viewers(state: GameState) -> list[Viewer]:
    out: list[Viewer] = [Seat(s) for s in range(len(state.config.seats))]
    out += [TeamRole(team, role) for team in Team for role in Role]
    out.append(Spectator())
    if state.outcome is not None:
        out.append(Omniscient())
    return out


@pytest.mark.parametrize(("seating", "strict"), [(0, False), (1, True)])
def test_wire_form_is_todays_for_every_viewer(seating: int, strict: bool) -> None:
    rnd = random.Random(seating * 10 + strict)
    for seed in range(3):
        states, _ = play_random_game(_config(seating, strict), seed, rnd)
        for state in states[:: max(1, len(states) // 12)] + states[-1:]:
            for who in viewers(state):
                typed = view(state, who)
                wire = typed.to_json()
                old = legacy_view(state, who)
                assert list(wire) == list(old) and wire == old
                parsed = CodenamesView.from_json(json.loads(json.dumps(wire, ensure_ascii=False)))
                assert parsed == typed


def test_a_malformed_view_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        CodenamesView.from_json({"game": "codenames"})
    with pytest.raises(ValueError):
        CodenamesView.from_json({"game": "crossword"})
