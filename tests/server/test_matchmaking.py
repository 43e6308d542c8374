"""The random-opponent queue: pairing, separate queues, cancel, blocks, widening windows."""

from __future__ import annotations

import asyncio
import time

import pytest

from harfiyen.server.models import PlayerRating

from .conftest import Database, LiveServer, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio

TR_QUEUE = {"game": "crossword", "options": {"rules": "tr"}, "ranked": False,
            "time_control": {"kind": "correspondence", "hours_per_move": 24}}


async def test_two_waiting_players_are_paired(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    sock_a = await a.connect()
    first = (await a.post("/api/matchmaking", TR_QUEUE))["queue"]
    assert first["status"] == "waiting" and first["match"] is None
    # Another queue (English rules) never pairs with the Turkish one.
    c = await register(live.url, unique("c"))
    other = (await c.post("/api/matchmaking", {**TR_QUEUE, "options": {"rules": "en"}}))["queue"]
    assert other["status"] == "waiting"

    second = (await b.post("/api/matchmaking", TR_QUEUE))["queue"]
    assert second["status"] == "matched" and isinstance(second["match"], int)
    match_id = second["match"]
    assert (await a.get("/api/matchmaking"))["queue"]["match"] == match_id
    found = await sock_a.wait_for(lambda f: f.get("kind") == "match_found")
    assert found["match"] == match_id and found["opponent"] == b.user["username"]  # type: ignore[index]
    info = await a.match(match_id)
    assert info["status"] == "active" and info["rules"] == "tr@2"
    assert {p["username"] for p in info["players"]} == {a.user["username"], b.user["username"]}  # type: ignore[index]
    assert info["time_control"]["seconds_per_move"] == 24 * 3600

    cancelled = (await c.request("DELETE", "/api/matchmaking"))["queue"]
    assert cancelled["status"] == "cancelled"
    assert (await c.get("/api/matchmaking"))["queue"]["status"] == "cancelled"
    # Leaving after being paired changes nothing: the entry keeps its match.
    assert (await b.request("DELETE", "/api/matchmaking"))["queue"]["match"] == match_id
    # A queue for four waits until four players are in reach of each other.
    four = await c.post("/api/matchmaking", {**TR_QUEUE, "options": {"rules": "en", "players": 4}})
    assert four["queue"]["status"] == "waiting"
    await sock_a.close()
    for client in (a, b, c):
        await client.close()


async def test_blocked_players_are_never_paired(live: LiveServer) -> None:
    queue = {**TR_QUEUE, "time_control": {"kind": "live", "minutes_per_move": 7}}
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    await a.request("PUT", f"/api/blocks/{b.user['username']}")  # type: ignore[index]
    assert (await a.post("/api/matchmaking", queue))["queue"]["status"] == "waiting"
    assert (await b.post("/api/matchmaking", queue))["queue"]["status"] == "waiting"
    assert await live.app.state.matchmaker.sweep() == 0
    c = await register(live.url, unique("c"))
    assert (await c.post("/api/matchmaking", queue))["queue"]["status"] == "matched"
    for client in (a, b, c):
        await client.request("DELETE", "/api/matchmaking")
        await client.close()


async def test_the_rating_window_widens_while_waiting(database: Database) -> None:
    server = await start_server(database.settings(
        match_window=100, match_widen_per_second=300, matchmaking_sweep_seconds=0.2,
    ))
    queue = {**TR_QUEUE, "time_control": {"kind": "live", "minutes_per_move": 9}}
    try:
        strong = await register(server.url, unique("s"))
        weak = await register(server.url, unique("w"))
        async with server.app.state.service.sessions() as db, db.begin():
            db.add(PlayerRating(user_id=strong.user["id"], game="crossword",  # type: ignore[index]
                                language="tr", rules="tr", rating=1950, rd=60,
                                volatility=0.06, games=30))
        started = time.monotonic()
        assert (await strong.post("/api/matchmaking", queue))["queue"]["rating"] == 1950
        # 450 apart: too far at once (100), in reach once the stronger waited ~1.2 s.
        assert (await weak.post("/api/matchmaking", queue))["queue"]["status"] == "waiting"
        for _ in range(100):
            status = (await weak.get("/api/matchmaking"))["queue"]
            if status["status"] == "matched":
                break
            await asyncio.sleep(0.1)
        assert status["status"] == "matched"
        assert time.monotonic() - started > 1.0
        for client in (strong, weak):
            await client.close()
    finally:
        await server.stop()


async def test_three_players_are_grouped_into_one_match(live: LiveServer) -> None:
    body = {**TR_QUEUE, "options": {"rules": "en", "players": 3}}
    clients = [await register(live.url, unique(f"q3{i}")) for i in range(3)]
    first = await clients[0].post("/api/matchmaking", body)
    second = await clients[1].post("/api/matchmaking", body)
    assert first["queue"]["status"] == second["queue"]["status"] == "waiting"
    third = (await clients[2].post("/api/matchmaking", body))["queue"]
    assert third["status"] == "matched"
    match = (await clients[0].match(third["match"]))
    assert match["status"] == "active" and match["seats"] == 3
    assert {p["username"] for p in match["players"]} == {c.user["username"] for c in clients}
    for client in clients:
        assert (await client.get("/api/matchmaking"))["queue"]["match"] == third["match"]
        await client.close()
