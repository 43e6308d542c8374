"""The crossword tile games (``tr``: the Turkish app rules; ``en``: classic Scrabble).

One engine plays both; rule sets are data (``rules``). The public API:
``new_game``, ``to_act``, ``legal_moves``, ``apply``, ``outcome``, ``view``,
``replay``, ``moves_of``, the moves, the config and state, the events and
the error type.
"""

from harfiyen.games.crossword.board import Board, Direction, FormedWord, Placement, Tile
from harfiyen.games.crossword.ending import Outcome
from harfiyen.games.crossword.engine import (
    FormedPlay,
    apply,
    form_play,
    legal_moves,
    moves_of,
    new_game,
    outcome,
    preview_play,
    replay,
    to_act,
)
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import Event
from harfiyen.games.crossword.moves import (
    Accept,
    Challenge,
    Exchange,
    Move,
    Pass,
    Play,
    Resign,
    Timeout,
    shuffle_rack,
)
from harfiyen.games.crossword.rules import RuleSet, parse_square, ruleset, square_name
from harfiyen.games.crossword.scoring import ScoreBreakdown, score_move
from harfiyen.games.crossword.state import CrosswordConfig, GameState, PendingPlay
from harfiyen.games.crossword.validate import WordList, check_play, check_rack
from harfiyen.games.crossword.views import Omniscient, Seat, Spectator, Viewer, project_event, view

__all__ = [
    "Accept", "Board", "Challenge", "CrosswordConfig", "CrosswordError", "Direction", "Event",
    "Exchange", "FormedPlay", "FormedWord", "GameState", "Move", "Omniscient", "Outcome", "Pass",
    "PendingPlay", "Placement", "Play", "Resign", "RuleSet", "ScoreBreakdown", "Seat",
    "Spectator", "Tile", "Timeout", "Viewer", "WordList", "apply", "check_play", "check_rack",
    "form_play", "legal_moves", "moves_of", "new_game", "outcome", "parse_square",
    "preview_play", "project_event",
    "replay", "ruleset", "score_move", "shuffle_rack", "square_name", "to_act", "view",
]
