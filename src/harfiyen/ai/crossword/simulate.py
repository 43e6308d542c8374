"""The Champion's search: a short simulation of the best candidates, and the endgame.

**Simulation.** The static equity ranks every play; the best few candidates
(the agent's ``candidates``, within :data:`WINDOW` points of the best) are then played
out one ply: in each iteration an opponent rack is sampled from the unseen
tiles (the same racks for every candidate, so that the comparison is fair),
and the opponent's best-scoring reply on the board the candidate leaves is
found with the generator's pruned best-move search. A candidate's value is
``equity − mean reply score``: a play that opens a triple-word lane or a ★25
square for the opponent pays for it. (:func:`simulate` can also play our own
next turn, ``two_sided``; see there.) The loop stops after the
agent's ``iterations`` (24 by default) or at the time budget; the agent's
``candidates`` (6) sets how many plays are simulated.

**Endgame.** When the bag is empty in a two-player game the opponent's rack
is exactly the unseen tiles; the exact solver of
:mod:`harfiyen.ai.crossword.endgame` (imported lazily) plays it within the time
budget. If that module is missing or fails, the simulation above is used.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Final

from harfiyen.ai.crossword.movegen import BLANK_CODE, MoveGenerator, Record
from harfiyen.games.crossword.moves import Move, Pass, Play
from harfiyen.games.crossword.rules import BLANK

if TYPE_CHECKING:
    from harfiyen.ai.crossword.agent import BotAgent, Situation

#: Only candidates within this many equity points of the best are simulated.
WINDOW: Final = 20.0
#: Share of the time budget the endgame solver may use.
ENDGAME_SHARE: Final = 0.9


def champion_move(
    agent: BotAgent,
    sit: Situation,
    generator: MoveGenerator,
    rng: random.Random,
    deadline: float,
) -> Move:
    """The Champion's move (see the module docstring)."""
    records = agent.records(sit, generator)
    if sit.bag_count == 0 and sit.players == 2 and records:
        solved = endgame_move(sit, generator, deadline)
        if solved is not None:
            return solved
    ctx = agent.context(sit)
    eq, record, kept = agent.best_static(sit, records, ctx)
    if record is None:
        if kept is not None and eq > ctx.pass_equity():
            return agent.exchange_move(sit, kept)
        return Pass()
    ranked = sorted(
        ((ctx.record_equity(r), r[0], repr(r), r) for r in records), reverse=True
    )
    limit = getattr(agent, "candidates", 6)
    candidates = [(e, r) for e, _, _, r in ranked[:limit] if e >= ranked[0][0] - WINDOW]
    if kept is not None and eq > ranked[0][0]:
        # The static choice is an exchange: a one-ply reply search does not value it.
        return agent.exchange_move(sit, kept)
    if len(candidates) < 2:
        return agent.play(generator, record)
    values = simulate(
        sit, generator, candidates, rng, deadline, getattr(agent, "iterations", 24)
    )
    best = max(range(len(candidates)), key=lambda k: (values[k], -k))
    return agent.play(generator, candidates[best][1])


def simulate(
    sit: Situation,
    generator: MoveGenerator,
    candidates: list[tuple[float, Record]],
    rng: random.Random,
    deadline: float,
    iterations: int = 24,
    two_sided: bool = False,
) -> list[float]:
    """Each candidate's simulated value, averaged over sampled racks.

    By default ``equity − the opponent's best reply``. With ``two_sided`` and a
    full rack's worth of tiles in the bag the value is ``score + our
    next best score − the opponent's best reply`` (both on the board the
    candidate leaves; our next rack is the candidate's leave plus a draw from
    what the opponent's sampled rack leaves in the bag): the board's chances
    for both sides and the leave's real playability replace the static leave
    value (in 40 trial games this was not better: 24 samples of our own next
    score are noisier than the learned leave value, so it is off by default).
    """
    unseen = sit.unseen_tiles()
    opp_size = min(sit.rules.rack_size, len(unseen))
    if opp_size == 0:
        return [e for e, _ in candidates]
    two_sided = two_sided and sit.bag_count >= sit.rules.rack_size
    alphabet = generator.lexicon.alphabet
    boards = []
    for _, record in candidates:
        move = generator.to_move(record)
        scratch = generator.scratch(sit.board.with_tiles(move.placements))
        took = sit.bonus_square is not None and any(
            p.square == sit.bonus_square for p in move.placements
        )
        left = Counter(sit.rack)
        left.subtract(BLANK if c >= BLANK_CODE else alphabet[c - 1] for c in record[4] if c)
        boards.append((scratch, None if took else sit.bonus_square, list(left.elements())))
    totals = [0.0] * len(candidates)
    done = 0
    while done < iterations and (done < 2 or time.perf_counter() < deadline):
        pool = rng.sample(unseen, len(unseen))
        rack, bag = pool[:opp_size], pool[opp_size:]
        for k, (scratch, bonus, leave) in enumerate(boards):
            reply = generator.best_records(scratch, rack, 1, bonus)
            totals[k] -= reply[0][0] if reply else 0
            if two_sided:
                ours = leave + bag[: sit.rules.rack_size - len(leave)]
                mine = generator.best_records(scratch, ours, 1, bonus)
                totals[k] += mine[0][0] if mine else 0
        done += 1
    if two_sided:
        return [r[0] + totals[k] / done for k, (_, r) in enumerate(candidates)]
    return [e + totals[k] / done for k, (e, _) in enumerate(candidates)]


def endgame_move(sit: Situation, generator: MoveGenerator, deadline: float) -> Move | None:
    """The exact endgame solver's move, or ``None`` if it is unavailable or fails."""
    try:
        from harfiyen.ai.crossword import endgame
    except ImportError:
        return None
    opponent = (sit.seat + 1) % 2
    racks: list[tuple[str, ...]] = [(), ()]
    racks[sit.seat] = sit.rack
    racks[opponent] = tuple(sit.unseen_tiles())
    budget = max(0.05, (deadline - time.perf_counter()) * ENDGAME_SHARE)
    try:
        result = endgame.solve(
            sit.board, tuple(racks), tuple(sit.scores), sit.seat, sit.rules,
            generator.lexicon, budget, bonus_square=sit.bonus_square,
            scoreless_turns=sit.scoreless_turns, generator=generator,
        )
    except Exception:  # a solver bug must not lose the game: fall back to equity
        return None
    best = result.best_move
    # ``None`` is the solver's pass.
    return Pass() if best is None else Play(best.placements)


__all__ = ["WINDOW", "champion_move", "endgame_move", "simulate"]
