"""The AI guesser: touches covered words in order of association with the clue.

It sees only a guesser's view: the words, the revealed colours and the clues
so far. Under the current clue it guesses the covered word the clue is
closest to, up to the clue's number, and stops early (passes) when the best
remaining word is only weakly associated. The extra (number + 1) guess goes
to a leftover of an earlier own clue that was not fully found, and only when
one covered word stands out clearly for that clue; otherwise it passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from harfiyen.ai.codenames.association import Association
from harfiyen.games.codenames.moves import Guess, Pass
from harfiyen.games.codenames.views import ClueView, CodenamesView


@dataclass(frozen=True, slots=True)
class GuesserSettings:
    """When the guesser is sure enough (in the association's own units)."""

    #: After the first guess, stop when the best covered word scores below this.
    min_score: float = 0.12
    #: The extra guess for an earlier clue needs at least this score ...
    bonus_score: float = 0.35
    #: ... and this lead over the next covered word for that clue.
    bonus_lead: float = 0.06


@dataclass
class AssociationGuesser:
    """A guesser driven by one association signal."""

    association: Association
    settings: GuesserSettings = field(default_factory=GuesserSettings)

    def choose(self, view: CodenamesView) -> Guess | Pass:
        """The next guess or a pass for the team whose guesser sees ``view``."""
        clue = view.current_clue
        if clue is None:
            raise ValueError("no clue to guess under")
        covered = [(c.index, c.word) for c in view.cards if not c.revealed]
        words = [w for _, w in covered]
        made = len(clue.guesses)
        if made < clue.number:
            scores = self.association.scores(clue.word, words)
            best = int(np.argmax(scores))
            if made and scores[best] < self.settings.min_score:
                return Pass()
            return Guess(covered[best][0])
        if made == 0:  # cannot happen with numbers 1–9, but a pass needs a guess first
            return Guess(covered[0][0])
        bonus = self._leftover(view, clue, covered, words)
        return Pass() if bonus is None else Guess(bonus)

    def _leftover(
        self, view: CodenamesView, current: ClueView,
        covered: Sequence[tuple[int, str]], words: Sequence[str],
    ) -> int | None:
        """A covered word that an earlier, unfinished own clue clearly points at."""
        team = current.team
        best: tuple[float, int] | None = None
        for clue in view.clues[:-1]:
            if clue.team != team:
                continue
            found = sum(1 for g in clue.guesses if g.colour.team is team)
            if found >= clue.number or len(words) < 2:
                continue
            scores = self.association.scores(clue.word, words)
            top2 = np.sort(scores)[-2:]
            lead = float(top2[1] - top2[0])
            top = float(top2[1])
            if top >= self.settings.bonus_score and lead >= self.settings.bonus_lead and (
                best is None or top > best[0]
            ):
                best = (top, covered[int(np.argmax(scores))][0])
        return None if best is None else best[1]


__all__ = ["AssociationGuesser", "GuesserSettings"]
