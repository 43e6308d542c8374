"""What each viewer may see of a crossword game, built by inclusion.

A view is assembled only from what the viewer is allowed to know (never by
blanking fields of the full state): a seat sees its own rack and counts of
everything hidden; a spectator sees no rack; the omniscient view (every rack
and the bag) opens only once the game is over.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, cast, get_args

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.core.wire import record_from_json
from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.ending import Outcome
from harfiyen.games.crossword.events import (
    MOVE_EVENTS,
    Event,
    Exchanged,
    TilesDrawn,
    placement_dict,
)
from harfiyen.games.crossword.rules import (
    BLANK,
    SIZE,
    ChallengeMode,
    FinishLevel,
    RuleSet,
    Square,
    Variant,
    parse_square,
    ruleset,
    square_name,
)
from harfiyen.games.crossword.state import GameState
from harfiyen.lexicon.normalize import ALPHABETS, Language, lower

Viewer = Seat | Spectator | Omniscient


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The match's configuration as every viewer sees it: enough to rebuild the rule set.

    ``finish_level`` is set only in the ``finish-line`` variant (it fixes
    ``finish_target`` with the number of players).
    """

    rules: str
    lexicon: str
    players: int
    variant: Variant
    challenge: ChallengeMode
    finish_target: int | None
    finish_level: FinishLevel | None
    rack_size: int

    @property
    def family(self) -> str:
        """``tr`` or ``en``."""
        return self.rules.partition("@")[0]

    @property
    def version(self) -> int:
        return int(self.rules.partition("@")[2])

    @property
    def language(self) -> Language:
        return "tr" if self.family == "tr" else "en"

    def ruleset(self) -> RuleSet:
        """The rule set the game is played with (variant and options included)."""
        if self.family == "tr":
            return ruleset("tr", self.version)
        return ruleset(
            self.family, self.version, players=self.players, challenge=self.challenge,
            variant=self.variant, finish_level=self.finish_level or "intermediate",
        )


@dataclass(frozen=True, slots=True)
class PendingView:
    """A play awaiting a possible challenge (``challenge=double``); public."""

    seat: int
    placements: tuple[Placement, ...]
    words: tuple[str, ...]
    total: int
    ends_game: bool


@dataclass(frozen=True, slots=True)
class CrosswordView:
    """What one viewer may see of a crossword game (see :func:`view`).

    ``seat``, ``rack`` and ``unseen`` are set in a seat's view; a spectator's
    has only ``unseen``; the omniscient view (after the end) has ``racks``
    and ``bag`` instead. ``unseen`` counts the tiles the viewer cannot see
    (the bag and the other racks together). ``passes`` are each seat's
    consecutive passes (``en``: two own passes in a row end the game).
    ``last_move`` is the last move event in the viewer's projected JSON form.
    :meth:`to_json` is the wire form and :meth:`from_json` its one parser.
    """

    facts: GameFacts
    board: Board
    scores: tuple[int, ...]
    rack_sizes: tuple[int, ...]
    bag_count: int
    bonus_square: Square | None
    bonus_square_used: bool
    to_move: int
    lose_turn: tuple[int, ...]
    scoreless_turns: int
    passes: tuple[int, ...]
    move_number: int
    pending: PendingView | None
    last_move: Mapping[str, Any] | None
    outcome: Outcome | None
    seat: int | None = None
    rack: tuple[str, ...] | None = None
    unseen: Mapping[str, int] | None = None
    racks: tuple[tuple[str, ...], ...] | None = None
    bag: tuple[str, ...] | None = None
    #: Once the game is over, every viewer sees what was left on each rack (the end
    #: adjustments are made of it).
    end_racks: tuple[tuple[str, ...], ...] | None = None

    @property
    def players(self) -> int:
        return self.facts.players

    @property
    def language(self) -> Language:
        return self.facts.language

    @property
    def active_bonus_square(self) -> Square | None:
        """The ★25 square while it still pays, else ``None``."""
        return None if self.bonus_square_used else self.bonus_square

    def ruleset(self) -> RuleSet:
        return self.facts.ruleset()

    def rows(self) -> list[str]:
        """The board as 15 strings: ``.`` for empty, blanks in (language-aware) lower case."""
        return _rows(self.board, self.language)

    def to_json(self) -> dict[str, Any]:
        """The JSON form sent to clients (a fresh dict every call)."""
        f, pending = self.facts, self.pending
        out: dict[str, Any] = {
            "rules": f.rules,
            "lexicon": f.lexicon,
            "players": f.players,
            "variant": f.variant,
            "challenge": f.challenge,
            "finish_target": f.finish_target,
            "finish_level": f.finish_level,
            "rack_size": f.rack_size,
            "board": [
                {"square": square, "letter": letter, "blank": blank}
                for square, letter, blank in _board_tiles(self.board)
            ],
            "rows": self.rows(),
            "scores": list(self.scores),
            "rack_sizes": list(self.rack_sizes),
            "bag_count": self.bag_count,
            "bonus_square": None if self.bonus_square is None else square_name(self.bonus_square),
            "bonus_square_used": self.bonus_square_used,
            "to_move": self.to_move,
            "lose_turn": list(self.lose_turn),
            "scoreless_turns": self.scoreless_turns,
            "passes": list(self.passes),
            "move_number": self.move_number,
            "pending": None if pending is None else {
                "seat": pending.seat,
                "placements": [placement_dict(p) for p in pending.placements],
                "words": list(pending.words),
                "total": pending.total,
                "ends_game": pending.ends_game,
            },
            "last_move": None if self.last_move is None else _json_copy(self.last_move),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
        if self.seat is not None:
            out["seat"] = self.seat
            out["rack"] = list(self.rack or ())
        if self.unseen is not None:
            out["unseen"] = dict(self.unseen)
        if self.racks is not None:
            out["racks"] = [list(rack) for rack in self.racks]
            out["bag"] = list(self.bag or ())
        if self.end_racks is not None:
            out["end_racks"] = [list(rack) for rack in self.end_racks]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CrosswordView:
        """The view whose :meth:`to_json` is ``data``; raises ``ValueError`` if malformed."""
        try:
            return _parse(data)
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a crossword view: {error!r}") from None


def _parse(data: Mapping[str, Any]) -> CrosswordView:
    players = int(data["players"])
    target = data["finish_target"]
    level = data["finish_level"]
    if level is not None and level not in get_args(FinishLevel):
        raise ValueError(f"unknown finish level {level!r}")
    facts = GameFacts(
        rules=str(data["rules"]), lexicon=str(data["lexicon"]), players=players,
        variant=data["variant"], challenge=data["challenge"],
        finish_target=None if target is None else int(target),
        finish_level=cast("FinishLevel | None", level), rack_size=int(data["rack_size"]),
    )
    board = Board().with_tiles([
        Placement(parse_square(t["square"]), str(t["letter"]), bool(t["blank"]))
        for t in data["board"]
    ])
    pending = data.get("pending")
    outcome = data.get("outcome")
    bonus = data.get("bonus_square")
    seat = data.get("seat")
    unseen = data.get("unseen")
    racks = data.get("racks")
    end_racks = data.get("end_racks")
    last = data.get("last_move")
    return CrosswordView(
        facts=facts,
        board=board,
        scores=tuple(int(s) for s in data["scores"]),
        rack_sizes=tuple(int(n) for n in data["rack_sizes"]),
        bag_count=int(data["bag_count"]),
        bonus_square=None if bonus is None else parse_square(bonus),
        bonus_square_used=bool(data["bonus_square_used"]),
        to_move=int(data["to_move"]),
        lose_turn=tuple(int(s) for s in data["lose_turn"]),
        scoreless_turns=int(data["scoreless_turns"]),
        passes=tuple(int(n) for n in data["passes"]),
        move_number=int(data["move_number"]),
        pending=None if pending is None else PendingView(
            seat=int(pending["seat"]),
            placements=tuple(
                Placement(parse_square(p["square"]), str(p["letter"]), bool(p["blank"]))
                for p in pending["placements"]
            ),
            words=tuple(str(w) for w in pending["words"]),
            total=int(pending["total"]),
            ends_game=bool(pending["ends_game"]),
        ),
        last_move=None if last is None else _frozen(last),
        outcome=None if outcome is None else record_from_json(Outcome, outcome, "outcome"),
        seat=None if seat is None else int(seat),
        rack=None if seat is None else tuple(str(t) for t in data["rack"]),
        unseen=None if unseen is None else _frozen({str(t): int(n) for t, n in unseen.items()}),
        racks=None if racks is None else tuple(tuple(str(t) for t in r) for r in racks),
        bag=None if racks is None else tuple(str(t) for t in data["bag"]),
        end_racks=None if end_racks is None else tuple(
            tuple(str(t) for t in r) for r in end_racks
        ),
    )


def _frozen(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(copy.deepcopy(dict(data)))


def view(state: GameState, viewer: Viewer) -> CrosswordView:
    """What ``viewer`` may see of ``state``, built by inclusion.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise crossword_errors.fail(crossword_errors.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < state.players:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_SEAT, seat=viewer.seat,
                                    seats=state.players)
    rules, config, pending = state.rules, state.config, state.pending
    last = _last_move(state, viewer)
    seat: int | None = None
    rack: tuple[str, ...] | None = None
    unseen: Mapping[str, int] | None = None
    if isinstance(viewer, Seat):
        seat, rack = viewer.seat, state.racks[viewer.seat]
        unseen = MappingProxyType(unseen_tiles(state, rack))
    elif isinstance(viewer, Spectator):
        unseen = MappingProxyType(unseen_tiles(state, ()))
    omniscient = isinstance(viewer, Omniscient)
    return CrosswordView(
        facts=GameFacts(
            rules=rules.key, lexicon=config.lexicon_id, players=state.players,
            variant=config.variant, challenge=rules.challenge,
            finish_target=rules.finish_target,
            finish_level=config.finish_level if rules.finish_target is not None else None,
            rack_size=rules.rack_size,
        ),
        board=state.board,
        scores=state.scores,
        rack_sizes=tuple(len(r) for r in state.racks),
        bag_count=len(state.bag),
        bonus_square=state.bonus_square,
        bonus_square_used=state.bonus_square_used,
        to_move=state.to_move,
        lose_turn=state.lose_turn,
        scoreless_turns=state.scoreless_turns,
        passes=state.passes,
        move_number=state.move_number,
        pending=None if pending is None else PendingView(
            pending.seat, pending.placements, pending.words, pending.breakdown.total,
            pending.ends_game,
        ),
        last_move=None if last is None else MappingProxyType(last),
        outcome=state.outcome,
        seat=seat,
        rack=rack,
        unseen=unseen,
        racks=state.racks if omniscient else None,
        bag=state.bag if omniscient else None,
        end_racks=None if state.outcome is None else state.racks,
    )


def board_rows(state: GameState) -> list[str]:
    """The board as 15 strings: ``.`` for empty, blanks in (language-aware) lower case."""
    return _rows(state.board, state.rules.language)


def _rows(board: Board, language: Language) -> list[str]:
    return list(_board_rows(board, language))


# Every audience's view of a state shows the same board: its wire forms are built once.
@lru_cache(maxsize=64)
def _board_rows(board: Board, language: Language) -> tuple[str, ...]:
    rows: list[str] = []
    for r in range(SIZE):
        chars: list[str] = []
        for c in range(SIZE):
            tile = board[(r, c)]
            if tile is None:
                chars.append(".")
            else:
                chars.append(lower(tile.letter, language) if tile.blank else tile.letter)
        rows.append("".join(chars))
    return tuple(rows)


@lru_cache(maxsize=64)
def _board_tiles(board: Board) -> tuple[tuple[str, str, bool], ...]:
    """``(square name, letter, blank)`` of every tile on ``board``."""
    return tuple((square_name(sq), tile.letter, tile.blank) for sq, tile in board.occupied())


@lru_cache(maxsize=64)
def _board_counts(board: Board) -> Counter[str]:
    """The tiles on ``board`` by letter (``?`` for blanks)."""
    return Counter(BLANK if tile.blank else tile.letter for _, tile in board.occupied())


def _json_copy(value: Any) -> Any:
    """A fresh copy of JSON data (mappings, lists, scalars): cheaper than ``deepcopy``."""
    if isinstance(value, Mapping):
        return {k: _json_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_copy(v) for v in value]
    return value


def unseen_tiles(state: GameState, own_rack: tuple[str, ...]) -> dict[str, int]:
    """Tiles neither on the board nor on ``own_rack``, by letter (``?`` for blanks).

    This is what the viewer cannot see: the bag and the other racks together.
    """
    counts = Counter(state.rules.tiles.bag())
    counts.subtract(_board_counts(state.board))
    counts.subtract(own_rack)
    order = [*ALPHABETS[state.rules.language], BLANK]
    return {tile: counts[tile] for tile in order if counts[tile] > 0}


def _last_move(state: GameState, viewer: Viewer) -> dict[str, Any] | None:
    for event in reversed(state.events):
        if isinstance(event, MOVE_EVENTS):
            return project_event(event, viewer, state)
    return None


def project_event(event: Event, viewer: Viewer, state: GameState) -> dict[str, Any] | None:
    """The form of ``event`` sent to ``viewer``; drawn or exchanged tiles go only to their owner
    (``state``, the game now, is not needed: crossword events say all they show).

    ``None`` would mean the viewer gets nothing; every crossword event has at
    least a public form, so this currently always returns a dict.
    """
    if isinstance(event, TilesDrawn | Exchanged):
        owner = isinstance(viewer, Seat) and viewer.seat == event.seat
        if owner or isinstance(viewer, Omniscient):
            return event.to_dict()
        return event.public_dict()
    return event.to_dict()


__all__ = [
    "CrosswordView", "GameFacts", "Omniscient", "PendingView", "Seat", "Spectator", "Viewer",
    "board_rows", "project_event", "unseen_tiles", "view",
]
