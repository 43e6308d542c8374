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


__all__ = ["Cell", "Tally", "clue_sample", "run_cell", "tally"]
