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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, cast

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.core.wire import record_from_json
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.cards import BonusCard, Slot, StandCard, parse_ref, ref_label
from harfiyen.games.letterjam.decks import deck_counts
from harfiyen.games.letterjam.ending import EndReason, Outcome
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
from harfiyen.games.letterjam.moves import Arrange
from harfiyen.games.letterjam.rules import OWN_CARD, WILDCARD, rules_key
from harfiyen.games.letterjam.state import ClueRecord, GameState, Phase, Player
from harfiyen.lexicon.normalize import Language

Viewer = Seat | Spectator | Omniscient


def _sees(viewer: Viewer, seat: int) -> bool:
    """Whether ``viewer`` may see the letters of ``seat``'s cards (not one's own)."""
    return not (isinstance(viewer, Seat) and viewer.seat == seat)


@dataclass(frozen=True, slots=True)
class StandView:
    """One seat's stand. ``visible``: the viewer may see its letters (not one's own
    stand before the end); only then are ``card``, ``bonus`` and ``seen`` filled in
    (``card``/``bonus`` may still be ``None``: no card there)."""

    seat: int
    position: int
    cards: int
    has_card: bool
    has_bonus: bool
    bonus_used: bool
    clues_given: int
    arranged: bool
    visible: bool = False
    card: str | None = None
    bonus: str | None = None
    #: The cards this player has moved past: everyone else saw them on the stand.
    seen: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tokens:
    """The clue tokens on the table (public)."""

    red_left: tuple[int, ...]
    green_open: int
    green_centre: int
    green_under_piles: tuple[bool, ...]
    unused_greens: int


@dataclass(frozen=True, slots=True)
class PileView:
    """A nonplayer pile: the letter on top (``None`` once empty) and its size."""

    index: int
    top: str | None
    cards: int


@dataclass(frozen=True, slots=True)
class OfferView:
    """A seat's clue offer: word length, players and nonplayers it would use, and
    whether it uses the wildcard and a shared bonus letter (``None``: not said)."""

    length: int
    players: int
    nonplayers: int
    wildcard: bool | None = None
    bonus: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """An unsaid flag is left out, as in the ``offer`` move and ``offer_made`` event."""
        out: dict[str, Any] = {
            "length": self.length, "players": self.players, "nonplayers": self.nonplayers,
        }
        for name, flag in (("wildcard", self.wildcard), ("bonus", self.bonus)):
            if flag is not None:
                out[name] = flag
        return out


@dataclass(frozen=True, slots=True)
class LetterJamView:
    """What one viewer may see of a Harf Takıl game (see :func:`view`).

    A seat's view has ``seat``, its own guess sheet (``guesses``), clue
    records and arrangement; the omniscient view (after the end) has the deck,
    every word, every guess sheet (``all_guesses``) and every record
    (``all_records``). :meth:`to_json` is the wire form and :meth:`from_json`
    its one parser.
    """

    rules: str
    language: Language
    lexicon: str
    players: int
    word_length: int
    scoring: bool
    deck_letters: Mapping[str, int]
    phase: Phase
    clue_number: int
    cluegiver: int | None
    end_reason: EndReason | None
    tokens: Tokens
    piles: tuple[PileView, ...]
    deck_count: int
    shared: tuple[str, ...]
    discards: tuple[str, ...]
    offers: tuple[OfferView | None, ...]
    votes: tuple[int | None, ...]
    agrees_end: tuple[bool, ...]
    outcome: Outcome | None
    stands: tuple[StandView, ...]
    seat: int | None = None
    guesses: tuple[str | None, ...] | None = None
    records: tuple[ClueRecord, ...] | None = None
    arrangement: Arrange | None = None
    deck: tuple[str, ...] | None = None
    words: tuple[str, ...] | None = None
    all_guesses: tuple[tuple[str | None, ...], ...] | None = None
    all_records: tuple[tuple[ClueRecord, ...], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form sent to clients (a fresh dict every call)."""
        t = self.tokens
        out: dict[str, Any] = {
            "rules": self.rules,
            "language": self.language,
            "lexicon": self.lexicon,
            "players": self.players,
            "word_length": self.word_length,
            "scoring": self.scoring,
            "deck_letters": dict(self.deck_letters),
            "phase": self.phase.value,
            "clue_number": self.clue_number,
            "cluegiver": self.cluegiver,
            "end_reason": self.end_reason,
            "tokens": {
                "red_left": list(t.red_left),
                "green_open": t.green_open,
                "green_centre": t.green_centre,
                "green_under_piles": list(t.green_under_piles),
                "unused_greens": t.unused_greens,
            },
            "piles": [{"index": p.index, "top": p.top, "cards": p.cards} for p in self.piles],
            "deck_count": self.deck_count,
            "shared": list(self.shared),
            "discards": list(self.discards),
            "offers": [
                None if o is None else o.to_json() for o in self.offers
            ],
            "votes": list(self.votes),
            "agrees_end": list(self.agrees_end),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "stands": [_stand_json(stand) for stand in self.stands],
        }
        if self.seat is not None:
            arrangement = self.arrangement
            out["seat"] = self.seat
            out["guesses"] = list(self.guesses or ())
            out["records"] = [r.to_dict() for r in self.records or ()]
            out["arrangement"] = None if arrangement is None else {
                "slots": [ref_label(s) for s in arrangement.slots],
                "wildcard": arrangement.wildcard,
            }
        elif self.deck is not None:
            out["deck"] = list(self.deck)
            out["words"] = list(self.words or ())
            out["guesses"] = [list(g) for g in self.all_guesses or ()]
            out["records"] = [[r.to_dict() for r in rs] for rs in self.all_records or ()]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LetterJamView:
        """The view whose :meth:`to_json` is ``data``; raises ``ValueError`` if malformed."""
        try:
            return _parse(data)
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a Harf Takıl view: {error!r}") from None


def _stand_json(stand: StandView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": stand.seat,
        "position": stand.position,
        "cards": stand.cards,
        "has_card": stand.has_card,
        "has_bonus": stand.has_bonus,
        "bonus_used": stand.bonus_used,
        "clues_given": stand.clues_given,
        "arranged": stand.arranged,
    }
    if stand.visible:
        out["card"] = stand.card
        out["bonus"] = stand.bonus
        out["seen"] = list(stand.seen)
    return out


def _parse(data: Mapping[str, Any]) -> LetterJamView:
    language = data["language"]
    if language not in ("tr", "en"):
        raise ValueError(f"unknown language {language!r}")
    tokens = data["tokens"]
    outcome = data["outcome"]
    seat = data.get("seat")
    omniscient = seat is None and "deck" in data
    arrangement = data.get("arrangement")
    return LetterJamView(
        rules=str(data["rules"]),
        language=language,
        lexicon=str(data["lexicon"]),
        players=int(data["players"]),
        word_length=int(data["word_length"]),
        scoring=bool(data["scoring"]),
        deck_letters=MappingProxyType({str(k): int(n) for k, n in data["deck_letters"].items()}),
        phase=Phase(data["phase"]),
        clue_number=int(data["clue_number"]),
        cluegiver=_int_or_none(data["cluegiver"]),
        end_reason=data["end_reason"],
        tokens=Tokens(
            red_left=tuple(int(n) for n in tokens["red_left"]),
            green_open=int(tokens["green_open"]),
            green_centre=int(tokens["green_centre"]),
            green_under_piles=tuple(bool(g) for g in tokens["green_under_piles"]),
            unused_greens=int(tokens["unused_greens"]),
        ),
        piles=tuple(
            PileView(int(p["index"]), p["top"], int(p["cards"])) for p in data["piles"]
        ),
        deck_count=int(data["deck_count"]),
        shared=tuple(str(c) for c in data["shared"]),
        discards=tuple(str(c) for c in data["discards"]),
        offers=tuple(
            None if o is None else OfferView(
                int(o["length"]), int(o["players"]), int(o["nonplayers"]),
                _flag(o.get("wildcard")), _flag(o.get("bonus")),
            )
            for o in data["offers"]
        ),
        votes=tuple(_int_or_none(v) for v in data["votes"]),
        agrees_end=tuple(bool(a) for a in data["agrees_end"]),
        outcome=None if outcome is None else record_from_json(Outcome, outcome, "outcome"),
        stands=tuple(_parse_stand(s) for s in data["stands"]),
        seat=None if seat is None else int(seat),
        guesses=None if seat is None else tuple(data["guesses"]),
        records=None if seat is None else tuple(_parse_record(r) for r in data["records"]),
        arrangement=None if arrangement is None else Arrange(
            tuple(cast(Slot, parse_ref(label)) for label in arrangement["slots"]),
            arrangement["wildcard"],
        ),
        deck=tuple(data["deck"]) if omniscient else None,
        words=tuple(data["words"]) if omniscient else None,
        all_guesses=tuple(tuple(g) for g in data["guesses"]) if omniscient else None,
        all_records=tuple(
            tuple(_parse_record(r) for r in rs) for rs in data["records"]
        ) if omniscient else None,
    )


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _flag(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _parse_stand(data: Mapping[str, Any]) -> StandView:
    visible = "card" in data
    return StandView(
        seat=int(data["seat"]), position=int(data["position"]), cards=int(data["cards"]),
        has_card=bool(data["has_card"]), has_bonus=bool(data["has_bonus"]),
        bonus_used=bool(data["bonus_used"]), clues_given=int(data["clues_given"]),
        arranged=bool(data["arranged"]), visible=visible,
        card=data["card"] if visible else None, bonus=data["bonus"] if visible else None,
        seen=tuple(data["seen"]) if visible else (),
    )


def _parse_record(data: Mapping[str, Any]) -> ClueRecord:
    own = data["own_position"]
    return ClueRecord(
        number=int(data["number"]), cluegiver=int(data["cluegiver"]),
        cards=tuple(str(c) for c in data["cards"]),
        letters=tuple(str(c) for c in data["letters"]),
        own_position=None if own is None else int(own),
    )


def view(state: GameState, viewer: Viewer) -> LetterJamView:
    """What ``viewer`` may see of ``state``, built by inclusion.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise letterjam_errors.fail(letterjam_errors.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < state.player_count:
        raise letterjam_errors.fail(letterjam_errors.UNKNOWN_SEAT, seat=viewer.seat,
                                    seats=state.player_count)
    config, players, cards = state.config, state.players, state.cards
    public = LetterJamView(
        rules=rules_key(config.version),
        language=config.language,
        lexicon=config.lexicon_id,
        players=state.player_count,
        word_length=config.word_length,
        scoring=config.scoring,
        deck_letters=MappingProxyType(deck_counts(config.language)),
        phase=state.phase,
        clue_number=state.clue_number,
        cluegiver=state.cluegiver,
        end_reason=state.end_reason,
        tokens=Tokens(
            red_left=tuple(p.red_left for p in players),
            green_open=state.green_open,
            green_centre=state.green_centre,
            green_under_piles=tuple(pile.green_under for pile in state.piles),
            unused_greens=state.unused_greens,
        ),
        piles=tuple(
            PileView(i, letter_or_none(cards, pile.top), len(pile.cards))
            for i, pile in enumerate(state.piles)
        ),
        deck_count=len(state.deck),
        shared=tuple(cards[c] for c in state.shared),
        discards=tuple(cards[c] for c in state.discards),
        offers=tuple(
            None if p.offer is None else OfferView(
                p.offer.length, p.offer.players, p.offer.nonplayers,
                p.offer.wildcard, p.offer.bonus,
            )
            for p in players
        ),
        votes=tuple(p.vote for p in players),
        agrees_end=tuple(p.agrees_end for p in players),
        outcome=state.outcome,
        stands=tuple(_stand(state, seat, p, viewer) for seat, p in enumerate(players)),
    )
    if isinstance(viewer, Seat):
        me = players[viewer.seat]
        return replace(
            public, seat=viewer.seat, guesses=me.guesses, records=me.records,
            arrangement=me.arrangement,
        )
    if isinstance(viewer, Omniscient):
        return replace(
            public,
            deck=tuple(cards[c] for c in state.deck),
            words=tuple("".join(cards[c] for c in p.dealt) for p in players),
            all_guesses=tuple(p.guesses for p in players),
            all_records=tuple(p.records for p in players),
        )
    return public


def _stand(state: GameState, seat: int, player: Player, viewer: Viewer) -> StandView:
    """One seat's stand as ``viewer`` sees it: letters only where the viewer may look."""
    visible = _sees(viewer, seat) or state.phase is Phase.OVER
    return StandView(
        seat=seat,
        position=player.position,
        cards=len(player.stand),
        has_card=player.current is not None,
        has_bonus=player.bonus is not None,
        bonus_used=player.bonus_used,
        clues_given=player.clues_given,
        arranged=player.arrangement is not None,
        visible=visible,
        card=letter_or_none(state.cards, player.current) if visible else None,
        bonus=letter_or_none(state.cards, player.bonus) if visible else None,
        seen=tuple(state.cards[c] for c in player.stand[: player.position]) if visible else (),
    )


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
