"""Clues: checking what the cluegiver points at, the offer's shape, each player's record.

One place per rule: a card is usable when the cluegiver can see it
(:func:`visible_card`); the wildcard stands for one letter in the whole clue
(:func:`resolve`); a clue's shape is what an offer announces (:func:`shape`,
with the wildcard and shared-letter flags of :func:`flags`), and a clue differs from
its offer where :func:`offer_mismatch` says;
each player writes the clue down with ``?`` for their own card
(:func:`record_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.cards import (
    BonusCard,
    CardRef,
    PileCard,
    SharedCard,
    StandCard,
    Wildcard,
    ref_label,
)
from harfiyen.games.letterjam.moves import GiveClue, Offer
from harfiyen.games.letterjam.rules import OWN_CARD, WILDCARD
from harfiyen.games.letterjam.state import ClueRecord, GameState
from harfiyen.lexicon.normalize import ALPHABETS, upper

Shape = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class ResolvedClue:
    """A checked clue: the card behind each reference (``None``: the wildcard) and the word."""

    refs: tuple[CardRef, ...]
    used: tuple[int | None, ...]
    wildcard: str | None
    word: str


def shape(refs: Sequence[CardRef]) -> Shape:
    """(letters, other players used, nonplayer stands used): all an offer may say."""
    seats = {r.seat for r in refs if isinstance(r, StandCard | BonusCard)}
    piles = {r.pile for r in refs if isinstance(r, PileCard)}
    return len(refs), len(seats), len(piles)


def offer_shape(offer: Offer) -> Shape:
    return offer.length, offer.players, offer.nonplayers


def flags(refs: Sequence[CardRef]) -> tuple[bool, bool]:
    """(uses the wildcard, uses a shared bonus letter): the rest an offer may say."""
    return (any(isinstance(r, Wildcard) for r in refs),
            any(isinstance(r, SharedCard) for r in refs))


def offer_for(refs: Sequence[CardRef]) -> Offer:
    """The offer that says everything the seed allows about the clue ``refs``."""
    return Offer(*shape(refs), *flags(refs))


class OfferPart(Enum):
    """A part of an offer a clue can differ in (named in ``offer_mismatch``)."""

    LENGTH = "length"
    PLAYERS = "players"
    NONPLAYERS = "nonplayers"
    WILDCARD = "wildcard"
    BONUS = "bonus"

    @property
    def tr_name(self) -> str:
        return _PART_TR[self]


_PART_TR = {
    OfferPart.LENGTH: "harf sayısı", OfferPart.PLAYERS: "oyuncu sayısı",
    OfferPart.NONPLAYERS: "oyuncu olmayan sehpa sayısı", OfferPart.WILDCARD: "joker",
    OfferPart.BONUS: "ortak bonus harfi",
}


def offer_mismatch(offer: Offer, refs: Sequence[CardRef]) -> tuple[OfferPart, ...]:
    """The parts of ``offer`` the clue ``refs`` does not keep (empty: it matches).
    A flag the offer did not say (``None``) is never checked."""
    clue = offer_for(refs)
    return tuple(
        part for part in OfferPart
        if (said := getattr(offer, part.value)) is not None and said != getattr(clue, part.value)
    )


def normal_letter(state: GameState, text: str) -> str | None:
    """``text`` as one upper-case letter of the game's alphabet, or ``None``."""
    lang = state.config.language
    letter = upper(text, lang) if isinstance(text, str) else ""
    return letter if len(letter) == 1 and letter in ALPHABETS[lang] else None


def visible_card(state: GameState, seat: int, ref: CardRef) -> int | None:
    """The card ``ref`` points at, as ``seat`` sees the table.

    Raises ``own_card_not_visible`` for the seat's own stand or bonus card and
    ``no_such_card`` for a reference to nothing; ``None`` means the wildcard.
    """
    label = ref_label(ref)
    if isinstance(ref, Wildcard):
        return None
    if isinstance(ref, StandCard | BonusCard):
        if ref.seat == seat:
            raise letterjam_errors.fail(letterjam_errors.OWN_CARD_NOT_VISIBLE, card=label)
        if not 0 <= ref.seat < state.player_count:
            raise letterjam_errors.fail(letterjam_errors.NO_SUCH_CARD, card=label)
        player = state.players[ref.seat]
        card = player.current if isinstance(ref, StandCard) else player.bonus
    elif isinstance(ref, PileCard):
        card = state.piles[ref.pile].top if 0 <= ref.pile < len(state.piles) else None
    else:
        card = state.shared[ref.index] if 0 <= ref.index < len(state.shared) else None
    if card is None:
        raise letterjam_errors.fail(letterjam_errors.NO_SUCH_CARD, card=label)
    return card


def resolve(state: GameState, seat: int, move: GiveClue) -> ResolvedClue:
    """Check everything about a clue but the offer, the lexicon and the token.

    Raises ``empty_clue``, ``own_card_not_visible``, ``no_such_card``,
    ``wildcard_needs_letter``, ``wildcard_not_used`` or ``bad_letter``.
    """
    if not move.cards:
        raise letterjam_errors.fail(letterjam_errors.EMPTY_CLUE)
    used = tuple(visible_card(state, seat, ref) for ref in move.cards)
    wild = None
    if any(card is None for card in used):
        if move.wildcard is None:
            raise letterjam_errors.fail(letterjam_errors.WILDCARD_NEEDS_LETTER)
        wild = normal_letter(state, move.wildcard)
        if wild is None:
            raise letterjam_errors.fail(letterjam_errors.BAD_LETTER, letter=move.wildcard)
    elif move.wildcard is not None:
        raise letterjam_errors.fail(letterjam_errors.WILDCARD_NOT_USED)
    word = "".join((wild or "") if card is None else state.cards[card] for card in used)
    return ResolvedClue(tuple(move.cards), used, wild, word)


def record_for(state: GameState, reader: int, clue: ResolvedClue, cluegiver: int) -> ClueRecord:
    """The clue as ``reader`` writes it down: letters they see, ``*`` for the
    wildcard, ``?`` for their own stand or bonus card."""
    letters: list[str] = []
    own_position: int | None = None
    for ref, card in zip(clue.refs, clue.used, strict=True):
        if isinstance(ref, StandCard | BonusCard) and ref.seat == reader:
            letters.append(OWN_CARD)
            if isinstance(ref, StandCard):
                own_position = state.players[reader].position
        elif card is None:
            letters.append(WILDCARD)
        else:
            letters.append(state.cards[card])
    return ClueRecord(
        number=state.clue_number + 1, cluegiver=cluegiver,
        cards=tuple(ref_label(r) for r in clue.refs), letters=tuple(letters),
        own_position=own_position,
    )


__all__ = [
    "OfferPart", "ResolvedClue", "Shape", "flags", "normal_letter", "offer_for",
    "offer_mismatch", "offer_shape", "record_for", "resolve", "shape",
    "visible_card",
]
