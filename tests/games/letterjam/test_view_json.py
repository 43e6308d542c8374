"""The typed Harf Takıl view keeps the JSON wire form of 648f7eb.

``legacy_view`` is the dict builder of commit 648f7eb, kept verbatim as the
reference; random games compare it with ``view(...).to_json()`` for every
viewer, and ``from_json`` parses each JSON form back to the same view.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from harfiyen.games.letterjam import LetterJamConfig, new_game
from harfiyen.games.letterjam.cards import ref_label
from harfiyen.games.letterjam.decks import deck_counts
from harfiyen.games.letterjam.events import letter_or_none
from harfiyen.games.letterjam.rules import RULES_KEY
from harfiyen.games.letterjam.state import GameState, Phase, Player
from harfiyen.games.letterjam.views import (
    LetterJamView,
    Omniscient,
    Seat,
    Spectator,
    Viewer,
    view,
)

from .helpers import ANY
from .randomplay import play_step


def _sees(viewer: Viewer, seat: int) -> bool:
    return not (isinstance(viewer, Seat) and viewer.seat == seat)


def legacy_view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The view dict exactly as ``views.view`` built it at commit 648f7eb."""
    out = _public(state)
    out["stands"] = [_stand(state, seat, p, viewer) for seat, p in enumerate(state.players)]
    if isinstance(viewer, Seat):
        me = state.players[viewer.seat]
        out["seat"] = viewer.seat
        out["guesses"] = list(me.guesses)
        out["records"] = [r.to_dict() for r in me.records]
        out["arrangement"] = None if me.arrangement is None else {
            "slots": [ref_label(s) for s in me.arrangement.slots],
            "wildcard": me.arrangement.wildcard,
        }
    elif isinstance(viewer, Omniscient):
        out["deck"] = [state.cards[c] for c in state.deck]
        out["words"] = ["".join(state.cards[c] for c in p.dealt) for p in state.players]
        out["guesses"] = [list(p.guesses) for p in state.players]
        out["records"] = [[r.to_dict() for r in p.records] for p in state.players]
    return out


def _public(state: GameState) -> dict[str, Any]:
    config = state.config
    players = state.players
    return {
        "rules": RULES_KEY,
        "language": config.language,
        "lexicon": config.lexicon_id,
        "players": state.player_count,
        "word_length": config.word_length,
        "scoring": config.scoring,
        "deck_letters": deck_counts(config.language),
        "phase": state.phase.value,
        "clue_number": state.clue_number,
        "cluegiver": state.cluegiver,
        "end_reason": state.end_reason,
        "tokens": {
            "red_left": [p.red_left for p in players],
            "green_open": state.green_open,
            "green_centre": state.green_centre,
            "green_under_piles": [pile.green_under for pile in state.piles],
            "unused_greens": state.unused_greens,
        },
        "piles": [
            {"index": i, "top": letter_or_none(state.cards, pile.top), "cards": len(pile.cards)}
            for i, pile in enumerate(state.piles)
        ],
        "deck_count": len(state.deck),
        "shared": [state.cards[c] for c in state.shared],
        "discards": [state.cards[c] for c in state.discards],
        "offers": [
            None if p.offer is None else {
                "length": p.offer.length, "players": p.offer.players,
                "nonplayers": p.offer.nonplayers,
            }
            for p in players
        ],
        "votes": [p.vote for p in players],
        "agrees_end": [p.agrees_end for p in players],
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def _stand(state: GameState, seat: int, player: Player, viewer: Viewer) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": seat,
        "position": player.position,
        "cards": len(player.stand),
        "has_card": player.current is not None,
        "has_bonus": player.bonus is not None,
        "bonus_used": player.bonus_used,
        "clues_given": player.clues_given,
        "arranged": player.arrangement is not None,
    }
    if _sees(viewer, seat) or state.phase is Phase.OVER:
        out["card"] = letter_or_none(state.cards, player.current)
        out["bonus"] = letter_or_none(state.cards, player.bonus)
        out["seen"] = [state.cards[c] for c in player.stand[: player.position]]
    return out


def check_views(state: GameState) -> None:
    viewers: list[Viewer] = [Seat(s) for s in range(state.player_count)]
    viewers.append(Spectator())
    if state.outcome is not None:
        viewers.append(Omniscient())
    for who in viewers:
        typed = view(state, who)
        wire = typed.to_json()
        old = legacy_view(state, who)
        assert list(wire) == list(old) and wire == old
        parsed = LetterJamView.from_json(json.loads(json.dumps(wire, ensure_ascii=False)))
        assert parsed == typed


@pytest.mark.parametrize(
    ("language", "players", "length", "scoring"),
    [("tr", 2, 5, False), ("en", 3, 4, True), ("tr", 4, 3, True), ("en", 6, 7, False)],
)
def test_wire_form_is_todays_for_every_viewer(
    language: str, players: int, length: int, scoring: bool
) -> None:
    for seed in range(2):
        config = LetterJamConfig(
            "en" if language == "en" else "tr", players=players, word_length=length,
            scoring=scoring,
        )
        state = new_game(config, seed, lexicon=ANY)
        rnd = random.Random(seed)
        check_views(state)
        for _ in range(200):
            if state.phase is Phase.OVER:
                break
            state = play_step(state, rnd)
            check_views(state)


def test_a_malformed_view_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        LetterJamView.from_json({"rules": RULES_KEY})
