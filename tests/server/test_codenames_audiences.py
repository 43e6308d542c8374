"""Kelime Casusu audiences, card marks and the chat policy over the real server."""

from __future__ import annotations

import random
from typing import Any

import pytest

from harfiyen.client import ApiError, GameSocket
from harfiyen.core.viewers import Seat, Spectator
from harfiyen.games.codenames.views import TeamRole
from harfiyen.server.match.channels import match_channel
from harfiyen.server.models import Match

from .codenames_support import codenames_table, random_clue
from .conftest import LiveServer, unique
from .support import register, seat_sockets

pytestmark = pytest.mark.anyio


def roles(view: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(team, role) -> the first such seat."""
    out: dict[tuple[str, str], int] = {}
    for s in view["seats"]:
        out.setdefault((s["team"], s["role"]), s["seat"])
    return out


async def heard(sock: GameSocket, kind: str) -> list[dict[str, Any]]:
    """The frames of ``kind`` the socket got of everything published before this call.

    A marker, not a wait: the in-process bus puts a message on each subscriber's queue
    before the publisher's ack, and a ping's pong joins the same queue after it."""
    pong = await sock.reply_to({"type": "ping"})
    assert pong["type"] == "pong", pong
    return [f for f in sock.received if f.get("type") == kind]


async def test_each_audience_has_its_channel_and_view(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    sockets, _ = await seat_sockets(match_id, clients)
    service = live.app.state.service
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        audiences = service.audiences(match)
    channels = {match_channel(match_id, v) for v in audiences}
    assert {f"match:{match_id}:seat:{n}" for n in range(4)} <= channels
    assert f"match:{match_id}:spectators" in channels
    assert f"match:{match_id}:team:red:guesser" in channels
    assert any(isinstance(v, TeamRole) for v in audiences)
    assert Spectator() in audiences and Seat(3) in audiences
    for seat, sock in sockets.items():
        view = sock.views[match_id]
        assert view["viewer"] == {"kind": "seat", "seat": seat,
                                  "team": view["seats"][seat]["team"],
                                  "role": view["seats"][seat]["role"]}
        assert view["key_visible"] is (view["seats"][seat]["role"] == "spymaster")
    watcher = await (await register(live.url, unique("w"))).connect()
    assert (await watcher.subscribe(match_id))["seat"] is None
    await watcher.wait_seq(match_id, 2)
    assert watcher.views[match_id]["viewer"] == {"kind": "spectator"}
    assert all("colour" not in card for card in watcher.views[match_id]["cards"])
    for sock in (*sockets.values(), watcher):
        await sock.close()


async def test_marks_are_relayed_from_the_guessers_to_act_only(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    sockets, by_seat = await seat_sockets(match_id, clients)
    seats = roles(sockets[0].views[match_id])
    red_spy, red_guess = seats["red", "spymaster"], seats["red", "guesser"]
    blue_guess = seats["blue", "guesser"]
    english = await by_seat[red_spy].connect(language="en")
    await english.subscribe(match_id)
    watcher = await (await register(live.url, unique("w"))).connect()
    await watcher.subscribe(match_id)
    # Before the clue the guessers cannot mark.
    early = await sockets[red_guess].reply_to({"type": "mark", "match": match_id, "index": 3})
    assert early["type"] == "error" and early["code"] == "no_clue_yet"
    clue = await sockets[red_spy].move(match_id, random_clue(sockets[red_spy].views[match_id],
                                                             random.Random(2)))
    assert clue["type"] == "ack"
    marked = await sockets[red_guess].reply_to({"type": "mark", "match": match_id, "index": 3})
    assert marked["type"] == "ack"
    for sock in (*sockets.values(), watcher):
        frame = await sock.wait_for(lambda f: f.get("type") == "mark")
        assert frame == {"type": "mark", "match": match_id, "seat": red_guess, "index": 3}
    refused = await english.reply_to({"type": "mark", "match": match_id, "index": 4})
    assert refused["code"] == "not_your_role" and refused["message"].startswith("Only a")
    other = await sockets[blue_guess].reply_to({"type": "mark", "match": match_id, "index": 4})
    assert other["code"] == "not_your_turn" and "Sıra" in other["message"]
    cleared = await sockets[red_guess].reply_to({"type": "mark", "match": match_id,
                                                 "index": None})
    assert cleared["type"] == "ack"
    frame = await watcher.wait_for(lambda f: f.get("type") == "mark")
    assert frame["index"] is None and frame["seat"] == red_guess
    guess = await sockets[red_guess].move(match_id, {"kind": "guess", "index": 3})
    assert guess["type"] == "ack"
    view = (await by_seat[red_guess].match(match_id))["view"]
    if view["turn"] == "red" and view["outcome"] is None:
        again = await sockets[red_guess].reply_to({"type": "mark", "match": match_id,
                                                   "index": 3})
        assert again["code"] == "already_revealed"
    outsider = await (await register(live.url, unique("o"))).connect()
    nope = await outsider.reply_to({"type": "mark", "match": match_id, "index": 1})
    assert nope["code"] == "match.not_a_player"
    for sock in (*sockets.values(), watcher, english, outsider):
        await sock.close()


async def test_crossword_has_no_marks(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    await b.accept(created["invite"]["code"])
    sock = await a.connect()
    refused = await sock.reply_to({"type": "mark", "match": created["match"]["id"], "index": 1})
    assert refused["code"] == "match.no_marks"
    await sock.close()


async def test_chat_policy(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    sockets, by_seat = await seat_sockets(match_id, clients)
    seats = roles(sockets[0].views[match_id])
    red_spy, red_guess = seats["red", "spymaster"], seats["red", "guesser"]
    blue_spy, blue_guess = seats["blue", "spymaster"], seats["blue", "guesser"]
    viewer = await register(live.url, unique("w"))
    watcher = await viewer.connect()
    await watcher.subscribe(match_id)
    # Spymasters are silent while the game runs, in both languages.
    silent = await sockets[red_spy].chat(match_id, "deniz!")
    assert silent["code"] == "chat.not_allowed" and "sohbete yazılamaz" in silent["message"]
    with pytest.raises(ApiError) as http:
        await by_seat[blue_spy].chat(match_id, "x")
    assert http.value.code == "chat.not_allowed" and http.value.status == 403
    with pytest.raises(ApiError) as watching:
        await viewer.chat(match_id, "merhaba")
    assert watching.value.code == "chat.not_allowed"
    assert "İzleyiciler" in watching.value.message
    # A guesser talks to the team: the team's seats get it, nobody else.
    said = await sockets[red_guess].chat(match_id, "bence üçüncü kart")
    assert said["type"] == "ack"
    for seat in (red_spy, red_guess):
        frame = await sockets[seat].wait_for(lambda f: f.get("type") == "chat")
        assert frame["text"] == "bence üçüncü kart" and frame["team"] == "red"
    for sock in (sockets[blue_guess], sockets[blue_spy], watcher):
        assert await heard(sock, "chat") == []
    assert [m["text"] for m in await by_seat[red_spy].chat_history(match_id)] == [
        "bence üçüncü kart"]
    assert await by_seat[blue_guess].chat_history(match_id) == []
    assert await viewer.chat_history(match_id) == []
    # After the end everyone talks, spectators read it, and team talk stays the team's.
    await by_seat[blue_guess].resign(match_id)
    await sockets[red_spy].wait_for(lambda f: f.get("type") == "state"
                                    and f["status"] == "finished")
    ended = await sockets[red_spy].chat(match_id, "iyi oyundu")
    assert ended["type"] == "ack"
    for sock in (sockets[blue_guess], watcher):
        frame = await sock.wait_for(lambda f: f.get("type") == "chat")
        assert frame["text"] == "iyi oyundu" and "team" not in frame
    assert [m["text"] for m in await viewer.chat_history(match_id)] == ["iyi oyundu"]
    assert [m["text"] for m in await by_seat[blue_guess].chat_history(match_id)] == [
        "iyi oyundu"]
    assert [m["text"] for m in await by_seat[red_guess].chat_history(match_id)] == [
        "bence üçüncü kart", "iyi oyundu"]
    for sock in (*sockets.values(), watcher):
        await sock.close()
