"""Whole-game analysis: time per record, and the server's move latency while analyses run.

Run: ``.venv/bin/python benchmarks/bench_analysis.py [--records DIR] [--limit N]
[--moves N]``

1. Analyses every GCG record in ``--records`` (default ``../shared/testdata/gcg``)
   in this process, as a worker process does, and reports the p50/p95 time of a
   whole game (records that cannot be analysed are counted apart). A warm-up
   analysis loads the lexicon, the move generator and the leave values first.
2. Starts the real server (uvicorn, a temporary SQLite database) and has two
   players play moves over HTTP, timing each ``POST /api/matches/{id}/moves``:
   first with nothing else running, then while the records are uploaded for
   analysis one after another (``POST /api/analyses``), so a worker process is
   busy the whole time. The event loop never waits for the analysis: the two
   latencies should be alike.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from harfiyen.games.crossword.notation.gcg import decode_gcg, parse_gcg

DEFAULT_RECORDS = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "gcg"
PASSWORD = "correct horse battery"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def records(folder: Path, limit: int | None) -> list[tuple[str, str]]:
    out = []
    for path in sorted(folder.glob("*.gcg"))[:limit]:
        out.append((path.name, decode_gcg(path.read_bytes())))
    return out


def analysis_times(texts: list[tuple[str, str]]) -> None:
    from harfiyen.ai.crossword.analysis import analyze

    analyze(parse_gcg(texts[0][1]))  # warm-up: lexicon, automata, leave values
    times: list[float] = []
    turns: list[int] = []
    failed = 0
    for _, text in texts:
        started = time.perf_counter()
        try:
            result = analyze(parse_gcg(text))
        except Exception:
            failed += 1
            continue
        times.append(time.perf_counter() - started)
        turns.append(len(result.turns))
    print(f"whole-game analysis: {len(times)} records ({failed} could not be analysed), "
          f"{statistics.mean(turns):.1f} turns on average")
    p50, p95 = percentile(times, .5) * 1000, percentile(times, .95) * 1000
    print(f"  p50 {p50:7.0f} ms   p95 {p95:7.0f} ms"
          f"   max {max(times) * 1000:7.0f} ms   total {sum(times):.1f} s")


# --- the server ---------------------------------------------------------------------------


def start_server() -> tuple[str, Any]:
    from harfiyen.server.app import create_app
    from harfiyen.server.local import serve_in_thread
    from harfiyen.server.settings import Settings

    folder = Path(tempfile.mkdtemp(prefix="harfiyen-bench-"))
    settings = Settings(env="test", database_url=f"sqlite+aiosqlite:///{folder}/bench.sqlite3")
    local = serve_in_thread(create_app(settings))
    return local.url, local.server


def client(url: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=url, timeout=60)
    response = http.post("/api/auth/register", json={"username": name, "password": PASSWORD})
    response.raise_for_status()
    http.headers["X-CSRF-Token"] = http.cookies["harfiyen_csrf"]
    return http


_GENERATORS: dict[str, Any] = {}


def best_move(view: dict[str, Any]) -> dict[str, Any]:
    """The highest-scoring play of the seat's rack (found before the timed request)."""
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.games import crossword as cw
    from harfiyen.games.crossword.board import Board, Placement
    from harfiyen.lexicon.lexicon import load

    family = view["rules"].split("@")[0]
    if family not in _GENERATORS:
        _GENERATORS[family] = MoveGenerator(load(view["lexicon"]), cw.ruleset(family))
    gen = _GENERATORS[family]
    board = Board().with_tiles([
        Placement(cw.parse_square(t["square"]), t["letter"], t["blank"]) for t in view["board"]
    ])
    bonus = cw.parse_square(view["bonus_square"]) if view["bonus_square"] \
        and not view["bonus_square_used"] else None
    found = gen.best(gen.scratch(board), view["rack"], 1, bonus)
    if not found:
        return {"kind": "pass"}
    return {"kind": "play", "tiles": [
        {"square": cw.square_name(p.square), "letter": p.letter, "blank": p.blank}
        for p in found[0].placements
    ]}


class Table:
    """Two players in Turkish matches, moving over HTTP (best plays, found beforehand)."""

    def __init__(self, url: str) -> None:
        stamp = str(int(time.time() * 1000))[-7:]
        self.players = [client(url, f"bench_a{stamp}"), client(url, f"bench_b{stamp}")]
        self.match: int | None = None

    def new_match(self) -> None:
        a, b = self.players
        other = b.get("/api/me").json()["user"]["username"]
        created = a.post("/api/matches", json={"options": {"rules": "tr"}, "opponent": other})
        created.raise_for_status()
        self.match = created.json()["match"]["id"]
        code = created.json()["invite"]["code"]
        b.post(f"/api/invites/{code}/accept").raise_for_status()

    def timed_move(self) -> float:
        if self.match is None:
            self.new_match()
        for http in self.players:
            view = http.get(f"/api/matches/{self.match}").json()["match"]["view"]
            if view["outcome"] is not None:
                self.new_match()
                return self.timed_move()
            if view["to_move"] == view["seat"]:
                move = best_move(view)
                started = time.perf_counter()
                response = http.post(f"/api/matches/{self.match}/moves", json={"move": move})
                took = time.perf_counter() - started
                response.raise_for_status()
                return took
        raise RuntimeError("nobody to move")


def latency(url: str, texts: list[tuple[str, str]], moves: int) -> None:
    table = Table(url)
    table.timed_move()  # warm-up: lexicon and state cache
    quiet = [table.timed_move() for _ in range(moves)]
    uploader = client(url, f"bench_u{str(int(time.time() * 1000))[-7:]}")
    stop = threading.Event()
    started_analyses: list[str] = []

    def keep_analysing() -> None:
        for name, text in texts:
            if stop.is_set():
                return
            got = uploader.post("/api/analyses", json={"gcg": text}).json()
            key = got.get("analysis", {}).get("key")
            if not key:
                continue
            started_analyses.append(name)
            while not stop.is_set():
                status = uploader.get(f"/api/analyses/{key}").json()["analysis"]["status"]
                if status != "running":
                    break
                time.sleep(0.2)

    worker = threading.Thread(target=keep_analysing, daemon=True)
    worker.start()
    time.sleep(1.0)  # the worker process starts and takes its first record
    busy = [table.timed_move() for _ in range(moves)]
    stop.set()
    worker.join(timeout=60)
    for label, values in (("no analysis running", quiet), ("analyses running", busy)):
        print(f"  move latency, {label:20s}: p50 {percentile(values, .5) * 1000:6.1f} ms"
              f"   p95 {percentile(values, .95) * 1000:6.1f} ms   ({len(values)} moves)")
    print(f"  records analysed meanwhile: {len(started_analyses)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=Path, default=DEFAULT_RECORDS)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--skip-times", action="store_true")
    args = parser.parse_args()
    texts = records(args.records, args.limit)
    if not args.skip_times:
        analysis_times(texts)
    url, server = start_server()
    try:
        print("server move latency:")
        latency(url, texts, args.moves)
    finally:
        server.should_exit = True


if __name__ == "__main__":
    main()
