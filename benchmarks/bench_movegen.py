"""Move-generation benchmark over the fixed mid-game positions in ``benchmarks/positions/``.

    .venv/bin/python benchmarks/bench_movegen.py [--repeat 3] [--lang tr en] [--limit N]
        [--impl compiled pure]

Each measure is taken in one run for each implementation of the search (``--impl``):
``compiled`` (the C core, when it is built) and ``pure`` (the pure-Python search),
side by side, with the speed-up of the first over the second. For each language and
position (CGP from ``scripts/make_positions.py``) it times:

* ``all, no blank``: every play of the position's rack with each blank replaced by
  a common letter (``E``/``A``), as compact records (``MoveGenerator.generate``);
* ``all, blanks``: the rack with one tile turned into a blank when it has none;
* ``+Move objects``: the same as ``all, no blank`` but building ``Move`` objects
  (placements, GCG text) and sorting them;
* ``best only``: the single best play with the anchor upper-bound pruning;
* ``setup``: building the scratch board (all cross-checks) from the CGP board,
  which a game does incrementally instead.

The generator set-up of ``compiled`` copies the automata into C arrays (once per
lexicon and process). A run stops if the implementations disagree on a position.

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

from harfiyen.ai.crossword.movegen import MoveGenerator, compiled_available
from harfiyen.games.crossword.notation.cgp import parse_cgp
from harfiyen.games.crossword.notation.coords import parse_square_name
from harfiyen.games.crossword.rules import BLANK, DEFAULT_LEXICON, ruleset
from harfiyen.lexicon.gaddag import dawg_bytes, gaddag
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


def bench(lang: str, repeat: int, limit: int | None, impls: list[str]) -> list[tuple[str, ...]]:
    rules = ruleset(lang)
    lexicon = load(DEFAULT_LEXICON[rules.family])
    start = time.perf_counter()
    gaddag(lexicon)
    load_ms = {"automaton": (time.perf_counter() - start) * 1000}
    gens: dict[str, MoveGenerator] = {}
    for impl in impls:
        start = time.perf_counter()
        gens[impl] = MoveGenerator(lexicon, rules, compiled=impl == "compiled")
        load_ms[impl] = (time.perf_counter() - start) * 1000
    lines = (HERE / "positions" / f"{lang}.cgp").read_text(encoding="utf-8").splitlines()
    if limit:
        lines = lines[:limit]
    keys = ("setup", "plain", "blank", "objects", "best")
    rows: dict[tuple[str, str], list[float]] = {(impl, k): [] for impl in impls for k in keys}
    counts = {"plain": 0, "blank": 0}
    gc.collect()
    for line in lines:
        position = parse_cgp(line)
        rack = position.racks[0]
        plain = rack.replace(BLANK, COMMON[lang])
        blanked = rack if BLANK in rack else BLANK + rack[1:]
        bonus = parse_square_name(position.bonus25) if position.bonus25 else None
        found_by: dict[str, object] = {}
        for impl, gen in gens.items():
            ms, scratch = timed(lambda: gen.scratch(position.board), repeat)  # noqa: B023
            rows[impl, "setup"].append(ms)
            ms, found = timed(lambda: gen.generate(scratch, plain, bonus), repeat)  # noqa: B023
            rows[impl, "plain"].append(ms)
            if impl == impls[0]:
                counts["plain"] += len(found)  # type: ignore[arg-type]
            ms, found_blank = timed(
                lambda: gen.generate(scratch, blanked, bonus), repeat  # noqa: B023
            )
            rows[impl, "blank"].append(ms)
            if impl == impls[0]:
                counts["blank"] += len(found_blank)  # type: ignore[arg-type]
            found_by[impl] = (found, found_blank)
            ms, _ = timed(lambda: gen.moves(scratch, plain, bonus), repeat)  # noqa: B023
            rows[impl, "objects"].append(ms)
            ms, _ = timed(lambda: gen.best_records(scratch, plain, 1, bonus), repeat)  # noqa: B023
            rows[impl, "best"].append(ms)
        if len({repr(v) for v in found_by.values()}) > 1:
            raise SystemExit(f"the implementations disagree on {line}")
    g = next(iter(gens.values())).gaddag
    out = [
        (lang, "positions", str(len(lines)), ""),
        (lang, "automaton load (cached)", f"{load_ms['automaton']:.0f} ms", ""),
        *(
            (lang, f"generator set-up [{impl}]", f"{load_ms[impl]:.0f} ms", "")
            for impl in impls
        ),
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
        medians = {impl: statistics.median(rows[impl, key]) for impl in impls}
        for impl in impls:
            values = rows[impl, key]
            extra = ""
            if key in counts:
                total_s = sum(values) / 1000
                extra = (
                    f"{counts[key] / len(values):.0f} moves avg, "
                    f"{counts[key] / total_s:,.0f} moves/s"
                )
            # The scratch board is built by the same Python code for both.
            if impl != impls[-1] and medians[impl] > 0 and key != "setup":
                speedup = medians[impls[-1]] / medians[impl]
                extra += f"{', ' if extra else ''}{speedup:.1f}x faster than {impls[-1]}"
            out.append(
                (
                    lang, f"{labels[key]} [{impl}]",
                    f"median {medians[impl]:.3f} ms, p95 {p95(values):.3f} ms",
                    extra,
                )
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Move generation benchmark")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lang", nargs="*", default=["tr", "en"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument(
        "--impl", nargs="*", choices=["compiled", "pure"], default=["compiled", "pure"]
    )
    args = parser.parse_args()
    impls = [i for i in args.impl if i != "compiled" or compiled_available()]
    if impls != args.impl:
        print("the compiled core is not built: pure-Python search only")
    table: list[tuple[str, ...]] = []
    for lang in args.lang:
        table.extend(bench(lang, args.repeat, args.limit, impls))
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


if __name__ == "__main__":
    main()
