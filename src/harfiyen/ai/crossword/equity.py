"""Static equity of a crossword move: score + leave value + small opening/endgame terms.

``equity = score + leave term + opening term``, where the leave term depends on
how many tiles the bag still holds (the player's rack refills from it):

* bag ≥ 7: the learned value of the kept tiles (:mod:`leaves`);
* 0 < bag < 7: a blend ``w·leave value − (1−w)·leave points`` with ``w = bag/7``:
  fewer fresh tiles will come, and unplayed tiles start to count against the
  player at the end;
* bag empty: going out earns ``2 ×`` the value of the unseen tiles (the
  opponents' racks move to the finisher); otherwise the kept tiles' points are
  subtracted (they are likely to be stuck or counted against the player).

The opening term (first move of the game only) subtracts a point for each vowel
placed next to a double or triple letter square: it hands the opponent a cheap
premium hook.

Exchanges are valued as ``leave value of the kept tiles`` (they score 0).
Equities work on the generator's compact records (``movegen.Record``) so that
thousands of plays are ranked without building :class:`GeneratedPlay` objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from harfiyen.ai.crossword.crosschecks import ACROSS
from harfiyen.ai.crossword.leaves import LeaveModel
from harfiyen.ai.crossword.movegen import BLANK_CODE, GeneratedPlay, Record
from harfiyen.games.crossword.rules import BLANK, SIZE, RuleSet
from harfiyen.lexicon.normalize import ALPHABETS, VOWELS

#: Points lost per vowel placed next to a letter premium on the opening move.
OPENING_VOWEL_PENALTY: Final = 1.0
#: Multiplier of the unseen tiles' value for going out with the bag empty.
GO_OUT_FACTOR: Final = 2.0
#: Multiplier of the kept tiles' points when the bag is empty and the play does not go out.
STUCK_FACTOR: Final = 1.0


@dataclass
class EquityContext:
    """What equity needs to know about the position of the player to move."""

    rules: RuleSet
    rack: Sequence[str]
    #: Tiles in the bag when the move is made (after any pending refill).
    bag_count: int
    #: Total value of the tiles the player cannot see (others' racks and the bag).
    unseen_value: int
    board_empty: bool
    leaves: LeaveModel
    _leave_cache: dict[bytes, float] = field(default_factory=dict, repr=False)
    _rack_counts: Counter[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rack_counts = Counter(self.rack)
        self._alphabet = ALPHABETS[self.rules.language]
        self._vowels = VOWELS[self.rules.language]
        self._letter_premium = {
            sq for sq, p in self.rules.layout.items() if p.letter_multiplier > 1
        }

    # -- leaves ------------------------------------------------------------------------

    def leave_of(self, used: Iterable[str]) -> tuple[str, ...]:
        """The rack tiles left after using ``used`` (``?`` for blanks)."""
        left = Counter(self._rack_counts)
        left.subtract(used)
        return tuple(sorted(left.elements()))

    def leave_term(self, kept: Sequence[str], tiles_played: int) -> float:
        """The leave and endgame part of equity for keeping ``kept``."""
        bag = self.bag_count
        if bag >= self.rules.rack_size:
            return self.leaves.value(kept)
        points = sum(self.rules.tiles.value(t) for t in kept)
        if bag == 0:
            if not kept and tiles_played:
                return GO_OUT_FACTOR * self.unseen_value
            return -STUCK_FACTOR * points
        w = bag / self.rules.rack_size
        return w * self.leaves.value(kept) - (1 - w) * points

    # -- records ---------------------------------------------------------------------------

    def record_tiles(self, record: Record) -> list[str]:
        """The rack tiles a generator record uses."""
        alphabet = self._alphabet
        return [BLANK if c >= BLANK_CODE else alphabet[c - 1] for c in record[4] if c]

    def record_equity(self, record: Record) -> float:
        """Equity of a generator record (see the module docstring)."""
        codes = record[4]
        key = bytes(sorted(0 if c >= BLANK_CODE else c for c in codes if c))
        term = self._leave_cache.get(key)
        if term is None:
            used = self.record_tiles(record)
            term = self._leave_cache[key] = self.leave_term(self.leave_of(used), len(used))
        equity = record[0] + term
        if self.board_empty:
            equity -= self._opening_penalty(record)
        return equity

    def _opening_penalty(self, record: Record) -> float:
        _, d, lane, start, codes = record
        alphabet, vowels, premium = self._alphabet, self._vowels, self._letter_premium
        penalty = 0.0
        for k, code in enumerate(codes):
            if not code or code >= BLANK_CODE or alphabet[code - 1] not in vowels:
                continue
            row, col = (lane, start + k) if d == ACROSS else (start + k, lane)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if 0 <= r < SIZE and 0 <= c < SIZE and (r, c) in premium:
                    penalty += OPENING_VOWEL_PENALTY
                    break
        return penalty

    def move_equity(self, move: GeneratedPlay) -> float:
        """Equity of a generated :class:`GeneratedPlay` (same value as its record)."""
        return self.record_equity(move_record(move, self._alphabet))

    def exchange_equity(self, kept: Sequence[str]) -> float:
        """Equity of exchanging every rack tile except ``kept``."""
        return self.leaves.value(kept)

    def pass_equity(self) -> float:
        """Equity of passing: the whole rack is kept."""
        return self.leave_term(tuple(self.rack), 0)


def move_record(move: GeneratedPlay, alphabet: str) -> Record:
    """The generator record of ``move`` (inverse of ``MoveGenerator.to_move``)."""
    d = ACROSS if move.direction.name == "ACROSS" else 1
    row, col = move.start
    lane, start = (row, col) if d == ACROSS else (col, row)
    symbols = {letter: k + 1 for k, letter in enumerate(alphabet)}
    new = {p.square: p for p in move.placements}
    codes: list[int] = []
    for k in range(len(move.word)):
        sq = (row, col + k) if d == ACROSS else (row + k, col)
        p = new.get(sq)
        if p is None:
            codes.append(0)
        else:
            codes.append(symbols[p.letter] | (BLANK_CODE if p.blank else 0))
    return (move.score, d, lane, start, codes)


def unseen_value(unseen: Mapping[str, int], rules: RuleSet) -> int:
    """Total value of the unseen tiles ``{tile: count}``."""
    return sum(rules.tiles.value(t) * n for t, n in unseen.items())


__all__ = [
    "GO_OUT_FACTOR", "OPENING_VOWEL_PENALTY", "STUCK_FACTOR", "EquityContext", "move_record",
    "unseen_value",
]
