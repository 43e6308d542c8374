"""Kelime Casusu in the game registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from harfiyen.core.ai_seat import AiSeat, plain_ai_level
from harfiyen.core.errors import Message
from harfiyen.core.registry import ChatRight, GameSpec, LexiconLoader, Setup, register_game
from harfiyen.core.viewers import Spectator
from harfiyen.games.codenames import engine
from harfiyen.games.codenames.events import EVENT_TYPES
from harfiyen.games.codenames.moves import Guess, Move, Resign, Timeout
from harfiyen.games.codenames.packs import load_pack
from harfiyen.games.codenames.rules import MIN_PACK_SIZE, RULES_KEY, Phase, Role, Team
from harfiyen.games.codenames.state import CodenamesConfig, GameState
from harfiyen.games.codenames.views import Seat, TeamRole, project_event, view

# A room offers each team one spymaster and up to this many guessers.
GUESSER_SLOTS = 4


def check_config(config: CodenamesConfig) -> CodenamesConfig:
    """``config`` with its pack in normal form (the language's built-in pack when it has
    no words); raises :class:`CodenamesError` for bad seats, language or pack."""
    if not config.words and config.language in ("tr", "en"):
        # ``apart=None``: the built-in pack's pairs are kept apart.
        config = replace(config, words=load_pack(config.language), apart=None)
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


def room_slots(config: CodenamesConfig) -> tuple[dict[str, Any], ...]:
    """Per team (red only when solo): its spymaster, then four guessers."""
    teams = (Team.RED,) if config.solo else (Team.RED, Team.BLUE)
    return tuple(
        {"team": team.value, "role": role.value}
        for team in teams
        for role in (Role.SPYMASTER, *(Role.GUESSER,) * GUESSER_SLOTS)
    )


def seated_config(config: CodenamesConfig, filled: Sequence[int]) -> CodenamesConfig:
    """The config whose seats are the filled slots, in slot order; raises
    ``team_needs_one_spymaster`` or ``team_needs_a_guesser`` for a team that cannot play."""
    slots = room_slots(config)
    if list(filled) != sorted(set(filled)) or any(not 0 <= i < len(slots) for i in filled):
        raise ValueError(f"slot indices must be distinct, in order and below {len(slots)}")
    seats = tuple((Team(slots[i]["team"]), Role(slots[i]["role"])) for i in filled)
    seated = replace(config, seats=seats)
    seated.check_seats()
    return seated


def chat_policy(state: GameState | None, seat: int | None) -> ChatRight:
    """Spectators only read. While the game runs a spymaster may not write (a word could
    tell the key) and guessers talk within their team; before and after, everyone talks."""
    if seat is None:
        return "none"
    if state is None or state.outcome is not None:
        return "all"
    if not 0 <= seat < len(state.config.seats):
        return "none"
    return "none" if state.config.role_of(seat) is Role.SPYMASTER else "team"


def phase_of(state: GameState) -> str:
    """``clue`` or ``guess``: the two timers a match may set."""
    return state.phase.value


def listed_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A stored config as lists of matches show it: without the word pack (400 words) and
    the pairs kept apart, which only the table needs (it reads the whole match)."""
    return {key: value for key, value in config.items() if key not in ("words", "apart")}


def option_table() -> dict[str, Any]:
    return {
        "languages": ["tr", "en"],
        "roles": [role.value for role in Role],
        "teams": [team.value for team in Team],
        "min_pack_size": MIN_PACK_SIZE,
        "strict_clues": [False, True],
        "solo": [False, True],
        "phases": [phase.value for phase in Phase],
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
    timeout=Timeout(),
    open_moves=("clue",),
    option_table=option_table,
    room_slots=room_slots,
    seated_config=seated_config,
    chat_policy=chat_policy,
    # Budget: the first clue of a process whose disk cache is cold waits for the models
    # to be built (tens of seconds); once loaded a clue takes well under a second.
    ai=AiSeat(
        choose="harfiyen.ai.codenames.seat:choose",
        fallback="harfiyen.ai.codenames.seat:fallback",
        warm="harfiyen.ai.codenames.seat:warm",
        levels=(plain_ai_level(budget_seconds=45.0),),
    ),
    phase_of=phase_of,
    timer_phases=tuple(phase.value for phase in Phase),
    listed_config=listed_config,
    # A guesser's tap marks a card for the team before the confirming guess.
    mark_move=Guess,
    team_of=lambda config, seat: config.team_of(seat).value,
    # The table talk is part of the show on a video call; spectators never write.
    spectators_read_chat=True,
)
register_game(CODENAMES)

__all__ = ["CODENAMES", "GUESSER_SLOTS"]
