"""A game the server has never seen is created, played to the end and watched over the
real HTTP API and websocket, once registered: the server needs no code of its own for it."""

from __future__ import annotations

import json

import pytest

from harfiyen.core.registry import temporarily_registered

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio


async def test_a_newly_registered_game_is_played_through_the_server(live: LiveServer) -> None:
    from conformance.fourth_game import SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        config = await (await register(live.url, unique("c"))).get("/api/config")
        assert "gizli-harf" in config["games"]
        a = await register(live.url, unique("a"))
        b = await register(live.url, unique("b"))
        created = await a.create_match({"players": 2, "turns": 2}, game="gizli-harf")
        match_id = created["match"]["id"]
        await b.accept(created["invite"]["code"])
        sockets = {}
        for client in (a, b):
            sock = await client.connect()
            ack = await sock.subscribe(match_id)
            await sock.wait_seq(match_id, 1)
            sockets[ack["seat"]] = sock
        letters = {seat: sock.views[match_id]["letter"] for seat, sock in sockets.items()}
        assert all(len(letter) == 1 for letter in letters.values())
        refused = await sockets[1].move(match_id, {"kind": "say", "word": "KEDİ"})
        assert refused["type"] == "error" and refused["code"] == "not_your_turn"
        words = ["KALEM", "MASA", "ARI", "ILIK"]
        for turn, word in enumerate(words):
            reply = await sockets[turn % 2].move(match_id, {"kind": "say", "word": word})
            assert reply["type"] == "ack", reply
        last = (await a.match(match_id))["last_seq"]
        for sock in sockets.values():
            await sock.wait_seq(match_id, last)
        final = await a.match(match_id)
        assert final["status"] == "finished" and sorted(final["result"]["places"]) in (
            [1, 2], [1, 1])
        # While the game ran, no seat was sent the other's letter.
        for seat, sock in sockets.items():
            other = letters[1 - seat]
            for frame in sock.received:
                if frame.get("type") == "state" and frame.get("status") == "active":
                    assert frame["view"]["letters"] is None
                    assert frame["view"]["letter"] == letters[seat]
                if frame.get("type") == "event" and frame["event"]["kind"] == "dealt":
                    assert frame["event"]["letters"] == [letters[seat]]
                    assert other not in json.dumps(frame["event"]) or other == letters[seat]
        for sock in sockets.values():
            await sock.close()
        await a.close()
        await b.close()


async def test_a_person_plays_the_new_game_against_its_ai_seat_to_the_end(
    live: LiveServer,
) -> None:
    """The game's AI seat, registered through its spec alone, is seated by the ``bot`` field
    of ``POST /api/matches`` like any game's and moves through the server's bot runner; the
    person is never sent the AI seat's letter while the game runs."""
    from conformance.fourth_game import SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        person = await register(live.url, unique("p"))
        created = await person.create_match({"players": 2, "turns": 3}, game="gizli-harf",
                                            bot="ai")
        match = created["match"]
        match_id = match["id"]
        assert match["status"] == "active" and not match["ranked"]  # solo: starts at once
        bot = next(p for p in match["players"] if p["username"] == "bot_ai")
        assert bot["display_name"] == "Yapay zekâ"
        sock = await person.connect()
        seat = (await sock.subscribe(match_id))["seat"]
        assert seat != bot["seat"]
        await sock.wait_seq(match_id, 1)
        mine = sock.views[match_id]["letter"]
        said = 0
        for _ in range(20):
            if sock.status[match_id] != "active":
                break
            view = sock.views[match_id]
            if view["to_move"] == seat:
                start = view["words"][-1][-1] if view["words"] else "K"
                said += 1
                reply = await sock.move(match_id, {"kind": "say", "word": start + "A" * said})
                assert reply["type"] == "ack", reply
                await sock.wait_seq(match_id, reply["seq"])
            else:  # the AI's turn: its word arrives as an event and a new view
                await sock.wait_seq(match_id, sock.view_seq[match_id] + 1, timeout=20)
        final = await person.match(match_id)
        assert final["status"] == "finished", final
        assert sorted(final["result"]["places"]) in ([1, 2], [1, 1])
        assert said == 3
        # Seat 0 spoke first; the AI's words hold its letter (open once the game is over).
        over = sock.views[match_id]
        theirs = over["letters"][bot["seat"]]
        ai_words = over["words"][bot["seat"]::2]
        assert len(ai_words) == 3 and all(theirs in word for word in ai_words)
        for frame in sock.received:
            if frame.get("type") == "state" and frame.get("status") == "active":
                assert frame["view"]["letters"] is None
                assert frame["view"]["letter"] == mine
            if frame.get("type") == "event" and frame["event"]["kind"] == "dealt":
                assert frame["event"]["letters"] == [mine]
        timings = [t for t in live.app.state.bots.timings if t.match_id == match_id]
        assert len(timings) == 3 and not any(t.fallback for t in timings)
        await sock.close()
        await person.close()
