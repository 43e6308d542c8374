"""The typed crossword view keeps the JSON wire form of 648f7eb (plus the keys issue 11 adds).

``legacy_view`` is the dict builder the engine used before views were typed,
kept verbatim as the reference; random games of every rule set compare it
with ``view(...).to_json()`` for every viewer, and ``from_json`` parses each
JSON form back to the same view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from harfiyen.games.crossword.engine import apply
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import MOVE_EVENTS, Exchanged, TilesDrawn, placement_dict
from harfiyen.games.crossword.rules import BLANK, SIZE, square_name
from harfiyen.games.crossword.state import CrosswordConfig, GameState
from harfiyen.games.crossword.views import (
    CrosswordView,
    Omniscient,
    Seat,
    Spectator,
    Viewer,
    view,
)
from harfiyen.lexicon.normalize import ALPHABETS, lower

from .test_properties import CONFIGS, choose, words_for

#: Keys added to the wire form since 648f7eb: the pass counters and the finish level
#: (issue 11), the racks left at the end (issue 15). Everything else is unchanged.
ADDED = ("finish_level", "passes", "end_racks")


def legacy_view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The view dict exactly as ``views.view`` built it at commit 648f7eb."""
    out = _legacy_public(state, viewer)
    if isinstance(viewer, Seat):
        rack = state.racks[viewer.seat]
        out["seat"] = viewer.seat
        out["rack"] = list(rack)
        out["unseen"] = _legacy_unseen(state, rack)
    elif isinstance(viewer, Spectator):
        out["unseen"] = _legacy_unseen(state, ())
    else:
        out["racks"] = [list(rack) for rack in state.racks]
        out["bag"] = list(state.bag)
    return out


def _legacy_public(state: GameState, viewer: Viewer) -> dict[str, Any]:
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
        "rows": _legacy_rows(state),
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
        "last_move": _legacy_last_move(state, viewer),
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def _legacy_rows(state: GameState) -> list[str]:
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


def _legacy_unseen(state: GameState, own_rack: tuple[str, ...]) -> dict[str, int]:
    counts = Counter(state.rules.tiles.bag())
    counts.subtract(BLANK if tile.blank else tile.letter for _, tile in state.board.occupied())
    counts.subtract(own_rack)
    order = [*ALPHABETS[state.rules.language], BLANK]
    return {tile: counts[tile] for tile in order if counts[tile] > 0}


def _legacy_last_move(state: GameState, viewer: Viewer) -> dict[str, Any] | None:
    for event in reversed(state.events):
        if isinstance(event, MOVE_EVENTS):
            if isinstance(event, TilesDrawn | Exchanged):
                owner = isinstance(viewer, Seat) and viewer.seat == event.seat
                if owner or isinstance(viewer, Omniscient):
                    return event.to_dict()
                return event.public_dict()
            return event.to_dict()
    return None


def viewers(state: GameState) -> list[Viewer]:
    out: list[Viewer] = [Seat(s) for s in range(state.players)]
    out.append(Spectator())
    if state.outcome is not None:
        out.append(Omniscient())
    return out


def check_views(state: GameState) -> None:
    for who in viewers(state):
        typed = view(state, who)
        wire = typed.to_json()
        old = legacy_view(state, who)
        # Same keys in the same order, the added ones inserted; same values.
        assert [k for k in wire if k not in ADDED] == list(old)
        assert {k: v for k, v in wire.items() if k not in ADDED} == old
        assert wire["passes"] == list(state.passes)
        ended = state.outcome is not None
        assert wire.get("end_racks") == ([list(r) for r in state.racks] if ended else None)
        assert wire["finish_level"] == (
            state.config.finish_level if state.rules.finish_target is not None else None
        )
        # The wire form is plain JSON and parses back to the same view.
        text = json.dumps(wire, ensure_ascii=False)
        assert CrosswordView.from_json(json.loads(text)) == typed
        assert typed.ruleset() == state.rules


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_wire_form_is_todays_for_every_viewer(name: str) -> None:
    config = CONFIGS[name]
    words, _ = words_for(config)
    rnd = random.Random(name)
    for seed in range(2):
        from harfiyen.games.crossword.engine import new_game

        state = new_game(config, seed, lexicon=words)
        check_views(state)
        for _ in range(150):
            if state.outcome is not None:
                break
            seat, move = choose(state, rnd)
            try:
                state, _ = apply(state, seat, move)
            except CrosswordError:
                continue
            check_views(state)
        assert state.outcome is not None or state.move_number > 0


def test_the_parser_needs_the_facts_it_reads() -> None:
    """No key is guessed: a view without its finish level or pass counters is refused."""
    config = CrosswordConfig("en", players=3, variant="finish-line", finish_level="expert")
    words, _ = words_for(config)
    from harfiyen.games.crossword.engine import new_game

    wire = view(new_game(config, 5, lexicon=words), Seat(1)).to_json()
    assert CrosswordView.from_json(wire).facts.finish_level == "expert"
    for key in ("finish_level", "passes"):
        with pytest.raises(ValueError):
            CrosswordView.from_json({k: v for k, v in wire.items() if k != key})
    with pytest.raises(ValueError):
        CrosswordView.from_json({**wire, "finish_level": "grandmaster"})


def test_a_malformed_view_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        CrosswordView.from_json({"rules": "tr@2"})
