"""The AI spymaster: picks a clue word, a number and the own words it aims at.

It sees only the spymaster's view (the key included). For every candidate
clue of the vocabulary that is legal on this board, it computes the
association with every covered word, then for each number ``k`` takes the
``k`` own words the clue is closest to as targets. The clue is *safe* for
``k`` when the weakest target still beats every other covered word by a
margin: largest for the black word, then the opponent's, then neutral
words, because a guesser that strays there loses the game, gives the
opponent a word, or only ends the turn. Among safe choices the score is the
expected gain, ``k`` plus a small reward for a wide margin and a small
penalty for a rare clue word; a clue that is
safe for no ``k`` is a last resort (the widest-margin single target).

Each decision records its targets, so the game's end can explain every clue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.embeddings import WordVectors
from harfiyen.games.codenames.stems import shares_root
from harfiyen.games.codenames.views import CodenamesView
from harfiyen.lexicon.normalize import Language

BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class SpymasterSettings:
    """How much risk the spymaster takes (margins are in cosine units)."""

    black_margin: float = 0.08
    opponent_margin: float = 0.04
    neutral_margin: float = 0.02
    #: A target must reach this association at least, or the guesser may stop short.
    min_target: float = 0.15
    max_number: int = 5
    #: Weight of the margin in the score: breaks ties between clues of the same number.
    margin_weight: float = 2.0
    #: Penalty for a rare clue, from 0 (the most common candidate) to this (the rarest):
    #: among clues of one number, players understand common words better.
    rarity_weight: float = 0.3


@dataclass(frozen=True, slots=True)
class ClueDecision:
    """A clue, its number, the own words it aims at (strongest first) and why."""

    word: str
    number: int
    targets: tuple[str, ...]
    margin: float  # weakest target minus the strongest other word (with its margin)
    safe: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word, "number": self.number, "targets": list(self.targets),
            "margin": round(self.margin, 4), "safe": self.safe,
        }


def is_form_of(clue: str, board_word: str, lang: Language) -> bool:
    """True when a clue is too close in form to a board word to be fair.

    Equal words, a shared root by the engine's strict rule, or one word
    containing the other (3+ letters: KEDİ / KEDİCİK, CAT / WILDCAT).

    >>> is_form_of("GÖLGELİK", "GÖLGE", "tr"), is_form_of("KÖPEKBALIĞI", "BALIK", "tr")
    (True, False)
    >>> is_form_of("WILDCAT", "CAT", "en"), is_form_of("DOG", "CAT", "en")
    (True, False)
    """
    if clue == board_word or shares_root(clue, board_word, lang):
        return True
    short, long = sorted((clue, board_word), key=len)
    return len(short) >= 3 and short in long


@dataclass
class EmbeddingSpymaster:
    """A spymaster using word vectors; ``vocabulary`` are the clue candidates."""

    vectors: WordVectors
    vocabulary: Sequence[str]
    settings: SpymasterSettings = field(default_factory=SpymasterSettings)
    history: list[ClueDecision] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._candidates = self.vectors.vectors(list(self.vocabulary))
        # The vocabulary is in frequency order, so a candidate's row is its rank.
        count = max(1, len(self.vocabulary) - 1)
        self._rarity = np.arange(len(self.vocabulary), dtype=np.float32) / count
        self._board: tuple[str, ...] = ()
        self._mask: BoolArray = np.ones(len(self.vocabulary), dtype=bool)
        self._sims: npt.NDArray[np.float32] = np.zeros((len(self.vocabulary), 0), np.float32)

    def _prepare(self, words: tuple[str, ...]) -> None:
        """Per board: which candidates are allowed, and all clue × board similarities."""
        if words == self._board:
            return
        lang = self.vectors.lang
        mask = np.ones(len(self.vocabulary), dtype=bool)
        for board_word in words:
            for i, clue in enumerate(self.vocabulary):
                # ``in`` first: cheap, and true for every pair is_form_of could accept
                # except a softened root (KİTAP / KİTABE), which shares_root checks.
                if (board_word[:3] in clue or clue in board_word) and is_form_of(
                    clue, board_word, lang
                ):
                    mask[i] = False
        self._mask = mask
        self._sims = self._candidates @ self.vectors.vectors(list(words)).T
        self._board = words

    def give_clue(self, view: CodenamesView) -> ClueDecision:
        """The clue for the team of the viewing spymaster (the view must show the key)."""
        if not view.key_visible or view.viewer.team is None:
            raise ValueError("the spymaster needs a team's view with the key")
        team = view.viewer.team
        cards = view.cards
        words = tuple(card.word for card in cards)
        self._prepare(words)
        covered = [c for c in cards if not c.revealed]
        own = [c.index for c in covered if c.colour is not None and c.colour.team is team]
        s = self.settings
        margins = {"black": s.black_margin, "neutral": s.neutral_margin}
        others = [(c.index, margins.get(str(c.colour), s.opponent_margin))
                  for c in covered if c.colour is None or c.colour.team is not team]
        sims = self._sims
        own_sims = sims[:, own]
        order = np.argsort(-own_sims, axis=1)
        own_sorted = np.take_along_axis(own_sims, order, axis=1)
        if others:
            idx = [i for i, _ in others]
            threat = (sims[:, idx] + np.array([m for _, m in others], np.float32)).max(axis=1)
        else:
            threat = np.full(len(sims), -1.0, np.float32)
        best: tuple[float, int, int, float] | None = None  # score, row, k, margin
        for k in range(1, min(s.max_number, len(own)) + 1):
            weakest = own_sorted[:, k - 1]
            gap = weakest - threat
            ok = self._mask & (gap > 0) & (weakest >= s.min_target)
            if not ok.any():
                break
            score = np.where(
                ok, k + s.margin_weight * gap - s.rarity_weight * self._rarity, -np.inf
            )
            row = int(np.argmax(score))
            if best is None or score[row] > best[0]:
                best = (float(score[row]), row, k, float(gap[row]))
        safe = best is not None
        if best is None:
            gap = np.where(self._mask, own_sorted[:, 0] - threat, -np.inf)
            row = int(np.argmax(gap))
            best = (float(gap[row]), row, 1, float(gap[row]))
        _, row, k, margin = best
        targets = tuple(words[own[j]] for j in order[row, :k])
        decision = ClueDecision(self.vocabulary[row], k, targets, margin, safe)
        self.history.append(decision)
        return decision


__all__ = ["ClueDecision", "EmbeddingSpymaster", "SpymasterSettings", "is_form_of"]
