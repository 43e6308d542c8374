"""A websocket frame fuzzer: malformed JSON, wrong types, deep nesting, huge frames, unknown
types and replayed ids, thrown at a player's connection in a live match.

Every frame gets its answer (an error or an ack), an answer carries the frame's id
whenever the frame had a readable one, no answer is ``server.internal``, the
connection stays open, and the match only ever moves by accepted moves.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harfiyen.client import HarfiyenClient
from harfiyen.server.ws_frames import frame_id_of

from .conftest import Database, _migrate, start_server, unique
from .support import register

EXAMPLES = int(os.environ.get("HARFIYEN_FUZZ_EXAMPLES", "60"))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                    st.floats(allow_nan=False), st.text(max_size=20))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
ids = st.one_of(st.none(), st.integers(-(2**70), 2**70), st.text(max_size=80), st.booleans(),
                st.floats(allow_nan=False), st.lists(st.integers(), max_size=2))
kinds = st.sampled_from(["ping", "subscribe", "unsubscribe", "move", "chat", "hack", "", "PING"])
moves = st.one_of(values, st.fixed_dictionaries({"kind": st.sampled_from(
    ["play", "pass", "exchange", "challenge", "accept", "teleport"])}, optional={
    "tiles": values, "gcg": st.text(max_size=50)}))


def framed(match: int) -> st.SearchStrategy[str]:
    objects = st.fixed_dictionaries({"type": kinds}, optional={
        "id": ids, "match": st.one_of(st.just(match), st.integers(-(2**64), 2**64), values),
        "last_seq": values, "move": moves, "text": st.text(max_size=300), "extra": values,
    }).map(lambda f: json.dumps(f))
    raw = st.one_of(
        st.text(max_size=200),
        objects.map(lambda t: t[: len(t) // 2]),  # cut short
        st.integers(1, 12_000).map(lambda n: "[" * n + "]" * n),  # deep
        st.integers(1, 12_000).map(lambda n: '{"type": "ping", "id": 9, "x": ' + "[" * n
                                   + "]" * n + "}"),
        st.integers(17_000, 40_000).map(lambda n: json.dumps({"type": "ping", "id": 3,
                                                             "pad": "x" * n})),  # huge
    )
    return st.one_of(objects, objects, raw)


@dataclass
class Arena:
    url: str
    cookies: dict[str, str]
    match: int


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    """A server in a thread of its own (hypothesis drives plain functions), a live match."""
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.sqlite3'}"
    asyncio.run(_migrate(url, None))
    settings_ = Database("sqlite", url, None).settings(ws_frames_per_second=100_000,
                                                        ws_frame_burst=100_000)
    ready: queue.Queue[Any] = queue.Queue()
    stop = threading.Event()

    async def serve() -> None:
        server = await start_server(settings_)
        ready.put(server)
        while not stop.is_set():
            await asyncio.sleep(0.05)
        await server.stop()

    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    server = ready.get(timeout=60)

    async def setup() -> Arena:
        a, b = await register(server.url, unique("a")), await register(server.url, unique("b"))
        created = await a.create_match({"rules": "tr"})
        await b.accept(created["invite"]["code"])
        cookies = dict(a.http.cookies.items())
        await a.close()
        await b.close()
        return Arena(server.url, cookies, created["match"]["id"])

    try:
        yield asyncio.run(setup())
    finally:
        stop.set()
        thread.join(30)


SEEN: list[int] = [0]


async def _throw(arena: Arena, texts: list[str]) -> None:
    client = HarfiyenClient(arena.url)
    client.http.cookies.update(arena.cookies)
    sock = await client.connect()
    match = arena.match
    try:
        await sock.subscribe(match)
        await sock.wait_seq(match, 1)
        for text in texts:
            start = len(sock.received)
            await sock.send_raw(text)
            SEEN[0] += 1
            probe = f"probe-{SEEN[0]}"
            await sock.reply_to({"type": "ping", "id": probe}, timeout=15)
            answers = [f for f in sock.received[start:]
                       if f.get("type") in ("ack", "error", "pong") and f.get("id") != probe]
            assert answers, f"no answer to {text[:200]!r}"
            assert all(f.get("code") != "server.internal" for f in answers), answers
            try:
                parsed = json.loads(text)
            except (ValueError, RecursionError):
                parsed = None
            wanted = frame_id_of(parsed)
            if wanted is not None and len(text.encode()) <= 16_384:
                assert any(f.get("id") == wanted for f in answers), (text[:200], answers)
        assert not sock.closed
        stored = await client.match(match)
        # Nothing moved but what was acknowledged (a resubscribe may bring newer views).
        await sock.wait_seq(match, stored["last_seq"])
    finally:
        await sock.close()
        await client.close()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_frame_gets_a_truthful_answer(arena: Arena, data: st.DataObject) -> None:
    texts = data.draw(st.lists(framed(arena.match), min_size=1, max_size=6))
    if data.draw(st.booleans()):  # an id used twice
        texts += [json.dumps({"type": "ping", "id": 7})] * 2
    asyncio.run(_throw(arena, texts))


def test_ids_beyond_64_bits_get_an_answer_and_keep_the_connection(arena: Arena) -> None:
    """A number id the frame encoder cannot write back is not echoed; the frame is answered
    and the connection stays open (it closed with 1011 before)."""
    texts = [json.dumps({"type": kind, "id": big, "match": arena.match})
             for big in (2**63, 2**64, -(2**63) - 1, 10**30, 2**63 - 1, -(2**63))
             for kind in ("ping", "unsubscribe", "hack")]
    asyncio.run(_throw(arena, texts))
