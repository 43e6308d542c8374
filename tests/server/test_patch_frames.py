"""What a command costs on the wire: after a crossword play each seat is sent one
``patch`` frame (the play's events as it sees them and how its view changed) and at most
a notice, never its whole view; the views the clients rebuild from their patches are the
server's views. Sizes are of the frames' JSON as the server encodes it (before the
websocket's own compression, where the browser agrees to it)."""

from __future__ import annotations

import secrets
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from harfiyen.client import GameSocket

from .conftest import LiveServer
from .support import best_move
from .test_matches import SEAT_CLIENTS, _pair, _sockets

pytestmark = pytest.mark.anyio

# The budget of one play per seat (docs/protocol.md, "Patches").
MAX_FRAMES = 2
MAX_BYTES = 1200
PLAYS = 8
# The match's seed: the same game every run (a seed is otherwise drawn at random).
SEED = 2026


def _pushed(sock: GameSocket, since: int) -> list[dict[str, Any]]:
    """The frames the server pushed to ``sock`` since index ``since`` of its ``received``:
    not the answers to its own requests, nor what the client made of a patch."""
    return [f for f in sock.received[since:]
            if f.get("type") not in ("ack", "pong") and not f.get("patched")]


async def test_a_crossword_play_costs_each_seat_one_small_patch(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from harfiyen.server import service

    monkeypatch.setattr(service, "secrets", SimpleNamespace(
        randbits=lambda bits: SEED, token_urlsafe=secrets.token_urlsafe))
    a, b, match_id = await _pair(live, {"rules": "tr"})
    sockets = await _sockets(live, match_id, a, b)
    costs: list[int] = []
    while len(costs) < PLAYS * len(sockets):
        view = sockets[0].views[match_id]
        assert view["outcome"] is None, "the game ended before enough plays"
        seat = view["to_move"]
        move = best_move(sockets[seat].views[match_id])
        marks = {s: len(sock.received) for s, sock in sockets.items()}
        reply = await sockets[seat].move(match_id, move)
        assert reply["type"] == "ack", reply
        for s, sock in sockets.items():
            await sock.wait_seq(match_id, reply["seq"])
            # Whatever the move made the server push is in before the answer to this.
            assert (await sock.reply_to({"type": "ping"}))["type"] == "pong"
            served = await SEAT_CLIENTS[match_id][s].match(match_id)
            assert served["view"] == sock.views[match_id], f"seat {s} rebuilt another view"
            if move["kind"] != "play":
                continue
            pushed = _pushed(sock, marks[s])
            assert len(pushed) <= MAX_FRAMES, pushed
            assert [f["type"] for f in pushed if f["type"] != "notice"] == ["patch"], pushed
            cost = sum(len(orjson.dumps(f)) for f in pushed)
            # What the play cost before patches: its events, each in a frame, and the
            # whole view.
            patch = next(f for f in pushed if f["type"] == "patch")
            before = sum(len(orjson.dumps({"type": "event", "match": match_id, **e}))
                         for e in patch["events"]) + len(orjson.dumps(served["view"]))
            assert cost < before / 2, (cost, before)
            costs.append(cost)
    # The play's own event holds most of it (each word's score square by square): a play
    # of three words may cost a little more than the budget, a typical one less.
    assert sorted(costs)[len(costs) // 2] <= MAX_BYTES, costs
    assert sum(costs) / len(costs) <= MAX_BYTES, costs
    for sock in sockets.values():
        await sock.close()
    for client in (a, b):
        await client.close()
