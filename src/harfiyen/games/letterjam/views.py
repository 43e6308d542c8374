"""What each viewer may see of a Harf Takıl game, built by inclusion.

A seat sees every visible card except its own: the cards now on the other
stands, their bonus cards, the tops of the nonplayer piles, the cards the
other players have already moved past (everyone at the table saw them), the
shared letters and the discards; of itself only its progress, its guess
sheet and its clue records (with ``?`` for its own card). Nothing of a
player's own letters enters that player's view or events before the end.
A spectator sees every card on the table but no guess sheet; the
omniscient view (everything, for the replay) opens once the game is over.
Letters are looked up from card numbers here and only here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.games.letterjam import errors as E
from harfiyen.games.letterjam.cards import BonusCard, StandCard, ref_label
from harfiyen.games.letterjam.decks import deck_counts
from harfiyen.games.letterjam.events import (
    Arranged,
    BonusDrawn,
    BonusNamed,
    ClueGiven,
    Dealt,
    Event,
    MovedOn,
    PileAdvanced,
    letter_or_none,
    letters_of,
)
from harfiyen.games.letterjam.rules import OWN_CARD, RULES_KEY, WILDCARD
from harfiyen.games.letterjam.state import GameState, Phase, Player

Viewer = Seat | Spectator | Omniscient


def _sees(viewer: Viewer, seat: int) -> bool:
    """Whether ``viewer`` may see the letters of ``seat``'s cards (not one's own)."""
    return not (isinstance(viewer, Seat) and viewer.seat == seat)


def view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``viewer``.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise E.fail(E.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < state.player_count:
        raise E.fail(E.UNKNOWN_SEAT, seat=viewer.seat, seats=state.player_count)
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
    """What every viewer sees."""
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
    """One seat's stand as ``viewer`` sees it: letters only where the viewer may look."""
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
        # The cards this player has moved past: everyone else saw them on the stand.
        out["seen"] = [state.cards[c] for c in player.stand[: player.position]]
    return out


def project_event(event: Event, viewer: Viewer, state: GameState) -> dict[str, Any] | None:
    """The form of ``event`` sent to ``viewer`` (letters from ``state``'s card table).

    Own letters never reach their owner: the deal shows each seat everyone's
    first card but its own, a clue comes as the viewer's record, a new card
    or bonus card goes to everyone but its owner, arrangements stay private
    until the end. Every event has some form for every viewer (never ``None``
    today; the type leaves room for events a viewer gets nothing of).
    """
    cards = state.cards
    if isinstance(viewer, Omniscient):
        return lettered(event, cards)
    if isinstance(event, Dealt):
        return {
            "kind": event.kind,
            "stands": [
                {"seat": seat, "cards": len(stand),
                 **({"shown": cards[stand[0]]} if _sees(viewer, seat) else {})}
                for seat, stand in enumerate(event.stands)
            ],
            "piles": [
                {"cards": len(pile), "shown": cards[pile[0]] if pile else None}
                for pile in event.piles
            ],
            "deck_count": len(event.deck),
        }
    if isinstance(event, ClueGiven):
        return _clue_for(event, viewer, cards)
    if isinstance(event, MovedOn):
        out: dict[str, Any] = {"kind": event.kind, "seat": event.seat, "position": event.position}
        if _sees(viewer, event.seat):
            out["shown"] = letter_or_none(cards, event.shown)
        else:
            out["guess"] = event.guess
        return out
    if isinstance(event, BonusDrawn):
        out = {"kind": event.kind, "seat": event.seat}
        if _sees(viewer, event.seat):
            out["letter"] = cards[event.card]
        return out
    if isinstance(event, Arranged):
        if isinstance(viewer, Seat) and viewer.seat == event.seat:
            return lettered(event, cards)
        return event.public_dict()
    return lettered(event, cards)


def lettered(event: Event, cards: Sequence[str]) -> dict[str, Any]:
    """The whole of ``event`` with its card numbers read as letters (the omniscient form)."""
    out = event.to_dict()
    if isinstance(event, Dealt):
        return {
            "kind": event.kind, "cards": list(cards),
            "words": ["".join(letters_of(cards, w)) for w in event.words],
            "stands": [letters_of(cards, s) for s in event.stands],
            "piles": [letters_of(cards, p) for p in event.piles],
            "deck": letters_of(cards, event.deck),
        }
    if isinstance(event, ClueGiven):
        return {
            "kind": event.kind, "seat": event.seat, "number": event.number,
            "cards": [ref_label(r) for r in event.refs], "word": event.word,
            "wildcard": event.wildcard, "token": event.token.value,
        }
    if isinstance(event, PileAdvanced):
        out["discarded"] = cards[event.discarded]
        out["shown"] = letter_or_none(cards, event.shown)
    elif isinstance(event, MovedOn):
        out["shown"] = letter_or_none(cards, event.shown)
    elif isinstance(event, BonusDrawn):
        del out["card"]
        out["letter"] = cards[event.card]
    elif isinstance(event, BonusNamed):
        del out["card"]
        out["letter"] = cards[event.card]
        out["correct"] = out.pop("correct")
    return out


def _clue_for(event: ClueGiven, viewer: Viewer, cards: Sequence[str]) -> dict[str, Any]:
    """A clue as ``viewer`` receives it: the cluegiver gets the word; everyone else the
    letters they can see, ``*`` for the wildcard and ``?`` for their own card."""
    out: dict[str, Any] = {
        "kind": event.kind, "seat": event.seat, "number": event.number,
        "cards": [ref_label(r) for r in event.refs], "token": event.token.value,
    }
    if isinstance(viewer, Seat) and viewer.seat == event.seat:
        out["word"] = event.word
        out["wildcard"] = event.wildcard
    letters: list[str] = []
    for ref, card in zip(event.refs, event.used, strict=True):
        if isinstance(ref, StandCard | BonusCard) and not _sees(viewer, ref.seat):
            letters.append(OWN_CARD)
        elif card is None:
            letters.append(WILDCARD)
        else:
            letters.append(cards[card])
    out["letters"] = letters
    return out


__all__ = ["Omniscient", "Seat", "Spectator", "Viewer", "lettered", "project_event", "view"]
