"""What a game's AI seat function may answer besides a move: a note on what it meant.

A seat function (``GameSpec.ai_player``, ``choose(view, level, seed, lexicons)``)
returns the move to make. When the move hides an intention the players should
learn only once the match is over (the words a Kelime Casusu clue aims at), it
returns the move wrapped in :class:`Noted`; the bot runner submits the move and
stores the note beside the event the move made, never sending it while the
match runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Noted:
    """A move and the JSON note kept for the end of the match."""

    move: Any
    note: dict[str, Any] = field(default_factory=dict)


def unwrap(chosen: Any) -> tuple[Any, dict[str, Any] | None]:
    """``(move, note or None)`` of what a seat function answered."""
    if isinstance(chosen, Noted):
        return chosen.move, chosen.note
    return chosen, None


__all__ = ["Noted", "unwrap"]
