"""A server process killed with SIGKILL mid-game loses no acknowledged move; its client
resyncs on the other process (real ``harfiyen serve`` subprocesses on PostgreSQL + Redis)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from harfiyen.client import GameSocket, HarfiyenClient

from .conftest import RUN_PREFIX, Database, unique
from .support import assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio

HARFIYEN = Path(sys.executable).parent / "harfiyen"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _serve(db: Database, redis_url: str, **extra: str
                 ) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {**os.environ, "HARFIYEN_ENV": "test", "HARFIYEN_DATABASE_SCHEMA": db.schema or "",
           "HARFIYEN_DEADLINE_SWEEP_SECONDS": "60", "HARFIYEN_REDIS_PREFIX": RUN_PREFIX,
           "HARFIYEN_ACCOUNTS_PER_ADDRESS": "100000 per minute", **extra}
    proc = subprocess.Popen(
        [str(HARFIYEN), "serve", "--port", str(port), "--database-url", db.url,
         "--redis-url", redis_url],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient() as http:
        for _ in range(300):
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "died")
            try:
                if (await http.get(url + "/api/health")).status_code == 200:
                    return proc, url
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    proc.kill()
    raise RuntimeError("harfiyen serve did not start")


@pytest.fixture
async def two_processes(postgres: Database, redis_url: str
                        ) -> AsyncIterator[list[tuple[subprocess.Popen[bytes], str]]]:
    procs = list(await asyncio.gather(_serve(postgres, redis_url), _serve(postgres, redis_url)))
    try:
        yield procs
    finally:
        for proc, _ in procs:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


async def test_sigkill_loses_no_acknowledged_move(
    two_processes: list[tuple[subprocess.Popen[bytes], str]],
) -> None:
    (doomed, url_one), (_, url_two) = two_processes
    a = await register(url_one, unique("a"))
    b = await register(url_two, unique("b"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    sock_a, sock_b = await a.connect(), await b.connect()
    seat_a = (await sock_a.subscribe(match_id))["seat"]
    seat_b = (await sock_b.subscribe(match_id))["seat"]
    await sock_a.wait_seq(match_id, 1)
    await sock_b.wait_seq(match_id, 1)

    async def play(moves: int, seats: dict[int, object]) -> int:
        acked = 0
        for _ in range(moves):
            view = sock_b.views[match_id]
            mover = seats[view["to_move"]]
            ack = await mover.move(match_id, best_move(mover.views[match_id]))  # type: ignore[attr-defined]
            assert ack["type"] == "ack", ack
            acked = ack["seq"]
            for s in seats.values():
                await s.wait_seq(match_id, acked)  # type: ignore[attr-defined]
        return acked

    await play(3, {seat_a: sock_a, seat_b: sock_b})
    # Make sure A moves next, then kill its server the moment the move is acknowledged.
    if sock_a.views[match_id]["to_move"] != seat_a:
        await play(1, {seat_a: sock_a, seat_b: sock_b})
    ack = await sock_a.move(match_id, best_move(sock_a.views[match_id]))
    assert ack["type"] == "ack", ack
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(10)
    acked = ack["seq"]
    for _ in range(100):
        if sock_a.closed:
            break
        await asyncio.sleep(0.05)
    assert sock_a.closed

    # The move is in the log, B (on the other process) sees it, A resyncs there.
    stored = await b.match(match_id)
    assert stored["last_seq"] >= acked and stored["status"] == "active"
    await sock_b.wait_seq(match_id, acked)
    a.base_url = url_two
    a.http.base_url = url_two  # type: ignore[assignment]
    moved = await a.connect()
    await moved.subscribe(match_id, last_seq=sock_a.seq.get(match_id, 0))
    await moved.wait_seq(match_id, acked)
    assert moved.views[match_id]["rack"] and moved.views[match_id]["seat"] == seat_a
    assert moved.views[match_id]["board"] == sock_b.views[match_id]["board"]
    # Play goes on from the other process, then A resigns; every number arrived once.
    await play(2, {seat_a: moved, seat_b: sock_b})
    await moved.move(match_id, {"kind": "resign"})
    final = await b.match(match_id)
    assert final["status"] == "finished" and final["result"]["reason"] == "resigned"
    numbers = [f["seq"] for f in moved.received if f["type"] == "event"]
    assert numbers == sorted(set(numbers))
    assert_no_hidden(sock_a.received + moved.received, seat_a, [])
    assert_no_hidden(sock_b.received, seat_b, [])
    for sock in (moved, sock_b):
        await sock.close()
    for client in (a, b):
        await client.close()


async def test_sigkill_between_commit_and_publish_under_load(
    postgres: Database, redis_url: str,
) -> None:
    """Six matches play at once across two processes; process one kills itself right after
    a commit, before publishing it (its mover never gets the ack). Every acknowledged move,
    and that unacknowledged but committed one, is in the log; every client resyncs on the
    other process and the matches go on."""
    doomed, url_one = await _serve(postgres, redis_url, HARFIYEN_TEST_KILL_AFTER_COMMITS="40")
    survivor, url_two = await _serve(postgres, redis_url)
    pairs = []
    try:
        for _ in range(6):
            a, b = await register(url_one, unique("a")), await register(url_two, unique("b"))
            created = await a.create_match({"rules": "tr"})
            match_id = created["match"]["id"]
            await b.accept(created["invite"]["code"])
            pairs.append((match_id, a, b))
        acked: dict[int, list[int]] = {m: [] for m, _, _ in pairs}
        lost_acks = 0

        async def play(match_id: int, a: HarfiyenClient, b: HarfiyenClient) -> None:
            nonlocal lost_acks
            clients: dict[int, HarfiyenClient] = {}
            sockets: dict[int, GameSocket] = {}
            for client in (a, b):
                sock = await client.connect()
                seat = (await sock.subscribe(match_id))["seat"]
                sockets[seat], clients[seat] = sock, client
                await sock.wait_seq(match_id, 1)

            async def caught_up() -> None:
                """Every seat has the stored state; a socket of the dead process reconnects
                to the survivor and resyncs from the last number it had."""
                latest = (await b.match(match_id))["last_seq"]
                for seat, sock in list(sockets.items()):
                    if sock.closed:
                        client = clients[seat]
                        client.base_url = url_two
                        client.http.base_url = url_two  # type: ignore[assignment]
                        fresh = await client.connect()
                        await fresh.subscribe(match_id, last_seq=sock.seq.get(match_id, 0))
                        fresh.received[:0] = sock.received
                        sockets[seat] = sock = fresh
                    with contextlib.suppress(ConnectionError):
                        await sock.wait_seq(match_id, latest, timeout=15)

            for _ in range(30):
                await caught_up()
                if any(s.closed for s in sockets.values()):
                    await caught_up()
                view = sockets[0].views[match_id]
                if view["outcome"] is not None:
                    break
                mover = sockets[view["to_move"]]
                try:
                    ack = await mover.move(match_id, best_move(mover.views[match_id]))
                except (ConnectionError, TimeoutError):
                    lost_acks += 1  # its process died with the move in flight
                    continue
                assert ack["type"] == "ack", ack
                acked[match_id].append(ack["seq"])
            await caught_up()
            boards = [sock.views[match_id]["board"] for sock in sockets.values()]
            assert boards[0] == boards[1]
            for seat, sock in sockets.items():
                assert_no_hidden(sock.received, seat, [])
                numbers = [f["seq"] for f in sock.received if f["type"] == "event"]
                assert numbers == sorted(numbers)
                await sock.close()

        await asyncio.gather(*(play(*p) for p in pairs))
        doomed.wait(10)
        assert doomed.returncode == -signal.SIGKILL
        assert lost_acks >= 1  # the mover whose commit was never published
        for match_id, _, b in pairs:
            stored = await b.get(f"/api/matches/{match_id}/events")
            in_log = {e["seq"] for e in stored["events"]}
            assert set(acked[match_id]) <= in_log, match_id  # nothing acknowledged is lost
            assert stored["last_seq"] == max(in_log)
    finally:
        for proc in (doomed, survivor):
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
        for _, a, b in pairs:
            await a.close()
            await b.close()
