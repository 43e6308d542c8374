"""A stored log is trusted only as far as it replays: every event the engine produces
again must match its stored row, or the match is refused with a log line saying where."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from sqlalchemy import delete, select, update

from harfiyen.client import ApiError
from harfiyen.server.models import Match, MatchEvent

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio


async def _passed_twice(live: LiveServer) -> tuple[Any, int]:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    for _ in range(2):
        info = await a.match(match_id)
        seats = {p["seat"]: p["id"] for p in info["players"]}
        mover = a if seats[info["to_move"]] == a.user["id"] else b  # type: ignore[index]
        await mover.move(match_id, {"kind": "pass"})
    await b.close()
    return a, match_id


async def _tamper(live: LiveServer, match_id: int, how: str) -> None:
    service = live.app.state.service
    async with service.sessions() as db, db.begin():
        rows = (await db.execute(
            select(MatchEvent).where(MatchEvent.match_id == match_id).order_by(MatchEvent.seq)
        )).scalars().all()
        last = rows[-1]
        if how == "field":
            await db.execute(update(MatchEvent).where(MatchEvent.id == last.id).values(
                data={**last.data, "seat": 1 - last.data["seat"]}))
        elif how == "kind":
            await db.execute(update(MatchEvent).where(MatchEvent.id == last.id).values(
                data={**last.data, "kind": "teleported"}))
        else:  # a log that ends before the replay does: its opening racks were cut
            await db.execute(delete(MatchEvent).where(MatchEvent.match_id == match_id))
            await db.execute(update(Match).where(Match.id == match_id).values(last_seq=0))
    service._cache.clear()


@pytest.mark.parametrize("how", ["field", "kind", "short"])
async def test_a_log_that_does_not_replay_is_refused_and_logged(
    live: LiveServer, how: str, caplog: pytest.LogCaptureFixture
) -> None:
    client, match_id = await _passed_twice(live)
    await client.get(f"/api/matches/{match_id}/events")  # replays cleanly
    await _tamper(live, match_id, how)
    with caplog.at_level(logging.ERROR, logger="harfiyen.server.service"), \
            pytest.raises(ApiError) as refused:
        await client.get(f"/api/matches/{match_id}/events")
    assert refused.value.code == "match.replay_diverged"
    assert "yeniden oynatılamıyor" in refused.value.message
    lines = [r.getMessage() for r in caplog.records if "does not replay" in r.getMessage()]
    assert lines and f"match {match_id} (crossword tr@2)" in lines[0]
    # The list of matches to watch leaves it out and still answers.
    listed = (await client.get("/api/watch?limit=50"))["matches"]
    assert all(m["id"] != match_id for m in listed)
    await client.close()
