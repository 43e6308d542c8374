"""Benchmark Harf Takıl AI teammates in the server: decision time per kind of move.

Run: ``python benchmarks/bench_letterjam_server.py [--games N] [--players 2 4 6] [--lang tr]``

One server process (uvicorn, SQLite in a temporary folder) plays whole Harf Takıl matches
whose every seat is an AI teammate (seated as a room's start seats them), one after the
other, for each table size. The bot runner times every AI choice (building nothing: the
seat's view is built before, the move is submitted after). Reported per kind of move
(``offer``, ``vote``, ``clue``, ``move_on``, ``name_bonus``, ``agree_end``, ``arrange``,
``withdraw``): p50/p95/max in milliseconds and the count, the fallbacks used, and per
match the wall time and the number of events. Target: p95 ≤ 1 s per decision.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from typing import Any


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary_ms(values: list[float]) -> dict[str, float]:
    return {"p50": round(1000 * statistics.median(values), 1),
            "p95": round(1000 * _percentile(values, 0.95), 1),
            "max": round(1000 * max(values), 1), "n": len(values)}


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
    # Whole games of AIs alone, played at their own speed (not at a watcher's pace).
    settings = Settings(env="test", database_url=url, redis_url=None,
                        accounts_per_address="100000 per minute", ai_table_pace_seconds=0)
    app = create_app(settings, auto_migrate=False)
    return app, await serve_here(app)


async def _play(app: Any, host_id: int, players: int, lang: str) -> tuple[float, int]:
    """One all-AI match to its end; its wall time and number of events."""
    from sqlalchemy import select

    from harfiyen.server.bot_users import bot_user
    from harfiyen.server.match.after_commit import AfterCommit
    from harfiyen.server.models import Match, User

    service = app.state.service
    async with service.sessions() as db, db.begin():
        host = (await db.execute(select(User).where(User.id == host_id))).scalar_one()
        seating = [(seat, (await bot_user(db, "ai", seat + 1)).id) for seat in range(players)]
    match, _ = await service.create(host, "letterjam", {"language": lang, "players": players},
                                    False, {}, quiet=True)
    started = time.perf_counter()
    async with service.writing(match.id) as db:
        row = await db.get(Match, match.id)
        written = await service.start_seated(db, row, seating)
    await service.run_after_commit(AfterCommit(row, written))
    while True:
        async with service.sessions() as db:
            row = await db.get(Match, match.id)
            if row.status != "active":
                return time.perf_counter() - started, int(row.last_seq)
        await asyncio.sleep(0.05)


async def main(games: int, sizes: list[int], lang: str) -> dict[str, Any]:
    from harfiyen.server.models import User

    with tempfile.TemporaryDirectory() as folder:
        app, local = await _start_server(folder)
        try:
            service = app.state.service
            async with service.sessions() as db, db.begin():
                host = User(username="benchhost", display_name="Bench", password_hash=None,
                            is_guest=False, preferences={"language": lang})
                db.add(host)
                await db.flush()
                host_id = host.id
            report: dict[str, Any] = {"language": lang, "tables": {}}
            for players in sizes:
                app.state.bots.timings.clear()
                matches = [await _play(app, host_id, players, lang) for _ in range(games)]
                timings = [t for t in app.state.bots.timings if t.game == "letterjam"]
                kinds: dict[str, list[float]] = {}
                for t in timings:
                    kinds.setdefault(t.kind, []).append(t.seconds)
                every = [t.seconds for t in timings]
                report["tables"][str(players)] = {
                    "matches": len(matches),
                    "match_wall_s": [round(w, 1) for w, _ in matches],
                    "events": [n for _, n in matches],
                    "fallbacks": sum(t.fallback for t in timings),
                    "all": _summary_ms(every) if every else {},
                    "by_kind": {k: _summary_ms(v) for k, v in sorted(kinds.items())},
                }
            return report
        finally:
            await local.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--lang", default="tr", choices=["tr", "en"])
    args = parser.parse_args()
    json.dump(asyncio.run(main(args.games, args.players, args.lang)), sys.stdout, indent=1,
              ensure_ascii=False)
    print()
