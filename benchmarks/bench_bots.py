"""Crossword bot benchmark: time per move (p50/p95) for every level.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--games N] [--lang tr en]
[--levels caylak orta usta sampiyon]``

For each language and level, plays ``N`` seeded games of the level against
the Expert and reports the median and 95th-percentile time the level took per
move (its own moves only), with the number of moves timed. A warm-up game per
language loads the lexicon, the move-generation automaton and ``wordfreq``
first, so one-time loading is not counted. The Champion spends up to its time
budget (3 s by default) on simulation; ``--champion-time`` changes it.
"""

from __future__ import annotations

import argparse
import time

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.levels import Level
from harfiyen.ai.crossword.selfplay import play_game
from harfiyen.ai.crossword.tournament import percentiles_ms


def warm_up(lang: str) -> float:
    """Play one short game with every level so loading is not timed; seconds taken."""
    start = time.perf_counter()
    agents = [make_agent("caylak", lang=lang, seed=0), make_agent("orta", lang=lang, seed=1)]
    play_game(agents, lang, 99_999)
    return time.perf_counter() - start


def run(lang: str, level: Level, games: int, champion_time: float | None) -> None:
    times: list[float] = []
    started = time.perf_counter()
    for seed in range(games):
        budget = champion_time if level is Level.CHAMPION else None
        bot = make_agent(level, lang=lang, seed=seed, time_budget=budget)
        other = make_agent(Level.EXPERT, lang=lang, seed=seed + 1000)
        seat = seed % 2
        agents = [bot, other] if seat == 0 else [other, bot]
        result = play_game(agents, lang, 50_000 + seed)
        times.extend(result.think[seat])
    p50, p95 = percentiles_ms(times)
    print(
        f"{lang}  {level.value:9s} ({level.en_name:12s}) moves {len(times):4d}  "
        f"p50 {p50:8.1f} ms  p95 {p95:8.1f} ms  budget {level.time_budget:.1f} s  "
        f"({time.perf_counter() - started:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--lang", nargs="+", default=["tr", "en"])
    parser.add_argument("--levels", nargs="+", default=[lv.value for lv in Level])
    parser.add_argument("--champion-time", type=float, default=None)
    args = parser.parse_args()
    for lang in args.lang:
        print(f"{lang}: warm-up {warm_up(lang):.1f} s")
        for name in args.levels:
            run(lang, Level.parse(name), args.games, args.champion_time)


if __name__ == "__main__":
    main()
