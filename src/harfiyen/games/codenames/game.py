"""Kelime Casusu in the game registry."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from harfiyen.core.errors import Message
from harfiyen.core.registry import GameSpec, LexiconLoader, Setup, register_game
from harfiyen.core.viewers import Spectator
from harfiyen.games.codenames import engine
from harfiyen.games.codenames.events import EVENT_TYPES
from harfiyen.games.codenames.moves import Move, Resign
from harfiyen.games.codenames.rules import MIN_PACK_SIZE, RULES_KEY, Role, Team
from harfiyen.games.codenames.state import CodenamesConfig, GameState
from harfiyen.games.codenames.views import Seat, TeamRole, project_event, view


def check_config(config: CodenamesConfig) -> CodenamesConfig:
    """``config`` with its pack in normal form; raises :class:`CodenamesError` for bad
    seats, language or pack."""
    return replace(config, words=config.checked_pack())


def setup(config: CodenamesConfig) -> Setup:
    return Setup(RULES_KEY, None, config.language, len(config.seats))


def new_game(config: CodenamesConfig, seed: int, lexicons: LexiconLoader) -> GameState:
    return engine.new_game(config, seed)


def viewers(config: CodenamesConfig) -> tuple[Any, ...]:
    """Each seat, each team role of the teams that play, and a spectator."""
    teams = [team for team in Team if team in config.teams]
    roles = tuple(TeamRole(team, role) for team in teams for role in Role)
    return (*(Seat(s) for s in range(len(config.seats))), *roles, Spectator())


def option_table() -> dict[str, Any]:
    return {
        "languages": ["tr", "en"],
        "roles": [role.value for role in Role],
        "teams": [team.value for team in Team],
        "min_pack_size": MIN_PACK_SIZE,
        "strict_clues": [False, True],
        "solo": [False, True],
    }


CODENAMES: GameSpec[CodenamesConfig, GameState, Move] = GameSpec(
    name="codenames",
    title=Message("Kelime Casusu", "Kelime Casusu (word spies)"),
    config_type=CodenamesConfig,
    check_config=check_config,
    setup=setup,
    new_game=new_game,
    to_act=engine.to_act,
    legal_moves=engine.legal_moves,
    apply=engine.apply,
    outcome=engine.outcome,
    view=view,
    project_event=project_event,  # type: ignore[arg-type]
    events=lambda state: state.events,
    event_types=EVENT_TYPES,
    move_type=Move,
    move_of=engine.move_of,  # type: ignore[arg-type]
    viewers=viewers,
    resign=Resign(),
    timeout=None,
    open_moves=("clue",),
    option_table=option_table,
)
register_game(CODENAMES)

__all__ = ["CODENAMES"]
