"""Kelime Casusu events: every transition of a game, in order.

Events are frozen values whose JSON form (``to_dict``/``from_dict``) follows their
fields (:mod:`harfiyen.core.events`). One event carries a
secret: :class:`BoardDrawn` holds the key, which only spymasters see while the
game runs (``views.project_event`` sends everyone else ``public_dict()``).
:class:`GameEnded` repeats the key, because everyone sees it once the game is
over. A game replays exactly from its config, seed and the moves recorded
here (``engine.moves_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from harfiyen.core.events import EngineEvent
from harfiyen.core.wire import FLATTEN, Codec, codec_of
from harfiyen.games.codenames.ending import Outcome
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team

TurnEndReason = Literal["neutral_card", "opponent_card", "guesses_used", "passed", "timeout"]


class _Event(EngineEvent):
    __slots__ = ()


# Seats are written as ``[{"team": "red", "role": "spymaster"}, ...]``.
_SEATS = Codec(
    lambda seats: [{"team": t.value, "role": r.value} for t, r in seats],
    lambda data: tuple((Team(d["team"]), Role(d["role"])) for d in data),
)


@dataclass(frozen=True, slots=True)
class GameStarted(_Event):
    """The language, the seats as (team, role), the clue rule and the team that starts."""

    kind: ClassVar[str] = "game_started"
    language: str
    seats: tuple[tuple[Team, Role], ...] = field(metadata=codec_of(_SEATS))
    strict_clues: bool
    first: Team
    pack_size: int


@dataclass(frozen=True, slots=True)
class BoardDrawn(_Event):
    """The 25 words and the key drawn with the game's RNG; the key is for ``spymasters``."""

    kind: ClassVar[str] = "board_drawn"
    words: tuple[str, ...]
    key: tuple[Colour, ...]
    spymasters: tuple[int, ...]

    def public_dict(self) -> dict[str, Any]:
        """The event without the key: what guessers and spectators get during the game."""
        return {"kind": self.kind, "words": list(self.words)}


@dataclass(frozen=True, slots=True)
class ClueGiven(_Event):
    kind: ClassVar[str] = "clue_given"
    seat: int
    team: Team
    word: str
    number: int


@dataclass(frozen=True, slots=True)
class CardRevealed(_Event):
    """A guess: ``seat`` of ``team`` revealed card ``index``; its colour is now public."""

    kind: ClassVar[str] = "card_revealed"
    seat: int
    team: Team
    index: int
    word: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class Passed(_Event):
    kind: ClassVar[str] = "passed"
    seat: int
    team: Team


@dataclass(frozen=True, slots=True)
class TimedOut(_Event):
    """The move timer ran out for ``team`` in ``phase``; it records the timeout move of
    ``seat`` (one of the seats to act), and a ``turn_ended`` with reason ``timeout``
    follows."""

    kind: ClassVar[str] = "timed_out"
    seat: int
    team: Team
    phase: Phase


@dataclass(frozen=True, slots=True)
class TurnEnded(_Event):
    """``team``'s turn ended for ``reason``; ``next`` gives the next clue."""

    kind: ClassVar[str] = "turn_ended"
    team: Team
    reason: TurnEndReason
    next: Team


@dataclass(frozen=True, slots=True)
class Resigned(_Event):
    kind: ClassVar[str] = "resigned"
    seat: int
    team: Team


@dataclass(frozen=True, slots=True)
class GameEnded(_Event):
    """The outcome, and the whole key: after the game everyone sees it."""

    kind: ClassVar[str] = "game_ended"
    outcome: Outcome = field(metadata=FLATTEN)
    key: tuple[Colour, ...]


EVENT_TYPES: tuple[type[_Event], ...] = (
    GameStarted, BoardDrawn, ClueGiven, CardRevealed, Passed, TurnEnded, Resigned, GameEnded,
    TimedOut,
)

Event = (
    GameStarted | BoardDrawn | ClueGiven | CardRevealed | Passed | TurnEnded | Resigned
    | GameEnded | TimedOut
)

__all__ = [
    "EVENT_TYPES", "BoardDrawn", "CardRevealed", "ClueGiven", "Event", "GameEnded", "GameStarted",
    "Passed", "Resigned", "TimedOut", "TurnEndReason", "TurnEnded",
]
