"""The product's guesser: reads a clue as a person would, by the people model (:mod:`.people`).

Under the current clue it touches the covered words in the order the people
model gives (the word a person would most likely touch next first) and goes
on, up to the clue's number, while the model's chance that the best remaining
word is a person's next touch stays at least :attr:`PeopleGuesserSettings.min_next`;
below it the guesser is unsure and passes. The features are those of the
board when the clue was given (the words covered then), as when the model was
fitted. The extra (number + 1) guess goes to a leftover of an earlier own
clue that was not fully found, only when, for that clue, one covered word is
a person's next touch with a chance of at least ``bonus_next``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from harfiyen.ai.codenames.board import Board, SeenClue, read_view
from harfiyen.ai.codenames.people import (
    EXTRA,
    READERS,
    Array,
    PeopleModel,
    next_touch,
    word_frequencies,
)
from harfiyen.ai.codenames.readers import Reader
from harfiyen.games.codenames.moves import Guess, Pass


@dataclass(frozen=True, slots=True)
class PeopleGuesserSettings:
    """When the guesser is sure enough (chances of a person's next touch)."""

    #: After the first guess, go on only while the best word's chance is at least this.
    #: Tuned on the fitting boards of the people's data: 0.1–0.15 read the most two- and
    #: three-word clues fully and stop where the reader stopped most often; 0.2 and above
    #: stopped before intended words.
    min_next: float = 0.15
    #: The extra guess for an earlier clue needs this chance for one covered word.
    bonus_next: float = 0.6


@dataclass
class PeopleGuesser:
    """A guesser reading with the :data:`~harfiyen.ai.codenames.people.READERS` (in that
    order) and optionally the :data:`~harfiyen.ai.codenames.people.EXTRA` signals
    (``extras``; without them their features are 0) through a fitted :class:`PeopleModel`."""

    readers: Sequence[Reader]
    model: PeopleModel
    settings: PeopleGuesserSettings = field(default_factory=PeopleGuesserSettings)
    extras: Sequence[Reader] = ()

    def __post_init__(self) -> None:
        if tuple(r.name for r in self.readers) != READERS:
            raise ValueError(f"the people model reads with {'+'.join(READERS)}")
        if tuple(r.name for r in self.extras) != EXTRA[: len(self.extras)]:
            raise ValueError(f"the extra signals are {'+'.join(EXTRA)}, in this order")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.readers)

    def scores(self, clue: str, words: Sequence[str]) -> Array:
        """The people model's utility of each word for ``clue`` (higher: touched sooner)."""
        readers = [*self.readers, *self.extras]
        zs = np.stack([r.z([clue], words) for r in readers]).astype(np.float64)
        known = np.array([[bool(r.knows([clue])[0])] for r in readers])
        freq = word_frequencies(self.model.lang, words)
        out: Array = self.model.utilities(zs, known, freq)[0]
        return out

    def choose(self, view: Any) -> Guess | Pass:
        """The next guess or a pass for the team whose guesser sees ``view``."""
        board = read_view(view)
        clue = board.current
        if clue is None:
            raise ValueError("no clue to guess under")
        made = len(clue.guesses)
        if made < clue.number:
            touched = {w for w, _ in clue.guesses}
            start = [i for i in range(len(board.words))
                     if not board.revealed[i] or board.words[i] in touched]
            words = [board.words[i] for i in start]
            u = self.scores(clue.word, words)
            available = np.array([not board.revealed[i] for i in start])
            chance = next_touch(u, available)
            best = int(np.argmax(chance))
            if made and chance[best] < self.settings.min_next:
                return Pass()
            return Guess(start[best])
        bonus = self._leftover(board, clue)
        return Pass() if bonus is None else Guess(bonus)

    def _leftover(self, board: Board, current: SeenClue) -> int | None:
        """A covered word that an earlier, unfinished own clue clearly points at."""
        covered = board.covered()
        if len(covered) < 2:
            return None
        words = [board.words[i] for i in covered]
        best: tuple[float, int] | None = None
        for clue in board.clues[:-1]:
            if clue.team != current.team or clue.found() >= clue.number:
                continue
            chance = next_touch(self.scores(clue.word, words), np.ones(len(words), bool))
            top = int(np.argmax(chance))
            if chance[top] >= self.settings.bonus_next and (best is None or chance[top] > best[0]):
                best = (float(chance[top]), covered[top])
        return None if best is None else best[1]


__all__ = ["PeopleGuesser", "PeopleGuesserSettings"]
