"""What one seat knows, read from its own view (``view(state, Seat(n))``) and nothing else.

The AI never touches the game state: every decision starts from a
:class:`Table` built here from the seat's typed view, so a player's own letters
cannot leak into its reasoning (the view holds none of them before the end).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from harfiyen.games.letterjam.cards import BonusCard, CardRef, PileCard, SharedCard, StandCard
from harfiyen.games.letterjam.views import LetterJamView, StandView
from harfiyen.lexicon.normalize import Language


@dataclass(frozen=True, slots=True)
class Source:
    """A card the viewer can point at in a clue: its reference, its letter, whose it is."""

    ref: CardRef
    letter: str
    seat: int | None = None
    pile: int | None = None
    bonus_of: int | None = None


@dataclass(frozen=True, slots=True)
class Other:
    """Another player as the viewer sees them."""

    seat: int
    card: str | None
    seen: tuple[str, ...]
    position: int
    cards: int
    bonus: str | None
    clues_given: int


@dataclass(frozen=True, slots=True)
class Record:
    """One clue as the viewer wrote it down (``letters`` with ``?``/``*`` marks)."""

    number: int
    cluegiver: int
    cards: tuple[str, ...]
    letters: tuple[str, ...]
    own_position: int | None


@dataclass(frozen=True, slots=True)
class Table:
    """The viewer's knowledge of the game (everything here is in the viewer's view)."""

    seat: int
    language: Language
    lexicon: str
    #: The game's rules version (its secret-word list).
    version: int
    players: int
    word_length: int
    phase: str
    position: int
    cards: int
    has_card: bool
    has_bonus: bool
    bonus_used: bool
    pool: Counter[str]
    others: tuple[Other, ...]
    sources: tuple[Source, ...]
    records: tuple[Record, ...]
    red_left: tuple[int, ...]
    #: The clues each seat has given so far.
    clues_given: tuple[int, ...]
    green_open: int
    tokens_left: int
    pile_sizes: tuple[int, ...]
    offers: tuple[tuple[int, int, int] | None, ...]
    votes: tuple[int | None, ...]
    cluegiver: int | None
    shared: tuple[str, ...]

    @property
    def can_clue(self) -> bool:
        """Whether this seat holds a token it could take for a clue (red first, else green)."""
        return self.red_left[self.seat] > 0 or self.green_open > 0

    def other(self, seat: int) -> Other:
        return next(o for o in self.others if o.seat == seat)


def read_table(view: LetterJamView) -> Table:
    """The :class:`Table` of the seat whose view this is; raises ``ValueError`` for a
    view that is not a seat's."""
    if view.seat is None:
        raise ValueError("the AI needs a seat's view")
    me = view.seat
    pool: Counter[str] = Counter(view.deck_letters)
    others: list[Other] = []
    sources: list[Source] = []
    mine: StandView | None = None
    for stand in view.stands:
        seat = stand.seat
        if seat == me:
            mine = stand
            continue
        card, bonus, seen = stand.card, stand.bonus, stand.seen
        others.append(Other(seat, card, seen, stand.position, stand.cards, bonus,
                            stand.clues_given))
        pool.subtract([c for c in (card, bonus) if c is not None])
        pool.subtract(seen)
        if card is not None:
            sources.append(Source(StandCard(seat), card, seat=seat))
        if bonus is not None:
            sources.append(Source(BonusCard(seat), bonus, bonus_of=seat))
    assert mine is not None, "a seat's view shows its own stand"
    for pile in view.piles:
        if pile.top is not None:
            pool[pile.top] -= 1
            sources.append(Source(PileCard(pile.index), pile.top, pile=pile.index))
    for i, letter in enumerate(view.shared):
        pool[letter] -= 1
        sources.append(Source(SharedCard(i), letter))
    pool.subtract(view.discards)
    tokens = view.tokens
    records = tuple(
        Record(r.number, r.cluegiver, r.cards, r.letters, r.own_position)
        for r in view.records or ()
    )
    offers = tuple(
        None if o is None else (o.length, o.players, o.nonplayers) for o in view.offers
    )
    return Table(
        seat=me, language=view.language, lexicon=view.lexicon,
        version=int(view.rules.rpartition("@")[2]), players=view.players,
        word_length=view.word_length, phase=view.phase.value,
        position=mine.position, cards=mine.cards,
        has_card=mine.has_card, has_bonus=mine.has_bonus, bonus_used=mine.bonus_used,
        pool=+pool, others=tuple(others), sources=tuple(sources), records=records,
        red_left=tokens.red_left, clues_given=tuple(s.clues_given for s in view.stands),
        green_open=tokens.green_open,
        tokens_left=sum(tokens.red_left) + tokens.green_open + tokens.green_centre,
        pile_sizes=tuple(p.cards for p in view.piles),
        offers=offers, votes=view.votes, cluegiver=view.cluegiver,
        shared=view.shared,
    )


__all__ = ["Other", "Record", "Source", "Table", "read_table"]
