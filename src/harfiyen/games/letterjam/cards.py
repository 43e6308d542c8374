"""Pointing at cards: what a clue and a final arrangement are made of.

A clue is a sequence of references to cards on the table, in word order (the
numbered tokens of the seed); a card may be pointed at several times. Each
reference has a short text form used in events and notation:

``P2`` the card on player 2's stand (seats are 0-based), ``B2`` player 2's
bonus card, ``N0`` the top card of nonplayer pile 0, ``*`` the wildcard,
``S1`` the second shared (approved bonus) letter.

A final arrangement orders one's own cards (``O3``: own card 3 in stand order)
and optionally the wildcard and shared letters.

>>> [ref_label(r) for r in parse_refs("P1 N0 * S0 B2")]
['P1', 'N0', '*', 'S0', 'B2']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from harfiyen.core.wire import Codec, register
from harfiyen.games.letterjam.rules import WILDCARD


@dataclass(frozen=True, slots=True)
class StandCard:
    """The card now on ``seat``'s stand (visible to everyone but that seat)."""

    seat: int


@dataclass(frozen=True, slots=True)
class BonusCard:
    """``seat``'s unseen bonus card (visible to everyone but that seat)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PileCard:
    """The top card of nonplayer pile ``pile``."""

    pile: int


@dataclass(frozen=True, slots=True)
class Wildcard:
    """The wildcard: any letter, the same one wherever it is used in one clue."""


@dataclass(frozen=True, slots=True)
class SharedCard:
    """An approved bonus letter in the centre (``index`` in order of approval)."""

    index: int


@dataclass(frozen=True, slots=True)
class OwnCard:
    """In a final arrangement: one's own card ``index`` (0-based, stand order)."""

    index: int


CardRef = StandCard | BonusCard | PileCard | Wildcard | SharedCard
Slot = OwnCard | Wildcard | SharedCard

_PREFIX: dict[str, type[StandCard | BonusCard | PileCard | SharedCard | OwnCard]] = {
    "P": StandCard, "B": BonusCard, "N": PileCard, "S": SharedCard, "O": OwnCard,
}


def ref_label(ref: CardRef | Slot) -> str:
    """The short text form of a reference (module docstring)."""
    if isinstance(ref, Wildcard):
        return WILDCARD
    if isinstance(ref, StandCard):
        return f"P{ref.seat}"
    if isinstance(ref, BonusCard):
        return f"B{ref.seat}"
    if isinstance(ref, PileCard):
        return f"N{ref.pile}"
    if isinstance(ref, SharedCard):
        return f"S{ref.index}"
    return f"O{ref.index}"


def parse_ref(text: str) -> CardRef | Slot:
    """The reference written as ``text``; raises ``ValueError`` for anything else."""
    text = text.strip()
    if text == WILDCARD:
        return Wildcard()
    kind = _PREFIX.get(text[:1].upper())
    if kind is None or not text[1:].isdigit():
        raise ValueError(f"not a card reference: {text!r}")
    return kind(int(text[1:]))


def parse_refs(text: str | Iterable[str]) -> tuple[CardRef, ...]:
    """Clue references from ``"P1 N0 *"`` or a list of labels; own cards are refused."""
    parts = text.split() if isinstance(text, str) else list(text)
    refs: list[CardRef] = []
    for part in parts:
        ref = parse_ref(part)
        if isinstance(ref, OwnCard):
            raise ValueError(f"{part!r} is an arrangement slot, not a clue card")
        refs.append(ref)
    return tuple(refs)


def parse_slots(text: str | Iterable[str]) -> tuple[Slot, ...]:
    """Arrangement slots from ``"O2 O0 * O1"`` or a list of labels."""
    parts = text.split() if isinstance(text, str) else list(text)
    slots: list[Slot] = []
    for part in parts:
        ref = parse_ref(part)
        if not isinstance(ref, OwnCard | Wildcard | SharedCard):
            raise ValueError(f"{part!r} cannot be part of an arrangement")
        slots.append(ref)
    return tuple(slots)


def _one_ref(label: str) -> CardRef:
    (ref,) = parse_refs([label])
    return ref


def _one_slot(label: str) -> Slot:
    (slot,) = parse_slots([label])
    return slot


# On the wire a reference is its label: ``"P2"``, ``"N0"``, ``"*"``, ``"O3"``.
register(CardRef, Codec(ref_label, _one_ref))
register(Slot, Codec(ref_label, _one_slot))

__all__ = [
    "BonusCard", "CardRef", "OwnCard", "PileCard", "SharedCard", "Slot", "StandCard",
    "Wildcard", "parse_ref", "parse_refs", "parse_slots", "ref_label",
]
