"""A Harf Takıl table with its people on two server processes sharing PostgreSQL and Redis,
and AI teammates moved by whichever process' bot runner gets there first: every move
reaches every seat, no seat is sent its own letters, and the chat opens at the end."""

from __future__ import annotations

import pytest

from harfiyen.client import GameSocket

from .conftest import Database, start_server, unique
from .letterjam_support import (
    ai_like,
    assert_no_own_letters,
    end_seq,
    follower,
    letterjam_room,
    play_people,
)
from .support import register, seat_sockets

pytestmark = pytest.mark.anyio


async def test_letterjam_on_two_servers(postgres: Database, redis_url: str) -> None:
    settings = postgres.settings(redis_url=redis_url)
    one, two = await start_server(settings), await start_server(settings)
    sockets: dict[int, GameSocket] = {}
    watcher: GameSocket | None = None
    try:
        clients, code, match_id = await letterjam_room(
            one.url, people=3, ai=2, urls=[one.url, two.url, two.url])
        sockets, by_seat = await seat_sockets(match_id, clients)
        assert sorted(sockets) == [0, 1, 2]
        # A member of the (private) room who is not seated watches as a spectator.
        member = await register(one.url, unique("w"))
        await member.request("POST", f"/api/rooms/{code}/join", {})
        watcher = await member.connect()
        assert (await watcher.subscribe(match_id))["type"] == "ack"
        # Talk is refused on either server while the game runs.
        for seat in (0, 1):
            refused = await sockets[seat].chat(match_id, "sende A var")
            assert refused["type"] == "error" and refused["code"] == "chat.not_allowed"
        final = await play_people(match_id, sockets, by_seat,
                                  {0: ai_like, 1: follower, 2: follower})
        assert final["outcome"] is not None
        end = await end_seq(one.app, match_id)
        for seat, sock in sockets.items():
            await sock.wait_seq(match_id, end)
            assert sock.views[match_id]["outcome"] == final["outcome"]
            assert_no_own_letters(sock.received, seat, end)
        await watcher.wait_seq(match_id, end)
        # Every seat's move was written once: the two bot runners never doubled one.
        events = (await clients[1].get(f"/api/matches/{match_id}/events"))["events"]
        assert [e["seq"] for e in events] == list(range(1, end + 1))
        arranged = [e["event"]["seat"] for e in events if e["event"]["kind"] == "arranged"]
        assert sorted(set(arranged)) == [0, 1, 2, 3, 4]
        # After the end, talk crosses from one server to the other.
        said = await sockets[1].chat(match_id, "iyi oyundu")
        assert said["type"] == "ack", said
        heard = await sockets[0].wait_for(lambda f: f.get("type") == "chat")
        assert heard["text"] == "iyi oyundu"
    finally:
        for sock in (*sockets.values(), *([watcher] if watcher else [])):
            await sock.close()
        await one.stop()
        await two.stop()
