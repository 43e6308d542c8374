"""Load generator: real players over websockets against real ``harfiyen serve`` processes.

Run (loopback only; every run is bounded in players, connections and seconds)::

    python benchmarks/load.py sqlite   --pairs 50 --seconds 60
    python benchmarks/load.py postgres --pairs 50 --seconds 60 --processes 2 --spectators 2000
    python benchmarks/load.py pgbench  --seconds 15 --clients 8

``sqlite``/``postgres`` start the server(s) themselves on free loopback ports, with a
fresh database (a temporary SQLite file, or a new PostgreSQL schema that is dropped
afterwards) and, for ``postgres``, a Redis channel prefix of their own. Then
``--pairs`` pairs of guests play real matches (the best-scoring play of the rack, so
plays and not only passes; exchanges or passes only when nothing fits), each pair in
its own match, the two seats on different server processes when there are several;
``--spectators`` extra websocket connections watch the matches. A finished match is
followed by a new one. Games: every game in ``GAMES`` that is online (today the
crossword game, Turkish and English rules alternating).

Reported: connections held at the end (answering a ping), accepted moves per second,
latency from the intent sent to the event received by the opponent (p50/p95/p99)
and to the spectators, errors, and the CPU and memory of the server processes and of
the load client. The load client runs in ``--client-procs`` processes of its own
(``--client-cpus`` pins them, e.g. ``1`` to leave core 0 to the servers).

``pgbench`` measures PostgreSQL's own single-row commit rate (one INSERT per
transaction, ``--clients`` connections) in a schema of its own, so that the server's
rate can be given as a share of what the database itself commits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from harfiyen.client import GameSocket, HarfiyenClient

HARFIYEN = Path(sys.executable).parent / "harfiyen"
PG_URL = os.environ.get("HARFIYEN_TEST_POSTGRES_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("HARFIYEN_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# Hard bounds: this tool never makes a bigger load than this, whatever it is asked.
MAX_PAIRS, MAX_SPECTATORS, MAX_SECONDS = 500, 5000, 600


# --- the games a load player can play ------------------------------------------------------


def _crossword_options(n: int) -> dict[str, Any]:
    return {"rules": "tr" if n % 2 == 0 else "en"}


_GENERATORS: dict[tuple[str, str], Any] = {}


def _generator(family: str, lexicon: str) -> Any:
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.games import crossword as cw
    from harfiyen.lexicon.lexicon import load

    if (family, lexicon) not in _GENERATORS:
        _GENERATORS[(family, lexicon)] = MoveGenerator(load(lexicon), cw.ruleset(family))
    return _GENERATORS[(family, lexicon)]


def _crossword_warm() -> None:
    """Build the move generators before the clock starts (it takes seconds)."""
    _generator("tr", "TR-1")
    _generator("en", "ENABLE-1")


def _crossword_move(view: dict[str, Any]) -> dict[str, Any]:
    """The best-scoring play of the rack; else an exchange (when the bag allows) or a pass."""
    from harfiyen.games import crossword as cw
    from harfiyen.games.crossword.board import Board, Placement

    gen = _generator(view["rules"].split("@")[0], view["lexicon"])
    if view.get("pending") is not None:
        return {"kind": "accept"} if view["pending"].get("seat") != view["seat"] else \
            {"kind": "pass"}
    board = Board().with_tiles([
        Placement(cw.parse_square(t["square"]), t["letter"], t["blank"]) for t in view["board"]
    ])
    bonus = None
    if view.get("bonus_square") and not view.get("bonus_square_used"):
        bonus = cw.parse_square(view["bonus_square"])
    found = gen.best(gen.scratch(board), view["rack"], 1, bonus)
    if found:
        return {"kind": "play", "tiles": [
            {"square": cw.square_name(p.square), "letter": p.letter, "blank": p.blank}
            for p in found[0].placements
        ]}
    return {"kind": "pass"}


@dataclass(frozen=True)
class LoadGame:
    """How the load client plays one online game: its creation options and its moves."""

    options: Callable[[int], dict[str, Any]]
    move: Callable[[dict[str, Any]], dict[str, Any]]
    warm: Callable[[], None]


GAMES: dict[str, LoadGame] = {
    "crossword": LoadGame(_crossword_options, _crossword_move, _crossword_warm),
}


# --- servers ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Deployment:
    """``harfiyen serve`` processes sharing one database (and Redis when several)."""

    kind: str
    processes: int
    env: dict[str, str] = field(default_factory=dict)
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    cleanup: list[Callable[[], None]] = field(default_factory=list)

    def start(self) -> None:
        env = {**os.environ, "HARFIYEN_ENV": "development",
               "HARFIYEN_SECRET_KEY": secrets.token_urlsafe(48),
               "HARFIYEN_ACCOUNTS_PER_ADDRESS": "1000000 per minute",
               "HARFIYEN_DEADLINE_SWEEP_SECONDS": "60", **self.env}
        if self.kind == "sqlite":
            folder = Path(tempfile.mkdtemp(prefix="harfiyen-load-"))
            env["HARFIYEN_DATABASE_URL"] = f"sqlite+aiosqlite:///{folder / 'load.sqlite3'}"
            self.cleanup.append(lambda: shutil.rmtree(folder, ignore_errors=True))
        else:
            schema = f"harfiyen_load_{secrets.token_hex(4)}"
            _psql(f'CREATE SCHEMA "{schema}"')
            self.cleanup.append(lambda: _psql(f'DROP SCHEMA "{schema}" CASCADE'))
            env.update({"HARFIYEN_DATABASE_URL": PG_URL, "HARFIYEN_DATABASE_SCHEMA": schema,
                        "HARFIYEN_REDIS_URL": REDIS_URL,
                        "HARFIYEN_REDIS_PREFIX": f"harfiyen-load-{secrets.token_hex(4)}:"})
            subprocess.run([str(HARFIYEN), "db", "upgrade"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        for _ in range(self.processes):
            port = _free_port()
            proc = subprocess.Popen([str(HARFIYEN), "serve", "--host", "127.0.0.1",
                                     "--port", str(port)], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            self.procs.append(proc)
            self.urls.append(f"http://127.0.0.1:{port}")
        for proc, url in zip(self.procs, self.urls, strict=True):
            _wait_healthy(proc, url)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        for step in reversed(self.cleanup):
            with contextlib.suppress(Exception):
                step()


def _psql(sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


def _wait_healthy(proc: subprocess.Popen[bytes], url: str) -> None:
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "died")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not start")


# --- the players (one client process) --------------------------------------------------------


@dataclass
class Stats:
    accepted: int = 0
    plays: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    spectator_latencies: list[float] = field(default_factory=list)
    games_finished: int = 0
    held: int = 0
    opened: int = 0
    late: bool = False
    cpu_seconds: float = 0.0
    rss_mb: float = 0.0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class Watch:
    """When a frame numbered after ``after`` reaches a socket, record the time since ``t0``."""

    def __init__(self) -> None:
        self.pending: dict[tuple[int, int], tuple[int, float, list[float]]] = {}

    def expect(self, sock: GameSocket, match: int, after: int, t0: float,
               into: list[float]) -> None:
        self.pending[(id(sock), match)] = (after, t0, into)

    def hook(self, sock: GameSocket) -> None:
        def on_frame(frame: dict[str, Any]) -> None:
            if frame.get("type") not in ("event", "state", "sync"):
                return
            key = (id(sock), frame.get("match", -1))
            waiting = self.pending.get(key)
            if waiting is not None and frame["seq"] > waiting[0]:
                waiting[2].append(time.perf_counter() - waiting[1])
                del self.pending[key]

        sock.on_frame = on_frame


async def _guest(url: str) -> HarfiyenClient:
    client = HarfiyenClient(url)
    for attempt in range(20):
        try:
            await client.guest()
            return client
        except Exception:
            await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError("could not make a guest")


async def _pair_loop(n: int, urls: list[str], game: str, start_at: float, stop_at: float,
                     stats: Stats, watch: Watch, matches: list[int],
                     spectators: dict[int, list[GameSocket]]) -> None:
    spec = GAMES[game]
    one, two = urls[n % len(urls)], urls[(n + 1) % len(urls)]
    a, b = await _guest(one), await _guest(two)
    sockets: dict[int, GameSocket] = {}
    try:
        socks = [await a.connect(keep_frames=False), await b.connect(keep_frames=False)]
        stats.opened += 2
        for sock in socks:
            watch.hook(sock)
        first = True
        while time.time() < stop_at:
            created = await a.create_match(spec.options(n), game=game)
            match_id = created["match"]["id"]
            await b.accept(created["invite"]["code"])
            sockets = {}
            for sock in socks:
                sockets[(await sock.subscribe(match_id))["seat"]] = sock
            for sock in socks:
                await sock.wait_seq(match_id, 1, timeout=30)
            matches.append(match_id)
            if first:
                first = False
                while time.time() < start_at:  # every pair starts together
                    await asyncio.sleep(0.05)
            last = max(s.view_seq.get(match_id, 0) for s in socks)
            while time.time() < stop_at:
                view = sockets[0].views[match_id]
                if view.get("outcome") is not None or sockets[0].status.get(match_id) != "active":
                    stats.games_finished += 1
                    break
                seat = view["to_move"]
                mover, other = sockets[seat], sockets[1 - seat]
                move = spec.move(mover.views[match_id])
                t0 = time.perf_counter()
                watch.expect(other, match_id, last, t0, stats.latencies)
                for watcher in spectators.get(match_id, []):
                    watch.expect(watcher, match_id, last, t0, stats.spectator_latencies)
                reply = await mover.move(match_id, move)
                if reply["type"] != "ack":
                    stats.error(str(reply.get("code")))
                    if reply.get("code") not in ("server.busy", "server.unavailable"):
                        reply = await mover.move(match_id, {"kind": "pass"})
                    if reply["type"] != "ack":
                        await asyncio.sleep(0.2)
                        continue
                stats.accepted += 1
                stats.plays += move["kind"] == "play"
                last = int(reply["seq"])
                for sock in socks:
                    await sock.wait_seq(match_id, last, timeout=30)
            for sock in socks:
                await sock.send({"type": "unsubscribe", "match": match_id})
    except Exception as error:
        stats.error(type(error).__name__)
    finally:
        for client in (a, b):
            await client.close()


async def _spectate(url: str, count: int, matches: list[int], stats: Stats,
                    watch: Watch, spectators: dict[int, list[GameSocket]],
                    sockets: list[GameSocket]) -> None:
    """``count`` websocket connections of a few guests, each watching one live match."""
    per_user = 100
    for first in range(0, count, per_user):
        client = await _guest(url)
        for _ in range(min(per_user, count - first)):
            try:
                sock = await client.connect(keep_frames=False)
            except Exception as error:
                stats.error(f"connect:{type(error).__name__}")
                continue
            stats.opened += 1
            watch.hook(sock)
            sockets.append(sock)
            if matches:
                match_id = random.choice(matches)
                ack = await sock.subscribe(match_id)
                if ack["type"] == "ack":
                    spectators.setdefault(match_id, []).append(sock)


async def _held(sockets: list[GameSocket]) -> int:
    async def alive(sock: GameSocket) -> bool:
        try:
            return (await sock.reply_to({"type": "ping"}, timeout=15))["type"] == "pong"
        except Exception:
            return False

    return sum(await asyncio.gather(*(alive(s) for s in sockets)))


async def _client(job: dict[str, Any]) -> Stats:
    stats, watch = Stats(), Watch()
    matches: list[int] = []
    spectators: dict[int, list[GameSocket]] = {}
    watchers: list[GameSocket] = []
    urls = job["urls"]
    games = list(GAMES)
    pairs = [asyncio.create_task(_pair_loop(n, urls, games[n % len(games)], job["start_at"],
                                            job["stop_at"], stats, watch, matches, spectators))
             for n in job["pairs"]]
    while len(matches) < len(pairs) and time.time() < job["start_at"]:
        await asyncio.sleep(0.1)
    per_server = job["spectators"] // len(urls)
    await asyncio.gather(*(
        _spectate(url, per_server + (i < job["spectators"] % len(urls)), matches, stats, watch,
                  spectators, watchers)
        for i, url in enumerate(urls)
    ))
    stats.late = time.time() > job["start_at"]
    cpu0 = time.process_time()
    await asyncio.gather(*pairs)
    stats.cpu_seconds = time.process_time() - cpu0
    stats.held = await _held(watchers) + 2 * len(pairs)  # the players' sockets played on
    stats.rss_mb = _proc_rss_mb(os.getpid())
    for sock in watchers:
        with contextlib.suppress(Exception):
            await sock.close()
    return stats


def _client_process(job: dict[str, Any]) -> dict[str, Any]:
    if job.get("cpus"):
        os.sched_setaffinity(0, job["cpus"])
    for game in GAMES.values():
        game.warm()
    return asyncio.run(_client(job)).__dict__


# --- the run ---------------------------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run_load(args: argparse.Namespace) -> dict[str, Any]:
    pairs = min(args.pairs, MAX_PAIRS)
    spectators = min(args.spectators, MAX_SPECTATORS)
    seconds = min(args.seconds, MAX_SECONDS)
    processes = 1 if args.mode == "sqlite" else args.processes
    deployment = Deployment(args.mode, processes)
    deployment.start()
    try:
        setup = args.setup_seconds or (8 + pairs * 0.15 + spectators * 0.01)
        start_at = time.time() + setup
        stop_at = start_at + seconds
        cpus = [int(c) for c in args.client_cpus.split(",")] if args.client_cpus else None
        jobs = [{"urls": deployment.urls, "pairs": list(range(k, pairs, args.client_procs)),
                 "spectators": spectators // args.client_procs
                 + (k < spectators % args.client_procs),
                 "start_at": start_at, "stop_at": stop_at, "cpus": cpus}
                for k in range(args.client_procs)]
        pids = [p.pid for p in deployment.procs]
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.client_procs) as pool:
            pending = pool.map_async(_client_process, jobs)
            while time.time() < start_at:
                time.sleep(0.2)
            cpu0 = {pid: _proc_cpu_seconds(pid) for pid in pids}
            peak = dict.fromkeys(pids, 0.0)
            while time.time() < stop_at:
                for pid in pids:
                    peak[pid] = max(peak[pid], _proc_rss_mb(pid))
                time.sleep(1.0)
            cpu = {pid: _proc_cpu_seconds(pid) - cpu0[pid] for pid in pids}
            results = pending.get(timeout=seconds + setup + 120)
    finally:
        deployment.stop()
    latencies = [x for r in results for x in r["latencies"]]
    watching = [x for r in results for x in r["spectator_latencies"]]
    errors: dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    accepted = sum(r["accepted"] for r in results)
    return {
        "mode": args.mode, "processes": processes, "pairs": pairs, "spectators": spectators,
        "seconds": seconds, "connections_opened": sum(r["opened"] for r in results),
        "connections_held": sum(r["held"] for r in results),
        "accepted_moves": accepted, "plays": sum(r["plays"] for r in results),
        "moves_per_second": round(accepted / seconds, 1),
        "latency_ms": {q: round(1000 * _percentile(latencies, v), 1)
                       for q, v in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))},
        "spectator_latency_ms": {q: round(1000 * _percentile(watching, v), 1)
                                 for q, v in (("p50", 0.5), ("p99", 0.99))},
        "errors": errors, "games_finished": sum(r["games_finished"] for r in results),
        "late_start": any(r["late"] for r in results),
        "server_cpu_cores": [round(cpu[p] / seconds, 2) for p in pids],
        "server_peak_rss_mb": [round(peak[p]) for p in pids],
        "client_cpu_cores": round(sum(r["cpu_seconds"] for r in results) / seconds, 2),
        "client_rss_mb": [round(r["rss_mb"]) for r in results],
    }


def run_pgbench(args: argparse.Namespace) -> dict[str, Any]:
    """PostgreSQL's single-row commit rate: one INSERT per transaction."""
    schema = f"harfiyen_pgbench_{secrets.token_hex(4)}"
    _psql(f'CREATE SCHEMA "{schema}"; CREATE TABLE "{schema}".one_row '
          "(id bigserial PRIMARY KEY, v integer NOT NULL)")
    script = Path(tempfile.mkstemp(suffix=".sql")[1])
    script.write_text("\\set v random(1, 1000000)\nINSERT INTO one_row (v) VALUES (:v);\n")
    try:
        binary = shutil.which("pgbench") or "/usr/lib/postgresql/15/bin/pgbench"
        out = subprocess.run(
            [binary, "-n", "-h", "127.0.0.1", "-U", "postgres", "-c", str(args.clients),
             "-j", "2", "-T", str(min(args.seconds, MAX_SECONDS)), "-f", str(script), "test"],
            env={**os.environ, "PGOPTIONS": f"-c search_path={schema}"},
            capture_output=True, text=True, check=True,
        ).stdout
    finally:
        script.unlink()
        _psql(f'DROP SCHEMA "{schema}" CASCADE')
    tps = next(float(line.split()[2]) for line in out.splitlines() if line.startswith("tps ="))
    return {"mode": "pgbench", "clients": args.clients, "seconds": args.seconds,
            "single_row_commits_per_second": round(tps, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["sqlite", "postgres", "pgbench"])
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--client-cpus", default="", help="pin the load client, e.g. '1'")
    parser.add_argument("--setup-seconds", type=float, default=0)
    parser.add_argument("--clients", type=int, default=8, help="pgbench connections")
    parser.add_argument("--json", action="store_true", help="one JSON line only")
    args = parser.parse_args(argv)
    result = run_pgbench(args) if args.mode == "pgbench" else run_load(args)
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 2))


if __name__ == "__main__":
    main()

