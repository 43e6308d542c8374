"""A move committed while a client's subscription is being read still reaches it.

The connection subscribes to the match's channel first and reads the log second;
a command that commits after that read but publishes before the answer is queued
is newer than the view the client gets. Its frames must follow from the log
(this once left a player waiting for a bot's move that had been made).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .conftest import LiveServer
from .test_matches import _pair

pytestmark = [pytest.mark.anyio, pytest.mark.both_databases]


@pytest.mark.parametrize("resume", [False, True], ids=["subscribe", "resubscribe"])
async def test_a_move_committed_after_the_subscriptions_read_is_sent(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch, resume: bool
) -> None:
    a, b, match_id = await _pair(live)
    service = live.app.state.service
    ids = {name: (await client.me())["id"] for name, client in (("a", a), ("b", b))}
    watcher = await a.connect()
    seat = (await watcher.subscribe(match_id))["seat"]
    await watcher.wait_seq(match_id, 1)
    start = watcher.view_seq[match_id]
    to_move = watcher.views[match_id]["to_move"]
    mover_id = ids["a"] if to_move == seat else ids["b"]
    original = service.sync_frames

    async def read_then_someone_moves(match: int, user: int, last: int) -> Any:
        found = await original(match, user, last)
        # Once: the other command commits and publishes after the read, before the answer.
        monkeypatch.setattr(service, "sync_frames", original)
        await service.submit(mover_id, match_id, {"kind": "pass"})
        return found

    monkeypatch.setattr(service, "sync_frames", read_then_someone_moves)
    await watcher.subscribe(match_id, last_seq=start if resume else 0)
    await watcher.wait_seq(match_id, start + 1)
    assert watcher.views[match_id]["to_move"] != to_move
    seqs = [f["seq"] for f in watcher.received if f["type"] == "event" and f["seq"] > start]
    assert seqs == sorted(set(seqs)) and seqs, seqs
    await watcher.close()
    await a.close()
    await b.close()


async def test_a_connection_that_cannot_send_what_it_owes_is_closed(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rather than go silent while looking alive: the client reconnects and resyncs."""
    a, b, match_id = await _pair(live)
    service = live.app.state.service
    watcher = await a.connect()
    await watcher.subscribe(match_id)
    await watcher.wait_seq(match_id, 1)

    async def unreadable(match: int, user: int, last: int) -> Any:
        raise RuntimeError("the log cannot be read")

    monkeypatch.setattr(service, "sync_frames", unreadable)
    for conn in live.app.state.connections:
        conn.catch_up()  # as after a pub/sub outage: fill from the log, which fails
    for _ in range(100):
        if watcher.closed:
            break
        await asyncio.sleep(0.05)
    assert watcher.closed
    await watcher.close()
    await a.close()
    await b.close()
