"""How a crossword game ended: the reason, the end adjustments and the places."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from harfiyen.core.outcome import Outcome as BaseOutcome
from harfiyen.core.outcome import Result, results_from_places
from harfiyen.core.wire import record_to_json

EndReason = Literal[
    "went_out",  # the bag is empty and a player emptied the rack
    "scoreless_turns",  # tr: 4 consecutive passes/exchanges with fewer than 20 tiles in the bag
    "two_passes",  # en: a player passed on two consecutive own turns
    "finish_line",  # en finish-line: a player reached the target score
    "no_play",  # en@2: no seat can play a valid word and none can exchange
    "resigned",
    "timeout",
]


@dataclass(frozen=True, slots=True)
class Outcome(BaseOutcome):
    """The end of a game.

    ``scores_before`` are the scores before the end adjustments,
    ``final_scores = scores_before + adjustments``. ``places`` gives each
    seat's place (1 is best; tied seats share a place). ``finisher`` is the
    seat that went out or crossed the finish line, ``loser`` the seat that
    resigned or ran out of time.
    """

    reason: EndReason
    scores_before: tuple[int, ...]
    adjustments: tuple[int, ...]
    final_scores: tuple[int, ...]
    places: tuple[int, ...]
    finisher: int | None = None
    loser: int | None = None

    @property
    def results(self) -> tuple[Result, ...]:
        return results_from_places(self.places)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1

    def wire_extras(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "draw": self.is_draw, **self.standing()}

    def to_dict(self) -> dict[str, Any]:
        return record_to_json(self)


def places_by(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition places from sort keys, higher is better.

    >>> places_by([(5,), (9,), (5,)])
    (2, 1, 2)
    """
    return tuple(1 + sum(other > key for other in keys) for key in keys)


__all__ = ["EndReason", "Outcome", "places_by"]
