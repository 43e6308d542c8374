"""Text forms of crossword games: GCG coordinates, moves and records; CGP positions.

The modules here only turn text into values and back, and replay records;
reading files is the command line's job.
"""

from harfiyen.games.crossword.notation.cgp import CgpError, CgpPosition, parse_cgp, write_cgp
from harfiyen.games.crossword.notation.coords import (
    NotationError,
    Position,
    format_move,
    format_position,
    parse_move,
    parse_position,
    parse_square_name,
    placements_from_word,
)
from harfiyen.games.crossword.notation.gcg import (
    Event,
    EventKind,
    GameRecord,
    GcgError,
    Pragma,
    decode_gcg,
    parse_gcg,
    write_gcg,
)
from harfiyen.games.crossword.notation.replay import Mismatch, ReplayResult, replay

__all__ = [
    "CgpError",
    "CgpPosition",
    "Event",
    "EventKind",
    "GameRecord",
    "GcgError",
    "Mismatch",
    "NotationError",
    "Position",
    "Pragma",
    "ReplayResult",
    "decode_gcg",
    "format_move",
    "format_position",
    "parse_cgp",
    "parse_gcg",
    "parse_move",
    "parse_position",
    "parse_square_name",
    "placements_from_word",
    "replay",
    "write_cgp",
    "write_gcg",
]
