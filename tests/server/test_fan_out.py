"""The fan-out makes a view only for audiences someone can hear."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.core.viewers import Spectator

from .conftest import LiveServer, unique
from .support import register
from .test_matches import _pair, _sockets

pytestmark = pytest.mark.anyio


async def test_views_are_made_only_for_audiences_that_listen(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    from harfiyen.server.match import fanout

    made: list[Any] = []
    patch_frame = fanout.patch_frame

    def counted(match: Any, before: Any, state: Any, viewer: Any, numbered: Any
                ) -> dict[str, Any]:
        made.append(viewer)
        return patch_frame(match, before, state, viewer, numbered)

    monkeypatch.setattr(fanout, "patch_frame", counted)

    async def both_pass() -> None:
        for _ in range(2):
            to_move = sockets[0].views[match_id]["to_move"]
            ack = await sockets[to_move].move(match_id, {"kind": "pass"})
            assert ack["type"] == "ack", ack
            for sock in sockets.values():
                await sock.wait_seq(match_id, ack["seq"])

    await both_pass()
    assert made and not any(isinstance(v, Spectator) for v in made)  # nobody watches
    watcher = await register(live.url, unique("w"))
    watching = await watcher.connect()
    await watching.subscribe(match_id)
    made.clear()
    await both_pass()
    assert sum(isinstance(v, Spectator) for v in made) == 2  # one view per move
    await watching.wait_seq(match_id, sockets[0].view_seq[match_id])
    assert watching.views[match_id]["move_number"] == sockets[0].views[match_id]["move_number"]
    for sock in (*sockets.values(), watching):
        await sock.close()
    for client in (a, b, watcher):
        await client.close()
