"""Upper bounds on what any play from an anchor can score (for the best-N search).

The bounds are deliberately cheap (a few list operations per anchor) and always
valid, so skipping an anchor whose bound is below the N-th best score found so
far never loses a play that belongs in the best N.
"""

from __future__ import annotations

from harfiyen.ai.crossword.crosschecks import ACROSS, DOWN, ScratchBoard
from harfiyen.games.crossword.rules import SIZE, RuleSet


def anchor_bounds(
    scratch: ScratchBoard,
    counts: list[int],
    blanks: int,
    bonus: list[list[int]],
    rules: RuleSet,
    letter_mult: list[list[int]],
    word_mult: list[list[int]],
) -> list[tuple[int, int, int, int]]:
    """``(bound, direction, lane, anchor)``: no play from that anchor scores more.

    The bound takes every square a play from the anchor could reach: the board
    tiles there count in full, the rack's best tile values meet the best letter
    premiums, the best word premiums multiply, each reachable cross word adds its
    best case, and the bingo and ★25 bonuses are added when reachable.
    """
    values = scratch.values
    tile_values = sorted(
        [values[s] for s in range(1, len(counts)) for _ in range(counts[s])] + [0] * blanks,
        reverse=True,
    )
    k = len(tile_values)
    if not k:
        return []
    top = tile_values[0]
    bingo = rules.bingo_bonus if k >= rules.bingo_min_tiles else 0
    out: list[tuple[int, int, int, int]] = []
    for d in (ACROSS, DOWN):
        anchor, fixed, fval = scratch.anchor[d], scratch.fixed[d], scratch.fixed_value[d]
        xs, bon = scratch.cross_sum[d], bonus[d]
        lmul, wmul = letter_mult[d], word_mult[d]
        for lane in range(SIZE):
            base = lane * SIZE
            for pos in range(SIZE):
                if not anchor[base + pos]:
                    continue
                empties = [base + pos]
                fsum = 0
                i = pos - 1
                if i >= 0 and fixed[base + i]:
                    while i >= 0 and fixed[base + i]:
                        fsum += fval[base + i]
                        i -= 1
                else:
                    while i >= 0 and len(empties) < k and not anchor[base + i]:
                        empties.append(base + i)
                        i -= 1
                right = 0
                j = pos + 1
                while j < SIZE and (fixed[base + j] or right < k - 1):
                    if fixed[base + j]:
                        fsum += fval[base + j]
                    else:
                        empties.append(base + j)
                        right += 1
                    j += 1
                lms = sorted((lmul[e] for e in empties), reverse=True)
                letters = sum(v * m for v, m in zip(tile_values, lms, strict=False))
                wms = sorted((wmul[e] for e in empties), reverse=True)[:k]
                word = 1
                for w in wms:
                    word *= w
                cross = sorted(
                    ((xs[e] + top * lmul[e]) * wmul[e] for e in empties if xs[e] >= 0),
                    reverse=True,
                )[:k]
                extra = max((bon[e] for e in empties), default=0)
                if bingo and len(empties) >= rules.bingo_min_tiles:
                    extra += bingo
                out.append(((fsum + letters) * word + sum(cross) + extra, d, lane, pos))
    return out
