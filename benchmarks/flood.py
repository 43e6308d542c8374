"""Flood: one guest creates all it can while a person plays and a health check is polled.

Run (loopback only; every run is bounded in attempts and seconds)::

    python benchmarks/flood.py                  # the server's default quotas
    python benchmarks/flood.py --quotas off     # every quota out of reach (the finding)

It starts ``harfiyen serve`` itself (a temporary SQLite file, a free loopback port; see
``load.Deployment``) with the server's default settings, so the AI tables play at their
default pace. Three parts then run at once, each in a process of its own, so that none
of them delays the clock of another:

- **a person** (two guests in a crossword match against each other, from 127.0.0.1):
  the seat to move sends its move (the best play of four of its tiles, else a pass)
  every ``--pace`` seconds; the latency is from the intent sent to its ack;
- **a health check**: ``GET /api/health`` every 50 ms;
- **the flooder**, one guest from another address (``X-Forwarded-For``, believed from
  127.0.0.1 as from a proxy on the host: ``HARFIYEN_TRUSTED_PROXIES``), after
  ``--baseline`` seconds: as fast as it can with ``--concurrency`` requests at a time,
  ``--ai-tables`` Harf Takıl tables of five AIs (a room, five AI seats, start), then
  ``--rooms`` public rooms, ``--matches`` waiting matches and ``--packs`` word packs,
  as the probe did.

Reported: what the flooder got (accepted, and refused by code), and per phase (before
the flood, during it, and ``--after`` seconds after it while what it got runs) the p50
and p99 of the person's move latency and of the health check, and the server's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (
    Deployment,
    _crossword_move,
    _crossword_warm,
    _percentile,
    _proc_cpu_seconds,
)

from harfiyen.client import ApiError, HarfiyenClient

# Hard bounds: this tool never makes a bigger flood than this, whatever it is asked.
MAX_ATTEMPTS, MAX_SECONDS = 500, 600
FLOODER_ADDRESS = "10.66.0.1"
HEALTH_EVERY = 0.05
QUOTAS_OFF = {f"HARFIYEN_{name.upper()}_PER_{scope}": "1000000"
              for name in ("rooms", "waiting_matches", "ai_tables", "packs")
              for scope in ("ACCOUNT", "ADDRESS")}
PACK = "\n".join(["ELMA", "ARMUT", "KİRAZ", "ÇİLEK", "ERİK", "VİŞNE", "AYVA", "İNCİR", "NAR",
                  "KAYISI", "ŞEFTALİ", "MUZ", "KAVUN", "KARPUZ", "LİMON", "PORTAKAL",
                  "MANDALİNA", "GREYFURT", "ÜZÜM", "DUT", "BÖĞÜRTLEN", "AHUDUDU", "HURMA",
                  "ANANAS", "MANGO"])


# --- the person ----------------------------------------------------------------------------


async def _person(url: str, stop: Any, pace: float, ready: Any) -> list[tuple[float, float]]:
    """Two guests play crossword matches against each other until ``stop`` is set (or the
    run's bound); the (time, seconds) of every move's intent-to-ack."""
    stop_at = time.time() + MAX_SECONDS
    first, second = HarfiyenClient(url), HarfiyenClient(url)
    await first.guest()
    await second.guest()
    sockets = {}
    out: list[tuple[float, float]] = []
    rnd = random.Random(7)
    while time.time() < stop_at and not stop.is_set():
        created = await first.create_match({"rules": "tr"})
        match_id = created["match"]["id"]
        await second.accept(created["invite"]["code"])
        for client in (first, second):
            if client not in sockets:
                sockets[client] = await client.connect(keep_frames=False)
            await sockets[client].subscribe(match_id)
        by_user = {c.user["id"]: sockets[c] for c in (first, second) if c.user}
        players = (await first.match(match_id))["players"]
        seats = {p["seat"]: by_user[p["id"]] for p in players}
        any_socket = seats[0]
        await any_socket.wait_seq(match_id, 1, timeout=30)
        if not out:
            ready.put(("ready", "person"))
        while time.time() < stop_at and not stop.is_set():
            view = any_socket.views[match_id]
            if view.get("outcome") is not None:
                break
            mover = seats[view["to_move"]]
            own = mover.views[match_id]
            move = _crossword_move(own) if rnd.random() < 0.9 else {"kind": "pass"}
            started = time.perf_counter()
            reply = await mover.move(match_id, move)
            out.append((time.time(), time.perf_counter() - started))
            if reply["type"] == "ack":
                for sock in seats.values():
                    await sock.wait_seq(match_id, reply["seq"], timeout=30)
            await asyncio.sleep(pace)
    for sock in sockets.values():
        await sock.close()
    await first.close()
    await second.close()
    return out


def _person_process(url: str, stop: Any, pace: float, out: Any) -> None:
    _crossword_warm()
    out.put(("person", asyncio.run(_person(url, stop, pace, out))))


# --- the health check ----------------------------------------------------------------------


def _health_process(url: str, stop: Any, out: Any) -> None:
    samples: list[tuple[float, float]] = []
    stop_at = time.time() + MAX_SECONDS
    out.put(("ready", "health"))
    with httpx.Client(base_url=url, timeout=10) as client:
        while time.time() < stop_at and not stop.is_set():
            started = time.perf_counter()
            client.get("/api/health").raise_for_status()
            samples.append((time.time(), time.perf_counter() - started))
            time.sleep(HEALTH_EVERY)
    out.put(("health", samples))


# --- the flooder ---------------------------------------------------------------------------


async def _flood(url: str, args: argparse.Namespace) -> dict[str, Any]:
    client = HarfiyenClient(url)
    client.http.headers["X-Forwarded-For"] = FLOODER_ADDRESS
    await client.guest()
    gate = asyncio.Semaphore(args.concurrency)
    results: dict[str, Counter[str]] = {}

    async def attempt(kind: str, make: Any) -> None:
        async with gate:
            try:
                await make()
                code = "ok"
            except ApiError as error:
                code = f"{error.status} {error.code}"
        results.setdefault(kind, Counter())[code] += 1

    async def ai_table() -> None:
        room = await client.create_room("letterjam", {"language": "tr", "players": 5},
                                        public=True)
        for slot in range(5):
            await client.set_slot(room["code"], slot, ai="ai")
        await client.start_room(room["code"])

    async def room() -> None:
        await client.create_room("crossword", {"rules": "tr"}, public=True)

    async def match() -> None:
        await client.create_match({"rules": "tr"})

    async def pack(n: int) -> None:
        await client.create_pack(f"paket {n}", PACK)

    bound = min(args.ai_tables, MAX_ATTEMPTS), min(args.rooms, MAX_ATTEMPTS), \
        min(args.matches, MAX_ATTEMPTS), min(args.packs, MAX_ATTEMPTS)
    started = time.perf_counter()
    await asyncio.gather(*(attempt("ai_tables", ai_table) for _ in range(bound[0])))
    await asyncio.gather(*(attempt("rooms", room) for _ in range(bound[1])))
    await asyncio.gather(*(attempt("waiting_matches", match) for _ in range(bound[2])))
    await asyncio.gather(*(attempt("packs", lambda n=n: pack(n)) for n in range(bound[3])))
    seconds = time.perf_counter() - started
    await client.close()
    return {"seconds": round(seconds, 2),
            "outcomes": {kind: dict(counts) for kind, counts in results.items()}}


# --- the run -------------------------------------------------------------------------------


def _phase(samples: list[tuple[float, float]], start: float, stop: float) -> dict[str, Any]:
    values = [s for at, s in samples if start <= at < stop]
    return {"n": len(values),
            "p50_ms": round(1000 * _percentile(values, 0.5), 1),
            "p99_ms": round(1000 * _percentile(values, 0.99), 1)}


def run(args: argparse.Namespace) -> dict[str, Any]:
    # The flooder's forwarded address is believed from 127.0.0.1, as from a proxy on the host.
    env = {"HARFIYEN_TRUSTED_PROXIES": '["127.0.0.1"]',
           **({} if args.quotas == "on" else QUOTAS_OFF)}
    deployment = Deployment("sqlite", 1, env=env)
    deployment.start()
    pid, url = deployment.procs[0].pid, deployment.urls[0]
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    children = [context.Process(target=_person_process, args=(url, stop, args.pace, out)),
                context.Process(target=_health_process, args=(url, stop, out))]
    samples: dict[str, list[tuple[float, float]]] = {}
    try:
        for child in children:
            child.start()
        for _ in children:  # both measure from here on
            kind, _name = out.get(timeout=120)
            assert kind == "ready"
        marks, cpu = [time.time()], [_proc_cpu_seconds(pid)]
        time.sleep(args.baseline)
        marks.append(time.time())
        cpu.append(_proc_cpu_seconds(pid))
        flood = asyncio.run(_flood(url, args))
        marks.append(time.time())
        cpu.append(_proc_cpu_seconds(pid))
        time.sleep(args.after)
        marks.append(time.time())
        cpu.append(_proc_cpu_seconds(pid))
        stop.set()
        for _ in children:
            kind, values = out.get(timeout=120)
            samples[kind] = values
    finally:
        stop.set()
        for child in children:
            child.join(15)
            if child.is_alive():
                child.kill()
        deployment.stop()
    phases = ("before", "during", "after")
    return {
        "quotas": args.quotas, "flood": flood,
        "person_move_ms": {name: _phase(samples["person"], marks[k], marks[k + 1])
                           for k, name in enumerate(phases)},
        "health_ms": {name: _phase(samples["health"], marks[k], marks[k + 1])
                      for k, name in enumerate(phases)},
        "server_cpu_cores": {name: round((cpu[k + 1] - cpu[k]) / (marks[k + 1] - marks[k]), 2)
                             for k, name in enumerate(phases)},
        "phase_seconds": {name: round(marks[k + 1] - marks[k], 1)
                          for k, name in enumerate(phases)},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quotas", choices=["on", "off"], default="on",
                        help="off: every quota out of reach (as before quotas)")
    parser.add_argument("--baseline", type=float, default=10, help="seconds before the flood")
    parser.add_argument("--after", type=float, default=30,
                        help="seconds measured after the flood, while what it got runs")
    parser.add_argument("--pace", type=float, default=0.5,
                        help="seconds between the person's moves")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--ai-tables", type=int, default=200)
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--packs", type=int, default=100)
    parser.add_argument("--json", action="store_true", help="one JSON line only")
    args = parser.parse_args(argv)
    result = run(args)
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 2))


if __name__ == "__main__":
    main()
