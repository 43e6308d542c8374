"""What one seat knows, read from its own view (``view(state, Seat(n))``) and nothing else.

The AI never touches the game state: every decision starts from a
:class:`Table` built here from the view dict, so a player's own letters
cannot leak into its reasoning (the view holds none of them before the end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from harfiyen.games.letterjam.cards import BonusCard, CardRef, PileCard, SharedCard, StandCard
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


def read_table(view: Mapping[str, Any]) -> Table:
    """The :class:`Table` of the seat whose view this is; raises ``ValueError`` for a
    view that is not a seat's."""
    if "seat" not in view:
        raise ValueError("the AI needs a seat's view")
    me = int(view["seat"])
    pool: Counter[str] = Counter({k: int(v) for k, v in view["deck_letters"].items()})
    others: list[Other] = []
    sources: list[Source] = []
    mine: Mapping[str, Any] = {}
    for stand in view["stands"]:
        seat = int(stand["seat"])
        if seat == me:
            mine = stand
            continue
        card, bonus = stand.get("card"), stand.get("bonus")
        seen = tuple(stand.get("seen", ()))
        others.append(Other(seat, card, seen, int(stand["position"]), int(stand["cards"]),
                            bonus, int(stand["clues_given"])))
        pool.subtract([c for c in (card, bonus) if c is not None])
        pool.subtract(seen)
        if card is not None:
            sources.append(Source(StandCard(seat), card, seat=seat))
        if bonus is not None:
            sources.append(Source(BonusCard(seat), bonus, bonus_of=seat))
    for pile in view["piles"]:
        if pile["top"] is not None:
            pool[pile["top"]] -= 1
            sources.append(Source(PileCard(int(pile["index"])), pile["top"],
                                  pile=int(pile["index"])))
    for i, letter in enumerate(view["shared"]):
        pool[letter] -= 1
        sources.append(Source(SharedCard(i), letter))
    pool.subtract(view["discards"])
    tokens = view["tokens"]
    red_left = tuple(int(r) for r in tokens["red_left"])
    records = tuple(
        Record(int(r["number"]), int(r["cluegiver"]), tuple(r["cards"]), tuple(r["letters"]),
               r["own_position"])
        for r in view["records"]
    )
    offers = tuple(
        None if o is None else (int(o["length"]), int(o["players"]), int(o["nonplayers"]))
        for o in view["offers"]
    )
    return Table(
        seat=me, language="en" if view["language"] == "en" else "tr",
        lexicon=str(view["lexicon"]), players=int(view["players"]),
        word_length=int(view["word_length"]), phase=str(view["phase"]),
        position=int(mine["position"]), cards=int(mine["cards"]),
        has_card=bool(mine["has_card"]), has_bonus=bool(mine["has_bonus"]),
        bonus_used=bool(mine["bonus_used"]),
        pool=+pool, others=tuple(others), sources=tuple(sources), records=records,
        red_left=red_left, green_open=int(tokens["green_open"]),
        tokens_left=sum(red_left) + int(tokens["green_open"]) + int(tokens["green_centre"]),
        pile_sizes=tuple(int(p["cards"]) for p in view["piles"]),
        offers=offers, votes=tuple(view["votes"]), cluegiver=view["cluegiver"],
        shared=tuple(view["shared"]),
    )


__all__ = ["Other", "Record", "Source", "Table", "read_table"]
