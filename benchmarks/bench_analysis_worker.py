"""The analysis of a 25-turn game in the server's worker process: p50/p95 wall time.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_analysis_worker.py [--games N]
[--turns 25] [--lang tr en]``

For each language, seeded Usta-against-Usta games are played through the engine (those over
before the last turn are skipped)
and written as GCG records with every rack (as the server writes a finished
match) after ``--turns`` turns. Each record is sent to a worker process
started as the server starts them (``spawn``, :func:`analysis_worker.init`) and
timed from submission to result: the equity analysis, the win chances and the
replay steps. The first job of a worker loads the lexicon, the move generator
and the tables; it is timed apart (``cold``) and left out of the percentiles,
since a server's worker stays up. Target: p95 < 10 s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from harfiyen.ai.crossword.selfplay import level_agents
from harfiyen.games.crossword import CrosswordConfig, Seat, apply, new_game, view
from harfiyen.games.crossword.notation.gcg import EventKind, parse_gcg, write_gcg
from harfiyen.games.crossword.notation.record import game_record
from harfiyen.server import analysis_worker


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def game_text(lang: str, seed: int, turns: int) -> str:
    """A seeded Usta game's GCG record (racks included) after ``turns`` turns (or its end)."""
    agents = level_agents(["usta", "usta"], lang, seed)
    state = new_game(CrosswordConfig(lang, players=2), seed)
    for _ in range(turns):
        if state.outcome is not None:
            break
        seat = state.to_move
        state, _ = apply(state, seat, agents[seat].choose(view(state, Seat(seat))))
    record = game_record(state.events, [("ayse", "Ayşe"), ("mehmet", "Mehmet")],
                         language="tr" if lang == "tr" else "en", title=f"bench {lang} {seed}")
    return write_gcg(record)


def turns_of(text: str) -> int:
    return sum(e.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
               for e in parse_gcg(text).events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12, help="records per language")
    parser.add_argument("--turns", type=int, default=25)
    parser.add_argument("--lang", nargs="+", default=["tr", "en"])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    for lang in args.lang:
        texts: list[str] = []
        seed = args.seed * 1000
        while len(texts) < args.games:  # games over before the last turn are skipped
            text = game_text(lang, seed, args.turns)
            seed += 1
            if turns_of(text) == args.turns:
                texts.append(text)
        queue = context.Queue()
        with ProcessPoolExecutor(max_workers=1, mp_context=context,
                                 initializer=analysis_worker.init, initargs=(queue,)) as pool:
            started = time.perf_counter()
            pool.submit(analysis_worker.run, "cold", texts[0]).result()
            cold = time.perf_counter() - started
            times = []
            for k, text in enumerate(texts):
                started = time.perf_counter()
                result = pool.submit(analysis_worker.run, f"{lang}:{k}", text).result()
                times.append(time.perf_counter() - started)
                assert result["analysis"]["win_chances"], "no win table for " + lang
        print(f"{lang}: {len(texts)} records of {args.turns} turns; "
              f"cold first job {cold:.2f} s; warm p50 {statistics.median(times):.2f} s, "
              f"p95 {percentile(times, 0.95):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
