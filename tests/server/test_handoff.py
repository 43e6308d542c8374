"""Seats handed to the AI (``harfiyen.server.handoff``): a person who must leave a running
match lets the AI play on for them, or the room's host does it for a friend who dropped
off; the person stays the seat's player, their own moves wait until they take the seat
back, and every player is told. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import random

import pytest

from harfiyen.client import ApiError

from .codenames_support import random_clue
from .conftest import LiveServer, unique
from .letterjam_support import ai_like, assert_no_own_letters, end_seq, letterjam_room
from .support import register, seat_sockets

pytestmark = pytest.mark.anyio


async def test_a_person_hands_their_harf_takil_seat_to_the_ai_and_the_table_plays_on(
    live: LiveServer,
) -> None:
    clients, _, match_id = await letterjam_room(live.url, people=3, ai=0)
    host, leaving, stranger = clients[0], clients[1], await register(live.url, unique("x"))
    sockets, by_seat = await seat_sockets(match_id, clients)
    seat = next(s for s, c in by_seat.items() if c is leaving)
    # Only the seat's person or the room's host may hand it; only to the game's AI levels.
    with pytest.raises(ApiError) as refused:
        await stranger.hand_seat(match_id, seat, "ai")
    assert refused.value.code == "match.hand_not_allowed"
    assert "odanın sahibi" in refused.value.message
    with pytest.raises(ApiError) as refused:
        await leaving.hand_seat(match_id, seat, "usta")
    assert refused.value.code == "match.hand_no_ai"
    assert (await host.match(match_id))["players"][seat]["handed"] is None

    handed = await leaving.hand_seat(match_id, seat, "ai")
    assert handed["handed"] == {str(seat): "ai"}
    for sock in sockets.values():  # every player is told
        await sock.wait_for(lambda f: f.get("kind") == "seat_handed" and f["seat"] == seat)
    info = await host.match(match_id)
    assert info["players"][seat]["handed"] == "ai"
    assert info["players"][seat]["id"] == (await leaving.me())["id"]  # still their seat
    # The person's own moves wait until they take the seat back (nothing changes).
    before = info["last_seq"]
    with pytest.raises(ApiError) as refused:
        await leaving.move(match_id, {"kind": "agree_end"})
    assert refused.value.code == "match.seat_handed" and "geri al" in refused.value.message
    # The host takes it back for them and hands it again: both are the host's to do.
    await host.hand_seat(match_id, seat, None)
    assert (await host.match(match_id))["players"][seat]["handed"] is None
    await host.hand_seat(match_id, seat, "ai")
    assert (await host.match(match_id))["last_seq"] >= before

    # The two who stay play as the AI would; the AI plays the third seat to the end.
    staying = {s: sock for s, sock in sockets.items() if s != seat}
    for _ in range(1500):
        views = {s: sock.views[match_id] for s, sock in staying.items()}
        if any(v["outcome"] is not None for v in views.values()):
            break
        moved = False
        for sock in staying.values():
            move = ai_like(sock.views[match_id])
            if move is None:
                continue
            seen = sock.view_seq[match_id]
            reply = await sock.move(match_id, move)
            if reply["type"] == "ack":
                await sock.wait_seq(match_id, reply["seq"])
            else:  # the AI seat moved first
                assert (await host.match(match_id))["last_seq"] > seen, (reply, move)
            moved = True
            break
        if not moved:
            any_sock = next(iter(staying.values()))
            await any_sock.wait_seq(match_id, any_sock.view_seq[match_id] + 1, timeout=60)
    else:
        raise AssertionError("the game did not end")
    events = (await host.get(f"/api/matches/{match_id}/events"))["events"]
    by_handed = {e["event"]["kind"] for e in events if e["event"].get("seat") == seat}
    assert "arranged" in by_handed, by_handed
    done = await host.match(match_id)
    assert done["status"] == "finished" and len(done["result"]["players"]) == 3
    assert done["players"][seat]["id"] == (await leaving.me())["id"]  # theirs to the end
    end = await end_seq(live.app, match_id)
    for s, sock in sockets.items():  # the seat's person never saw their own letters
        await sock.wait_seq(match_id, end)
        assert_no_own_letters(sock.received, s, end)
        await sock.close()
    with pytest.raises(ApiError) as refused:  # a finished match is not handed
        await host.hand_seat(match_id, seat, None)
    assert refused.value.code == "match.not_active"


async def test_a_crossword_seat_is_handed_to_a_bot_level_but_never_in_a_ranked_match(
    live: LiveServer,
) -> None:
    a = await register(live.url, unique("h"))
    b = await register(live.url, unique("h"))
    ranked = await a.create_match({"rules": "tr"}, ranked=True)
    await b.accept(ranked["invite"]["code"])
    seats = (await a.match(ranked["match"]["id"]))["players"]
    me = (await a.me())["id"]
    own = next(p["seat"] for p in seats if p["id"] == me)
    with pytest.raises(ApiError) as refused:
        await a.hand_seat(ranked["match"]["id"], own, "orta")
    assert refused.value.code == "match.hand_ranked"

    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    info = await a.match(match_id)
    mover = a if info["players"][info["to_move"]]["id"] == (await a.me())["id"] else b
    seat = info["to_move"]
    with pytest.raises(ApiError) as refused:  # no room here: nobody hands another's seat
        await (b if mover is a else a).hand_seat(match_id, seat, "orta")
    assert refused.value.code == "match.hand_not_allowed"
    await mover.hand_seat(match_id, seat, "orta")
    for _ in range(200):  # the bot plays the person's turn
        info = await a.match(match_id)
        if info["last_seq"] > created["match"]["last_seq"] and info["to_move"] != seat:
            break
        await asyncio.sleep(0.05)
    assert info["to_move"] != seat and info["status"] == "active"
    plays = (await a.get(f"/api/matches/{match_id}/events"))["events"]
    assert any(e["event"].get("seat") == seat and e["event"]["kind"] in ("play_made", "passed",
               "exchanged") for e in plays), plays
    # Taken back: the seat waits for its person again; the bot makes no more moves.
    await mover.hand_seat(match_id, seat, None)
    await (b if mover is a else a).resign(match_id)
    done = await a.match(match_id)
    assert done["status"] == "finished" and done["players"][seat]["handed"] is None


async def test_a_handed_kelime_casusu_guesser_neither_marks_nor_chats_as_the_seat(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the AI plays a guesser's seat, the person's marks and chat lines as that seat
    are refused like their guesses (match.seat_handed), and nothing of them reaches the
    table; the other guesser of the team marks and chats as before."""
    # The AI guesser leaves the team's people time to act first: all of this test.
    monkeypatch.setattr(live.app.state.bots, "pace_seconds", 120.0)
    host, leaving, staying = [await register(live.url, unique(n)) for n in "hls"]
    room = await host.request("POST", "/api/rooms", {"game": "codenames",
                                                     "options": {"language": "tr"}})
    base = f"/api/rooms/{room['code']}"
    for person, slot in ((host, 0), (leaving, 1), (staying, 2)):  # red: spymaster, guessers
        if person is not host:
            await person.request("POST", f"{base}/join", {})
        await person.request("POST", f"{base}/seat", {"slot": slot})
    for slot in (5, 6):  # blue: the AI's
        await host.request("POST", f"{base}/slots/{slot}", {"ai": "ai"})
    match_id = int((await host.request("POST", f"{base}/start", {}))["match"])
    sockets = {p: await p.connect() for p in (host, leaving, staying)}
    for person, seat in ((host, 0), (leaving, 1), (staying, 2)):
        assert (await sockets[person].subscribe(match_id))["seat"] == seat
    await leaving.hand_seat(match_id, 1, "ai")
    # Red's spymaster gives a clue (after blue's turn, if blue starts); red's guessers act.
    sock = sockets[host]
    await sock.wait_seq(match_id, 1)
    rnd = random.Random(5)
    for _ in range(100):
        view = sock.views[match_id]
        if view["phase"] == "guess" and view["to_act"] == [1, 2]:
            break
        if view["to_act"] == [0]:
            reply = await sock.move(match_id, random_clue(view, rnd) | {"number": 1})
            assert reply["type"] == "ack", reply
            await sock.wait_seq(match_id, reply["seq"])
        else:  # blue's AIs
            await sock.wait_seq(match_id, sock.view_seq[match_id] + 1, timeout=60)
    else:
        raise AssertionError("red's guessers never got to act")
    seq = sock.view_seq[match_id]
    covered = next(c["index"] for c in view["cards"] if not c["revealed"])
    # The handed seat's person: refused, over the websocket and over HTTP.
    for frame in ({"type": "mark", "match": match_id, "index": covered},
                  {"type": "mark", "match": match_id, "index": None},
                  {"type": "chat", "match": match_id, "text": "şunu seçin"}):
        answer = await sockets[leaving].reply_to(frame)
        assert answer["type"] == "error" and answer["code"] == "match.seat_handed", answer
        assert "koltuğunu geri al" in answer["message"]
    with pytest.raises(ApiError) as refused:
        await leaving.chat(match_id, "şunu seçin")
    assert refused.value.code == "match.seat_handed" and refused.value.status == 409
    # The other guesser of the team marks and chats; these arrive after anything the
    # refused frames could have sent, and nothing of the handed seat came before them.
    assert (await sockets[staying].reply_to(
        {"type": "mark", "match": match_id, "index": covered}))["type"] == "ack"
    assert (await sockets[staying].chat(match_id, "bence bu"))["type"] == "ack"
    for person in (host, leaving, staying):
        await sockets[person].wait_for(
            lambda f: f.get("type") == "chat" and f["text"] == "bence bu")
    for person in (host, leaving, staying):
        received = sockets[person].received
        assert not any(f.get("type") == "mark" and f["seat"] == 1 for f in received)
        assert not any(f.get("type") == "chat" and f["text"] == "şunu seçin" for f in received)
    assert [m["text"] for m in await staying.chat_history(match_id)] == ["bence bu"]
    assert (await host.match(match_id))["last_seq"] == seq
    # Taken back: the person marks again.
    await leaving.hand_seat(match_id, 1, None)
    assert (await sockets[leaving].reply_to(
        {"type": "mark", "match": match_id, "index": covered}))["type"] == "ack"
    await host.resign(match_id)
    for sock in sockets.values():
        await sock.close()
