"""The registry's match-layer fields: defaults that keep the crossword as it was, Kelime
Casusu's own room slots, seating, chat policy, AI and phases."""

from __future__ import annotations

import pytest

from harfiyen.core.errors import GameError
from harfiyen.games import game
from harfiyen.games.codenames.engine import apply, new_game
from harfiyen.games.codenames.moves import Clue, Resign
from harfiyen.games.codenames.rules import Role, Team


def test_crossword_defaults() -> None:
    spec = game("crossword")
    config = spec.config_from_options({"rules": "tr"})
    assert spec.room_slots(config) == ({}, {})
    assert spec.seated_config(config, [0, 1]) is config
    with pytest.raises(GameError) as refused:
        spec.seated_config(config, [1])
    assert refused.value.code == "room.seats_empty"
    assert spec.chat_policy(None, 0) == "all" and spec.chat_policy(None, None) == "none"
    assert spec.ai_levels == ("caylak", "orta", "usta", "sampiyon")  # offered, in order
    assert spec.phase_of(object()) == "move"


def test_codenames_slots_and_seating() -> None:
    spec = game("codenames")
    config = spec.config_from_options({"language": "tr"})
    slots = spec.room_slots(config)
    assert len(slots) == 10
    assert slots[0] == {"team": "red", "role": "spymaster"}
    assert slots[1:5] == ({"team": "red", "role": "guesser"},) * 4
    assert slots[5] == {"team": "blue", "role": "spymaster"}
    seated = spec.seated_config(config, [0, 1, 2, 5, 6])
    assert seated.seats == ((Team.RED, Role.SPYMASTER), (Team.RED, Role.GUESSER),
                            (Team.RED, Role.GUESSER), (Team.BLUE, Role.SPYMASTER),
                            (Team.BLUE, Role.GUESSER))
    for filled, code in (([0, 1, 6], "team_needs_one_spymaster"),
                         ([0, 5, 6], "team_needs_a_guesser")):
        with pytest.raises(GameError) as refused:
            spec.seated_config(config, filled)
        assert refused.value.code == code
    solo = spec.config_from_options({"language": "en", "solo": True,
                                     "seats": [["red", "spymaster"], ["red", "guesser"]]})
    assert [s["team"] for s in spec.room_slots(solo)] == ["red"] * 5
    assert spec.seated_config(solo, [0, 3]).seats == ((Team.RED, Role.SPYMASTER),
                                                      (Team.RED, Role.GUESSER))


def test_codenames_options_without_words_take_the_built_in_pack() -> None:
    spec = game("codenames")
    config = spec.config_from_options({"language": "tr"})
    assert len(config.words) >= 400 and config.apart
    assert spec.config_from_dict(spec.config_to_dict(config)) == config


def test_codenames_chat_policy_ai_and_phases() -> None:
    spec = game("codenames")
    config = spec.config_from_options({"language": "tr"})
    state = new_game(config, 2)
    assert spec.chat_policy(None, 0) == "all"
    assert [spec.chat_policy(state, s) for s in range(4)] == ["none", "team", "none", "team"]
    assert spec.chat_policy(state, None) == "none"
    over, _ = apply(state, 1, Resign())
    assert [spec.chat_policy(over, s) for s in range(4)] == ["all"] * 4
    assert spec.chat_policy(over, None) == "none"
    assert spec.ai is not None and spec.ai.choose == "harfiyen.ai.codenames.seat:choose"
    assert spec.ai_levels == ("ai",)
    assert spec.phase_of(state) == "clue"
    guessing, _ = apply(state, 0, Clue("DENİZALTI", 1))
    assert spec.phase_of(guessing) == "guess"
