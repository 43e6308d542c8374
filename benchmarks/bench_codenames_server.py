"""Benchmark Kelime Casusu AI seats in the server: clue time (first and warm) and process memory.

Run: ``python benchmarks/bench_codenames_server.py [--lang tr en] [--clues N] [--vocab N]
[--cold-cache]``

One server process (uvicorn, SQLite in a temporary folder) plays solo Kelime Casusu
matches whose two seats are AI seats (spymaster and guesser, seated as a room's start
seats them), one language after the other, until ``--clues`` AI clues per language are
given. A spectator connection (in the same process) watches each match. Reported per
language:

- ``first_clue_s``: the first clue of the language, from the start of its first
  match to the clue's event reaching the spectator. For the first language this is
  the first clue after the server started: it includes loading the models (the
  runner starts loading them in a thread when it sees the match) from the disk cache;
  ``--cold-cache`` uses a fresh cache folder, so the one-time build is included too.
- ``first_match_cpu_s``: the CPU time the process used from the first match's
  creation to its first clue, every thread (what the first clue would take on an
  idle core; the wall time above grows with the machine's load).
- ``warm_clue_ms`` p50/p95: every later clue, from the event that ended the previous
  turn (or the start of a new match) to the clue's event at the spectator: the whole
  server path (read the match, build the spymaster's view, choose off the event loop,
  submit, commit, publish).
- ``ai_choose_ms`` p50/p95: of the same clues, the time the AI itself took (the bot
  runner's own timings).

And for the process: RSS after each language's first clue and at the end (both
languages' models loaded), the peak RSS, and the process age at the first clue.
The client shares the process, so the RSS is an upper bound for the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SOLO = [["red", "spymaster"], ["red", "guesser"]]


def _rss_mb() -> float:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _process_age() -> float:
    """Seconds since this process started (from /proc)."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, IndexError, ValueError):
        return float("nan")
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


def _cpu_seconds() -> float:
    """User and system CPU time of this process so far (every thread)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary_ms(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"p50": round(1000 * statistics.median(values), 1),
            "p95": round(1000 * _percentile(values, 0.95), 1), "n": len(values)}


async def _start_server(folder: str) -> Any:
    from harfiyen.server.app import create_app
    from harfiyen.server.db import make_engine
    from harfiyen.server.local import serve_here
    from harfiyen.server.migrate import upgrade
    from harfiyen.server.settings import Settings

    url = f"sqlite+aiosqlite:///{folder}/bench.sqlite3"
    engine = make_engine(url)
    await upgrade(engine)
    await engine.dispose()
    # AI tables alone, played at their own speed (not at a watcher's pace).
    settings = Settings(env="test", database_url=url, redis_url=None,
                        accounts_per_address="100000 per minute", ai_table_pace_seconds=0)
    app = create_app(settings, auto_migrate=False)
    return app, await serve_here(app)


async def _ai_match(app: Any, host_name: str, lang: str) -> tuple[int, list[tuple[int, int]]]:
    """A waiting solo match and the AI users for its two seats."""
    from sqlalchemy import select

    from harfiyen.games.codenames.packs import load_pack
    from harfiyen.server.bot_users import bot_user
    from harfiyen.server.models import User

    service = app.state.service
    options = {"words": list(load_pack(lang)), "language": lang, "seats": SOLO, "solo": True}
    async with service.sessions() as db, db.begin():
        host = (await db.execute(select(User).where(User.username == host_name))).scalar_one()
        seating = [(seat, (await bot_user(db, "ai", seat + 1)).id) for seat in range(2)]
    match, _ = await service.create(host, "codenames", options, False, {}, quiet=True)
    return int(match.id), seating


async def _start(app: Any, match_id: int, seating: list[tuple[int, int]]) -> float:
    """Start the match with the seats as given (as a room does); the time of the start."""
    from harfiyen.server.match.after_commit import AfterCommit
    from harfiyen.server.models import Match

    service = app.state.service
    async with service.writing(match_id) as db:
        row = await db.get(Match, match_id)
        written = await service.start_seated(db, row, seating)
    started = time.perf_counter()
    await service.run_after_commit(AfterCommit(row, written))
    return started


async def _watch(sock: Any, match_id: int, started: float, clue_times: list[float],
                 limit: int) -> None:
    """Follow a match until it ends or ``limit`` clues are timed: each clue's delay after the
    event that let the spymaster act (the start, or the previous turn's end)."""
    since = started
    while True:
        frame = await sock.wait_for(lambda f: f.get("match") == match_id
                                    and f.get("type") in ("event", "state", "sync"), 120)
        now = time.perf_counter()
        if frame["type"] == "event":
            kind = frame["event"]["kind"]
            if kind == "clue_given":
                clue_times.append(now - since)
                if len(clue_times) >= limit:
                    return
            elif kind == "turn_ended":
                since = now
            elif kind == "game_ended":
                return
        elif frame.get("status") == "finished":
            return


async def bench(langs: list[str], clues: int) -> dict[str, Any]:
    from harfiyen.client import HarfiyenClient

    with tempfile.TemporaryDirectory() as folder:
        app, local = await _start_server(folder)
        url = local.url
        runner = app.state.bots
        results = []
        first_clue_age = None
        async with HarfiyenClient(url) as client:
            await client.register("bench_host", "correct horse battery", "tr")
            sock = await client.connect(keep_frames=True)
            for lang in langs:
                times: list[float] = []
                matches: list[int] = []
                first: float | None = None
                rss_first = first_cpu = None
                cpu_before = _cpu_seconds()
                while len(times) < clues + 1:
                    match_id, seating = await _ai_match(app, "bench_host", lang)
                    matches.append(match_id)
                    await sock.subscribe(match_id)  # before the start: no event is missed
                    started = await _start(app, match_id, seating)
                    await _watch(sock, match_id, started, times, clues + 1)
                    if first is None and times:
                        first = times[0]
                        first_cpu = _cpu_seconds() - cpu_before
                        rss_first = _rss_mb()
                        if first_clue_age is None:
                            first_clue_age = _process_age()
                    with contextlib.suppress(Exception):  # a match cut at the clue limit
                        await app.state.service.submit(seating[0][1], match_id,
                                                       {"kind": "resign"})
                chosen = [t.seconds for t in runner.timings
                          if t.match_id in matches and t.kind == "clue"]
                results.append({
                    "lang": lang,
                    "matches": len(matches),
                    "first_clue_s": None if first is None else round(first, 2),
                    "first_match_cpu_s": None if first_cpu is None else round(first_cpu, 2),
                    "rss_after_first_clue_mb": None if rss_first is None else round(rss_first),
                    "warm_clue_ms": _summary_ms(times[1:]),
                    "ai_choose_ms": _summary_ms(chosen[1:]),
                    "fallbacks": sum(1 for t in runner.timings
                                     if t.match_id in matches and t.fallback),
                })
            await sock.close()
        out = {
            "results": results,
            "first_clue_process_age_s": None if first_clue_age is None
            else round(first_clue_age, 2),
            "rss_end_mb": round(_rss_mb()),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "vocabulary": os.environ.get("HARFIYEN_CODENAMES_VOCAB") or "full",
        }
        await local.stop()
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lang", nargs="+", default=["tr", "en"], choices=["tr", "en"])
    parser.add_argument("--clues", type=int, default=40, help="warm clues timed per language")
    parser.add_argument("--vocab", type=int, default=None, help="keep the N most common clues")
    parser.add_argument("--cold-cache", action="store_true",
                        help="a fresh cache folder: the models' caches are built first")
    args = parser.parse_args()
    if args.vocab:
        os.environ["HARFIYEN_CODENAMES_VOCAB"] = str(args.vocab)
    with tempfile.TemporaryDirectory() as cache:
        if args.cold_cache:
            os.environ["HARFIYEN_CACHE_DIR"] = cache
        out = asyncio.run(bench(args.lang, args.clues))
    json.dump(out, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
