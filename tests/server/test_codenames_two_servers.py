"""A Kelime Casusu match with its players on two server processes sharing PostgreSQL and
Redis: moves, marks and team chat reach every seat, whichever server it is on."""

from __future__ import annotations

import random

import pytest

from harfiyen.client import HarfiyenClient

from .codenames_support import assert_no_key, play_to_end, random_clue, reveal_log
from .conftest import Database, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio


async def test_codenames_on_two_servers(postgres: Database, redis_url: str) -> None:
    settings = postgres.settings(redis_url=redis_url)
    one, two = await start_server(settings), await start_server(settings)
    clients: list[HarfiyenClient] = []
    sockets = {}
    try:
        for n in range(4):
            clients.append(await register((one if n % 2 == 0 else two).url, unique("t")))
        created = await clients[0].post("/api/matches", {"game": "codenames",
                                                         "options": {"language": "tr"}})
        match_id = created["match"]["id"]
        for client in clients[1:]:
            await client.accept(created["invite"]["code"])
        server_of = {}
        for n, client in enumerate(clients):
            sock = await client.connect()
            ack = await sock.subscribe(match_id)
            await sock.wait_seq(match_id, 1)
            sockets[ack["seat"]] = sock
            server_of[ack["seat"]] = n % 2
        watcher = await (await register(two.url, unique("w"))).connect()
        await watcher.subscribe(match_id)
        table = sockets[0].views[match_id]["seats"]
        role = {(s["team"], s["role"]): s["seat"] for s in table}
        red_spy, red_guess = role["red", "spymaster"], role["red", "guesser"]
        # The clue, a mark and team talk cross from one server to the other.
        clue = await sockets[red_spy].move(match_id, random_clue(
            sockets[red_spy].views[match_id], random.Random(4)))
        assert clue["type"] == "ack"
        for sock in sockets.values():
            await sock.wait_seq(match_id, clue["seq"])
        assert (await sockets[red_guess].reply_to(
            {"type": "mark", "match": match_id, "index": 7}))["type"] == "ack"
        for sock in (*sockets.values(), watcher):
            mark = await sock.wait_for(lambda f: f.get("type") == "mark")
            assert mark["seat"] == red_guess and mark["index"] == 7
        assert (await sockets[red_guess].chat(match_id, "yediyi seçelim"))["type"] == "ack"
        heard = await sockets[red_spy].wait_for(lambda f: f.get("type") == "chat")
        assert heard["team"] == "red" and heard["text"] == "yediyi seçelim"
        final = await play_to_end(match_id, sockets, random.Random(11))
        assert final["outcome"]["reason"] in ("all_words", "black_word")
        assert set(server_of.values()) == {0, 1}
        for client in clients:
            assert (await client.match(match_id))["status"] == "finished"
        revealed, end = await reveal_log(one.app, match_id)
        for seat, sock in sockets.items():
            if table[seat]["role"] == "guesser":
                assert_no_key(sock.received, revealed, end)
            others = [f for f in sock.received if f.get("type") == "chat"]
            assert bool(others) is (table[seat]["team"] == "red")
        await watcher.wait_seq(match_id, end or 0)
        assert_no_key(watcher.received, revealed, end)
        assert not [f for f in watcher.received if f.get("type") == "chat"]
        sockets[-1] = watcher
    finally:
        for sock in sockets.values():
            await sock.close()
        for client in clients:
            await client.close()
        await one.stop()
        await two.stop()
