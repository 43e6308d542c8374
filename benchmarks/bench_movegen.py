"""Move-generation benchmark over the fixed mid-game positions in ``benchmarks/positions/``.

    .venv/bin/python benchmarks/bench_movegen.py [--repeat 3] [--lang tr en] [--limit N]

For each language and position (CGP from ``scripts/make_positions.py``) it times:

* ``all, no blank``: every play of the position's rack with each blank replaced by
  a common letter (``E``/``A``), as compact records (``MoveGenerator.generate``);
* ``all, blanks``: the rack with one tile turned into a blank when it has none;
* ``+Move objects``: the same as ``all, no blank`` but building ``Move`` objects
  (placements, GCG text) and sorting them;
* ``best only``: the single best play with the anchor upper-bound pruning;
* ``setup``: building the scratch board (all cross-checks) from the CGP board,
  which a game does incrementally instead.

Each time is the minimum of ``--repeat`` runs of that position; the table gives the
median and the 95th percentile over positions, moves per second (total plays /
total time) and the automaton's memory.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.games.crossword.notation.cgp import parse_cgp
from harfiyen.games.crossword.notation.coords import parse_square_name
from harfiyen.games.crossword.rules import BLANK, DEFAULT_LEXICON, ruleset
from harfiyen.lexicon.gaddag import dawg_bytes
from harfiyen.lexicon.lexicon import load

HERE = Path(__file__).resolve().parent
COMMON = {"tr": "A", "en": "E"}


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000.0, result


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def bench(lang: str, repeat: int, limit: int | None) -> list[tuple[str, ...]]:
    rules = ruleset(lang)
    lexicon = load(DEFAULT_LEXICON[rules.family])
    start = time.perf_counter()
    gen = MoveGenerator(lexicon, rules)
    load_ms = (time.perf_counter() - start) * 1000
    lines = (HERE / "positions" / f"{lang}.cgp").read_text(encoding="utf-8").splitlines()
    if limit:
        lines = lines[:limit]
    rows: dict[str, list[float]] = {
        k: [] for k in ("setup", "plain", "blank", "objects", "best")
    }
    counts = {"plain": 0, "blank": 0}
    gc.collect()
    for line in lines:
        position = parse_cgp(line)
        rack = position.racks[0]
        plain = rack.replace(BLANK, COMMON[lang])
        blanked = rack if BLANK in rack else BLANK + rack[1:]
        bonus = parse_square_name(position.bonus25) if position.bonus25 else None
        ms, scratch = timed(lambda: gen.scratch(position.board), repeat)  # noqa: B023
        rows["setup"].append(ms)
        ms, found = timed(lambda: gen.generate(scratch, plain, bonus), repeat)  # noqa: B023
        rows["plain"].append(ms)
        counts["plain"] += len(found)  # type: ignore[arg-type]
        ms, found = timed(lambda: gen.generate(scratch, blanked, bonus), repeat)  # noqa: B023
        rows["blank"].append(ms)
        counts["blank"] += len(found)  # type: ignore[arg-type]
        ms, _ = timed(lambda: gen.moves(scratch, plain, bonus), repeat)  # noqa: B023
        rows["objects"].append(ms)
        ms, _ = timed(lambda: gen.best_records(scratch, plain, 1, bonus), repeat)  # noqa: B023
        rows["best"].append(ms)
    g = gen.gaddag
    out = [
        (lang, "positions", str(len(lines)), ""),
        (lang, "automaton load (cached)", f"{load_ms:.0f} ms", ""),
        (
            lang, "left automaton",
            f"{g.node_count:,} nodes / {g.edge_count:,} edges",
            f"{g.memory_bytes() / 1e6:.1f} MB",
        ),
        (lang, "DAWG table (the lexicon's)", "", f"{dawg_bytes(lexicon.automaton) / 1e6:.1f} MB"),
    ]
    labels = {
        "plain": "all moves, no blank",
        "blank": "all moves, with blank",
        "objects": "all moves as Move objects, no blank",
        "best": "best move only, no blank",
        "setup": "scratch board from CGP (cross-checks)",
    }
    for key in ("plain", "blank", "objects", "best", "setup"):
        values = rows[key]
        extra = ""
        if key in counts:
            total_s = sum(values) / 1000
            extra = (
                f"{counts[key] / len(values):.0f} moves avg, "
                f"{counts[key] / total_s:,.0f} moves/s"
            )
        out.append(
            (
                lang, labels[key],
                f"median {statistics.median(values):.2f} ms, p95 {p95(values):.2f} ms",
                extra,
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Move generation benchmark")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lang", nargs="*", default=["tr", "en"])
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    table: list[tuple[str, ...]] = []
    for lang in args.lang:
        table.extend(bench(lang, args.repeat, args.limit))
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


if __name__ == "__main__":
    main()
