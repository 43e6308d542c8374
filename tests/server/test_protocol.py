"""Bad input over the websocket: every refusal is an error frame and changes nothing."""

from __future__ import annotations

import json

import pytest

from harfiyen.client import HarfiyenClient

from .conftest import LiveServer, unique
from .support import best_move, register
from .test_matches import SEAT_CLIENTS, _pair, _sockets

pytestmark = pytest.mark.anyio


async def _last_seq(client: HarfiyenClient, match_id: int) -> int:
    return int((await client.match(match_id))["last_seq"])


async def test_bad_frames_get_error_frames_and_change_nothing(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    to_move = sockets[0].views[match_id]["to_move"]
    mover, waiting = sockets[to_move], sockets[1 - to_move]
    before = await _last_seq(a, match_id)

    async def error_for(sock: object, raw: str | bytes) -> dict[str, object]:
        await sock.send_raw(raw)  # type: ignore[attr-defined]
        return await sock.wait_for(lambda f: f["type"] == "error")  # type: ignore[attr-defined, no-any-return]

    assert (await error_for(mover, "not json"))["code"] == "request.malformed"
    assert (await error_for(mover, "[1, 2]"))["code"] == "request.malformed"
    assert (await error_for(mover, b"\x00\x01"))["code"] == "request.malformed"
    unknown_type = await error_for(mover, json.dumps({"type": "hack", "id": 5}))
    assert unknown_type["code"] == "request.invalid" and unknown_type["id"] == 5
    extra = await error_for(mover, json.dumps(
        {"type": "move", "id": 6, "match": match_id, "move": {"kind": "pass"}, "evil": 1}))
    assert extra["code"] == "request.invalid" and "evil" in extra["message"]
    big = json.dumps({"type": "ping", "id": 7, "pad": "x" * 20_000})
    assert (await error_for(mover, big))["code"] == "request.too_large"

    replies = [
        await mover.move(match_id, {"kind": "pass", "extra": True}),
        await mover.move(match_id, {"kind": "teleport"}),
        await mover.move(match_id, {"kind": "play", "tiles": [
            {"square": "H8", "letter": "A", "blank": False, "score": 99}]}),
        await mover.move(match_id, {"kind": "play", "tiles": [{"square": "Z99", "letter": "A"}]}),
        await mover.move(match_id, {"kind": "play", "gcg": "8H"}),
        await mover.move(match_id, {"kind": "play", "tiles": [{"square": "A1", "letter": "A"}]}),
        await mover.move(match_id, {"kind": "exchange", "tiles": ["Q", "Q"]}),
        await waiting.move(match_id, {"kind": "pass"}),
        await waiting.move(match_id, best_move(waiting.views[match_id])),
        await mover.move(match_id + 10_000, {"kind": "pass"}),
    ]
    codes = [r["code"] for r in replies]
    assert all(r["type"] == "error" for r in replies)
    assert codes[:3] == ["request.invalid"] * 3
    assert codes[3] == "notation.bad_square" and codes[4] == "notation.bad_move"
    assert codes[5] in ("first_move_off_centre", "tile_not_on_rack")
    assert codes[6] in ("tile_not_on_rack", "exchange_whole_rack")
    assert codes[7] == codes[8] == "not_your_turn"
    assert codes[9] == "match.not_found"
    assert await _last_seq(a, match_id) == before
    # Still usable afterwards.
    assert (await mover.reply_to({"type": "ping"}))["type"] == "pong"
    assert (await mover.move(match_id, {"kind": "pass"}))["type"] == "ack"
    for client in (a, b):
        await client.close()
    for sock in sockets.values():
        await sock.close()


async def test_outsiders_cannot_move_and_errors_use_the_users_language(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    outsider = await register(live.url, unique("o"), language="en")
    sock = await outsider.connect()
    reply = await sock.move(match_id, {"kind": "pass"})
    assert reply["code"] == "match.not_a_player"
    assert reply["message"] == "You are not a player in this match."
    sockets = await _sockets(live, match_id, a, b)
    waiting = 1 - sockets[0].views[match_id]["to_move"]
    turkish = await sockets[waiting].move(match_id, {"kind": "pass"})
    assert turkish["message"].startswith("Sıra sende değil")
    english = await SEAT_CLIENTS[match_id][waiting].connect(language="en")
    reply = await english.move(match_id, {"kind": "pass"})
    assert reply["message"].startswith("It is not your turn")
    for client in (a, b, outsider):
        await client.close()
    for s in (*sockets.values(), sock, english):
        await s.close()


async def test_websocket_needs_a_session_and_the_same_origin(live: LiveServer) -> None:
    from websockets.asyncio.client import connect

    url = live.url.replace("http", "ws") + "/ws"
    async with connect(url) as ws:
        frame = json.loads(await ws.recv())
    assert frame["type"] == "error" and frame["code"] == "auth.required"
    client = await register(live.url, unique("x"))
    cookie = "; ".join(f"{k}={v}" for k, v in client.http.cookies.items())
    async with connect(url, additional_headers={"Cookie": cookie},
                       origin="http://evil.example") as ws:  # type: ignore[arg-type]
        frame = json.loads(await ws.recv())
    assert frame["code"] == "auth.bad_origin"
    await client.close()
