"""What a game's AI seat function may answer besides a bare move.

A seat function (``GameSpec.ai.choose``, ``choose(view, level, seed, lexicons)``)
returns the move to make, possibly wrapped:

- :class:`Noted`: the move hides an intention the players should learn only once
  the match is over (the words a Kelime Casusu clue aims at); the bot runner
  submits the move and stores the note beside the event the move made, never
  sending it while the match runs.
- :class:`AfterPeople`: the move decides something for the whole table (a Harf
  Takıl vote may pick the cluegiver); when people may act beside the AI, the
  runner submits it only once a short pause (``ai_pace_seconds``) has passed since
  the table began to wait on the seat: people have a moment to act first, and an
  AI teammate still keeps the table's pace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Noted:
    """A move and the JSON note kept for the end of the match."""

    move: Any
    note: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AfterPeople:
    """A move that waits until the people at the table have had their say."""

    move: Any


@dataclass(frozen=True, slots=True)
class Answer:
    """A seat function's answer taken apart."""

    move: Any
    note: dict[str, Any] | None = None
    after_people: bool = False


def unwrap(chosen: Any) -> Answer:
    """The move of what a seat function answered, with its note and whether it waits."""
    if isinstance(chosen, AfterPeople):
        inner = unwrap(chosen.move)
        return Answer(inner.move, inner.note, True)
    if isinstance(chosen, Noted):
        return Answer(chosen.move, chosen.note)
    return Answer(chosen)


__all__ = ["AfterPeople", "Answer", "Noted", "unwrap"]
