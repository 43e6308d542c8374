"""The AI guesser: reads a clue with its readers and touches what stands out; stops when unsure.

It sees only a guesser's view: the words, the revealed colours and the clues
so far. A clue's score for each covered word is the mean z-score of the
readers that know the clue (:mod:`.readers`), so a person's plain clue is
read by several independent signals at once. Under the current clue it
guesses the covered word the clue is closest to, up to the clue's number;
after the first guess (the rules need one) it passes when the best remaining
word is not clearly associated (below ``min_score``) or hardly ahead of the
next one (``min_lead``). The extra (number + 1) guess goes to a leftover of
an earlier own clue that was not fully found, only when one covered word
stands out clearly for that clue; otherwise it passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from harfiyen.ai.codenames.association import Matrix
from harfiyen.ai.codenames.board import Board, SeenClue, read_view
from harfiyen.ai.codenames.readers import Reader
from harfiyen.games.codenames.moves import Guess, Pass


@dataclass(frozen=True, slots=True)
class GuesserSettings:
    """When the guesser is sure enough (z-scores)."""

    #: After the first guess, stop when the best covered word scores below this ...
    min_score: float = 1.0
    #: ... or leads the next covered word by less than this.
    min_lead: float = 0.2
    #: The extra guess for an earlier clue needs at least this score ...
    bonus_score: float = 2.5
    #: ... and this lead over the next covered word for that clue.
    bonus_lead: float = 1.0


@dataclass
class Guesser:
    """A guesser reading clues with ``readers`` (their z-scores averaged)."""

    readers: Sequence[Reader]
    settings: GuesserSettings = field(default_factory=GuesserSettings)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.readers)

    def scores(self, clue: str, words: Sequence[str]) -> Matrix:
        """The clue's score for each word: the mean z-score of the readers that know it."""
        rows = [r.z([clue], words)[0] for r in self.readers if r.knows([clue])[0]]
        if not rows:
            return np.zeros(len(words), np.float32)
        out: Matrix = np.mean(rows, axis=0).astype(np.float32)
        return out

    def choose(self, view: Any) -> Guess | Pass:
        """The next guess or a pass for the team whose guesser sees ``view``."""
        board = read_view(view)
        clue = board.current
        if clue is None:
            raise ValueError("no clue to guess under")
        covered = board.covered()
        words = [board.words[i] for i in covered]
        made = len(clue.guesses)
        if made < clue.number:
            scores = self.scores(clue.word, words)
            ranked = np.argsort(-scores, kind="stable")
            best = int(ranked[0])
            lead = float(scores[best] - scores[ranked[1]]) if len(words) > 1 else np.inf
            s = self.settings
            if made and (scores[best] < s.min_score or lead < s.min_lead):
                return Pass()
            return Guess(covered[best])
        if made == 0:  # cannot happen with numbers 1–9, but a pass needs a guess first
            return Guess(covered[0])
        bonus = self._leftover(board, clue, covered, words)
        return Pass() if bonus is None else Guess(bonus)

    def _leftover(
        self, board: Board, current: SeenClue, covered: Sequence[int], words: Sequence[str],
    ) -> int | None:
        """A covered word that an earlier, unfinished own clue clearly points at."""
        best: tuple[float, int] | None = None
        if len(words) < 2:
            return None
        for clue in board.clues[:-1]:
            if clue.team != current.team or clue.found() >= clue.number:
                continue
            scores = self.scores(clue.word, words)
            top2 = np.sort(scores)[-2:]
            lead, top = float(top2[1] - top2[0]), float(top2[1])
            s = self.settings
            if top >= s.bonus_score and lead >= s.bonus_lead and (best is None or top > best[0]):
                best = (top, covered[int(np.argmax(scores))])
        return None if best is None else best[1]


__all__ = ["Guesser", "GuesserSettings"]
