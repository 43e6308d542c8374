"""Seeded matches between two bot levels, played in parallel, with their statistics.

Game ``k`` of a match uses the game seed ``seed * 1_000_003 + k``; level A sits
in seat 0 in even games and seat 1 in odd games (``tr`` always starts with seat
0, so this alternates who moves first). The result depends only on the
arguments, not on the number of worker processes (up to the Champion's time
budget, which can cut its simulation short on a loaded machine).

Win rate counts a draw as half a win; its 95% interval is Wilson's score
interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harfiyen.ai.crossword.agent import BotAgent, make_agent
from harfiyen.ai.crossword.leaves import LeaveModel, load_leaves
from harfiyen.ai.crossword.levels import Level
from harfiyen.ai.crossword.selfplay import GameResult, map_in_processes, play_game


@dataclass(frozen=True)
class MatchGame:
    """One game of a match, seen from level A."""

    seed: int
    a_seat: int
    a_score: int
    b_score: int
    #: 1 win, 0.5 draw, 0 loss for A.
    a_points: float
    a_bingos: int
    b_bingos: int
    a_think: tuple[float, ...]
    b_think: tuple[float, ...]


@dataclass
class MatchResult:
    """Every game of a match between levels ``a`` and ``b``."""

    lang: str
    a: Level
    b: Level
    games: list[MatchGame] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.games)

    @property
    def a_win_rate(self) -> float:
        return sum(g.a_points for g in self.games) / self.count if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson's 95% interval of A's win rate."""
        return wilson(self.a_win_rate, self.count, z)

    def mean(self, attr: str) -> float:
        return statistics.fmean(getattr(g, attr) for g in self.games) if self.games else 0.0

    def think_times(self, side: str) -> list[float]:
        return [t for g in self.games for t in getattr(g, f"{side}_think")]

    def summary(self) -> dict[str, Any]:
        """The numbers the table prints, JSON-ready."""
        low, high = self.interval()
        return {
            "lang": self.lang, "a": self.a.value, "b": self.b.value, "games": self.count,
            "a_win_rate": round(self.a_win_rate, 4),
            "a_win_rate_95": [round(low, 4), round(high, 4)],
            "a_avg_score": round(self.mean("a_score"), 1),
            "b_avg_score": round(self.mean("b_score"), 1),
            "a_bingos_per_game": round(self.mean("a_bingos"), 3),
            "b_bingos_per_game": round(self.mean("b_bingos"), 3),
            "a_move_ms_p50_p95": percentiles_ms(self.think_times("a")),
            "b_move_ms_p50_p95": percentiles_ms(self.think_times("b")),
        }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentiles_ms(times: Sequence[float]) -> list[float]:
    """The median and 95th percentile of ``times`` (seconds), in milliseconds."""
    if not times:
        return [0.0, 0.0]
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return [round(statistics.median(ordered) * 1000, 1), round(p95 * 1000, 1)]


def leaves_override(spec: str | None, lang: str) -> LeaveModel | None:
    """``None`` (the shipped table), ``"zero"`` (score-only) or a JSON table's path."""
    if spec is None:
        return None
    if spec == "zero":
        return LeaveModel.zero("tr" if lang == "tr" else "en")
    return load_leaves(spec)


_Side = tuple[str, float | None, str | None]  # level, time budget, leaves override


def _agent(side: _Side, lang: str, seed: int) -> BotAgent:
    level, budget, leaves = side
    agent = make_agent(level, lang=lang, seed=seed, time_budget=budget)
    model = leaves_override(leaves, lang)
    if model is not None:
        agent.leaves = model
    return agent


def _match_game(args: tuple[str, _Side, _Side, int, int]) -> MatchGame:
    lang, side_a, side_b, game_seed, a_seat = args
    agent_a = _agent(side_a, lang, game_seed * 2 + 1)
    agent_b = _agent(side_b, lang, game_seed * 2 + 2)
    agents = [agent_a, agent_b] if a_seat == 0 else [agent_b, agent_a]
    result: GameResult = play_game(agents, lang, game_seed)
    b_seat = 1 - a_seat
    pa, pb = result.places[a_seat], result.places[b_seat]
    points = 1.0 if pa < pb else 0.5 if pa == pb else 0.0
    return MatchGame(
        game_seed, a_seat, result.scores[a_seat], result.scores[b_seat], points,
        result.bingos[a_seat], result.bingos[b_seat],
        tuple(result.think[a_seat]), tuple(result.think[b_seat]),
    )


def run_match(
    lang: str,
    a: Level | str,
    b: Level | str,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    a_budget: float | None = None,
    b_budget: float | None = None,
    a_leaves: str | None = None,
    b_leaves: str | None = None,
    progress: Callable[[MatchGame], None] | None = None,
) -> MatchResult:
    """Play ``games`` seeded games between levels ``a`` and ``b`` of ``lang``.

    ``a_budget``/``b_budget`` override the levels' seconds per move;
    ``a_leaves``/``b_leaves`` replace a side's leave table (see :func:`leaves_override`).
    """
    la, lb = Level.parse(a), Level.parse(b)
    if lang not in ("tr", "en"):
        raise ValueError(f"unknown language {lang!r} (tr or en)")
    jobs = [
        (lang, (la.value, a_budget, a_leaves), (lb.value, b_budget, b_leaves),
         seed * 1_000_003 + k, k % 2)
        for k in range(games)
    ]
    result = MatchResult(lang, la, lb)
    for game in map_in_processes(_match_game, jobs, workers):
        result.games.append(game)
        if progress is not None:
            progress(game)
    return result


__all__ = [
    "MatchGame", "MatchResult", "leaves_override", "percentiles_ms", "run_match", "wilson",
]
