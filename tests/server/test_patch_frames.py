"""What a command costs on the wire: after a crossword play each seat is sent one
``patch`` frame (the play's events as it sees them and how its view changed) and at most
a notice, never its whole view; the views the clients rebuild from their patches are the
server's views. Sizes are of the frames' JSON as the server encodes it (before the
websocket's own compression, where the browser agrees to it)."""

from __future__ import annotations

import asyncio
import json
import secrets
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from harfiyen.client import GameSocket
from harfiyen.server.presence import MemoryStore, Presence
from harfiyen.server.pubsub import InMemoryPubSub
from harfiyen.server.settings import Settings
from harfiyen.server.ws import Connection

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


async def test_a_client_whose_view_a_patch_does_not_fit_asks_for_the_whole_view(
    live: LiveServer,
) -> None:
    a, b, match_id = await _pair(live, {"rules": "tr"})
    sockets = await _sockets(live, match_id, a, b)
    mover = sockets[0].views[match_id]["to_move"]
    behind = sockets[1 - mover]
    # As if this client had missed a frame: its view is not the one the next patch is
    # made from.
    behind.view_seq[match_id] -= 1
    mark = len(behind.received)
    reply = await sockets[mover].move(match_id, {"kind": "pass"})
    assert reply["type"] == "ack", reply
    await behind.wait_seq(match_id, reply["seq"])
    got = behind.received[mark:]
    patch = next(f for f in got if f["type"] == "patch")
    assert not any(f.get("patched") for f in got), "a patch applied to another view"
    state = next(f for f in got if f["type"] == "state")
    assert state["seq"] == patch["seq"] and got.index(state) > got.index(patch)
    served = await SEAT_CLIENTS[match_id][1 - mover].match(match_id)
    assert behind.views[match_id] == served["view"]
    for sock in sockets.values():
        await sock.close()
    for client in (a, b):
        await client.close()


class _Socket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


class _Log:
    """The match's log as the connection reads it when a patch does not fit: the events
    after a number, then the whole view at 9."""

    pubsub = InMemoryPubSub()

    def __init__(self) -> None:
        self.asked: list[int] = []

    async def sync_frames(self, match_id: int, user_id: int, last: int
                          ) -> tuple[Any, list[dict[str, Any]]]:
        self.asked.append(last)
        return None, [*({"type": "event", "match": match_id, "seq": n, "event": {}}
                        for n in range(last + 1, 10)),
                      {"type": "state", "match": match_id, "seq": 9, "view": {}}]


async def test_a_connection_sends_a_patch_only_onto_the_view_it_sent() -> None:
    log = _Log()
    ws = _Socket()

    async def no_name(user_id: int) -> str:
        return ""

    conn = Connection(ws, user=SimpleNamespace(id=1),  # type: ignore[arg-type]
                      language="tr", service=log,  # type: ignore[arg-type]
                      settings=Settings(env="test", database_url="sqlite:///unused"),
                      presence=Presence(MemoryStore(), log.pubsub, 30, 15, no_name))
    conn.viewers[7] = None  # type: ignore[assignment]
    conn.sent_seq[7] = 3  # the client's view is the one at 3

    def patch(base: int, seq: int) -> dict[str, Any]:
        return {"type": "patch", "match": 7, "seq": seq, "base": base, "events": []}

    conn.deliver(patch(3, 5))  # fits: sent
    conn.deliver(patch(7, 8))  # frames 6 and 7 were missed: the log fills in to 9
    conn.deliver(patch(8, 9))  # the view at 9 is out already
    conn.deliver(patch(9, 10))  # fits again
    sender = asyncio.create_task(conn.send_loop())
    for _ in range(100):
        if any(m.get("seq") == 10 for m in ws.sent):
            break
        await asyncio.sleep(0.01)
    sender.cancel()
    assert [(m["type"], m["seq"]) for m in ws.sent] == [
        ("patch", 5), ("event", 6), ("event", 7), ("event", 8), ("event", 9), ("state", 9),
        ("patch", 10)]
    assert log.asked == [5]
