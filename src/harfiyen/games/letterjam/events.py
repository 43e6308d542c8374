"""Harf Takıl events: every transition of a game, in the order it happened.

Events hold card numbers, not letters: their stored form (``to_dict``, derived from
their fields) is the record of the game and says nothing without the card table.
What each viewer receives, letters included, is built by ``views.project_event``:
nobody is ever sent a letter of their own cards before the end. A game replays exactly from its
config, seed and the moves recorded here (``engine.moves_of``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from harfiyen.core.events import EngineEvent
from harfiyen.core.wire import FLATTEN, OMIT_NONE
from harfiyen.games.letterjam.cards import CardRef, Slot
from harfiyen.games.letterjam.ending import EndReason, Outcome
from harfiyen.games.letterjam.rules import TokenColour

Cards = Sequence[str]


def letters_of(cards: Cards, numbers: Sequence[int]) -> list[str]:
    return [cards[n] for n in numbers]


def letter_or_none(cards: Cards, number: int | None) -> str | None:
    return None if number is None else cards[number]


class _Event(EngineEvent):
    __slots__ = ()



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

    def wire_extras(self) -> dict[str, Any]:
        return {"green_under_piles": len(self.piles)}



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



@dataclass(frozen=True, slots=True)
class OfferMade(_Event):
    """An offer as said; ``wildcard``/``bonus`` only when said (absent from the stored
    form otherwise, so games recorded before the flags existed keep their form)."""

    kind: ClassVar[str] = "offer_made"
    seat: int
    length: int
    players: int
    nonplayers: int
    wildcard: bool | None = field(default=None, metadata=OMIT_NONE)
    bonus: bool | None = field(default=None, metadata=OMIT_NONE)



@dataclass(frozen=True, slots=True)
class OfferWithdrawn(_Event):
    kind: ClassVar[str] = "offer_withdrawn"
    seat: int



@dataclass(frozen=True, slots=True)
class VoteCast(_Event):
    kind: ClassVar[str] = "vote_cast"
    seat: int
    target: int | None



@dataclass(frozen=True, slots=True)
class CluegiverChosen(_Event):
    kind: ClassVar[str] = "cluegiver_chosen"
    seat: int
    votes: int



@dataclass(frozen=True, slots=True)
class ClueAbandoned(_Event):
    """The chosen cluegiver withdrew; a new round of offers begins."""

    kind: ClassVar[str] = "clue_abandoned"
    seat: int



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



@dataclass(frozen=True, slots=True)
class GreensUnlocked(_Event):
    """Greens became takable: the centre ones (last red taken) or one under a pile."""

    kind: ClassVar[str] = "greens_unlocked"
    source: Literal["centre", "pile"]
    pile: int | None
    count: int



@dataclass(frozen=True, slots=True)
class PileAdvanced(_Event):
    """A used nonplayer card was discarded and the next one shows (public)."""

    kind: ClassVar[str] = "pile_advanced"
    pile: int
    discarded: int
    shown: int | None
    from_deck: bool



@dataclass(frozen=True, slots=True)
class MovedOn(_Event):
    """``seat`` recorded ``guess`` for stand card ``position``; ``shown`` is the next card."""

    kind: ClassVar[str] = "moved_on"
    seat: int
    position: int
    guess: str | None
    shown: int | None



@dataclass(frozen=True, slots=True)
class BonusDrawn(_Event):
    """A player past their last card drew an unseen bonus card from the deck."""

    kind: ClassVar[str] = "bonus_drawn"
    seat: int
    card: int



@dataclass(frozen=True, slots=True)
class BonusNamed(_Event):
    """The owner named their used bonus card; it is turned face up (public)."""

    kind: ClassVar[str] = "bonus_named"
    seat: int
    named: str
    card: int
    correct: bool



@dataclass(frozen=True, slots=True)
class EndAgreed(_Event):
    kind: ClassVar[str] = "end_agreed"
    seat: int
    agree: bool



@dataclass(frozen=True, slots=True)
class CluesOver(_Event):
    """No more clues (tokens gone or agreed): players now arrange their cards."""

    kind: ClassVar[str] = "clues_over"
    reason: EndReason



@dataclass(frozen=True, slots=True)
class Arranged(_Event):
    """``seat`` submitted (or changed) its final arrangement; private until the end."""

    kind: ClassVar[str] = "arranged"
    seat: int
    slots: tuple[Slot, ...]
    wildcard: str | None


    def public_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class GameEnded(_Event):
    kind: ClassVar[str] = "game_ended"
    outcome: Outcome = field(metadata=FLATTEN)



EVENT_TYPES: tuple[type[_Event], ...] = (
    GameStarted, Dealt, OfferMade, OfferWithdrawn, VoteCast, CluegiverChosen, ClueAbandoned,
    ClueGiven, GreensUnlocked, PileAdvanced, MovedOn, BonusDrawn, BonusNamed, EndAgreed,
    CluesOver, Arranged, GameEnded,
)

Event = (
    GameStarted | Dealt | OfferMade | OfferWithdrawn | VoteCast | CluegiverChosen
    | ClueAbandoned | ClueGiven | GreensUnlocked | PileAdvanced | MovedOn | BonusDrawn
    | BonusNamed | EndAgreed | CluesOver | Arranged | GameEnded
)

__all__ = [
    "EVENT_TYPES", "Arranged", "BonusDrawn", "BonusNamed", "ClueAbandoned", "ClueGiven",
    "CluegiverChosen", "CluesOver", "Dealt", "EndAgreed", "Event", "GameEnded", "GameStarted",
    "GreensUnlocked", "MovedOn", "OfferMade", "OfferWithdrawn", "PileAdvanced", "VoteCast",
    "letter_or_none", "letters_of",
]
