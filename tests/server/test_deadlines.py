"""Move deadlines: an overdue correspondence move ends the game as a timeout after a restart."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import update

from harfiyen.server.models import Match, utcnow

from .conftest import Database, start_server, unique
from .support import register

pytestmark = [pytest.mark.anyio, pytest.mark.both_databases]


async def test_deadline_passes_and_the_game_ends_as_timeout_after_restart(
    database: Database,
) -> None:
    settings = database.settings(deadline_sweep_seconds=0.2)
    server = await start_server(settings)
    a = await register(server.url, unique("a"))
    b = await register(server.url, unique("b"))
    created = await a.create_match(
        {"rules": "tr"}, time_control={"kind": "correspondence", "hours_per_move": 24}
    )
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    match = await a.match(match_id)
    assert match["deadline_at"] is not None and match["status"] == "active"
    to_move = match["to_move"]
    await server.stop()
    # While no server runs, the deadline passes.
    async with server.app.state.service.sessions() as db:
        await db.execute(update(Match).where(Match.id == match_id)
                         .values(deadline_at=utcnow() - timedelta(hours=1)))
        await db.commit()
    restarted = await start_server(settings)
    a.http.base_url = restarted.url  # type: ignore[assignment]
    for _ in range(100):
        match = await a.match(match_id)
        if match["status"] == "finished":
            break
        await asyncio.sleep(0.05)
    assert match["status"] == "finished"
    assert match["result"]["reason"] == "timeout" and match["result"]["loser"] == to_move
    assert match["deadline_at"] is None
    await a.close()
    await b.close()
    await restarted.stop()
