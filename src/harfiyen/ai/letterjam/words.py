"""The word knowledge a Harf Takıl AI reads and writes clues with.

A :class:`WordIndex` holds, for one lexicon, the words of each length, a
weight per word (how readily a player thinks of it: ``wordfreq`` frequency
when the package is installed, else the shipped secret-word frequencies, with
a floor for rare words) and answers the one question deduction asks of a
clue: *for each letter x, how much word weight matches this pattern with x in
the reader's place?*

Patterns are strings over the alphabet plus three marks:

- ``?`` the reader's own card: the same unknown letter ``x`` everywhere;
- ``*`` the wildcard: one unknown letter ``y``, the same everywhere (may equal x);
- ``_`` a card the reader cannot see and learns nothing about (their own bonus).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache

from harfiyen.games.letterjam.decks import secret_word_table, secret_words
from harfiyen.games.letterjam.rules import RULES_VERSION
from harfiyen.lexicon.fitness import fit
from harfiyen.lexicon.normalize import ALPHABETS, Language, lower
from harfiyen.lexicon.wordlists import language_of, read_words

OWN = "?"
WILD = "*"
ANY = "_"
MARKS = frozenset(OWN + WILD + ANY)

#: Words unknown to the frequency list count as this Zipf value (rare but possible).
ZIPF_FLOOR = 1.0
#: A word's weight is 10 ** (ZIPF_SCALE * zipf): common words come to mind first.
ZIPF_SCALE = 0.5
#: Shortest and longest clue words the AI considers giving.
MIN_CLUE = 3
MAX_CLUE = 8

Likelihood = dict[str, float]


def _zipf_table(lang: Language) -> dict[str, float]:
    """Zipf frequency by upper-case word: ``wordfreq`` if installed, else the secret lists."""
    try:
        from wordfreq import get_frequency_dict
    except ImportError:  # pragma: no cover - wordfreq is installed in development
        return {word: zipf for word, zipf in secret_word_table(lang)}
    table: dict[str, float] = {}
    for word, freq in get_frequency_dict(lang).items():
        if freq > 0:
            table[word] = math.log10(freq) + 9.0
    return table


class WordIndex:
    """Words of one lexicon by length with weights and pattern look-ups (built lazily)."""

    def __init__(
        self, lexicon_id: str, *, lang: Language | None = None, words: Iterable[str] | None = None
    ) -> None:
        """The index of shipped lexicon ``lexicon_id``, or of ``words`` (tests, custom lists)."""
        self.lexicon_id = lexicon_id
        self.lang: Language = lang if lang is not None else language_of(lexicon_id)
        self._source = tuple(read_words(lexicon_id) if words is None else words)
        self.alphabet = ALPHABETS[self.lang]
        self._zipf = _zipf_table(self.lang)
        self._by_length: dict[int, tuple[str, ...]] = {}
        self._weights: dict[str, float] = {}
        self._single: dict[int, dict[str, Likelihood]] = {}
        self._positional: dict[int, dict[tuple[int, str], list[str]]] = {}
        self._patterns: dict[str, Likelihood] = {}
        self._words = frozenset(self._source)
        self._clue_words: tuple[tuple[str, frozenset[str]], ...] | None = None
        self._secrets: dict[tuple[int, int], tuple[str, ...]] = {}

    def __contains__(self, word: object) -> bool:
        return word in self._words

    # -- words and weights ---------------------------------------------------------------

    def words(self, length: int) -> tuple[str, ...]:
        """The lexicon's words of ``length`` letters."""
        found = self._by_length.get(length)
        if found is None:
            found = tuple(w for w in self._source if len(w) == length)
            self._by_length[length] = found
        return found

    def zipf(self, word: str) -> float:
        return max(self._zipf.get(lower(word, self.lang), 0.0), ZIPF_FLOOR)

    def weight(self, word: str) -> float:
        """How readily a player thinks of ``word`` as a clue (relative)."""
        weight = self._weights.get(word)
        if weight is None:
            weight = 10.0 ** (ZIPF_SCALE * self.zipf(word))
            self._weights[word] = weight
        return weight

    def secret_candidates(self, length: int, version: int = RULES_VERSION) -> tuple[str, ...]:
        """Words a game of rules ``version`` deals as secret words (the shipped list), the
        prior of one's own word."""
        found = self._secrets.get((length, version))
        if found is None:
            found = tuple(w for w in secret_words(self.lang, length, version)
                          if w in self._words)
            self._secrets[(length, version)] = found
        return found

    # -- patterns ------------------------------------------------------------------------

    def likelihood(self, pattern: str) -> Likelihood:
        """Letter ``x`` → total weight of the words matching ``pattern`` with ``x`` at ``?``.

        Letters that make no word are absent. A pattern without ``?`` maps the
        empty string to the total weight of its matches.
        """
        found = self._patterns.get(pattern)
        if found is not None:
            return found
        if pattern.count(OWN) == 1 and not (MARKS - {OWN}) & set(pattern):
            found = self._single_index(len(pattern)).get(pattern, {})
        else:
            found = self._scan(pattern)
        self._patterns[pattern] = found
        return found

    def _single_index(self, length: int) -> dict[str, Likelihood]:
        """Every word of ``length`` with one place masked: the common one-card reading."""
        index = self._single.get(length)
        if index is None:
            index = defaultdict(dict)
            for word in self.words(length):
                weight = self.weight(word)
                for i, letter in enumerate(word):
                    key = word[:i] + OWN + word[i + 1:]
                    slot = index[key]
                    slot[letter] = slot.get(letter, 0.0) + weight
            index = dict(index)
            self._single[length] = index
        return index

    def _by_position(self, length: int) -> dict[tuple[int, str], list[str]]:
        index = self._positional.get(length)
        if index is None:
            index = defaultdict(list)
            for word in self.words(length):
                for i, letter in enumerate(word):
                    index[(i, letter)].append(word)
            index = dict(index)
            self._positional[length] = index
        return index

    def _scan(self, pattern: str) -> Likelihood:
        n = len(pattern)
        fixed = [(i, ch) for i, ch in enumerate(pattern) if ch not in MARKS]
        if fixed:
            positional = self._by_position(n)
            lists: list[Sequence[str]] = [positional.get(key, []) for key in fixed]
            pool: Sequence[str] = min(lists, key=len)
        else:
            pool = self.words(n)
        own = [i for i, ch in enumerate(pattern) if ch == OWN]
        wild = [i for i, ch in enumerate(pattern) if ch == WILD]
        out: Likelihood = {}
        for word in pool:
            if any(word[i] != ch for i, ch in fixed):
                continue
            x = word[own[0]] if own else ""
            if any(word[i] != x for i in own):
                continue
            if wild and any(word[i] != word[wild[0]] for i in wild):
                continue
            out[x] = out.get(x, 0.0) + self.weight(word)
        return out

    def known(self, word: str) -> bool:
        """Whether people know ``word`` (the *say* context: the people's vocabulary, no
        slur and no unfit word), unlike a word only a dictionary knows (MUTAT, DUMUR)."""
        return fit(word, self.lang, "say")

    # -- clue candidates -----------------------------------------------------------------

    def clue_words(self) -> tuple[tuple[str, frozenset[str]], ...]:
        """Words the AI may give as clues, with their letter sets, most readily thought of
        first: ``MIN_CLUE``–``MAX_CLUE`` letters, in the lexicon and admitted by the
        *say* context of :mod:`harfiyen.lexicon.fitness` (the people's vocabulary:
        dictionary forms of common words, no proper nouns or archaic words; no slur
        and no word of the reviewed unfit list). A teammate's clue is still read
        against the whole lexicon (:meth:`likelihood`)."""
        if self._clue_words is None:
            out = [(w, frozenset(w)) for w in self._source
                   if MIN_CLUE <= len(w) <= MAX_CLUE and fit(w, self.lang, "say")]
            out.sort(key=lambda item: -self.weight(item[0]))
            self._clue_words = tuple(out)
        return self._clue_words


@cache
def word_index(lexicon_id: str) -> WordIndex:
    """The shared index of a shipped lexicon (built once per process)."""
    return WordIndex(lexicon_id)


__all__ = [
    "ANY", "MAX_CLUE", "MIN_CLUE", "OWN", "WILD", "Likelihood", "WordIndex", "word_index",
]
