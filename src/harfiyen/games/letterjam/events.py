"""Harf Takıl events: every transition of a game, in the order it happened.

Events hold card numbers, not letters; ``to_dict(cards)`` is the full
(omniscient) form with letters looked up in the game's card table. What each
viewer receives is built by ``views.project_event``: nobody is ever sent a
letter of their own cards before the end. A game replays exactly from its
config, seed and the moves recorded here (``engine.moves_of``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from harfiyen.games.letterjam.cards import CardRef, Slot, ref_label
from harfiyen.games.letterjam.ending import EndReason, Outcome
from harfiyen.games.letterjam.rules import TokenColour

Cards = Sequence[str]


def letters_of(cards: Cards, numbers: Sequence[int]) -> list[str]:
    return [cards[n] for n in numbers]


def letter_or_none(cards: Cards, number: int | None) -> str | None:
    return None if number is None else cards[number]


class _Event:
    kind: ClassVar[str]

    def to_dict(self, cards: Cards) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class GameStarted(_Event):
    """The rules, seats, word length, nonplayer piles and the token supply (public)."""

    kind: ClassVar[str] = "game_started"
    rules: str
    language: str
    lexicon: str
    players: int
    word_length: int
    piles: tuple[int, ...]
    red_each: int
    green_open: int
    green_centre: int
    scoring: bool

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "rules": self.rules, "language": self.language,
            "lexicon": self.lexicon, "players": self.players, "word_length": self.word_length,
            "piles": list(self.piles), "red_each": self.red_each,
            "green_open": self.green_open, "green_centre": self.green_centre,
            "green_under_piles": len(self.piles), "scoring": self.scoring,
        }


@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """The shuffled card table, each seat's word (dealt and stand order), piles and deck.

    Secret as a whole; viewers get only what shows (``views.project_event``).
    """

    kind: ClassVar[str] = "dealt"
    cards: tuple[str, ...]
    words: tuple[tuple[int, ...], ...]
    stands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        table = self.cards
        return {
            "kind": self.kind, "cards": list(table),
            "words": ["".join(letters_of(table, w)) for w in self.words],
            "stands": [letters_of(table, s) for s in self.stands],
            "piles": [letters_of(table, p) for p in self.piles],
            "deck": letters_of(table, self.deck),
        }


@dataclass(frozen=True, slots=True)
class OfferMade(_Event):
    kind: ClassVar[str] = "offer_made"
    seat: int
    length: int
    players: int
    nonplayers: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "seat": self.seat, "length": self.length,
            "players": self.players, "nonplayers": self.nonplayers,
        }


@dataclass(frozen=True, slots=True)
class OfferWithdrawn(_Event):
    kind: ClassVar[str] = "offer_withdrawn"
    seat: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class VoteCast(_Event):
    kind: ClassVar[str] = "vote_cast"
    seat: int
    target: int | None

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "target": self.target}


@dataclass(frozen=True, slots=True)
class CluegiverChosen(_Event):
    kind: ClassVar[str] = "cluegiver_chosen"
    seat: int
    votes: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "votes": self.votes}


@dataclass(frozen=True, slots=True)
class ClueAbandoned(_Event):
    """The chosen cluegiver withdrew; a new round of offers begins."""

    kind: ClassVar[str] = "clue_abandoned"
    seat: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ClueGiven(_Event):
    """A clue: the references in order, the card each one meant (``None`` for the
    wildcard), the wildcard's letter, the word, the token taken.

    Only the cluegiver (and the omniscient replay) is sent the word and the
    wildcard's letter; everyone else gets their own record.
    """

    kind: ClassVar[str] = "clue_given"
    seat: int
    number: int
    refs: tuple[CardRef, ...]
    used: tuple[int | None, ...]
    wildcard: str | None
    word: str
    token: TokenColour

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "seat": self.seat, "number": self.number,
            "cards": [ref_label(r) for r in self.refs], "word": self.word,
            "wildcard": self.wildcard, "token": self.token.value,
        }


@dataclass(frozen=True, slots=True)
class GreensUnlocked(_Event):
    """Greens became takable: the centre ones (last red taken) or one under a pile."""

    kind: ClassVar[str] = "greens_unlocked"
    source: Literal["centre", "pile"]
    pile: int | None
    count: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "source": self.source, "pile": self.pile, "count": self.count}


@dataclass(frozen=True, slots=True)
class PileAdvanced(_Event):
    """A used nonplayer card was discarded and the next one shows (public)."""

    kind: ClassVar[str] = "pile_advanced"
    pile: int
    discarded: int
    shown: int | None
    from_deck: bool

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "pile": self.pile, "discarded": cards[self.discarded],
            "shown": letter_or_none(cards, self.shown), "from_deck": self.from_deck,
        }


@dataclass(frozen=True, slots=True)
class MovedOn(_Event):
    """``seat`` recorded ``guess`` for stand card ``position``; ``shown`` is the next card."""

    kind: ClassVar[str] = "moved_on"
    seat: int
    position: int
    guess: str | None
    shown: int | None

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "seat": self.seat, "position": self.position,
            "guess": self.guess, "shown": letter_or_none(cards, self.shown),
        }


@dataclass(frozen=True, slots=True)
class BonusDrawn(_Event):
    """A player past their last card drew an unseen bonus card from the deck."""

    kind: ClassVar[str] = "bonus_drawn"
    seat: int
    card: int

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "letter": cards[self.card]}


@dataclass(frozen=True, slots=True)
class BonusNamed(_Event):
    """The owner named their used bonus card; it is turned face up (public)."""

    kind: ClassVar[str] = "bonus_named"
    seat: int
    named: str
    card: int
    correct: bool

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "seat": self.seat, "named": self.named,
            "letter": cards[self.card], "correct": self.correct,
        }


@dataclass(frozen=True, slots=True)
class EndAgreed(_Event):
    kind: ClassVar[str] = "end_agreed"
    seat: int
    agree: bool

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "agree": self.agree}


@dataclass(frozen=True, slots=True)
class CluesOver(_Event):
    """No more clues (tokens gone or agreed): players now arrange their cards."""

    kind: ClassVar[str] = "clues_over"
    reason: EndReason

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Arranged(_Event):
    """``seat`` submitted (or changed) its final arrangement; private until the end."""

    kind: ClassVar[str] = "arranged"
    seat: int
    slots: tuple[Slot, ...]
    wildcard: str | None

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {
            "kind": self.kind, "seat": self.seat, "slots": [ref_label(s) for s in self.slots],
            "wildcard": self.wildcard,
        }

    def public_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class GameEnded(_Event):
    kind: ClassVar[str] = "game_ended"
    outcome: Outcome

    def to_dict(self, cards: Cards = ()) -> dict[str, Any]:
        return {"kind": self.kind, **self.outcome.to_dict()}


Event = (
    GameStarted | Dealt | OfferMade | OfferWithdrawn | VoteCast | CluegiverChosen
    | ClueAbandoned | ClueGiven | GreensUnlocked | PileAdvanced | MovedOn | BonusDrawn
    | BonusNamed | EndAgreed | CluesOver | Arranged | GameEnded
)

__all__ = [
    "Arranged", "BonusDrawn", "BonusNamed", "ClueAbandoned", "ClueGiven", "CluegiverChosen",
    "CluesOver", "Dealt", "EndAgreed", "Event", "GameEnded", "GameStarted", "GreensUnlocked",
    "MovedOn", "OfferMade", "OfferWithdrawn", "PileAdvanced", "VoteCast", "letter_or_none",
    "letters_of",
]
