"""Benchmark the Kelime Casusu AI: loading, spymaster time per clue and guess time (warm), memory.

Run: ``python benchmarks/bench_codenames.py [--lang tr en] [--boards N] [--vocab N] [--cold]``

For each language it measures, with the product's readers (USE, WordNet, GloVe)
and the people model's extra signals (the Turkish corpus links):
- loading: the USE vectors and every reader's clue × pack table, from the
  disk cache when it is there (``--cold``: a fresh temporary cache directory,
  so everything is built and the user's cache is not touched);
- spymaster time per clue, p50 and p95, over the first clue of ``--boards``
  seeded boards (a new board per clue: this includes the per-board work of
  filtering candidates and computing clue × board similarities) and over the
  later clues of the same boards (per-board work already done);
- guesser time per guess (or pass), p50 and p95, over the same games;
- memory: the process's RSS after loading each language (both languages
  loaded at the end: what a server holding the two would use) and the peak.

``--vocab N`` keeps only the N most common clue words (quicker runs).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _rss() -> int:
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return 0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class _TimedGuesser:
    """A guesser wrapper that records how long each guess (or pass) took."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def choose(self, game_view: Any) -> Any:
        started = time.perf_counter()
        move = self.inner.choose(game_view)
        self.times.append(time.perf_counter() - started)
        return move


class _Timed:
    """A spymaster wrapper that records how long each clue took."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def give_clue(self, game_view: Any) -> Any:
        started = time.perf_counter()
        decision = self.inner.give_clue(game_view)
        self.times.append(time.perf_counter() - started)
        return decision


def bench(lang: str, boards: int) -> dict[str, Any]:
    from harfiyen.ai.codenames import models
    from harfiyen.ai.codenames.embeddings import load_or_build
    from harfiyen.ai.codenames.selfplay import play_solo
    from harfiyen.games.codenames import CodenamesConfig, Seat, new_game, view
    from harfiyen.games.codenames.packs import load_pack

    rss_before = _rss()
    started = time.perf_counter()
    loaded = models.use_vectors(lang)  # type: ignore[arg-type]
    for name in models.PRODUCT_SIGNALS:
        models.table(lang, name)  # type: ignore[arg-type]
    for name in models.extra_signals(lang):  # type: ignore[arg-type]  # Turkish corpus links
        models.extra_table(lang, name)  # type: ignore[arg-type]
    load = time.perf_counter() - started
    build = loaded.build_seconds
    rss_after = _rss()
    started = time.perf_counter()
    load_or_build(lang, loaded.vectors.words,  # type: ignore[arg-type]
                  reading=models.use_reading(lang))  # type: ignore[arg-type]
    reload = time.perf_counter() - started

    pack = load_pack(lang)  # type: ignore[arg-type]
    guesses: list[float] = []
    guesser = _TimedGuesser(models.make_guesser(lang), guesses)  # type: ignore[arg-type]
    first: list[float] = []
    later: list[float] = []
    for seed in range(boards):
        spymaster = models.make_spymaster(lang)  # type: ignore[arg-type]
        state = new_game(CodenamesConfig(pack, lang), seed)  # type: ignore[arg-type]
        started = time.perf_counter()
        spymaster.give_clue(view(state, Seat(0)))
        first.append(time.perf_counter() - started)
        spymaster = models.make_spymaster(lang)  # type: ignore[arg-type]
        play_solo(pack, lang, seed, _Timed(spymaster, later), guesser)  # type: ignore[arg-type]
    matrix = loaded.vectors.matrix
    return {
        "lang": lang,
        "vocabulary": len(loaded.vocabulary),
        "embedded_words": len(loaded.vectors.words),
        "use_cache_build_s": None if build is None else round(build, 2),
        "load_all_readers_s": round(load, 2),
        "use_cache_load_s": round(reload, 3),
        "clue_first_on_board_ms": {
            "p50": round(1000 * statistics.median(first), 1),
            "p95": round(1000 * _percentile(first, 0.95), 1),
        },
        "clue_same_board_ms": {
            "p50": round(1000 * statistics.median(later), 1),
            "p95": round(1000 * _percentile(later, 0.95), 1),
        },
        "clues_timed": len(first) + len(later),
        "guess_ms": {
            "p50": round(1000 * statistics.median(guesses), 1),
            "p95": round(1000 * _percentile(guesses, 0.95), 1),
        },
        "guesses_timed": len(guesses),
        "vectors_mb": round(matrix.nbytes / 2**20, 1),
        "rss_growth_load_mb": round((rss_after - rss_before) / 2**20, 1),
        "rss_after_mb": round(_rss() / 2**20, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lang", nargs="+", default=["tr", "en"], choices=["tr", "en"])
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--vocab", type=int, default=None, help="keep the N most common clues")
    parser.add_argument("--cold", action="store_true", help="build every cache from scratch")
    args = parser.parse_args()
    if args.vocab:
        os.environ["HARFIYEN_CODENAMES_VOCAB"] = str(args.vocab)
    with tempfile.TemporaryDirectory() as cache:
        if args.cold:
            os.environ["HARFIYEN_CACHE_DIR"] = cache
        results = [bench(lang, args.boards) for lang in args.lang]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    json.dump({"results": results, "peak_rss_mb": round(peak, 1)}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
