"""The Champion's simulation: each candidate play against sampled opponent replies.

The static equity ranks every play; the best few candidates (the Champion's
``candidates``, within :data:`WINDOW` points of the best) are then played out
against sampled opponent racks (the same racks for every candidate, so that the
comparison is fair).

:func:`simulate_two_ply` (the Champion's, two players) plays two plies: the
opponent's reply and our next play, each the best by equity of the side's
highest-scoring plays, and values a candidate by its score, minus the reply's
equity, plus our next play's equity. It weighs what a play opens to the opponent
*and* what it leaves us, with the learned leave values only at the horizon. It
stops simulating candidates that fall clearly behind, so the budget goes to the
close ones. (With 24 samples our own next play was noisier than the learned leave
and did not help; with the compiled move generator 200 samples fit in well under
the 3 s budget, and the second ply beat the one-ply simulation's results against
Usta by far: see the README.)

:func:`simulate` is the one-ply form (the opponent's best-scoring reply only):
``equity − mean reply score``, for more than two players.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from harfiyen.ai.crossword.crosschecks import ScratchBoard
from harfiyen.ai.crossword.equity import EquityContext
from harfiyen.ai.crossword.leaves import LeaveModel
from harfiyen.ai.crossword.movegen import BLANK_CODE, MoveGenerator, Record
from harfiyen.ai.crossword.situation import Situation
from harfiyen.games.crossword.rules import BLANK, RuleSet, Square

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


def simulate_two_ply(
    sit: Situation,
    generator: MoveGenerator,
    candidates: Sequence[tuple[float, Record]],
    leaves: LeaveModel,
    rng: random.Random,
    deadline: float,
    iterations: int = 200,
) -> list[float]:
    """Each candidate's ``score − the opponent's reply equity + our next play's equity``,
    averaged over sampled opponent racks and draws (two players).

    One iteration deals the opponent a rack from the unseen tiles and lays the rest
    out as the bag in a random order, the same for every candidate. After the
    candidate we draw from that bag; the opponent answers with the best of its
    :data:`REPLY_POOL` highest-scoring plays by equity (its leave counted); then we
    answer the same way with the candidate's leave and our draw. A play's equity at
    the horizon keeps what the learned leave says of the tiles kept, so the value
    weighs both what the candidate opens to the opponent and what it leaves us.

    Candidates whose mean stays clearly below the leader's (common random numbers
    make the paired difference's error small) stop being simulated after
    :data:`FIRST_CUT` iterations; the loop stops at ``iterations`` or at the
    deadline (never before two).
    """
    unseen = sit.unseen_tiles()
    opp_size = min(sit.rules.rack_size, len(unseen))
    if opp_size == 0 or sit.players != 2:
        return simulate(sit, generator, candidates, rng, deadline, min(iterations, 24))
    rules, bag_count = sit.rules, sit.bag_count
    alphabet = generator.lexicon.alphabet
    base_ctx = EquityContext(
        rules=rules, rack=sit.rack, bag_count=bag_count, unseen_value=0,
        board_empty=False, leaves=leaves,
    )
    # Per candidate: its score, the board after it, the ★25 square if still open, the
    # tiles it keeps and how many it draws.
    prepared: list[tuple[int, ScratchBoard, Square | None, tuple[str, ...], int]] = []
    for _, record in candidates:
        move = generator.to_move(record)
        scratch = generator.scratch(sit.board.with_tiles(move.placements))
        took = sit.bonus_square is not None and any(
            p.square == sit.bonus_square for p in move.placements
        )
        tiles = base_ctx.record_tiles(record)
        prepared.append(
            (record[0], scratch, None if took else sit.bonus_square,
             base_ctx.leave_of(tiles), len(tiles))
        )
    samples: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    done = 0
    while done < iterations and (done < 2 or time.perf_counter() < deadline):
        shuffled = rng.sample(unseen, len(unseen))
        opp_rack, bag = shuffled[:opp_size], shuffled[opp_size:]
        for k in alive:
            score, scratch, bonus, kept, used = prepared[k]
            drawn = min(used, len(bag))
            our_rack = list(kept) + bag[:drawn]
            rest = len(bag) - drawn
            opp_eq, reply = _best_reply(
                generator, scratch, opp_rack, bonus, rules, rest, our_rack, leaves, alphabet
            )
            if reply is None:
                after, after_bonus = scratch, bonus
                opp_drawn = 0
            else:
                after = scratch.copy()
                placed = generator.to_move(reply)
                generator.play(after, placed)
                after_bonus = bonus
                if bonus is not None and any(p.square == bonus for p in placed.placements):
                    after_bonus = None
                opp_drawn = min(rest, sum(1 for c in reply[4] if c))
            opp_left = _left_after(opp_rack, reply, alphabet) + bag[drawn:drawn + opp_drawn]
            our_eq, _ = _best_reply(
                generator, after, our_rack, after_bonus, rules, rest - opp_drawn, opp_left,
                leaves, alphabet,
            )
            samples[k].append(score - opp_eq + our_eq)
        done += 1
        if done >= FIRST_CUT and done % CUT_EVERY == 0 and len(alive) > 1:
            alive = _still_close(alive, samples)
    values = []
    for k, (equity, _) in enumerate(candidates):
        got = samples[k]
        # A candidate cut early keeps its mean over the iterations it had (all below the leader).
        values.append(sum(got) / len(got) if got else equity)
    return values


#: Plays of a reply considered (the highest-scoring), of which the best by equity is made.
REPLY_POOL: Final = 8
#: Iterations before a candidate may be cut, and how often the cut is looked at.
FIRST_CUT: Final = 32
CUT_EVERY: Final = 16
#: A candidate is cut when its paired difference to the leader is this many standard
#: errors below zero.
CUT_SIGMAS: Final = 2.5


def _best_reply(
    generator: MoveGenerator,
    scratch: ScratchBoard,
    rack: Sequence[str],
    bonus: Square | None,
    rules: RuleSet,
    bag_after: int,
    others_rack: Sequence[str],
    leaves: LeaveModel,
    alphabet: str,
) -> tuple[float, Record | None]:
    """The best of ``rack``'s highest-scoring plays by equity, and that equity
    (the pass's when it has no play)."""
    ctx = EquityContext(
        rules=rules, rack=rack, bag_count=bag_after,
        unseen_value=sum(rules.tiles.value(t) for t in others_rack), board_empty=False,
        leaves=leaves,
    )
    best: tuple[float, Record | None] = (ctx.pass_equity(), None)
    for record in generator.best_records(scratch, rack, REPLY_POOL, bonus):
        eq = ctx.record_equity(record)
        if best[1] is None or eq > best[0]:
            best = (eq, record)
    return best


def _left_after(rack: Sequence[str], record: Record | None, alphabet: str) -> list[str]:
    """The tiles of ``rack`` a play leaves (all of them for a pass)."""
    if record is None:
        return list(rack)
    left = list(rack)
    for code in record[4]:
        if code:
            left.remove(BLANK if code >= BLANK_CODE else alphabet[code - 1])
    return left


def _still_close(alive: list[int], samples: list[list[float]]) -> list[int]:
    """The candidates whose paired difference to the leader is not clearly negative."""
    n = min(len(samples[k]) for k in alive)
    leader = max(alive, key=lambda k: sum(samples[k][:n]))
    kept = []
    for k in alive:
        if k == leader:
            kept.append(k)
            continue
        diffs = [a - b for a, b in zip(samples[k][:n], samples[leader][:n], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + CUT_SIGMAS * (var / n) ** 0.5 >= 0:
            kept.append(k)
    return kept


__all__ = ["WINDOW", "simulate", "simulate_two_ply"]
