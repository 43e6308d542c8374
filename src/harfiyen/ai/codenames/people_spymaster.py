"""The product's spymaster: clues for one, two and three words, judged by the people model.

It sees only the spymaster's view (the key included). Every clue candidate of
the *say* vocabulary that the form rule allows on this board (no board word,
no shared root; :class:`~harfiyen.ai.codenames.spymaster.FormRule`) and that
every reader knows is read by the people model (:mod:`.people`) over the
covered words, as a person would read it when the clue is given. For a clue,
the best ``k``-subset of the team's covered words is its ``k`` own words a
person is likeliest to touch (the chance below grows with each target's
utility), so trying ``k`` = 1, 2, 3 covers every 1-, 2- and 3-subset. A clue
for ``k`` words is *eligible* when

- its ``k`` targets are the ``k`` covered words the model ranks first (a
  person's likeliest reading is the targets);
- the black word's utility is at least ``black_gap`` below the weakest
  target's, and for each reader on its own the black word's z-score is below
  the weakest target's (the assassin is kept far below);
- for two or more words, every target is related to the clue by each reader
  and by the readers together (``min_reader_z``, ``min_mean_z``);

and, for two or more words, the model's chance that a person's first ``k``
touches are the targets, before any wrong word (Plackett–Luce over the
covered words), reaches what the tempo policy asks.

A **tempo policy** chooses how bold to be from the state of the game: a clue
for two or more words needs a chance of ``safe_chance`` when the team is
level or ahead, and ``bold_chance`` when it is behind (two or more own words
left beyond the opponent's; one more is level, as the team moves first) or
the opponent is one clue from winning (at most ``near_win`` words left), as
the seed advises ("riskli geniş ipucuna geçmenin vakti"). Among eligible
clues it takes the one with the most words a person is expected to touch
before a wrong one (:func:`.people.expected_found`), a small penalty for rare
clue words breaking ties. A clue already given in this game is never given
again. When no clue is eligible, the last resort is the one-word clue whose
target stands furthest above every other covered word among those that keep the
black word ``black_gap`` below it (if any do), marked ``safe=False``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.association import Matrix
from harfiyen.ai.codenames.board import Board, read_view
from harfiyen.ai.codenames.people import (
    EXTRA,
    READERS,
    Array,
    PeopleModel,
    expected_found,
    first_k_chance,
    word_frequencies,
)
from harfiyen.ai.codenames.readers import VocabularyTable
from harfiyen.ai.codenames.spymaster import ClueDecision, FormRule


@dataclass(frozen=True, slots=True)
class TempoSettings:
    """How bold the spymaster is (chances are the people model's)."""

    #: A clue for two or more words needs at least this chance when level or ahead ...
    safe_chance: float = 0.2
    #: ... and this when behind or when the opponent is near its last word. (On 20 AI-vs-AI
    #: matches per language, seeds 93000–93019, before the floors below: 0.35 / 0.2 gave
    #: 1.37 / 1.67 words per clue in Turkish / English, 0.2 / 0.1 gave 1.50 / 1.76, lower
    #: pairs hardly more. With the floors, the floors bind: 0.1 / 0.05 gave the same.)
    bold_chance: float = 0.1
    #: The opponent is one clue from winning with at most this many words left.
    near_win: int = 2
    #: The black word's utility stays at least this far below the weakest target's.
    black_gap: float = 2.0
    #: Whether each reader on its own must also place the black word below the targets.
    black_per_reader: bool = True
    #: Every target of a clue for two or more words is related to the clue by each reader
    #: (z at least ``min_reader_z``) and by the readers together (mean z at least
    #: ``min_mean_z``). Of 34 two- and three-word targets of seeded AI-vs-AI matches
    #: (seeds 94000–94005) read by a fluent reader, 12 of the 21 bad ones missed these
    #: (YAKUT → FARE, ÇAM; YAZAR → HAKEM; MARİNA → YUVA) and 1 of the 13 good ones
    #: (ÇİKOLATA → BADEM); the good ones: KADIN → KRALİÇE, GELİN; BİNA → ÇATI, KULE.
    #: They halve the clues for two or more words (words per clue 1.51 → 1.18 in
    #: Turkish, 1.76 → 1.31 in English, seeds 92000–92029).
    min_reader_z: float = 0.8
    min_mean_z: float = 1.5
    max_number: int = 3
    #: Penalty (in expected words) for a rare clue: 0 for the commonest candidate.
    rarity_weight: float = 0.1


@dataclass
class PeopleSpymaster:
    """A spymaster reading with one table per :data:`~harfiyen.ai.codenames.people.READERS`
    and optionally per :data:`~harfiyen.ai.codenames.people.EXTRA` signal
    (``extra_tables``: features of the people model only; a clue need not be known to
    them, and the per-reader rules of :class:`TempoSettings` are the readers')."""

    tables: Sequence[VocabularyTable]
    form_rule: FormRule
    model: PeopleModel
    settings: TempoSettings = field(default_factory=TempoSettings)
    history: list[ClueDecision] = field(default_factory=list)
    extra_tables: Sequence[VocabularyTable] = ()

    def __post_init__(self) -> None:
        if tuple(t.reader.name for t in self.tables) != READERS:
            raise ValueError(f"the people model reads with {'+'.join(READERS)}")
        if tuple(t.reader.name for t in self.extra_tables) != EXTRA[: len(self.extra_tables)]:
            raise ValueError(f"the extra signals are {'+'.join(EXTRA)}, in this order")
        vocabulary = self.form_rule.vocabulary
        if any(t.vocabulary != vocabulary for t in (*self.tables, *self.extra_tables)):
            raise ValueError("every reader must score the same clue vocabulary")
        self._index = {w: i for i, w in enumerate(vocabulary)}
        count = max(1, len(vocabulary) - 1)
        self._rarity = np.arange(len(vocabulary), dtype=np.float64) / count
        known = np.ones(len(vocabulary), dtype=bool)
        for table in self.tables:
            known &= table.known
        self._known = known

    @property
    def readers(self) -> tuple[str, ...]:
        return tuple(t.reader.name for t in self.tables)

    def bold(self, board: Board) -> bool:
        """Whether the state of the game calls for a bolder clue (module doc)."""
        covered = board.covered()
        own = sum(1 for i in covered if board.colours[i] == board.team)
        theirs = sum(1 for i in covered
                     if board.colours[i] not in (board.team, "neutral", "black"))
        # It is this team's turn, so one word more than the opponent is level.
        return theirs <= self.settings.near_win or own > theirs + 1

    def give_clue(self, view: Any) -> ClueDecision:
        """The clue for the team of the viewing spymaster (the view must show the key)."""
        board = read_view(view)
        if not board.key_visible or board.team is None:
            raise ValueError("the spymaster needs a view with the key")
        s = self.settings
        covered = board.covered()
        words = [board.words[i] for i in covered]
        own = np.array([j for j, i in enumerate(covered) if board.colours[i] == board.team])
        black = [j for j, i in enumerate(covered) if board.colours[i] == "black"]
        allowed = self._known & self.form_rule.allowed(board.words)
        for clue in board.clues:
            if (row := self._index.get(clue.word)) is not None:
                allowed[row] = False
        # each V × covered: the readers', then the extra signals'
        columns = [t.board(words) for t in (*self.tables, *self.extra_tables)]
        rows = np.flatnonzero(allowed)
        need = s.bold_chance if self.bold(board) else s.safe_chance
        found = self._best(rows, columns, words, own, black, need)
        safe = found is not None
        if found is None:
            found = self._last_resort(rows, columns, words, own, black)
        row, k, meant, gap, chance = found
        decision = ClueDecision(self.form_rule.vocabulary[row], k, meant, gap, safe, chance)
        self.history.append(decision)
        return decision

    def _read(
        self, rows: npt.NDArray[np.intp], columns: Sequence[Matrix], words: Sequence[str],
        own: npt.NDArray[np.intp],
    ) -> tuple[Array, Array, npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """The readers' z-scores (``R × rows × words``), the people model's utilities (read
        with the extra signals too), and per clue all covered words and the own words,
        likeliest touch first."""
        every = np.stack([c[rows] for c in columns]).astype(np.float64)
        known = np.ones(every.shape[:2], bool)
        u = self.model.utilities(every, known, word_frequencies(self.model.lang, words))
        zs = every[: len(self.tables)]
        order = np.argsort(-u, axis=1, kind="stable")
        own_order = own[np.argsort(-u[:, own], axis=1, kind="stable")]
        return zs, u, order, own_order

    def _best(
        self, rows: npt.NDArray[np.intp], columns: Sequence[Matrix], words: Sequence[str],
        own: npt.NDArray[np.intp], black: Sequence[int], need: float,
    ) -> tuple[int, int, tuple[str, ...], float, float] | None:
        """The eligible clue with the most expected words (module doc), if any: its
        vocabulary row, number, targets, black gap and chance."""
        s = self.settings
        if not len(rows) or not len(own):
            return None
        zs, u, order, own_order = self._read(rows, columns, words, own)
        is_own = np.zeros(len(words), bool)
        is_own[own] = True
        best: tuple[float, int, int, float, float] | None = None  # value, n, k, gap, chance
        for k in range(1, min(s.max_number, len(own)) + 1):
            targets = own_order[:, :k]
            # The k words read first are all own words (then they are the top k own words).
            ok = is_own[order[:, :k]].all(axis=1)
            weakest = np.take_along_axis(u, targets, axis=1).min(axis=1)
            gap = weakest - (u[:, black].max(axis=1) if black else -np.inf)
            ok &= gap >= s.black_gap
            if black and s.black_per_reader:
                for z in zs:
                    ok &= np.take_along_axis(z, targets, axis=1).min(axis=1) > z[:, black[0]]
            if k > 1:
                weakest_z = np.stack([np.take_along_axis(z, targets, axis=1).min(axis=1)
                                      for z in zs])
                ok &= weakest_z.min(axis=0) >= s.min_reader_z
                mean_z = np.take_along_axis(zs.mean(axis=0), targets, axis=1).min(axis=1)
                ok &= mean_z >= s.min_mean_z
            if not ok.any():
                continue
            chance = np.zeros(len(rows))
            found = np.zeros(len(rows))
            chance[ok] = first_k_chance(u[ok], targets[ok])
            found[ok] = expected_found(u[ok], targets[ok])
            if k > 1:
                ok &= chance >= need
            value = np.where(ok, found - s.rarity_weight * self._rarity[rows], -np.inf)
            n = int(np.argmax(value))
            if np.isfinite(value[n]) and (best is None or value[n] > best[0]):
                best = (float(value[n]), n, k, float(gap[n]), float(chance[n]))
        if best is None:
            return None
        _, n, k, gap_n, chance_n = best
        meant = tuple(words[j] for j in own_order[n, :k])
        return int(rows[n]), k, meant, gap_n, chance_n

    def _last_resort(
        self, rows: npt.NDArray[np.intp], columns: Sequence[Matrix], words: Sequence[str],
        own: npt.NDArray[np.intp], black: Sequence[int],
    ) -> tuple[int, int, tuple[str, ...], float, float]:
        """The one-word clue whose target stands furthest above every other covered word,
        among those that keep the black word far below when any do."""
        if not len(rows) or not len(own):
            raise ValueError("no clue candidate or no own word left")
        _, u, _, own_order = self._read(rows, columns, words, own)
        weakest = np.take_along_axis(u, own_order[:, :1], axis=1)[:, 0]
        others = np.setdiff1d(np.arange(len(words)), own)
        gap = weakest - (u[:, others].max(axis=1) if len(others) else 0.0)
        rank = gap
        if black:
            far = weakest - u[:, black].max(axis=1) >= self.settings.black_gap
            rank = np.where(far, gap, gap - 1e6) if far.any() else gap
        n = int(np.argmax(rank))
        chance = first_k_chance(u[n:n + 1], own_order[n:n + 1, :1])
        return int(rows[n]), 1, (words[own_order[n, 0]],), float(gap[n]), float(chance[0])

__all__ = ["PeopleSpymaster", "TempoSettings"]
