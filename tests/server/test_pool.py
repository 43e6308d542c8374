"""The database pool never deadlocks and fails fast (finding: routes held a pooled connection
while the service took a second one, so as many concurrent requests as the pool had
connections stalled 30 s and then got 500)."""

from __future__ import annotations

import asyncio
import time

import pytest

from harfiyen.client import HarfiyenClient

from .conftest import Database, start_server

pytestmark = [pytest.mark.anyio, pytest.mark.both_databases]


async def _guest(url: str) -> HarfiyenClient:
    client = HarfiyenClient(url)
    await client.guest()
    return client


async def test_concurrent_requests_do_not_deadlock_a_small_pool(database: Database) -> None:
    # Two connections and no overflow: before the fix, two requests each holding one and
    # waiting for a second stalled every other request.
    server = await start_server(database.settings(
        db_pool_size=2, db_max_overflow=0, db_pool_timeout=3.0,
    ))
    clients: list[HarfiyenClient] = []
    try:
        one = await _guest(server.url)
        clients.append(one)
        created = await one.create_match({"rules": "tr"})
        match_id = created["match"]["id"]
        started = time.perf_counter()
        answers = await asyncio.gather(*(one.match(match_id) for _ in range(20)))
        assert all(a["id"] == match_id for a in answers)
        # Twenty players move at the same moment in ten matches (and ten resign in waiting ones).
        pairs = []
        for _ in range(10):
            a, b = await _guest(server.url), await _guest(server.url)
            clients += [a, b]
            made = await a.create_match({"rules": "tr"})
            await b.accept(made["invite"]["code"])
            pairs.append((made["match"]["id"], a, b))
        movers = []
        for mid, a, b in pairs:
            info = await a.match(mid)
            seat_user = {p["seat"]: p["id"] for p in info["players"]}
            mover = a if seat_user[info["to_move"]] == a.user["id"] else b  # type: ignore[index]
            movers.append(mover.move(mid, {"kind": "pass"}))
            movers.append((b if mover is a else a).chat(mid, "iyi oyunlar"))
        results = await asyncio.gather(*movers)
        assert all(r for r in results)
        assert time.perf_counter() - started < 20
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_a_dry_pool_answers_server_busy_quickly(database: Database) -> None:
    server = await start_server(database.settings(
        db_pool_size=1, db_max_overflow=0, db_pool_timeout=0.5,
    ))
    held = await server.app.state.engine.connect()
    try:
        async with HarfiyenClient(server.url, language="en") as client:
            started = time.perf_counter()
            response = await client.http.get("/api/users/nobody")
            waited = time.perf_counter() - started
        assert response.status_code == 503
        assert response.headers["retry-after"] == "1"
        error = response.json()["error"]
        assert error["code"] == "server.busy" and "busy" in error["message"]
        assert waited < 3
    finally:
        await held.close()
        await server.stop()
