"""Two deployments sharing one Redis server never hear each other (finding: pub/sub ignores the
database number, and a fixed channel prefix let one deployment's frames reach the other)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harfiyen.server.settings import Settings

from .conftest import _migrate, start_server, unique
from .support import best_move, register

pytestmark = pytest.mark.anyio


async def _deployment(tmp_path: Path, name: str, redis_url: str) -> Settings:
    url = f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3"
    await _migrate(url, None)
    # No redis_prefix: the prefix comes from the deployment's own id.
    return Settings(env="test", database_url=url, redis_url=redis_url)


async def test_two_deployments_on_one_redis_are_apart(tmp_path: Path, redis_url: str) -> None:
    one = await start_server(await _deployment(tmp_path, "one", redis_url))
    two = await start_server(await _deployment(tmp_path, "two", redis_url))
    assert one.app.state.service.pubsub.prefix != two.app.state.service.pubsub.prefix
    clients = []
    try:
        # The same match number in both deployments (fresh databases: both are match 1).
        ids = []
        sockets = []
        for server in (one, two):
            a = await register(server.url, unique("a"))
            b = await register(server.url, unique("b"))
            clients += [a, b]
            created = await a.create_match({"rules": "tr"})
            await b.accept(created["invite"]["code"])
            ids.append(created["match"]["id"])
            pair = {}
            for client in (a, b):
                sock = await client.connect()
                pair[(await sock.subscribe(created["match"]["id"]))["seat"]] = sock
            sockets.append(pair)
        assert ids[0] == ids[1]
        match_id = ids[0]
        watcher = sockets[0][0]
        await watcher.wait_seq(match_id, 1)
        before, seq_before = list(watcher.received), watcher.seq[match_id]
        # Deployment two plays three moves in "its" match with the same number.
        pair = sockets[1]
        for _ in range(3):
            await pair[0].wait_seq(match_id, max(s.seq.get(match_id, 0) for s in pair.values()))
            view = pair[0].views[match_id]
            mover = pair[view["to_move"]]
            ack = await mover.move(match_id, best_move(mover.views[match_id]))
            assert ack["type"] == "ack", ack
            for sock in pair.values():
                await sock.wait_seq(match_id, ack["seq"])
        # The marker: a chat line in deployment one's match, published through the same
        # Redis after deployment two's moves. Redis delivers in the order it was sent, so
        # once the watcher has the line, any frame of deployment two would be in front of it.
        said = await sockets[0][1].chat(match_id, "marker")
        assert said["type"] == "ack", said
        marker = await watcher.wait_for(lambda f: f.get("type") == "chat")
        assert watcher.received == [*before, marker], "a frame of the other deployment arrived"
        assert watcher.seq[match_id] == seq_before
        for pair in sockets:
            for sock in pair.values():
                await sock.close()
    finally:
        for client in clients:
            await client.close()
        await one.stop()
        await two.stop()


async def test_processes_of_one_deployment_share_a_prefix(tmp_path: Path, redis_url: str) -> None:
    settings = await _deployment(tmp_path, "shared", redis_url)
    first, second = await start_server(settings), await start_server(settings)
    try:
        prefix = first.app.state.service.pubsub.prefix
        assert prefix == second.app.state.service.pubsub.prefix
        assert prefix.startswith("harfiyen:") and len(prefix) > len("harfiyen::")
    finally:
        await first.stop()
        await second.stop()


def test_an_explicit_prefix_wins() -> None:
    settings = Settings(env="test", database_url="sqlite:///unused", redis_prefix="site-a:")
    assert settings.channel_prefix("abc") == "site-a:"
    assert Settings(env="test", database_url="sqlite:///unused").channel_prefix("abc") == \
        "harfiyen:abc:"
