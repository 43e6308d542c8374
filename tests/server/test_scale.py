"""Several server processes sharing PostgreSQL and Redis; slow clients are told to resync."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from harfiyen.server.presence import MemoryStore, Presence
from harfiyen.server.pubsub import InMemoryPubSub, RedisPubSub
from harfiyen.server.settings import Settings
from harfiyen.server.ws import Connection

from .conftest import RUN_PREFIX, Database, start_server, unique
from .support import assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio

# Every event must reach both players within this many seconds.
DELIVERY_BOUND = 5.0


async def test_redis_pubsub_carries_messages_between_instances(redis_url: str) -> None:
    first, second = RedisPubSub(redis_url, RUN_PREFIX), RedisPubSub(redis_url, RUN_PREFIX)
    await first.start()
    await second.start()
    got: list[dict[str, Any]] = []
    channel = unique("chan")
    stop = await second.subscribe(channel, got.append)
    await first.publish(channel, {"n": 1, "text": "ğüşiöçı"})
    for _ in range(100):
        if got:
            break
        await asyncio.sleep(0.02)
    assert got == [{"n": 1, "text": "ğüşiöçı"}]
    stop()
    await first.close()
    await second.close()


async def test_two_servers_one_game(postgres: Database, redis_url: str) -> None:
    settings = postgres.settings(redis_url=redis_url)
    one, two = await start_server(settings), await start_server(settings)
    a = await register(one.url, unique("a"))
    b = await register(two.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    sock_a, sock_b = await a.connect(), await b.connect()
    seats = {}
    for sock in (sock_a, sock_b):
        seats[(await sock.subscribe(match_id))["seat"]] = sock
        await sock.wait_seq(match_id, 1)
    acked = 0
    slowest = 0.0
    moves = 0
    killed = False
    while True:
        view = seats[0].views[match_id]
        if view["outcome"] is not None:
            break
        mover = seats[view["to_move"]]
        ack = await mover.move(match_id, best_move(mover.views[match_id]))
        assert ack["type"] == "ack", ack
        acked = ack["seq"]
        moves += 1
        started = time.perf_counter()
        for sock in seats.values():
            await sock.wait_seq(match_id, acked, timeout=DELIVERY_BOUND)
        slowest = max(slowest, time.perf_counter() - started)
        if moves == 6 and not killed:
            # Server one goes away: player A resyncs on server two, nothing acked is lost.
            killed = True
            await one.stop()
            seat_a = next(s for s, sock in seats.items() if sock is sock_a)
            for _ in range(100):
                if sock_a.closed:
                    break
                await asyncio.sleep(0.05)
            a.base_url = two.url
            a.http.base_url = two.url  # type: ignore[assignment]
            moved = await a.connect()
            await moved.subscribe(match_id, last_seq=sock_a.seq[match_id])
            await moved.wait_seq(match_id, acked)
            assert moved.seq[match_id] == acked
            moved.received[:0] = sock_a.received
            seats[seat_a] = sock_a = moved
    assert seats[0].views[match_id]["outcome"]["reason"] in ("went_out", "scoreless_turns")
    assert slowest < DELIVERY_BOUND
    stored = await b.match(match_id)
    assert stored["status"] == "finished" and stored["last_seq"] == acked
    for seat, sock in seats.items():
        assert_no_hidden(sock.received, seat, [])
    for sock in seats.values():
        await sock.close()
    await a.close()
    await b.close()
    await two.stop()


async def _no_name(user_id: int) -> str:
    return ""


class _FakeSocket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


async def test_a_slow_connection_is_told_to_resync() -> None:
    settings = Settings(env="test", connection_queue=3, database_url="sqlite:///unused")

    class _Service:
        pubsub = InMemoryPubSub()

    ws = _FakeSocket()
    presence = Presence(MemoryStore(), _Service.pubsub, 30, 15, _no_name)
    conn = Connection(ws, user=None, language="tr", service=_Service(),  # type: ignore[arg-type]
                      settings=settings, presence=presence)
    conn.viewers[7] = None  # type: ignore[assignment]
    conn.sent_seq[7] = 0
    for seq in range(1, 10):  # nothing is sent meanwhile: the queue overflows
        conn.deliver({"type": "event", "match": 7, "seq": seq, "event": {}})
    conn.reply({"type": "ack", "id": 1})
    sender = asyncio.create_task(conn.send_loop())
    for _ in range(50):
        if any(m["type"] == "resync" for m in ws.sent):
            break
        await asyncio.sleep(0.01)
    sender.cancel()
    kinds = [m["type"] for m in ws.sent]
    assert kinds.count("resync") == 1 and "ack" in kinds
    assert [m["seq"] for m in ws.sent if m["type"] == "event"] == [1, 2, 3]
    assert conn.sent_seq[7] is None  # the next full view sets it again
