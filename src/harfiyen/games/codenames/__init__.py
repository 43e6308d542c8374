"""Kelime Casusu (a Codenames-family team game): key, clues, guesses, views, word packs.

The public API: ``new_game``, ``to_act``, ``legal_moves``, ``apply``,
``outcome``, ``view``, ``project_event``, ``replay``, ``moves_of``, the
moves, the config and state, the events, ``validate_pack`` and the error type.
"""

from harfiyen.games.codenames.clues import check_clue
from harfiyen.games.codenames.ending import EndReason, Outcome
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
from harfiyen.games.codenames.events import Event
from harfiyen.games.codenames.moves import Clue, Guess, Move, Pass, Resign, Timeout
from harfiyen.games.codenames.packs import validate_pack
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team
from harfiyen.games.codenames.state import (
    DEFAULT_SEATS,
    SOLO_SEATS,
    ClueRecord,
    CodenamesConfig,
    GameState,
)
from harfiyen.games.codenames.stems import shares_root
from harfiyen.games.codenames.views import (
    Omniscient,
    Seat,
    Spectator,
    TeamRole,
    Viewer,
    project_event,
    view,
)

__all__ = [
    "DEFAULT_SEATS", "SOLO_SEATS", "Clue", "ClueRecord", "CodenamesConfig", "CodenamesError",
    "Colour",
    "EndReason", "Event", "GameState", "Guess", "Move", "Omniscient", "Outcome", "Pass",
    "Phase", "Resign", "Role", "Seat", "Spectator", "Team", "TeamRole", "Timeout", "Viewer",
    "apply",
    "check_clue", "legal_moves", "moves_of", "new_game", "outcome", "project_event", "replay",
    "shares_root", "to_act", "validate_pack", "view",
]
