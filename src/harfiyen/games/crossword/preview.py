"""A tentative play's words and score, computed without changing anything.

The checks are the engine's own: ``preview_play`` runs the function ``apply``
uses for a play (tiles and geometry, the rack, the score), then the words are
judged. So a preview names the same first problem, with the same code and
message, as submitting the play would. Whose turn it is does not matter (players
plan ahead). Word validity is reported only where an unknown word is simply
refused at submit (no challenges): in challenge games telling the player whether
a word is valid would defeat the challenge, so the score is computed as if every
word were valid and ``valid`` is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harfiyen.core.errors import GameError
from harfiyen.core.wire import record_to_json
from harfiyen.games.crossword.engine import preview_play
from harfiyen.games.crossword.moves import Move, Play
from harfiyen.games.crossword.scoring import ScoreBreakdown
from harfiyen.games.crossword.state import GameState
from harfiyen.games.crossword.validate import check_words


@dataclass(frozen=True)
class Preview:
    """The words and score a play would make, or the first rule it breaks (``problem``)."""

    words: tuple[str, ...] | None
    breakdown: ScoreBreakdown | None
    valid: bool | None
    problem: GameError | None

    def to_json(self, problem: dict[str, Any] | None) -> dict[str, Any]:
        """The JSON answer, with ``problem`` being this preview's problem as the caller
        renders errors (in the user's language)."""
        return {
            "words": None if self.words is None else list(self.words),
            "total": None if self.breakdown is None else self.breakdown.total,
            "breakdown": None if self.breakdown is None else record_to_json(self.breakdown),
            "valid": self.valid,
            "problem": problem,
        }


def preview(state: GameState, seat: int, move: Move) -> Preview:
    """What ``seat``'s play would form and score on the current board of ``state``."""
    if not isinstance(move, Play):
        raise TypeError("only a play has a preview")
    try:
        formed = preview_play(state, seat, move.placements)
    except GameError as error:
        return Preview(None, None, None, error)
    valid: bool | None = None
    problem = None
    if state.rules.challenge == "none" and state.lexicon is not None:
        try:
            check_words(formed.words, state.lexicon)
            valid = True
        except GameError as error:
            valid = False
            problem = error
    return Preview(tuple(w.text for w in formed.words), formed.breakdown, valid, problem)


__all__ = ["Preview", "preview"]
