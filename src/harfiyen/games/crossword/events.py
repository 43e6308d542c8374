"""Crossword events: every transition of a game, in the order it happened.

Events are frozen values whose JSON form (``to_dict``/``from_dict``) follows their
fields (:mod:`harfiyen.core.events`). Two carry private
tiles (``TilesDrawn`` and ``Exchanged``): their ``private_to`` seat sees the
tiles, everyone else only a count (see ``views.project_event``). A game
replays exactly from its config, seed and the moves recorded here
(``engine.moves_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from harfiyen.core.events import EngineEvent
from harfiyen.core.wire import FLATTEN, Codec, codec_of, record_to_json
from harfiyen.games.crossword.board import Placement
from harfiyen.games.crossword.ending import Outcome
from harfiyen.games.crossword.scoring import ScoreBreakdown


def placement_dict(p: Placement) -> dict[str, Any]:
    """A placement's JSON form (``{"square": "H8", "letter": "A", "blank": false}``)."""
    return record_to_json(p)


def breakdown_dict(b: ScoreBreakdown) -> dict[str, Any]:
    """A score breakdown as data a client can show line by line."""
    return record_to_json(b)


# The seating draw's rounds are written as ``[[{"seat": 0, "tile": "E"}, ...], ...]``.
_ROUNDS = Codec(
    lambda rounds: [[{"seat": s, "tile": t} for s, t in rnd] for rnd in rounds],
    lambda data: tuple(tuple((int(d["seat"]), str(d["tile"])) for d in rnd) for rnd in data),
)


class _Event(EngineEvent):
    """Shared behaviour: ``private_to`` is the seat of private tiles."""

    __slots__ = ()

    @property
    def private_to(self) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class GameStarted(_Event):
    """The rule set, lexicon, seats, the starting seat and the ★25 square (tr)."""

    kind: ClassVar[str] = "game_started"
    rules: str
    lexicon: str
    players: int
    first: int
    rack_size: int
    challenge: str
    variant: str
    finish_target: int | None
    bonus_square: str | None


@dataclass(frozen=True, slots=True)
class FirstPlayerDrawn(_Event):
    """The en seating draw: each round's (seat, tile) and the seat that starts."""

    kind: ClassVar[str] = "first_player_drawn"
    rounds: tuple[tuple[tuple[int, str], ...], ...] = field(metadata=codec_of(_ROUNDS))
    first: int


@dataclass(frozen=True, slots=True)
class TilesDrawn(_Event):
    """Tiles drawn from the bag onto a rack; the tiles are private to that seat."""

    kind: ClassVar[str] = "tiles_drawn"
    seat: int
    tiles: tuple[str, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat

    def public_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "count": len(self.tiles)}


@dataclass(frozen=True, slots=True)
class PlayMade(_Event):
    """A play on the board with its words and score.

    ``awaiting_challenge``: the play stands only once the challenge window
    closes (``en`` with ``challenge=double``).
    """

    kind: ClassVar[str] = "play_made"
    seat: int
    placements: tuple[Placement, ...]
    words: tuple[str, ...]
    breakdown: ScoreBreakdown
    awaiting_challenge: bool = False

    @property
    def total(self) -> int:
        return self.breakdown.total

    def wire_extras(self) -> dict[str, Any]:
        return {"total": self.total}


@dataclass(frozen=True, slots=True)
class PlayChallenged(_Event):
    """A challenge and its result.

    ``upheld``: some word was unacceptable, so the play's tiles went back to
    the rack (``tiles_returned``) and its ``points_removed`` were taken off.
    Otherwise the play stands and the challenger loses their next turn.
    """

    kind: ClassVar[str] = "play_challenged"
    challenger: int
    seat: int
    upheld: bool
    invalid_words: tuple[str, ...]
    tiles_returned: tuple[str, ...]
    points_removed: int


@dataclass(frozen=True, slots=True)
class PlayAccepted(_Event):
    """``seat`` let the pending play of ``player`` stand without a challenge."""

    kind: ClassVar[str] = "play_accepted"
    seat: int
    player: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(_Event):
    """A seat's turn was skipped (it lost the turn by a failed challenge)."""

    kind: ClassVar[str] = "turn_skipped"
    seat: int
    reason: str = "lost_challenge"


@dataclass(frozen=True, slots=True)
class Passed(_Event):
    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged(_Event):
    """Tiles swapped with the bag: the count is public, the tiles private."""

    kind: ClassVar[str] = "exchanged"
    seat: int
    tiles: tuple[str, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat

    def wire_extras(self) -> dict[str, Any]:
        return {"count": len(self.tiles)}

    def public_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "count": len(self.tiles)}


@dataclass(frozen=True, slots=True)
class Resigned(_Event):
    kind: ClassVar[str] = "resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut(_Event):
    kind: ClassVar[str] = "timed_out"
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(_Event):
    kind: ClassVar[str] = "game_ended"
    outcome: Outcome = field(metadata=FLATTEN)


Event = (
    GameStarted | FirstPlayerDrawn | TilesDrawn | PlayMade | PlayChallenged | PlayAccepted
    | TurnSkipped | Passed | Exchanged | Resigned | TimedOut | GameEnded
)

EVENT_TYPES: tuple[type[_Event], ...] = (
    GameStarted, FirstPlayerDrawn, TilesDrawn, PlayMade, PlayChallenged, PlayAccepted,
    TurnSkipped, Passed, Exchanged, Resigned, TimedOut, GameEnded,
)

# Events that record a move (what ``engine.moves_of`` reads back).
MOVE_EVENTS: tuple[type[_Event], ...] = (
    PlayMade, Passed, Exchanged, PlayChallenged, PlayAccepted, Resigned, TimedOut,
)

__all__ = [
    "EVENT_TYPES", "MOVE_EVENTS", "Event", "Exchanged", "FirstPlayerDrawn", "GameEnded",
    "GameStarted", "Passed", "PlayAccepted", "PlayChallenged", "PlayMade", "Resigned",
    "TilesDrawn", "TimedOut", "TurnSkipped", "breakdown_dict", "placement_dict",
]
