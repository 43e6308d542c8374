"""The AI spymaster: a clue that every reader it consults would understand the same way.

It sees only the spymaster's view (the key included). It consults one or more
readers (:mod:`.readers`: USE, WordNet, GloVe, each on a z-score scale). For
every legal clue candidate and every number ``k`` the targets are the ``k``
own covered words the readers, together, find closest to the clue. The clue
is *safe* when, **for each reader on its own**, every target scores at least
``min_target`` and the weakest target stands above the black word by
``black_margin`` (touching it loses the game) and above every opponent word
by ``opponent_margin``; and when, for the readers together (their mean
z-score), every target reaches ``min_combined`` (clearly associated) and the
weakest stands above every other covered word by that word's margin. A clue
that one reader would take to the black word is never given.

Among safe clues the score is ``k`` plus a small reward for the narrowest
reader's margin and a small penalty for a rarer clue word (people understand
common words better). A clue already given in this game is never given again
(a clue that failed would fail the same way). When nothing is safe the last
resort is the single-target clue with the widest margin of its narrowest
reader, marked ``safe=False``.

Each decision records its targets and margin, so the game's end can explain
every clue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.board import read_view
from harfiyen.ai.codenames.readers import VocabularyTable
from harfiyen.games.codenames.stems import shares_root
from harfiyen.lexicon.fitness import fit
from harfiyen.lexicon.normalize import Language

BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class SpymasterSettings:
    """How much risk the spymaster takes (margins and thresholds are z-scores)."""

    black_margin: float = 1.0
    opponent_margin: float = 0.0
    neutral_margin: float = 0.0
    #: Every target must reach this z-score for every reader (above the background mean) ...
    min_target: float = 0.0
    #: ... and this for the readers together (their mean z-score).
    min_combined: float = 1.0
    #: Whether each reader on its own must also keep the targets above the neutral
    #: words (the readers together always must); the black word and the opponent's
    #: words are kept away for each reader.
    neutral_per_reader: bool = False
    #: A reader is taken to see a word of another colour in the clue only when it
    #: scores at least this. Off (-inf) by default: a reader that relates neither
    #: the targets nor the black word to the clue may still touch the black word,
    #: so every reader must place the targets clearly above it. Measured at 0.5,
    #: games are two turns shorter and a WordNet-only guesser touches the black
    #: word in a third of them.
    alert: float = -math.inf
    max_number: int = 4
    #: A clue for two or more words must keep every reader's gap at least this wide:
    #: read by a fluent reader, clues for two words whose narrowest gap was under 0.6
    #: (ASIL → BAŞ + KALEM, BÖLÜM → NOKTA + TEPE, YER → UZAY + MAĞAZA) were bad.
    multi_margin: float = 0.6
    #: Weight of the narrowest margin in the score: breaks ties between clues of one number.
    margin_weight: float = 0.3
    #: Penalty for a rare clue, from 0 (the most common candidate) to this (the rarest).
    rarity_weight: float = 0.5


@dataclass(frozen=True, slots=True)
class ClueDecision:
    """A clue, its number, the own words it aims at (strongest first) and why."""

    word: str
    number: int
    targets: tuple[str, ...]
    margin: float  # the narrowest reader's: weakest target minus the strongest other word
    safe: bool
    #: The people model's chance that a person's first touches are the targets (if known).
    chance: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "word": self.word, "number": self.number, "targets": list(self.targets),
            "margin": round(self.margin, 4), "safe": self.safe,
        }
        if self.chance is not None:
            out["chance"] = round(self.chance, 4)
        return out


def is_form_of(clue: str, board_word: str, lang: Language) -> bool:
    """True when a clue is too close in form to a board word to be fair.

    Equal words, a shared root by the engine's strict rule, one word
    containing the other (3+ letters: KEDİ / KEDİCİK, CAT / WILDCAT), or an
    English spelling variant (NEIGHBOUR / NEIGHBOR, THEATRE / THEATER).

    >>> is_form_of("GÖLGELİK", "GÖLGE", "tr"), is_form_of("KÖPEKBALIĞI", "BALIK", "tr")
    (True, False)
    >>> is_form_of("WILDCAT", "CAT", "en"), is_form_of("DOG", "CAT", "en")
    (True, False)
    >>> is_form_of("NEIGHBOUR", "NEIGHBOR", "en"), is_form_of("CENTRE", "CENTER", "en")
    (True, True)
    """
    if clue == board_word or shares_root(clue, board_word, lang):
        return True
    if lang == "en" and _spelling(clue) == _spelling(board_word):
        return True
    short, long = sorted((clue, board_word), key=len)
    return len(short) >= 3 and short in long


def _spelling(word: str) -> str:
    """An English word with British spellings folded to American ones (rough)."""
    for british, american in (("OUR", "OR"), ("TRE", "TER"), ("ISE", "IZE"), ("LL", "L")):
        word = word.replace(british, american)
    return word


class FormRule:
    """Which clue candidates are too close in form to a board word (cached per word)."""

    def __init__(self, vocabulary: Sequence[str], lang: Language) -> None:
        self.vocabulary = tuple(vocabulary)
        self.lang: Language = lang
        self._banned: dict[str, BoolArray] = {}
        # The say context of harfiyen.lexicon.fitness: never a slur or an unfit word
        # (the vocabulary and its reader caches stay as they are).
        self._fit: BoolArray = np.array([fit(w, lang, "say") for w in self.vocabulary], dtype=bool)

    def allowed(self, words: Sequence[str]) -> BoolArray:
        mask = self._fit.copy()
        for word in words:
            banned = self._banned.get(word)
            if banned is None:
                banned = np.array([
                    # ``in`` first: cheap, and true for every pair is_form_of accepts
                    # except a softened root (KİTAP / KİTABE), which shares_root checks.
                    (word[:3] in clue or clue in word) and is_form_of(clue, word, self.lang)
                    for clue in self.vocabulary
                ])
                self._banned[word] = banned
            mask &= ~banned
        return mask


@dataclass
class Spymaster:
    """A spymaster consulting ``tables`` (one per reader) over one clue vocabulary."""

    tables: Sequence[VocabularyTable]
    form_rule: FormRule
    settings: SpymasterSettings = field(default_factory=SpymasterSettings)
    history: list[ClueDecision] = field(default_factory=list)

    def __post_init__(self) -> None:
        vocabulary = self.form_rule.vocabulary
        if any(t.vocabulary != vocabulary for t in self.tables):
            raise ValueError("every reader must score the same clue vocabulary")
        self._index = {w: i for i, w in enumerate(vocabulary)}
        count = max(1, len(vocabulary) - 1)
        # The vocabulary is in frequency order, so a candidate's row is its rank.
        self._rarity = np.arange(len(vocabulary), dtype=np.float32) / count
        known = np.ones(len(vocabulary), dtype=bool)
        for table in self.tables:
            known &= table.known
        self._known = known

    @property
    def readers(self) -> tuple[str, ...]:
        return tuple(t.reader.name for t in self.tables)

    def give_clue(self, view: Any) -> ClueDecision:
        """The clue for the team of the viewing spymaster (the view must show the key)."""
        board = read_view(view)
        if not board.key_visible or board.team is None:
            raise ValueError("the spymaster needs a view with the key")
        s = self.settings
        vocabulary = self.form_rule.vocabulary
        covered = board.covered()
        own = [i for i in covered if board.colours[i] == board.team]
        margins = {"black": s.black_margin, "neutral": s.neutral_margin}
        others = [i for i in covered if board.colours[i] != board.team]
        extra = np.array([margins.get(board.colours[i] or "", s.opponent_margin)
                          for i in others], np.float32)
        allowed = self._known & self.form_rule.allowed(board.words)
        for clue in board.clues:
            if (row := self._index.get(clue.word)) is not None:
                allowed[row] = False
        zs = [t.board(board.words) for t in self.tables]  # each V × 25
        combined = np.mean(zs, axis=0)
        order = np.argsort(-combined[:, own], axis=1, kind="stable")
        # The readers' own checks, then the readers together (the combined z-scores).
        neutral = np.array([board.colours[i] == "neutral" for i in others], bool)
        per_reader = extra if s.neutral_per_reader else np.where(neutral, -np.inf, extra)
        checks = [(z, per_reader, s.min_target) for z in zs]
        checks.append((combined, extra, s.min_combined))
        best: tuple[float, int, int, float] | None = None  # score, row, k, margin
        for k in range(1, min(s.max_number, len(own)) + 1):
            ok = allowed.copy()
            narrowest = np.full(len(vocabulary), np.inf, np.float32)
            for n, (z, margin, floor) in enumerate(checks):
                weakest = np.take_along_axis(z[:, own], order[:, :k], axis=1).min(axis=1)
                seen = z[:, others]
                if n < len(zs):  # a single reader: only the words it relates to the clue
                    seen = np.where(seen >= s.alert, seen, -np.inf)
                threat = (seen + margin).max(axis=1) if others else np.full_like(
                    weakest, -np.inf)
                gap = weakest - threat
                ok &= (gap > (0 if k == 1 else s.multi_margin)) & (weakest >= floor)
                narrowest = np.minimum(narrowest, gap)
            if not ok.any():
                break
            score = np.where(
                ok, k + s.margin_weight * np.minimum(narrowest, 3.0)
                - s.rarity_weight * self._rarity, -np.inf,
            )
            row = int(np.argmax(score))
            if best is None or score[row] > best[0]:
                best = (float(score[row]), row, k, float(narrowest[row]))
        safe = best is not None
        if best is None:
            narrowest = np.full(len(vocabulary), np.inf, np.float32)
            for z, margin, _ in checks:
                weakest = np.take_along_axis(z[:, own], order[:, :1], axis=1)[:, 0]
                threat = (z[:, others] + margin).max(axis=1) if others else np.zeros_like(weakest)
                narrowest = np.minimum(narrowest, weakest - threat)
            gaps = np.where(allowed, narrowest, -np.inf)
            row = int(np.argmax(gaps))
            best = (float(gaps[row]), row, 1, float(gaps[row]))
        _, row, k, narrow = best
        targets = tuple(board.words[own[j]] for j in order[row, :k])
        decision = ClueDecision(vocabulary[row], k, targets, narrow, safe)
        self.history.append(decision)
        return decision


__all__ = ["ClueDecision", "FormRule", "Spymaster", "SpymasterSettings", "is_form_of"]
