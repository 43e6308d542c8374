"""Deduction: what a player believes about their own cards, from their own view only.

Two layers:

1. *Evidence per card*: each clue record that used one's stand card gives a
   likelihood over letters (:meth:`WordIndex.likelihood` of the pattern as the
   player wrote it down); the clues on one card multiply.
2. *The word behind the stand*: the stand is a shuffle of a secret word dealt
   from the shipped list, made of cards the player has not seen. The belief
   sums over candidate words and over the ways the clued cards can sit in
   them, so one card's reading sharpens the others (``K`` is among ``KALEM``'s
   letters only once...). Cards never clued are exchangeable in this model.

The marginal of a card drives moving on; the whole belief drives the final
arrangement (:func:`best_arrangement`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from harfiyen.ai.letterjam.table import Record, Table
from harfiyen.ai.letterjam.words import ANY, OWN, WILD, Likelihood, WordIndex
from harfiyen.games.letterjam.rules import OWN_CARD, WILDCARD

#: Letters whose evidence falls below this share of the best letter's are dropped.
PRUNE = 1e-4
#: Belief entries kept for the final arrangement.
ARRANGE_ENTRIES = 400
#: Candidate arrangements built from the most likely entries.
ARRANGE_SOURCES = 60
#: In the final arrangement, a chance of spelling another word people know counts this
#: much of a chance of spelling one's own secret word.
HEDGE = 0.25
#: Probabilities are rounded so that summation order never decides between plans.
ROUNDING = 9


def record_pattern(record: Record, seat: int, *, bonus: bool = False) -> str:
    """The pattern of ``record`` as ``seat`` reads it: ``?`` for the card asked about
    (the stand card, or the bonus card when ``bonus``), ``_`` for the other own card,
    ``*`` for the wildcard."""
    stand, own_bonus = f"P{seat}", f"B{seat}"
    asked, other = (own_bonus, stand) if bonus else (stand, own_bonus)
    out: list[str] = []
    for label, letter in zip(record.cards, record.letters, strict=True):
        if label == asked:
            out.append(OWN)
        elif label == other:
            out.append(ANY)
        elif letter == WILDCARD:
            out.append(WILD)
        elif letter == OWN_CARD:  # defensive: an own card under another label
            out.append(ANY)
        else:
            out.append(letter)
    return "".join(out)


def normalised(like: Likelihood) -> Likelihood:
    """``like`` scaled so its best letter is 1, with negligible letters dropped."""
    top = max(like.values(), default=0.0)
    if top <= 0:
        return {}
    return {x: v / top for x, v in like.items() if v >= PRUNE * top}


def card_evidence(table: Table, index: WordIndex) -> dict[int, Likelihood]:
    """Stand position → letter likelihood from every clue that used that card."""
    out: dict[int, Likelihood] = {}
    for record in table.records:
        p = record.own_position
        if p is None:
            continue
        like = index.likelihood(record_pattern(record, table.seat))
        if not like:
            continue
        if p in out:
            merged = {x: v * like[x] for x, v in out[p].items() if x in like}
            out[p] = normalised(merged) or out[p]
        else:
            out[p] = normalised(like)
    return out


@cache
def _letter_counts(word: str) -> tuple[tuple[str, int], ...]:
    return tuple(Counter(word).items())


def fits(word: str, pool: Counter[str]) -> bool:
    """Whether the unseen cards can spell ``word``."""
    return all(pool[letter] >= n for letter, n in _letter_counts(word))


@dataclass(frozen=True, slots=True)
class Entry:
    """One way the stand could be: the word, the letters of the clued cards, the rest."""

    word: str
    letters: tuple[str, ...]
    rest: tuple[str, ...]
    weight: float


@dataclass(frozen=True, slots=True)
class Belief:
    """A player's belief about their own stand: ``clued`` positions and weighted entries."""

    length: int
    clued: tuple[int, ...]
    evidence: dict[int, Likelihood]
    entries: tuple[Entry, ...]
    pool: Counter[str]

    def marginal(self, position: int) -> dict[str, float]:
        """Letter → probability for the card at ``position`` (summing to 1)."""
        out: dict[str, float] = {}
        if position in self.clued:
            k = self.clued.index(position)
            for e in self.entries:
                out[e.letters[k]] = out.get(e.letters[k], 0.0) + e.weight
        elif self.entries:
            for e in self.entries:
                share = e.weight / len(e.rest)
                for letter in e.rest:
                    out[letter] = out.get(letter, 0.0) + share
        else:
            # No word fits: fall back to this card's evidence times the unseen cards.
            like = self.evidence.get(position)
            for letter, n in self.pool.items():
                out[letter] = n * (like.get(letter, 0.0) if like is not None else 1.0)
        total = sum(out.values())
        return {x: v / total for x, v in out.items()} if total > 0 else {}

    def best(self, position: int) -> tuple[str | None, float]:
        """The most likely letter at ``position`` and its probability."""
        m = self.marginal(position)
        if not m:
            return None, 0.0
        letter = max(m, key=lambda x: (m[x], x))
        return letter, m[letter]


def _entries(
    words: Sequence[str], clued: Sequence[int], evidence: dict[int, Likelihood],
) -> dict[tuple[str, tuple[str, ...]], float]:
    """Sum, per word and letters of the clued cards, over the ways those cards sit in it."""
    found: dict[tuple[str, tuple[str, ...]], float] = {}
    likes = [evidence[p] for p in clued]
    for word in words:
        n = len(word)

        def place(k: int, used: int, letters: tuple[str, ...], weight: float,
                  word: str = word, n: int = n) -> None:
            if k == len(likes):
                key = (word, letters)
                found[key] = found.get(key, 0.0) + weight
                return
            like = likes[k]
            for slot in range(n):
                if used >> slot & 1:
                    continue
                v = like.get(word[slot])
                if v:
                    place(k + 1, used | 1 << slot, (*letters, word[slot]), weight * v)

        place(0, 0, (), 1.0)
    return found


def believe(table: Table, index: WordIndex) -> Belief:
    """The seat's belief about its stand from its clue records and unseen cards."""
    n = table.cards
    evidence = card_evidence(table, index)
    clued = tuple(sorted(evidence))
    pool = table.pool
    # The secret words of the game's rules version first; any lexicon word only if none
    # of them fits.
    for words in (index.secret_candidates(n, table.version), index.words(n)):
        found = _entries([w for w in words if fits(w, pool)], clued, evidence)
        total = sum(found.values())
        if total > 0:
            break
    entries = []
    for (word, letters), weight in found.items():
        rest = Counter(word)
        rest.subtract(letters)
        entries.append(Entry(word, letters, tuple(sorted(rest.elements())), weight / total))
    entries.sort(key=lambda e: -e.weight)
    return Belief(n, clued, evidence, tuple(entries), pool)


# --- the final arrangement ------------------------------------------------------------------

UNKNOWN = -1


@cache
def _anagrams(index: WordIndex, length: int) -> dict[str, tuple[str, ...]]:
    groups: dict[str, list[str]] = {}
    for word in index.words(length):
        groups.setdefault("".join(sorted(word)), []).append(word)
    return {k: tuple(v) for k, v in groups.items()}


@cache
def _arrangements(rest: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct order of the letters ``rest`` (equally likely for unclued cards)."""
    return tuple(sorted(set(itertools.permutations(rest))))


def _plan_for(entry: Entry, target: str, clued: Sequence[int]) -> tuple[int, ...]:
    """Slots → clued card position (or ``UNKNOWN``) spelling ``target`` under ``entry``."""
    free = list(zip(clued, entry.letters, strict=True))
    plan: list[int] = []
    for letter in target:
        match = next((i for i, (_, lt) in enumerate(free) if lt == letter), None)
        if match is None:
            plan.append(UNKNOWN)
        else:
            plan.append(free.pop(match)[0])
    return tuple(plan)


def _success(plan: tuple[int, ...], entry: Entry, clued: Sequence[int],
             lexicon: WordIndex) -> tuple[float, float, float]:
    """If ``entry`` is the truth, the probabilities that ``plan`` spells the entry's own
    word, a word people know (the entry's word or one of the *say* context) and any
    lexicon word."""
    letter_of = dict(zip(clued, entry.letters, strict=True))
    unknown_slots = [i for i, p in enumerate(plan) if p == UNKNOWN]
    base = [letter_of.get(p, "") for p in plan]
    orders = _arrangements(entry.rest)
    own = known = valid = 0
    for order in orders:
        for slot, letter in zip(unknown_slots, order, strict=True):
            base[slot] = letter
        word = "".join(base)
        if word == entry.word:
            own += 1
            known += 1
            valid += 1
        elif word in lexicon:
            valid += 1
            known += lexicon.known(word)
    n = len(orders)
    return own / n, known / n, valid / n


def best_arrangement(belief: Belief, index: WordIndex) -> tuple[tuple[int, ...], float]:
    """The order of one's own cards (stand positions) to arrange at the end, and the
    probability under the belief that it spells a lexicon word.

    The seat aims at its own secret word: a plan is scored by the probability that it
    spells the secret word (:data:`HEDGE` more for each chance of another word people
    know, should the secret be something else), so a seat that has read its letters
    arranges its own word (DURUM, TUTMA), never an anagram only a dictionary knows
    (DUMUR, MUTAT). A word any lexicon knows counts only between equal plans, and
    only when no plan spells a word people know does the likeliest lexicon word win.
    Equal plans go to the likeliest candidate's own word.
    """
    n = belief.length
    clued = belief.clued
    entries = belief.entries[:ARRANGE_ENTRIES]
    if not entries:
        return tuple(range(n)), 0.0
    anagrams = _anagrams(index, n)
    plans: dict[tuple[int, ...], None] = {}
    for entry in entries[:ARRANGE_SOURCES]:
        plans[_plan_for(entry, entry.word, clued)] = None
        for target in anagrams.get("".join(sorted(entry.word)), ()):
            plans[_plan_for(entry, target, clued)] = None
    best_plan, best_key, best_p = next(iter(plans)), (-1.0, -1.0), 0.0
    for plan in plans:
        own = known = valid = 0.0
        for e in entries:
            o, k, v = _success(plan, e, clued, index)
            own += e.weight * o
            known += e.weight * k
            valid += e.weight * v
        key = (round(own + HEDGE * (known - own), ROUNDING), round(valid, ROUNDING))
        if key > best_key:
            best_plan, best_key, best_p = plan, key, valid
    unclued = iter(p for p in range(n) if p not in clued)
    order = tuple(next(unclued) if p == UNKNOWN else p for p in best_plan)
    return order, best_p


def bonus_guess(table: Table, index: WordIndex) -> str | None:
    """The most likely letter of one's own bonus card after a clue used it."""
    for record in reversed(table.records):
        if f"B{table.seat}" in record.cards:
            like = index.likelihood(record_pattern(record, table.seat, bonus=True))
            scored = {x: v * table.pool[x] for x, v in like.items() if table.pool[x] > 0}
            if scored:
                return max(scored, key=lambda x: (scored[x], x))
            break
    return max(table.pool, key=lambda x: (table.pool[x], x)) if table.pool else None


__all__ = [
    "Belief", "Entry", "believe", "best_arrangement", "bonus_guess", "card_evidence",
    "record_pattern",
]
