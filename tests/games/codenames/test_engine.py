"""The engine contract: doctests, config round trip, legal moves, replay from events, errors."""

from __future__ import annotations

import doctest
import json
from types import ModuleType

import pytest

from harfiyen.core.errors import GameError
from harfiyen.games import codenames
from harfiyen.games.codenames import (
    clues,
    engine,
    errors,
    key,
    packs,
    stems,
    words,
)
from harfiyen.games.codenames.engine import (
    apply,
    legal_moves,
    moves_of,
    new_game,
    outcome,
    replay,
    to_act,
)
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.moves import Clue, Guess, Pass, Resign
from harfiyen.games.codenames.rules import Role, Team
from harfiyen.games.codenames.state import DEFAULT_SEATS, CodenamesConfig

from .helpers import (
    BLUE_GUESS,
    BLUE_SPY,
    RED_GUESS,
    RED_SPY,
    TR_PACK,
    arranged,
    config,
    guesses,
    play,
    red_clue,
)


@pytest.mark.parametrize("module", [clues, engine, key, packs, stems, words], ids=str)
def test_doctests_of_the_public_api(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_config_round_trips_through_json() -> None:
    cfg = CodenamesConfig(TR_PACK, language="tr", strict_clues=True)
    data = json.loads(json.dumps(cfg.to_dict()))
    assert data["seats"][0] == ["red", "spymaster"]
    assert CodenamesConfig.from_dict(data) == cfg
    assert CodenamesConfig.from_dict({"words": list(TR_PACK)}).seats == DEFAULT_SEATS


def test_config_accepts_team_and_role_names() -> None:
    seats = (("red", "spymaster"), ("red", "guesser"), ("blue", "spymaster"), ("blue", "guesser"))
    cfg = CodenamesConfig(TR_PACK, seats=seats)  # type: ignore[arg-type]
    assert cfg.seats == DEFAULT_SEATS
    assert cfg.team_of(2) is Team.BLUE and cfg.role_of(2) is Role.SPYMASTER
    with pytest.raises(ValueError):
        CodenamesConfig(TR_PACK, seats=(("green", "guesser"),))  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    assert new_game(config(), 9) == new_game(config(), 9)
    assert new_game(config(), 9).words != new_game(config(), 10).words


def test_legal_moves_for_guessers_spymasters_and_waiting_seats() -> None:
    state = arranged()
    assert list(legal_moves(state, RED_SPY)) == [Resign()]  # clues are not enumerated
    assert list(legal_moves(state, RED_GUESS)) == [Resign()]
    state = red_clue(state)
    moves = list(legal_moves(state, RED_GUESS))
    assert moves == [*(Guess(i) for i in range(25)), Resign()]  # no pass before a guess
    state = play(state, *guesses(RED_GUESS, 0))
    moves = list(legal_moves(state, RED_GUESS))
    assert Guess(0) not in moves and Pass() in moves and len(moves) == 24 + 2
    assert list(legal_moves(state, BLUE_GUESS)) == [Resign()]
    assert list(legal_moves(state, 9)) == []


def test_every_listed_move_is_accepted() -> None:
    state = play(red_clue(arranged(), number=3), *guesses(RED_GUESS, 0))
    for move in legal_moves(state, RED_GUESS):
        apply(state, RED_GUESS, move)


def test_nothing_to_act_or_move_after_the_game() -> None:
    state, _ = apply(arranged(), BLUE_SPY, Resign())
    assert to_act(state) == () and list(legal_moves(state, RED_SPY)) == []
    assert outcome(state) is state.outcome
    with pytest.raises(CodenamesError, match="game_over"):
        apply(state, RED_SPY, Resign())


def test_moves_of_reads_back_every_move_in_normal_form() -> None:
    state = play(
        new_game(config(), 4),
        (RED_SPY, Clue(" deniz ", 2)),
        (RED_GUESS, Guess(3)),
    )
    recorded = moves_of(state.events)
    assert recorded == [(RED_SPY, Clue("DENİZ", 2)), (RED_GUESS, Guess(3))]
    assert replay(config(), 4, recorded) == state


def test_error_codes_are_unique_and_messages_are_bilingual() -> None:
    codes = [kind.code for kind in errors.CATALOGUE]
    assert len(codes) == len(set(codes))
    for kind in errors.CATALOGUE:
        assert kind.tr and kind.en and kind.tr != kind.en


def test_errors_are_game_errors_with_json_ready_details() -> None:
    with pytest.raises(GameError) as excinfo:
        apply(arranged(), BLUE_SPY, Clue("SU", 1))
    assert isinstance(excinfo.value, CodenamesError)
    data = excinfo.value.to_dict()
    assert json.loads(json.dumps(data)) == {
        "code": "not_your_turn",
        "message": {
            "tr": "Sıra sizde değil; sıra kırmızı takımda.",
            "en": "It is not your turn; the red team is to act.",
        },
        "details": {"team": "red"},
    }


def test_role_is_named_in_each_language() -> None:
    with pytest.raises(CodenamesError) as excinfo:
        apply(red_clue(arranged()), RED_SPY, Guess(0))
    assert excinfo.value.message.tr == "Bu hamleyi yalnızca tahminci yapabilir."
    assert excinfo.value.message.en == "Only a guesser can make this move."


def test_package_exports_the_engine_api() -> None:
    for name in ("new_game", "apply", "view", "project_event", "validate_pack", "replay"):
        assert hasattr(codenames, name)
