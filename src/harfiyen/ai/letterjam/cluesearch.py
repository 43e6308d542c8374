"""Clue search: the word spelled from visible cards that teaches teammates the most.

For every teammate whose card a clue would use, the search simulates how
*that teammate* will read it (the pattern they write down, with ``?`` for
their own card and ``*`` for the wildcard, read through the same
:meth:`WordIndex.likelihood` their own deduction uses) starting from what
they already know, and scores the information the clue gives about their true
letter, with a bonus when it should make them confident enough to move on.
Using a nonplayer card is worth a little (a new letter shows, and an emptied
pile opens its green token).

Candidates are the lexicon words of 3–8 letters whose letters are all
visible, except at most one letter stood in for by the wildcard. They are
scored in order of an upper bound (every reader learning everything) until
no remaining bound can beat the best clue found.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product

from harfiyen.ai.letterjam.deduction import record_pattern
from harfiyen.ai.letterjam.table import Source, Table
from harfiyen.ai.letterjam.words import ANY, OWN, WILD, WordIndex
from harfiyen.games.letterjam.cards import CardRef, Wildcard
from harfiyen.games.letterjam.rules import OWN_CARD, WILDCARD

#: The probability at which a reader is taken to be sure of a letter and move on.
CONFIDENT = 0.8
#: Extra value (in bits) for a clue that should make a reader confident and right.
PROGRESS_BONUS = 1.0
#: Value of advancing a nonplayer pile: a base plus more the closer it is to empty.
PILE_BASE = 0.2
PILE_NEAR_EMPTY = 2.0
#: Value of using a teammate's bonus card: named right, it becomes a shared letter.
BONUS_CARD = 0.5
#: A clue worth less than this is not offered.
MIN_VALUE = 0.5

#: Values are rounded to this many decimals so that float summation order never
#: decides between equal clues.
ROUNDING = 9

Shape = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Reader:
    """A teammate as the cluegiver models them: their true letter and their belief."""

    seat: int
    letter: str
    prior: dict[str, float]

    @property
    def p_true(self) -> float:
        return self.prior.get(self.letter, 0.0)

    @property
    def best_gain(self) -> float:
        """The most any clue can be worth to this reader."""
        return -math.log2(max(self.p_true, 1e-9)) + PROGRESS_BONUS


@dataclass(frozen=True, slots=True)
class Candidate:
    """A clue the AI could give: references in word order, wildcard letter, value."""

    word: str
    refs: tuple[CardRef, ...]
    wildcard: str | None
    value: float
    shape: Shape
    gains: tuple[tuple[int, float], ...]


def reader_pattern(word: str, own: frozenset[int], wild: frozenset[int]) -> str:
    return "".join(OWN if i in own else WILD if i in wild else ch for i, ch in enumerate(word))


def model_readers(table: Table, index: WordIndex) -> dict[int, Reader]:
    """Each teammate with a card on their stand, as this seat models their knowledge.

    Their unseen cards are this seat's unseen cards plus their own (which this
    seat sees). Earlier clues that showed their card with the letter it has now
    are taken as clues on this same card (a later different letter means they
    have moved on since).
    """
    readers: dict[int, Reader] = {}
    for other in table.others:
        if other.card is None:
            continue
        pool = Counter(table.pool)
        pool.update([other.card, *other.seen])
        if other.bonus is not None:
            pool[other.bonus] += 1
        total = sum(pool.values())
        prior = {x: n / total for x, n in pool.items() if n > 0}
        for like in _earlier_clues(table, other.seat, other.card, index):
            post = {x: v * like.get(x, 0.0) for x, v in prior.items()}
            norm = sum(post.values())
            if norm > 0 and post.get(other.card, 0.0) > 0:
                prior = {x: v / norm for x, v in post.items() if v > 0}
        readers[other.seat] = Reader(other.seat, other.card, prior)
    return readers


def _earlier_clues(table: Table, seat: int, letter: str, index: WordIndex) -> Iterator[
    dict[str, float]
]:
    label = f"P{seat}"
    kept: list[str] = []
    for record in table.records:
        shown = [lt for lb, lt in zip(record.cards, record.letters, strict=True) if lb == label]
        if not shown:
            continue
        if shown[0] != letter:
            kept.clear()
            continue
        # The pattern the teammate wrote down; our own unseen card is unknown to us.
        mine = record_pattern(record, table.seat)
        out = []
        for lb, lt, ch in zip(record.cards, record.letters, mine, strict=True):
            if lb == label:
                out.append(OWN)
            elif ch in (OWN, ANY) or lt == OWN_CARD or lb.startswith("B"):
                out.append(ANY)
            elif lt == WILDCARD:
                out.append(WILD)
            else:
                out.append(lt)
        kept.append("".join(out))
    for pattern in kept:
        yield index.likelihood(pattern)


def reader_gain(reader: Reader, pattern: str, index: WordIndex) -> float:
    """Bits the clue ``pattern`` gives ``reader`` about their true letter, plus the
    bonus when it should make them confident of it."""
    like = index.likelihood(pattern)
    post = {x: p * like[x] for x, p in reader.prior.items() if x in like}
    total = sum(post.values())
    truth = post.get(reader.letter, 0.0)
    if total <= 0 or truth <= 0:
        return -1.0
    p_after = truth / total
    gain = math.log2(p_after / reader.p_true)
    if p_after >= CONFIDENT:
        gain += PROGRESS_BONUS
    return gain


def pile_value(table: Table, pile: int) -> float:
    size = table.pile_sizes[pile]
    return PILE_BASE + PILE_NEAR_EMPTY / max(size, 1)


def _options(table: Table, readers: dict[int, Reader]) -> dict[str, list[Source]]:
    """Letter → the sources worth choosing between for it: each reader showing it and
    the best other card (the pile closest to empty, else a shared letter)."""
    best_other: dict[str, Source] = {}
    out: dict[str, list[Source]] = {}
    for source in table.sources:
        if source.seat is not None:
            if source.seat in readers:
                out.setdefault(source.letter, []).append(source)
            continue
        current = best_other.get(source.letter)
        if current is None or _other_value(table, source) > _other_value(table, current):
            best_other[source.letter] = source
    for letter, source in best_other.items():
        out.setdefault(letter, []).append(source)
    return out


def _other_value(table: Table, source: Source) -> float:
    if source.pile is not None:
        return pile_value(table, source.pile)
    return BONUS_CARD if source.bonus_of is not None else 0.0


def _alphabet_bits(index: WordIndex) -> dict[str, int]:
    return {letter: 1 << i for i, letter in enumerate(index.alphabet)}


def search(
    table: Table,
    index: WordIndex,
    *,
    shape: Shape | None = None,
    keep: Callable[[Candidate], bool] | None = None,
    limit: int = 1,
) -> list[Candidate]:
    """The best clues this seat can give now (at most ``limit``, best first).

    ``shape`` keeps only clues of that (length, players, nonplayers), as an
    offer promised, and ``keep`` only those it accepts (the flags an offer said).
    Clues are deterministic for a given view.
    """
    readers = model_readers(table, index)
    options = _options(table, readers)
    bits = _alphabet_bits(index)
    visible = sum(bits[x] for x in options)
    reader_bits = sum(bits[r.letter] for r in readers.values())
    gain_of = {s: r.best_gain for s, r in readers.items()}
    letter_readers: dict[str, float] = {}
    for r in readers.values():
        letter_readers[r.letter] = letter_readers.get(r.letter, 0.0) + gain_of[r.seat]
    pile_bound = {x: max((_other_value(table, s) for s in srcs if s.seat is None), default=0.0)
                  for x, srcs in options.items()}
    scored: list[tuple[float, str, str | None]] = []
    # Words with one set of letters share the spelling test and the bound.
    for mask, letters, words in _clue_masks(index):
        missing = mask & ~visible
        if missing & (missing - 1) or not mask & reader_bits:
            continue
        wild = None
        if missing:
            wild = next(x for x in letters if bits[x] == missing)
        bound = round(sum(letter_readers.get(x, 0.0) + pile_bound.get(x, 0.0)
                          for x in letters if x != wild), ROUNDING)
        scored.extend((bound, word, wild) for word in words
                      if shape is None or len(word) == shape[0])
    scored.sort(key=lambda item: -item[0])
    found: list[Candidate] = []
    floor = -math.inf
    cache: dict[tuple[int, str], float] = {}
    for bound, word, wild in scored:
        # Strictly below: clues as good as the best still compete on the tie-break.
        if bound < floor:
            break
        for cand in _assignments(table, index, readers, options, word, wild, cache):
            if shape is not None and cand.shape != shape:
                continue
            if keep is not None and not keep(cand):
                continue
            found.append(cand)
        found.sort(key=lambda c: _rank(c, index))
        del found[limit:]
        if len(found) == limit:
            floor = found[-1].value
    return found


def _rank(candidate: Candidate, index: WordIndex) -> tuple[float, float, int, str]:
    """Best value first; among equals the commoner word (easier for a human to
    read), then the shorter one, then the alphabet (decisions never depend on
    iteration order)."""
    word = candidate.word
    return (-candidate.value, -index.weight(word), len(word), word)


MaskGroup = tuple[int, tuple[str, ...], tuple[str, ...]]
# Per index (kept alive with it, so an id is never reused while cached).
_MASKS: dict[int, tuple[WordIndex, tuple[MaskGroup, ...]]] = {}


def _clue_masks(index: WordIndex) -> tuple[MaskGroup, ...]:
    """Clue words grouped by their set of letters: (letter mask, the letters
    sorted, the words), computed once per index."""
    cached = _MASKS.get(id(index))
    if cached is None or cached[0] is not index:
        bits = _alphabet_bits(index)
        groups: dict[int, tuple[tuple[str, ...], list[str]]] = {}
        for word, letters in index.clue_words():
            mask = sum(bits[x] for x in letters)
            groups.setdefault(mask, (tuple(sorted(letters)), []))[1].append(word)
        cached = (index, tuple((m, lt, tuple(ws)) for m, (lt, ws) in groups.items()))
        _MASKS[id(index)] = cached
    return cached[1]


def _assignments(
    table: Table,
    index: WordIndex,
    readers: dict[int, Reader],
    options: dict[str, list[Source]],
    word: str,
    wild: str | None,
    cache: dict[tuple[int, str], float],
) -> Iterator[Candidate]:
    """Every way to point at cards for ``word`` (one source per distinct letter)."""
    letters = sorted(set(word) - {wild} if wild else set(word))
    choices = [options[x] for x in letters]
    wild_at = frozenset(i for i, ch in enumerate(word) if ch == wild)
    for picks in product(*choices):
        chosen = dict(zip(letters, picks, strict=True))
        refs: list[CardRef] = []
        for ch in word:
            refs.append(Wildcard() if ch == wild else chosen[ch].ref)
        value = 0.0
        gains: list[tuple[int, float]] = []
        seats: set[int] = set()
        piles: set[int] = set()
        for letter, source in chosen.items():
            if source.seat is not None:
                seats.add(source.seat)
                own = frozenset(i for i, ch in enumerate(word) if ch == letter)
                pattern = reader_pattern(word, own, wild_at)
                key = (source.seat, pattern)
                gain = cache.get(key)
                if gain is None:
                    gain = reader_gain(readers[source.seat], pattern, index)
                    cache[key] = gain
                gains.append((source.seat, gain))
                value += gain
            else:
                if source.pile is not None:
                    piles.add(source.pile)
                if source.bonus_of is not None:
                    seats.add(source.bonus_of)
                value += _other_value(table, source)
        if not gains:
            continue
        shape = (len(word), len(seats), len(piles))
        yield Candidate(word, tuple(refs), wild, round(value, ROUNDING), shape, tuple(gains))


__all__ = [
    "CONFIDENT", "MIN_VALUE", "Candidate", "Reader", "model_readers", "reader_gain", "search",
]
