"""Reproducible evaluation of the Kelime Casusu AI: the cross-reader matrix and clue samples.

A *cell* of the matrix is a spymaster reading with one set of signals and a
guesser reading with another, playing seeded solo boards (red alone must
find its 9 words; see :mod:`.selfplay`). When the guesser reads with a signal
the spymaster does not consult, the cell measures what the issue calls an
unshared reader: how a clue holds for someone who thinks differently.

Cells are independent, so the command runs them in chunks of boards across
processes; a chunk's result is the same wherever it runs (every board comes
from its seed, every agent is deterministic).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from harfiyen.ai.codenames import models
from harfiyen.ai.codenames.models import SignalName
from harfiyen.ai.codenames.selfplay import GameRecord, play_solo
from harfiyen.games.codenames.packs import load_pack
from harfiyen.lexicon.normalize import Language


@dataclass(frozen=True, slots=True)
class Cell:
    """One spymaster reader set and one guesser reader set."""

    spymaster: tuple[SignalName, ...]
    guesser: tuple[SignalName, ...]

    @property
    def shared(self) -> bool:
        """True when the spymaster consults every signal the guesser reads with."""
        return set(self.guesser) <= set(self.spymaster)

    @property
    def key(self) -> str:
        return f"{models.label(self.spymaster)} → {models.label(self.guesser)}"


@dataclass(frozen=True, slots=True)
class Tally:
    """Solo results of a cell over some boards; adds up across chunks."""

    games: int = 0
    wins: int = 0
    black: int = 0
    turns_won: int = 0
    clues: int = 0
    own_found: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, ...]:
        return (self.games, self.wins, self.black, self.turns_won, self.clues, self.own_found)

    def to_dict(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "games": self.games, "win_rate": round(self.wins / g, 4),
            "avg_turns": round(self.turns_won / self.wins, 3) if self.wins else None,
            "black_rate": round(self.black / g, 4),
            "words_per_clue": round(self.own_found / max(self.clues, 1), 3),
        }


def tally(record: GameRecord) -> Tally:
    won = record.winner == "red"
    own = sum(1 for c in record.clues for _, colour in c.revealed if colour == c.team)
    return Tally(1, int(won), int(record.black), record.turns if won else 0, record.turns, own)


def run_cell(
    lang: Language, cell: Cell, seeds: Sequence[int],
    on_game: Callable[[GameRecord], None] | None = None,
) -> Tally:
    """Solo games of ``cell`` on every seed (a fresh spymaster per game)."""
    pack = load_pack(lang)
    guesser = models.make_guesser(lang, cell.guesser)
    total = Tally()
    for seed in seeds:
        record = play_solo(pack, lang, seed, models.make_spymaster(lang, cell.spymaster), guesser)
        total = total + tally(record)
        if on_game is not None:
            on_game(record)
    return total


def clue_sample(
    lang: Language, boards: int, seed: int,
    signals: Sequence[SignalName] = models.PRODUCT_SIGNALS,
) -> list[dict[str, Any]]:
    """The first clue of each of ``boards`` seeded solo boards, with what the product
    guesser then touched: for people to judge."""
    pack = load_pack(lang)
    guesser = models.make_guesser(lang, signals)
    out = []
    for n in range(boards):
        record = play_solo(pack, lang, seed + n, models.make_spymaster(lang, signals), guesser)
        first = record.clues[0]
        state = record.final
        out.append({
            "seed": seed + n,
            "board": {c.value: [w for w, k in zip(state.words, state.key, strict=True)
                                if k is c] for c in dict.fromkeys(state.key)},
            "clue": first.decision.word, "number": first.decision.number,
            "targets": list(first.decision.targets), "safe": first.decision.safe,
            "touched": [[w, colour] for w, colour in first.revealed],
        })
    return out


def agreement(
    lang: Language, boards: int, seed: int = 0, margins: Sequence[float] = (0.5, 1.0, 2.0),
) -> list[dict[str, Any]]:
    """How often the reader a spymaster leaves out agrees with the two it consults.

    On ``boards`` random boards of 25 pack words (``numpy`` generator of ``seed``),
    the first word is the target. For every clue candidate that the two consulted
    readers both place above the 24 other words by at least ``margin`` z, the left-out
    reader *agrees* when it too places the target above every other word. This bounds
    what a spymaster can do for a guesser it does not model: a clue both its readers
    find plain still reaches the third reader only this often.
    """
    pack = list(load_pack(lang))
    names = models.SIGNALS
    tables = [models.table(lang, n) for n in names]
    known = np.logical_and.reduce([t.known for t in tables])
    rng = np.random.default_rng(seed)
    counts = {(left, m): [0, 0] for left in names for m in margins}
    for _ in range(boards):
        words = [pack[i] for i in rng.choice(len(pack), 25, replace=False)]
        zs = np.stack([t.board(words) for t in tables])  # readers × clues × words
        allowed = known & models.form_rule(lang).allowed(words)
        gap = zs[:, :, 0] - zs[:, :, 1:].max(axis=2)  # readers × clues
        for n, left in enumerate(names):
            consulted = np.delete(gap, n, axis=0).min(axis=0)
            for m in margins:
                chosen = allowed & (consulted >= m)
                counts[(left, m)][0] += int(chosen.sum())
                counts[(left, m)][1] += int((chosen & (gap[n] > 0)).sum())
    return [
        {"left_out": left, "margin": m, "clues": found, "agree": agree,
         "rate": round(agree / found, 4) if found else None}
        for (left, m), (found, agree) in counts.items()
    ]


__all__ = ["Cell", "Tally", "agreement", "clue_sample", "run_cell", "tally"]
