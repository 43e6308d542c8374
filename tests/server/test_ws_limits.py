"""Websocket limits: bounded queues for answers too, a frame rate limit, error frames that
always carry the frame's id (findings: a client sending pings and never reading grew the
server without bound; internal-error frames lost their id; a frame nested 8,000 deep failed)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import struct
from pathlib import Path
from typing import Any

import pytest

from harfiyen.server.settings import Settings

from .conftest import Database, LiveServer, _migrate, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio


def _masked_text_frame(text: str) -> bytes:
    """One client-to-server websocket text frame (RFC 6455: clients mask their frames)."""
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def _raw_websocket(client: Any) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket opened by hand on a socket with a tiny receive buffer, never read again."""
    host, port = client.base_url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.setblocking(False)
    reader, writer = await asyncio.open_connection(sock=sock)
    cookie = "; ".join(f"{k}={v}" for k, v in client.http.cookies.items())
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((
        f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Cookie: {cookie}\r\n\r\n"
    ).encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert b" 101 " in head
    return reader, writer


async def test_a_client_that_never_reads_cannot_grow_the_server(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'flood.sqlite3'}"
    await _migrate(url, None)
    server = await start_server(Settings(
        env="test", database_url=url,
        connection_queue=16, ws_stall_seconds=1.0, ws_frames_per_second=100_000,
        ws_frame_burst=100_000,
    ))
    try:
        client = await register(server.url, unique("p"))
        _, writer = await _raw_websocket(client)
        ping = _masked_text_frame(json.dumps({"type": "ping", "id": "x" * 64}))
        most = 0
        seen = False

        async def flood() -> None:
            with contextlib.suppress(OSError):
                while True:
                    writer.write(ping * 100)
                    await writer.drain()
                    await asyncio.sleep(0)  # the server shares this event loop

        flooding = asyncio.create_task(flood())
        for _ in range(400):
            for conn in server.app.state.connections:
                seen = True
                most = max(most, conn.queue.qsize())
            if seen and not server.app.state.connections:
                break
            await asyncio.sleep(0.05)
        flooding.cancel()
        # The server kept its queue bounded (it stops reading a client that does not read
        # its answers) and dropped the connection once it had stalled ws_stall_seconds.
        assert seen and most <= 16 + 2
        assert not server.app.state.connections
        writer.transport.abort()  # its unsent bytes would keep a graceful close waiting
        await client.close()
    finally:
        await server.stop()


async def test_frames_beyond_the_rate_are_refused_with_their_ids(database: Database) -> None:
    server = await start_server(database.settings(ws_frames_per_second=5, ws_frame_burst=10))
    try:
        client = await register(server.url, unique("p"))
        sock = await client.connect()
        await sock.wait_for(lambda f: f["type"] == "hello")
        for i in range(30):
            await sock.send({"type": "ping", "id": 1000 + i})
        answers = [await sock.wait_for(lambda f, n=1000 + i: f.get("id") == n) for i in range(30)]
        pongs = [a for a in answers if a["type"] == "pong"]
        refused = [a for a in answers if a["type"] == "error"]
        assert 10 <= len(pongs) <= 13
        assert refused and all(a["code"] == "request.rate_limited" for a in refused)
        await asyncio.sleep(0.5)
        assert (await sock.reply_to({"type": "ping"}))["type"] == "pong"  # the bucket refills
        # A flood far beyond the burst closes the connection.
        for _ in range(200):
            if sock.closed:
                break
            await sock.send({"type": "ping"})
        for _ in range(100):
            if sock.closed:
                break
            await asyncio.sleep(0.02)
        assert sock.closed
        await client.close()
    finally:
        await server.stop()


async def test_error_frames_keep_the_frame_id(live: LiveServer) -> None:
    client = await register(live.url, unique("p"))
    sock = await client.connect()
    await sock.wait_for(lambda f: f["type"] == "hello")
    deep = '{"type": "ping", "id": 41, "x": ' + "[" * 8000 + "]" * 8000 + "}"
    await sock.send_raw(deep)
    reply = await sock.wait_for(lambda f: f["type"] == "error")
    assert reply["code"] in ("request.malformed", "request.too_large")
    nested = {"type": "move", "id": 42, "match": 1, "move": {"kind": "play", "tiles": []}}
    node: dict[str, Any] = nested["move"]  # type: ignore[assignment]
    for _ in range(200):
        node["x"] = {}
        node = node["x"]
    reply = await sock.reply_to(nested)
    assert reply["type"] == "error" and reply["id"] == 42 and reply["code"] == "request.invalid"
    for frame in ({"type": "move", "id": 43, "match": 2**63, "move": {"kind": "pass"}},
                  {"type": "subscribe", "id": 44, "match": "7"},
                  {"type": "subscribe", "id": 45, "match": 7, "last_seq": 2**40}):
        reply = await sock.reply_to(frame)
        assert reply["type"] == "error" and reply["id"] == frame["id"], reply
        assert reply["code"] == "request.invalid"
    # The connection still works.
    assert (await sock.reply_to({"type": "ping"}))["type"] == "pong"
    await sock.close()
    await client.close()


async def test_a_database_failure_answers_with_the_frame_id(database: Database) -> None:
    server = await start_server(database.settings(
        db_pool_size=1, db_max_overflow=0, db_pool_timeout=0.3,
    ))
    try:
        client = await register(server.url, unique("p"))
        sock = await client.connect()
        await sock.wait_for(lambda f: f["type"] == "hello")
        held = await server.app.state.engine.connect()
        try:
            reply = await sock.reply_to({"type": "move", "id": "m-1", "match": 1,
                                         "move": {"kind": "pass"}})
        finally:
            await held.close()
        assert reply["type"] == "error" and reply["id"] == "m-1"
        assert reply["code"] == "server.busy"
        await sock.close()
        await client.close()
    finally:
        await server.stop()
