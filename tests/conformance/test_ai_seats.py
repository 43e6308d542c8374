"""Every registered AI seat answers only moves the engine accepts.

The server's bot runner submits what a game's seat function (``GameSpec.ai.choose``,
``choose(view, level, seed, lexicons)``) answers as the seat's move, and its
``fallback`` when the AI fails; a refused answer is an AI bug that costs the table a
fallback move or a stalled match. Here every registered game with an AI seat (and the
made-up fourth game, registered for the test) plays a few seeded moves with AI seats
only: each seat that may act is shown its own view, as the runner shows it, and
whatever it answers (taken apart by :func:`harfiyen.ai.seats.unwrap`, a JSON move read
as the server reads it) must be accepted by ``apply``; so must its fallback's answer.

Kept short: a few moves per game at the game's first level (the crossword's fastest,
``caylak``); Kelime Casusu plays one clue and one guess on the small clue vocabulary
the server tests use (about a second to load once its disk cache is built).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from harfiyen.ai.seats import unwrap
from harfiyen.core.ai_seat import load_function
from harfiyen.core.errors import GameError
from harfiyen.core.registry import GameSpec, temporarily_registered
from harfiyen.core.viewers import Seat
from harfiyen.games import game, games
from harfiyen.lexicon.lexicon import load

from .drivers import DRIVERS, Case

SEEDS = range(2)
#: AI moves per playout; a game not named here plays ``DEFAULT_MOVES``.
MOVES = {"codenames": 2}  # one clue and one guess: the models' first use dominates
DEFAULT_MOVES = 6
AI_GAMES = [spec.name for spec in games() if spec.ai is not None]


def seat_functions(spec: GameSpec[Any, Any, Any]) -> tuple[Callable[..., Any],
                                                           Callable[..., Any] | None]:
    """The game's ``choose`` and ``fallback``, imported as the bot runner imports them."""
    assert spec.ai is not None and spec.ai_levels, spec.name
    fallback = None if spec.ai.fallback is None else load_function(spec.ai.fallback)
    return load_function(spec.ai.choose), fallback


def engine_move(spec: GameSpec[Any, Any, Any], state: Any, answered: Any) -> Any:
    """The engine move of a seat function's answer (a JSON move is read like a client's)."""
    move = unwrap(answered).move
    return spec.parse_move(move, state) if isinstance(move, dict) else move


def accepted(spec: GameSpec[Any, Any, Any], state: Any, seat: int, move: Any,
             what: str) -> Any:
    try:
        return spec.apply(state, seat, move)[0]
    except GameError as error:
        pytest.fail(f"{spec.name}: the {what} of seat {seat} was {move!r}, which the "
                    f"engine refused: {error}")


def ai_playout(spec: GameSpec[Any, Any, Any], case: Case, seed: int, moves: int
               ) -> tuple[list[str], Any]:
    """Up to ``moves`` AI moves from a new game, every seat an AI: the kinds played and
    the state reached."""
    choose, fallback = seat_functions(spec)
    level = spec.ai_levels[0]
    state = spec.new_game(spec.config_from_options(case.options), seed, load)
    played: list[str] = []
    while len(played) < moves and spec.outcome(state) is None:
        for seat in spec.to_act(state):
            view = spec.view(state, Seat(seat))
            # The runner's seed: fixed per match and seat.
            seat_seed = (seed ^ (seat * 0x9E3779B1)) & 0xFFFFFFFF
            answered = choose(view, level, seat_seed, load)
            if fallback is not None and (spare := fallback(view, seat_seed, load, False)):
                accepted(spec, state, seat, engine_move(spec, state, spare), "fallback")
            if answered is not None:  # ``None``: the seat waits for the table
                break
        else:
            pytest.fail(f"{spec.name}: no AI seat of {spec.to_act(state)} would move")
        move = engine_move(spec, state, answered)
        state = accepted(spec, state, seat, move, "AI move")
        played.append(type(move).kind)
    return played, state


@pytest.fixture(scope="module", autouse=True)
def small_clue_vocabulary() -> Iterator[None]:
    """Kelime Casusu's readers with the server tests' small clue vocabulary, loaded afresh
    for this module and forgotten after it."""
    from harfiyen.ai.codenames import models, seat

    patch = pytest.MonkeyPatch()
    patch.setenv(models.VOCABULARY_ENV, "1500")
    seat.forget()
    try:
        yield
    finally:
        seat.forget()
        patch.undo()


def test_the_shipped_party_games_and_the_crossword_have_ai_seats() -> None:
    assert {"crossword", "codenames", "letterjam"} <= set(AI_GAMES)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", AI_GAMES)
def test_a_registered_ai_seat_answers_only_moves_apply_accepts(name: str, seed: int) -> None:
    spec = game(name)
    moves = MOVES.get(name, DEFAULT_MOVES)
    played, state = ai_playout(spec, DRIVERS[name].cases()[0], seed, moves)
    assert len(played) == moves or spec.outcome(state) is not None
    if name == "codenames":
        assert played == ["clue", "guess"]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_made_up_games_ai_seat_answers_only_moves_apply_accepts(seed: int) -> None:
    from .fourth_game import DRIVER, SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        for case in DRIVER.cases():
            spec = game(case.game)
            config = spec.config_from_options(case.options)
            words = config.players * config.turns
            played, state = ai_playout(spec, case, seed, words + 1)  # to the end
            assert played == ["say"] * words
            # Every word holds its speaker's letter, so every seat scored.
            assert all(score > 0 for score in spec.outcome(state).scores)
