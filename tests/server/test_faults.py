"""Faults: Redis stopped and started again, PostgreSQL restarted, a bot that crashes.

Each test runs its own Redis server or PostgreSQL cluster on a free port, so
stopping it disturbs nobody else.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest

from harfiyen.client import GameSocket, HarfiyenClient
from harfiyen.server.settings import Settings

from .conftest import Database, LiveServer, _migrate, missing_service, start_server, unique
from .faults import PrivatePostgres, PrivateRedis
from .support import assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    redis = PrivateRedis()
    if redis.binary is None:
        missing_service("redis-server is not installed")
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


async def _seated(clients: list[HarfiyenClient], match_id: int,
                  by_seat: dict[int, HarfiyenClient] | None = None) -> dict[int, GameSocket]:
    """A subscribed websocket per seat (``by_seat`` gets each seat's client)."""
    sockets = {}
    for client in clients:
        sock = await client.connect()
        seat = (await sock.subscribe(match_id))["seat"]
        sockets[seat] = sock
        if by_seat is not None:
            by_seat[seat] = client
        await sock.wait_seq(match_id, 1)
    return sockets


async def test_redis_outage_keeps_answers_true_and_fan_out_resumes(
    postgres: Database, private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture,
) -> None:
    settings = postgres.settings(redis_url=private_redis.url)
    one, two = await start_server(settings), await start_server(settings)
    a = await register(one.url, unique("a"))
    b = await register(two.url, unique("b"))
    try:
        created = await a.create_match({"rules": "tr"})
        match_id = created["match"]["id"]
        await b.accept(created["invite"]["code"])
        rest: dict[int, HarfiyenClient] = {}
        sockets = await _seated([a, b], match_id, rest)

        async def move_ws() -> dict[str, object]:
            seat = sockets[0].views[match_id]["to_move"]
            sock = sockets[seat]
            return await sock.move(match_id, best_move(sock.views[match_id]))

        first = await move_ws()
        assert first["type"] == "ack"
        for sock in sockets.values():
            await sock.wait_seq(match_id, first["seq"])  # type: ignore[arg-type]

        caplog.clear()
        caplog.set_level(logging.INFO, logger="harfiyen")
        private_redis.stop()
        outage_started = time.monotonic()
        # A websocket move is acknowledged (with its id) although the fan-out cannot happen.
        seat = sockets[0].views[match_id]["to_move"]
        mover = sockets[seat]
        reply = await mover.reply_to({"type": "move", "id": "during-outage", "match": match_id,
                                      "move": best_move(mover.views[match_id])})
        assert reply["type"] == "ack" and reply["id"] == "during-outage", reply
        await mover.wait_seq(match_id, reply["seq"])  # its own process still delivers
        # The other player moves over REST on its own server: 200, not 500.
        other = 1 - seat
        stored = await rest[other].match(match_id)
        assert stored["last_seq"] == reply["seq"]
        view = stored["view"]
        answer = await rest[other].move(match_id, best_move(view))
        assert answer["seq"] > reply["seq"]
        await asyncio.sleep(1.5)  # the readers retry meanwhile (without a traceback each time)

        private_redis.start()
        # Both clients get everything from the log, without any server restart.
        for sock in sockets.values():
            await sock.wait_seq(match_id, answer["seq"], timeout=15)
        recovered = time.monotonic() - outage_started
        # Fan-out through Redis works again for the next move.
        after = await move_ws()
        assert after["type"] == "ack"
        for sock in sockets.values():
            await sock.wait_seq(match_id, after["seq"], timeout=5)  # type: ignore[arg-type]
        pubsub_logs = [r for r in caplog.records if r.name == "harfiyen.server.pubsub"]
        assert all(r.exc_info is None for r in pubsub_logs)
        assert len(pubsub_logs) <= 8, [r.getMessage() for r in pubsub_logs]
        assert recovered < 30
        for seat_no, sock in sockets.items():
            numbers = [f["seq"] for f in sock.received if f["type"] == "event"]
            assert numbers == sorted(set(numbers))
            assert_no_hidden(sock.received, seat_no, [])
        for sock in sockets.values():
            await sock.close()
    finally:
        await a.close()
        await b.close()
        await one.stop()
        await two.stop()


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    pg = PrivatePostgres()
    if not pg.available:
        missing_service("PostgreSQL server binaries (initdb) are not installed")
    pg.init()
    try:
        yield pg
    finally:
        pg.destroy()


async def test_postgres_restart_fails_cleanly_and_recovers(
    private_postgres: PrivatePostgres,
) -> None:
    await _migrate(private_postgres.url, None)
    settings = Settings(env="test", database_url=private_postgres.url, redis_url=None,
                        db_pool_timeout=2.0)
    server = await start_server(settings)
    a = await register(server.url, unique("a"))
    b = await register(server.url, unique("b"))
    try:
        created = await a.create_match({"rules": "tr"})
        match_id = created["match"]["id"]
        await b.accept(created["invite"]["code"])
        sockets = await _seated([a, b], match_id)
        private_postgres.stop()
        # Requests fail at once with a clear, retryable answer; nothing hangs, nothing is 500.
        started = time.monotonic()
        response = await a.http.get(f"/api/matches/{match_id}")
        assert response.status_code == 503, response.text
        assert response.json()["error"]["code"] == "server.unavailable"
        seat = sockets[0].views[match_id]["to_move"]
        reply = await sockets[seat].reply_to({
            "type": "move", "id": 77, "match": match_id,
            "move": best_move(sockets[seat].views[match_id]),
        })
        assert reply["type"] == "error" and reply["id"] == 77
        assert reply["code"] == "server.unavailable"
        assert time.monotonic() - started < 10
        private_postgres.start()
        # Recovery without a server restart.
        statuses = []
        for _ in range(50):
            response = await a.http.get(f"/api/matches/{match_id}")
            statuses.append(response.status_code)
            if response.status_code == 200:
                break
            await asyncio.sleep(0.2)
        assert statuses[-1] == 200 and set(statuses) <= {200, 503}
        reply = await sockets[seat].move(match_id, best_move(sockets[seat].views[match_id]))
        assert reply["type"] == "ack", reply
        for sock in sockets.values():
            await sock.wait_seq(match_id, reply["seq"])
            await sock.close()
    finally:
        await a.close()
        await b.close()
        await server.stop()


async def test_a_crashing_bot_does_not_stall_its_match(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The level's AI raises on every turn: the stand-in moves for it, the game goes on."""
    from harfiyen.ai.crossword import seat as crossword_seat
    from harfiyen.server import bots

    real = crossword_seat.choose
    crashes = []

    def crashing(view: dict[str, Any], level: str, *args: Any) -> Any:
        if level == "orta":
            crashes.append(level)
            raise RuntimeError("the AI fell over")
        return real(view, level, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(crossword_seat, "choose", crashing)
    monkeypatch.setattr(bots, "_SEAT_AIS", {})  # the runner loads the crashing one
    human = await register(live.url, unique("solo"))
    created = await human.create_match({"rules": "tr"}, bot="orta")
    match_id = created["match"]["id"]
    sock = await human.connect()
    seat = (await sock.subscribe(match_id))["seat"]
    await sock.wait_seq(match_id, 1)
    bot_turns = 0
    while bot_turns < 3:
        view = sock.views[match_id]
        assert view["outcome"] is None
        if view["to_move"] == seat:
            ack = await sock.move(match_id, best_move(view))
            assert ack["type"] == "ack", ack
            await sock.wait_seq(match_id, ack["seq"])
        else:
            await sock.wait_seq(match_id, sock.view_seq[match_id] + 1, timeout=20)
            bot_turns += 1
    assert len(crashes) >= 3
    await sock.close()
    await human.close()
