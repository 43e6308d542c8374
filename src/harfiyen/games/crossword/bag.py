"""The tile bag: filling, dealing, drawing, exchanging and the seating draw.

The bag is an ordered tuple (hidden from players); every random step takes
the state's :class:`~harfiyen.core.rng.Rng` and returns the next one, so a
game replays exactly from its seed and its moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from harfiyen.core.rng import Rng
from harfiyen.games.crossword.rules import BLANK, RuleSet
from harfiyen.lexicon.normalize import ALPHABETS, VOWELS

Bag = tuple[str, ...]
Rack = tuple[str, ...]

# Rejection sampling keeps every balanced deal equally likely; a balanced deal
# is far more likely than not, so this bound is never reached in practice.
_MAX_DEAL_ATTEMPTS = 10_000


def full_bag(rules: RuleSet, rng: Rng) -> tuple[Bag, Rng]:
    """Every tile of the rule set's tile set, shuffled."""
    return rng.shuffled(rules.tiles.bag())


def draw(bag: Bag, count: int) -> tuple[Rack, Bag]:
    """The first ``count`` tiles of the bag (fewer if it runs out) and the rest."""
    count = max(0, min(count, len(bag)))
    return bag[:count], bag[count:]


def is_balanced(rack: Sequence[str], rules: RuleSet) -> bool:
    """At least 2 vowels and 2 consonants; a blank counts as neither (``tr@2``)."""
    vowels = VOWELS[rules.language]
    n_vowels = sum(tile in vowels for tile in rack)
    n_consonants = sum(tile != BLANK and tile not in vowels for tile in rack)
    return n_vowels >= 2 and n_consonants >= 2


def deal(
    bag: Bag, players: int, rules: RuleSet, rng: Rng
) -> tuple[tuple[Rack, ...], Bag, Rng]:
    """The first racks (seat order) and the rest of the bag.

    With ``rules.balanced_first_deal`` the whole deal is redrawn from a fresh
    shuffle until every rack is balanced, so that each balanced deal is
    equally likely (rejection sampling).
    """
    for _ in range(_MAX_DEAL_ATTEMPTS):
        racks: list[Rack] = []
        rest = bag
        for _seat in range(players):
            rack, rest = draw(rest, rules.rack_size)
            racks.append(rack)
        if not rules.balanced_first_deal or all(is_balanced(r, rules) for r in racks):
            return tuple(racks), rest, rng
        bag, rng = rng.shuffled(bag)
    raise RuntimeError("no balanced deal found")  # pragma: no cover - practically impossible


def exchange(bag: Bag, returned: Sequence[str], rng: Rng) -> tuple[Rack, Bag, Rng]:
    """Draw replacements first, then put ``returned`` back and reshuffle the bag.

    Drawing first means a returned tile cannot come straight back (another
    copy of the same letter can).
    """
    drawn, rest = draw(bag, len(returned))
    shuffled, rng = rng.shuffled(rest + tuple(returned))
    return drawn, shuffled, rng


@dataclass(frozen=True, slots=True)
class SeatingDraw:
    """The seating draw: each round's ``(seat, tile)`` draws and the seat that starts."""

    rounds: tuple[tuple[tuple[int, str], ...], ...]
    first: int


def draw_rank(tile: str, rules: RuleSet) -> int:
    """Lower is better: a blank beats every letter, then the letter nearest to A."""
    return -1 if tile == BLANK else ALPHABETS[rules.language].index(tile)


def seating_draw(
    bag: Bag, players: int, rules: RuleSet, rng: Rng
) -> tuple[SeatingDraw, Bag, Rng]:
    """Each player draws a tile; the best starts; tied players draw again.

    All drawn tiles go back afterwards and the bag is reshuffled.
    """
    contenders = list(range(players))
    rest = bag
    rounds: list[tuple[tuple[int, str], ...]] = []
    while True:
        drawn, rest = draw(rest, len(contenders))
        if len(drawn) < len(contenders):  # pragma: no cover - a 100-tile bag never runs dry
            rest, rng = rng.shuffled(bag)
            continue
        this_round = tuple(zip(contenders, drawn, strict=True))
        rounds.append(this_round)
        best = min(draw_rank(tile, rules) for _, tile in this_round)
        contenders = [seat for seat, tile in this_round if draw_rank(tile, rules) == best]
        if len(contenders) == 1:
            break
    reshuffled, rng = rng.shuffled(bag)
    return SeatingDraw(tuple(rounds), contenders[0]), reshuffled, rng


__all__ = [
    "Bag", "Rack", "SeatingDraw", "deal", "draw", "draw_rank", "exchange", "full_bag",
    "is_balanced", "seating_draw",
]
