"""The Champion's simulation: each candidate play against sampled opponent replies.

The static equity ranks every play; the best few candidates (the Champion's
``candidates``, within :data:`WINDOW` points of the best) are then played out
one ply: in each iteration an opponent rack is sampled from the unseen tiles
(the same racks for every candidate, so that the comparison is fair), and the
opponent's best-scoring reply on the board the candidate leaves is found with
the generator's pruned best-move search. A candidate's value is
``equity − mean reply score``: a play that opens a triple-word lane or a ★25
square for the opponent pays for it. The loop stops after ``iterations``
samples or at the deadline (never before two samples).

(Playing our own next turn too, from the candidate's leave and a draw, was
tried in 40 games and was not better: 24 samples of our own next score are
noisier than the learned leave value.)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from harfiyen.ai.crossword.movegen import MoveGenerator, Record
from harfiyen.ai.crossword.situation import Situation

#: Only candidates within this many equity points of the best are simulated.
WINDOW: Final = 20.0


def simulate(
    sit: Situation,
    generator: MoveGenerator,
    candidates: Sequence[tuple[float, Record]],
    rng: random.Random,
    deadline: float,
    iterations: int = 24,
) -> list[float]:
    """Each candidate's ``equity − the opponent's best reply``, averaged over sampled racks."""
    unseen = sit.unseen_tiles()
    opp_size = min(sit.rules.rack_size, len(unseen))
    if opp_size == 0:
        return [e for e, _ in candidates]
    boards = []
    for _, record in candidates:
        move = generator.to_move(record)
        scratch = generator.scratch(sit.board.with_tiles(move.placements))
        took = sit.bonus_square is not None and any(
            p.square == sit.bonus_square for p in move.placements
        )
        boards.append((scratch, None if took else sit.bonus_square))
    totals = [0.0] * len(candidates)
    done = 0
    while done < iterations and (done < 2 or time.perf_counter() < deadline):
        rack = rng.sample(unseen, len(unseen))[:opp_size]
        for k, (scratch, bonus) in enumerate(boards):
            reply = generator.best_records(scratch, rack, 1, bonus)
            totals[k] -= reply[0][0] if reply else 0
        done += 1
    return [e + totals[k] / done for k, (e, _) in enumerate(candidates)]


__all__ = ["WINDOW", "simulate"]
