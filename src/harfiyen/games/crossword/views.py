"""What each viewer may see of a crossword game, built by inclusion.

A view is assembled only from what the viewer is allowed to know (never by
blanking fields of the full state): a seat sees its own rack and counts of
everything hidden; a spectator sees no rack; the omniscient view (every rack
and the bag) opens only once the game is over.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.games.crossword import errors as E
from harfiyen.games.crossword.events import (
    MOVE_EVENTS,
    Event,
    Exchanged,
    TilesDrawn,
    placement_dict,
)
from harfiyen.games.crossword.rules import BLANK, SIZE, square_name
from harfiyen.games.crossword.state import GameState
from harfiyen.lexicon.normalize import ALPHABETS, lower

Viewer = Seat | Spectator | Omniscient


def view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``viewer``.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise E.fail(E.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < state.players:
        raise E.fail(E.UNKNOWN_SEAT, seat=viewer.seat, seats=state.players)
    out = _public(state, viewer)
    if isinstance(viewer, Seat):
        rack = state.racks[viewer.seat]
        out["seat"] = viewer.seat
        out["rack"] = list(rack)
        out["unseen"] = unseen_tiles(state, rack)
    elif isinstance(viewer, Spectator):
        out["unseen"] = unseen_tiles(state, ())
    else:
        out["racks"] = [list(rack) for rack in state.racks]
        out["bag"] = list(state.bag)
    if state.outcome is not None:
        # Once the game is over everyone sees what was left on each rack (the end
        # adjustments are made of it).
        out["end_racks"] = [list(rack) for rack in state.racks]
    return out


def _public(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """What every viewer sees."""
    rules = state.rules
    pending = state.pending
    return {
        "rules": rules.key,
        "lexicon": state.config.lexicon_id,
        "players": state.players,
        "variant": state.config.variant,
        "challenge": rules.challenge,
        "finish_target": rules.finish_target,
        "rack_size": rules.rack_size,
        "board": [
            {"square": square_name(sq), "letter": tile.letter, "blank": tile.blank}
            for sq, tile in state.board.occupied()
        ],
        "rows": board_rows(state),
        "scores": list(state.scores),
        "rack_sizes": [len(rack) for rack in state.racks],
        "bag_count": len(state.bag),
        "bonus_square": (
            square_name(state.bonus_square) if state.bonus_square is not None else None
        ),
        "bonus_square_used": state.bonus_square_used,
        "to_move": state.to_move,
        "lose_turn": list(state.lose_turn),
        "scoreless_turns": state.scoreless_turns,
        "move_number": state.move_number,
        "pending": None if pending is None else {
            "seat": pending.seat,
            "placements": [placement_dict(p) for p in pending.placements],
            "words": list(pending.words),
            "total": pending.breakdown.total,
            "ends_game": pending.ends_game,
        },
        "last_move": _last_move(state, viewer),
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def board_rows(state: GameState) -> list[str]:
    """The board as 15 strings: ``.`` for empty, blanks in (language-aware) lower case."""
    language = state.rules.language
    rows: list[str] = []
    for r in range(SIZE):
        chars: list[str] = []
        for c in range(SIZE):
            tile = state.board[(r, c)]
            if tile is None:
                chars.append(".")
            else:
                chars.append(lower(tile.letter, language) if tile.blank else tile.letter)
        rows.append("".join(chars))
    return rows


def unseen_tiles(state: GameState, own_rack: tuple[str, ...]) -> dict[str, int]:
    """Tiles neither on the board nor on ``own_rack``, by letter (``?`` for blanks).

    This is what the viewer cannot see: the bag and the other racks together.
    """
    counts = Counter(state.rules.tiles.bag())
    counts.subtract(BLANK if tile.blank else tile.letter for _, tile in state.board.occupied())
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
    "Omniscient", "Seat", "Spectator", "Viewer", "board_rows", "project_event", "unseen_tiles",
    "view",
]
