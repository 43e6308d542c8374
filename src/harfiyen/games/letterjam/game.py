"""Harf Takıl in the game registry."""

from __future__ import annotations

from typing import Any

from harfiyen.core.errors import Message
from harfiyen.core.registry import GameSpec, LexiconLoader, Setup, register_game, seat_viewers
from harfiyen.games.letterjam import engine
from harfiyen.games.letterjam.events import EVENT_TYPES
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.rules import (
    MAX_PLAYERS,
    MAX_WORD_LENGTH,
    MIN_PLAYERS,
    MIN_WORD_LENGTH,
    SETUP,
    rules_key,
)
from harfiyen.games.letterjam.state import GameState, LetterJamConfig
from harfiyen.games.letterjam.views import project_event, view


def check_config(config: LetterJamConfig) -> LetterJamConfig:
    """``config`` as given; raises :class:`LetterJamError` for a setup it cannot have."""
    config.setup()
    return config


def setup(config: LetterJamConfig) -> Setup:
    return Setup(rules_key(config.version), config.lexicon_id, config.language, config.players)


def new_game(config: LetterJamConfig, seed: int, lexicons: LexiconLoader) -> GameState:
    return engine.new_game(config, seed, lexicons(config.lexicon_id))


def option_table() -> dict[str, Any]:
    return {
        "languages": ["tr", "en"],
        "players": [MIN_PLAYERS, MAX_PLAYERS],
        "word_length": [MIN_WORD_LENGTH, MAX_WORD_LENGTH],
        "nonplayer_stands": {str(n): len(row.piles) for n, row in SETUP.items()},
        "scoring": [False, True],
    }


LETTERJAM: GameSpec[LetterJamConfig, GameState, Move] = GameSpec(
    name="letterjam",
    title=Message("Harf Takıl", "Harf Takıl (letter jam)"),
    config_type=LetterJamConfig,
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
    viewers=lambda config: seat_viewers(config.players),
    resign=None,
    timeout=None,
    open_moves=("offer", "clue", "arrange"),
    option_table=option_table,
)
register_game(LETTERJAM)

__all__ = ["LETTERJAM"]
