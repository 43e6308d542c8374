"""Harf Takıl moves as small frozen values.

Turns do not rotate: in the ``round`` phase every player may publish an
offer, vote for a cluegiver, move on to their next letter or agree to end;
the chosen cluegiver then gives (or withdraws) the clue. Players whose bonus
card was used name it. At the end each player submits an arrangement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from harfiyen.core.wire import OMIT_NONE
from harfiyen.games.letterjam.cards import CardRef, Slot


@dataclass(frozen=True, slots=True)
class Offer:
    """Publish a clue offer: only what the seed allows to be said.

    ``length`` letters, using the cards of ``players`` other players and
    ``nonplayers`` nonplayer stands; optionally whether it uses the ``wildcard``
    and whether it uses a shared ``bonus`` letter (``None``: not said, never
    checked; left out of the wire form). A new offer replaces the seat's old one.
    """

    kind: ClassVar[str] = "offer"

    length: int
    players: int
    nonplayers: int
    wildcard: bool | None = field(default=None, metadata=OMIT_NONE)
    bonus: bool | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True)
class Vote:
    """Vote for ``seat``'s offer (``None`` takes the vote back)."""

    kind: ClassVar[str] = "vote"

    seat: int | None


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Take back one's offer, or, as the chosen cluegiver, give up the clue."""

    kind: ClassVar[str] = "withdraw"


@dataclass(frozen=True, slots=True)
class GiveClue:
    """Spell a word by pointing at visible cards in order (the chosen cluegiver only).

    ``wildcard`` is the letter the wildcard stands for, required exactly when
    the wildcard is used. The engine computes the word; it is never taken
    from the client.
    """

    kind: ClassVar[str] = "clue"

    cards: tuple[CardRef, ...]
    wildcard: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


@dataclass(frozen=True, slots=True)
class MoveOn:
    """Record ``guess`` (a letter, or ``None`` for a blank) and show the next card."""

    kind: ClassVar[str] = "move_on"

    guess: str | None = None


@dataclass(frozen=True, slots=True)
class NameBonus:
    """Name one's own bonus card after it was used in a clue."""

    kind: ClassVar[str] = "name_bonus"

    letter: str


@dataclass(frozen=True, slots=True)
class AgreeEnd:
    """Agree (or no longer agree) to end the game; it ends when every player agrees."""

    kind: ClassVar[str] = "agree_end"

    agree: bool = True


@dataclass(frozen=True, slots=True)
class Arrange:
    """The final arrangement of one's own cards, optionally with the wildcard and
    shared letters (``wildcard``: its letter, required exactly when it is used).
    May be changed until every player has arranged; the last one reveals."""

    kind: ClassVar[str] = "arrange"

    slots: tuple[Slot, ...]
    wildcard: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(self.slots))


Move = Offer | Vote | Withdraw | GiveClue | MoveOn | NameBonus | AgreeEnd | Arrange

__all__ = [
    "AgreeEnd", "Arrange", "GiveClue", "Move", "MoveOn", "NameBonus", "Offer", "Vote",
    "Withdraw",
]
