"""Fitting the win-probability table from seeded self-play (``harfiyen train winprob``).

Usta plays Usta; every move of every game gives a sample
``(tiles in the bag before the move, the mover's spread after it, result)``
with the result 1 for a win, ½ for a draw, 0 for a loss. Game ``k`` of a run
uses the seed ``seed * 1_000_003 + k``; every fifth game (``k % 5 == 4``) is
held out: the curves are fitted on the others and the held-out games measure
the calibration (Brier score, and predicted against observed win rates in
bins), which is stored with the table.

Each bag-size bucket's curve is a logistic regression of the result on the
spread (Newton's method on two parameters, a light ridge on the slope so a
small bucket cannot produce a step). The slope is kept positive: a larger lead
never lowers the chances.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from harfiyen.ai.crossword.selfplay import level_agents, map_in_processes, play_game
from harfiyen.ai.crossword.winprob import Bucket, WinModel

#: Bag sizes (before the move) that share a curve. An empty bag is a bucket of its
#: own; after that the buckets widen as the bag fills, where a lead matters less.
BUCKETS: Final = ((0, 0), (1, 6), (7, 13), (14, 20), (21, 30), (31, 45), (46, 60), (61, 200))
#: Every ``HOLD_OUT``-th game is kept out of the fit to measure the calibration.
HOLD_OUT: Final = 5
LEVEL: Final = "usta"
#: Ridge penalty on the slope (per sample count, in log-odds per point squared).
RIDGE: Final = 1.0
#: The flattest curve allowed: one log-odds step per 500 points.
MIN_SLOPE: Final = 1 / 500


@dataclass(frozen=True, slots=True)
class Sample:
    bag: int
    spread: int
    result: float


def game_samples(args: tuple[str, int]) -> list[Sample]:
    """The samples of one Usta-against-Usta game (a process-pool job)."""
    lang, seed = args
    agents = level_agents([LEVEL, LEVEL], lang, seed)
    game = play_game(agents, lang, seed, positions=True)
    winners = [seat for seat, place in enumerate(game.places) if place == 1]
    points = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(agents))]
    return [Sample(bag, spread, points[seat]) for seat, bag, spread in game.positions]


def fit_curve(samples: Sequence[Sample]) -> tuple[float, float]:
    """``(offset, scale)`` of the logistic regression of the results on the spreads."""
    import numpy as np

    x = np.array([s.spread for s in samples], dtype=float)
    y = np.array([s.result for s in samples], dtype=float)
    a, b = 0.0, 0.02
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(a + b * x)))
        w = p * (1 - p)
        grad = np.array([np.sum(p - y), np.sum((p - y) * x) + RIDGE * b])
        hess = np.array([[np.sum(w), np.sum(w * x)],
                         [np.sum(w * x), np.sum(w * x * x) + RIDGE]])
        step = np.linalg.solve(hess + 1e-9 * np.eye(2), grad)
        a, b = a - float(step[0]), b - float(step[1])
        if float(np.max(np.abs(step))) < 1e-10:
            break
    b = max(b, MIN_SLOPE)
    return -a / b, 1.0 / b


def fit_model(lang: str, samples: Sequence[Sample], meta: dict[str, Any]) -> WinModel:
    buckets = []
    for low, high in BUCKETS:
        mine = [s for s in samples if low <= s.bag <= high]
        if len(mine) < 50:
            continue  # too few to fit: the neighbours' curves cover it
        offset, scale = fit_curve(mine)
        centre = sum(s.bag for s in mine) / len(mine)
        buckets.append(Bucket(low, high, centre, offset, scale))
    if not buckets:  # a tiny run: one curve for every bag size
        offset, scale = fit_curve(samples)
        centre = sum(s.bag for s in samples) / max(1, len(samples))
        buckets.append(Bucket(BUCKETS[0][0], BUCKETS[-1][1], centre, offset, scale))
    return WinModel(lang, tuple(buckets), meta)


def calibration(model: WinModel, samples: Sequence[Sample], bins: int = 10) -> dict[str, Any]:
    """Brier score, log loss and binned predicted-against-observed rates on ``samples``."""
    if not samples:
        return {}
    predicted = [model.win(s.spread, s.bag) for s in samples]
    n = len(samples)
    mean = sum(s.result for s in samples) / n
    brier = sum((p - s.result) ** 2 for p, s in zip(predicted, samples, strict=True)) / n
    eps = 1e-6
    logloss = -sum(s.result * math.log(max(p, eps)) + (1 - s.result) * math.log(max(1 - p, eps))
                   for p, s in zip(predicted, samples, strict=True)) / n
    table = []
    for k in range(bins):
        lo, hi = k / bins, (k + 1) / bins
        inside = [(p, s.result) for p, s in zip(predicted, samples, strict=True)
                  if lo <= p < hi or (k == bins - 1 and p == 1.0)]
        if inside:
            table.append({
                "bin": f"{lo:.1f}-{hi:.1f}", "samples": len(inside),
                "predicted": round(sum(p for p, _ in inside) / len(inside), 3),
                "observed": round(sum(r for _, r in inside) / len(inside), 3),
            })
    return {
        "samples": n, "brier": round(brier, 4),
        "brier_constant": round(sum((mean - s.result) ** 2 for s in samples) / n, 4),
        "log_loss": round(logloss, 4), "bins": table,
    }


def train_winprob(
    lang: str,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    command: str = "",
) -> WinModel:
    """The table fitted on ``games`` seeded games, with its held-out calibration in ``meta``."""
    jobs = [(lang, seed * 1_000_003 + k) for k in range(games)]
    fit: list[Sample] = []
    held: list[Sample] = []
    for k, samples in enumerate(map_in_processes(game_samples, jobs, workers)):
        (held if k % HOLD_OUT == HOLD_OUT - 1 else fit).extend(samples)
        if progress is not None:
            progress(k + 1)
    meta: dict[str, Any] = {
        "command": command, "games": games, "seed": seed, "players": f"{LEVEL} vs {LEVEL}",
        "fitted_games": games - games // HOLD_OUT, "held_out_games": games // HOLD_OUT,
        "fitted_samples": len(fit),
        "x": "the mover's spread after the move (points)",
        "bag": "tiles in the bag before the move",
        "y": "the mover wins (a draw counts half)",
        "method": "logistic regression in the spread per bag bucket (winprob_training.py)",
    }
    model = fit_model(lang, fit, meta)
    return WinModel(lang, model.buckets, {**meta, "calibration": calibration(model, held)})


__all__ = ["BUCKETS", "Sample", "calibration", "fit_curve", "fit_model", "game_samples",
           "train_winprob"]
