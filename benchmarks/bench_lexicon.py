"""Benchmark the compiled lexicons: build, cache load, memory, lookups.

Run: ``python benchmarks/bench_lexicon.py [--runs N] [--gaddag] [LEXICON_ID ...]``

For every lexicon it measures (medians of ``--runs`` runs):
- build: compiling the automaton from the word list (word list already in memory);
- load (fresh process): ``load(id)`` in a new interpreter with a warm disk cache,
  timed inside that process (interpreter start-up and imports reported apart);
- load (in process): reading and decoding the cache file again in this process;
- memory: tracemalloc of decoding the cache file, and the RSS growth of ``load`` in
  a fresh process;
- lookups/s: ``word in lexicon`` for a mix of words and near-miss non-words, and the
  same walk over the table held as ``list`` versus ``array('i')``.

The disk cache goes to a temporary directory, so the user's cache is not touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from array import array
from collections.abc import Callable, Sequence

from harfiyen.lexicon import wordlists
from harfiyen.lexicon.gaddag import build_gaddag
from harfiyen.lexicon.lexicon import (
    Lexicon,
    cache_path,
    compile_words,
    decode_cache,
    load,
    source_sha256,
)

_CHILD = """
import json, sys, time
from pathlib import Path
def rss():
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * 4096
    except (OSError, IndexError, ValueError):
        return 0
start = time.perf_counter()
from harfiyen.lexicon.lexicon import load
imported = time.perf_counter()
rss_before = rss()
lexicon = load(sys.argv[1])
done = time.perf_counter()
print(json.dumps({
    "import": imported - start,
    "load": done - imported,
    "rss": rss() - rss_before,
    "from_cache": lexicon.from_cache,
}))
"""


def median_time(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fresh_process_load(lexicon_id: str, runs: int) -> dict[str, float]:
    """Medians over fresh interpreters: import time, load time, RSS growth of load."""
    results = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, lexicon_id],
            check=True,
            capture_output=True,
            text=True,
            env=os.environ.copy(),
        )
        results.append(json.loads(out.stdout))
    if not all(r["from_cache"] for r in results):
        raise RuntimeError("a fresh process did not load from the disk cache")
    return {key: statistics.median(r[key] for r in results) for key in ("import", "load", "rss")}


def probes(lexicon: Lexicon, words: Sequence[str], count: int) -> list[str]:
    """Half words of the lexicon, half one-letter changes of them (mostly non-words)."""
    rng = random.Random(20240601)
    sample = rng.sample(list(words), min(count // 2, len(words)))
    misses = []
    for word in sample:
        i = rng.randrange(len(word))
        misses.append(word[:i] + rng.choice(lexicon.alphabet) + word[i + 1 :])
    mixed = sample + misses
    rng.shuffle(mixed)
    return mixed


def lookups_per_second(lexicon: Lexicon, mixed: list[str], runs: int) -> float:
    def run() -> None:
        for word in mixed:
            _ = word in lexicon

    return len(mixed) / median_time(run, runs)


def table_walks_per_second(
    table: Sequence[int], encoded: list[tuple[int, ...]], runs: int
) -> float:
    """Words walked per second over ``table`` (list or array), symbols pre-encoded."""

    def run() -> None:
        for seq in encoded:
            node = 0
            for sym in seq:
                node = table[node + sym]
                if node < 0:
                    break

    return len(encoded) / median_time(run, runs)


def bench(lexicon_id: str, runs: int, gaddag: bool) -> dict[str, str]:
    words = wordlists.read_words(lexicon_id)
    language = wordlists.language_of(lexicon_id)
    build_s = median_time(lambda: compile_words(language, words), runs)

    load.cache_clear()
    lexicon = load(lexicon_id)  # writes the disk cache if needed
    path = cache_path(lexicon_id, source_sha256(lexicon_id))
    fresh = fresh_process_load(lexicon_id, runs)
    data = path.read_bytes()
    sha = source_sha256(lexicon_id)

    def reload() -> None:
        load.cache_clear()
        load(lexicon_id)

    inproc_s = median_time(reload, runs)

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = decode_cache(data, sha)
    traced = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()

    mixed = probes(lexicon, words, 200_000)
    lookups = lookups_per_second(lexicon, mixed, runs)
    encoded = [seq for seq in (lexicon.encode(w) for w in mixed) if seq is not None]
    as_list = table_walks_per_second(kept.table, encoded, runs)
    as_array = table_walks_per_second(array("i", kept.table), encoded, runs)

    row = {
        "lexicon": lexicon_id,
        "words": f"{len(lexicon):,}",
        "nodes": f"{lexicon.automaton.node_count:,}",
        "edges": f"{lexicon.automaton.edge_count:,}",
        "cache file": f"{len(data) / 1e6:.1f} MB",
        "build": f"{build_s * 1000:.0f} ms",
        "load, fresh process": f"{fresh['load'] * 1000:.0f} ms",
        "  (import of harfiyen.lexicon)": f"{fresh['import'] * 1000:.0f} ms",
        "load, in process": f"{inproc_s * 1000:.0f} ms",
        "memory (tracemalloc)": f"{traced / 1e6:.1f} MB",
        "memory (RSS growth, fresh)": f"{fresh['rss'] / 1e6:.1f} MB",
        "lookups/s (word in lexicon)": f"{lookups:,.0f}",
        "walks/s (list table)": f"{as_list:,.0f}",
        "walks/s (array table)": f"{as_array:,.0f}",
    }
    if gaddag:
        start = time.perf_counter()
        g = build_gaddag(lexicon)
        row["GADDAG build (1 run)"] = f"{time.perf_counter() - start:.1f} s"
        row["GADDAG left nodes"] = f"{g.node_count:,}"
    return row


def print_table(rows: list[dict[str, str]]) -> None:
    keys = list(rows[0])
    width = max(len(k) for k in keys)
    cols = [max(len(r.get(k, "")) for k in keys) for r in rows]
    for key in keys:
        cells = "  ".join(r.get(key, "").rjust(c) for r, c in zip(rows, cols, strict=True))
        print(f"{key.ljust(width)}  {cells}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lexicons", nargs="*", default=list(wordlists.LEXICON_IDS))
    parser.add_argument("--runs", type=int, default=5, help="runs per median (default 5)")
    parser.add_argument("--gaddag", action="store_true", help="also build a GADDAG (slow)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="harfiyen-bench-") as tmp:
        os.environ["HARFIYEN_CACHE_DIR"] = tmp
        rows = [bench(lexicon_id, args.runs, args.gaddag) for lexicon_id in args.lexicons]
    print(f"Python {sys.version.split()[0]}, medians of {args.runs} runs")
    print_table(rows)


if __name__ == "__main__":
    main()
