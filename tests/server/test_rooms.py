"""Rooms: a Kelime Casusu room created, joined, seated, started, played to the end and
rematched with the roles rotated (one server, and two server processes over PostgreSQL +
Redis); every refusal changes nothing; quick play with AI seats; the public list."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from harfiyen.client import ApiError, GameSocket, HarfiyenClient
from harfiyen.server.rooms import preference_order, rotated

from .conftest import Database, LiveServer, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio

CLUE_WORDS = ("ANAHTAR", "BULMACA", "ÇEKİRDEK", "DÜMEN", "FENER", "GÜNEŞLİK", "HAVUZ")
# Slots of a Kelime Casusu room: red spymaster 0, red guessers 1-4, blue spymaster 5, ...
RED_SPY, RED_GUESS, BLUE_SPY, BLUE_GUESS = 0, 1, 5, 6


async def call(client: HarfiyenClient, method: str, path: str, body: Any = None) -> Any:
    return await client.request(method, path, body if body is not None or method == "GET"
                                else {})


async def room_of(client: HarfiyenClient, code: str) -> dict[str, Any]:
    return await call(client, "GET", f"/api/rooms/{code}")  # type: ignore[no-any-return]


async def refused(client: HarfiyenClient, method: str, path: str, body: Any, code: str,
                  room: str, status: int | None = None) -> ApiError:
    """The request fails with ``code`` and the room is exactly as it was."""
    before = await room_of(client, room)
    with pytest.raises(ApiError) as caught:
        await call(client, method, path, body)
    assert caught.value.code == code, caught.value
    if status is not None:
        assert caught.value.status == status
    assert await room_of(client, room) == before
    return caught.value


def _seat_of(room: dict[str, Any], user_id: int) -> int | None:
    return next((s["slot"] for s in room["slots"] if (s["user"] or {}).get("id") == user_id),
                None)


async def play_codenames(match_id: int, sockets: dict[int, GameSocket],
                         http: dict[int, HarfiyenClient]) -> dict[str, Any]:
    """Play to the end: clues over HTTP, guesses over the websocket; the guessers pick
    their team's cards from the spymaster's view (the test knows the key)."""
    any_socket = next(iter(sockets.values()))
    for _ in range(200):
        public = any_socket.views[match_id]
        if public["outcome"] is not None:
            return public
        seats = {s["seat"]: (s["team"], s["role"]) for s in public["seats"]}
        team = public["turn"]
        spymaster = next(s for s, tr in seats.items() if tr == (team, "spymaster"))
        key = sockets[spymaster].views[match_id]
        assert key["key_visible"]
        covered = [c for c in key["cards"] if not c["revealed"]]
        if public["phase"] == "clue":
            board = {c["word"] for c in covered}
            word = next(w for w in CLUE_WORDS if w not in board)
            number = min(2, public["remaining"][team])
            done = await http[spymaster].move(match_id, {"kind": "clue", "word": word,
                                                         "number": number})
            seq = done["seq"]
        else:
            clue = public["current_clue"]
            guesser = public["to_act"][0]
            assert seats[guesser] == (team, "guesser")
            if len(clue["guesses"]) >= clue["number"]:
                move: dict[str, Any] = {"kind": "pass"}
            else:
                move = {"kind": "guess", "index": next(
                    c["index"] for c in covered if c["colour"] == team)}
            reply = await sockets[guesser].move(match_id, move)
            assert reply["type"] == "ack", reply
            seq = reply["seq"]
        for sock in sockets.values():
            await sock.wait_seq(match_id, seq)
    raise AssertionError("the game did not end")


def no_key_for_guessers(frames: list[dict[str, Any]]) -> None:
    """No state a guesser or spectator received while the game ran shows a covered card's
    colour."""
    for frame in frames:
        view = frame.get("view") if frame.get("type") in ("state", "sync") else None
        if view and view.get("outcome") is None:
            for card in view["cards"]:
                assert card["revealed"] or "colour" not in card, card


async def whole_room_game(host_url: str, other_url: str) -> None:
    """Four accounts (two on each server when the urls differ) and a spectator."""
    urls = [host_url, other_url, host_url, other_url]
    a, b, c, d = [await register(url, unique(n)) for url, n in zip(urls, "abcd", strict=True)]
    watcher = await register(other_url, unique("w"))
    ids = {}
    for client in (a, b, c, d, watcher):
        ids[client] = (await client.me())["id"]
    room = await call(a, "POST", "/api/rooms", {
        "game": "codenames", "options": {"language": "tr"}, "public": True,
        "video_url": "https://meet.example.org/harfiyen",
    })
    code = room["code"]
    assert room["host"]["id"] == ids[a] and room["status"] == "open"
    assert room["join_url"] == f"/#/room/{code}" and room["can_start"] is False
    assert [(s["team"], s["role"]) for s in room["slots"]] == (
        [("red", "spymaster")] + [("red", "guesser")] * 4
        + [("blue", "spymaster")] + [("blue", "guesser")] * 4)
    # A websocket watching the room sees every change.
    room_socket = await watcher.connect()
    ack = await room_socket.reply_to({"type": "watch_room", "code": code.lower()})
    assert ack["type"] == "ack" and ack["room"] == code
    first = await room_socket.wait_for(lambda f: f.get("type") == "room")
    assert first["room"]["start_problem"]["message"].startswith("Her takımın")  # Turkish
    for client in (b, c, d, watcher):
        joined = await call(client, "POST", f"/api/rooms/{code}/join")
        again = await call(client, "POST", f"/api/rooms/{code}/join")  # changes nothing
        assert again == joined
    for client, slot in ((a, RED_SPY), (b, RED_GUESS), (c, BLUE_SPY), (d, RED_GUESS + 1)):
        await call(client, "POST", f"/api/rooms/{code}/seat", {"slot": slot})
    # d switches teams; the problem the engine names goes away once blue has a guesser.
    room = await room_of(a, code)
    assert room["start_problem"]["code"] == "team_needs_a_guesser"
    room = await call(d, "POST", f"/api/rooms/{code}/seat", {"slot": BLUE_GUESS})
    assert room["can_start"] and room["start_problem"] is None
    assert _seat_of(room, ids[d]) == BLUE_GUESS and _seat_of(room, ids[watcher]) is None
    pushed = await room_socket.wait_for(
        lambda f: f.get("type") == "room" and f["room"]["version"] == room["version"])
    assert pushed["room"]["can_start"] and pushed["room"]["version"] > first["room"]["version"]

    started = await call(a, "POST", f"/api/rooms/{code}/start")
    match_id = started["match"]
    assert started["status"] == "playing" and match_id is not None
    info = await a.match(match_id)
    assert info["status"] == "active" and info["game"] == "codenames"
    # The match's seats are the room's slots, in slot order, not shuffled.
    expected = {ids[a]: ("red", "spymaster"), ids[b]: ("red", "guesser"),
                ids[c]: ("blue", "spymaster"), ids[d]: ("blue", "guesser")}
    sockets: dict[int, GameSocket] = {}
    http: dict[int, HarfiyenClient] = {}
    for client in (a, b, c, d):
        sock = await client.connect()
        seat = (await sock.subscribe(match_id))["seat"]
        await sock.wait_seq(match_id, 1)
        view = sock.views[match_id]
        assert (view["seats"][seat]["team"], view["seats"][seat]["role"]) == expected[ids[client]]
        sockets[seat], http[seat] = sock, client
    spectator = await watcher.connect()
    assert (await spectator.subscribe(match_id))["seat"] is None
    # A second tab of b sees b's seat; b's phone sleeps and comes back to the same seat.
    b_seat = next(s for s, cl in http.items() if cl is b)
    second_tab = await b.connect()
    assert (await second_tab.subscribe(match_id))["seat"] == b_seat
    await second_tab.close()

    final = await play_codenames(match_id, sockets, http)
    assert final["outcome"] is not None
    for seat, sock in sockets.items():
        if final["seats"][seat]["role"] == "guesser":
            no_key_for_guessers(sock.received)
    await spectator.wait_seq(match_id, sockets[0].seq[match_id])
    no_key_for_guessers(spectator.received)
    back = await b.connect()
    assert (await back.subscribe(match_id))["seat"] == b_seat
    await back.wait_seq(match_id, sockets[0].seq[match_id])
    assert back.views[match_id]["outcome"] == final["outcome"]

    # The end reopens the room (pushed to its watchers); the rematch rotates the roles.
    reopened = await room_socket.wait_for(
        lambda f: f.get("type") == "room" and f["room"]["status"] == "open"
        and f["room"]["match"] == match_id, timeout=10)
    assert reopened["room"]["match_status"] == "finished"
    again = await call(a, "POST", f"/api/rooms/{code}/rematch")
    assert again["match"] != match_id and again["status"] == "playing"
    # Red's guesser b spymasters now and the teams swapped colours: b and a are blue.
    assert _seat_of(again, ids[b]) == BLUE_SPY and _seat_of(again, ids[a]) == BLUE_GUESS
    assert _seat_of(again, ids[d]) == RED_SPY and _seat_of(again, ids[c]) == RED_GUESS
    rematch = await a.match(again["match"])
    assert rematch["rematch_of"] == match_id and rematch["status"] == "active"
    for sock in (*sockets.values(), spectator, back, room_socket):
        await sock.close()


async def test_a_kelime_casusu_room_from_creation_to_rematch(live: LiveServer) -> None:
    await whole_room_game(live.url, live.url)


async def test_a_room_with_players_on_two_server_processes(postgres: Database,
                                                           redis_url: str) -> None:
    settings = postgres.settings(redis_url=redis_url)
    one, two = await start_server(settings), await start_server(settings)
    try:
        await whole_room_game(one.url, two.url)
    finally:
        await one.stop()
        await two.stop()


async def test_every_refusal_is_clear_and_changes_nothing(live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    guest = await register(live.url, unique("g"), language="en")
    stranger = await register(live.url, unique("s"))
    guest_id = (await guest.me())["id"]
    room = await call(host, "POST", "/api/rooms", {"game": "codenames", "options": {}})
    code = room["code"]
    base = f"/api/rooms/{code}"
    with pytest.raises(ApiError) as missing:
        await room_of(host, "ZZZZZZ")
    assert missing.value.code == "room.not_found" and missing.value.status == 404
    sock = await guest.connect()
    answer = await sock.reply_to({"type": "watch_room", "code": "ZZZZZZ"})
    assert answer["type"] == "error" and answer["code"] == "room.not_found"
    watched = await sock.reply_to({"type": "watch_room", "code": code})
    assert watched["type"] == "ack"
    frame = await sock.wait_for(lambda f: f.get("type") == "room")
    assert frame["room"]["start_problem"]["message"].startswith("The red team needs")
    await sock.close()
    # Not a member yet; a member in the host's seat; a locked seat; not the host.
    await refused(guest, "POST", f"{base}/seat", {"slot": 1}, "room.not_member", code, 403)
    await call(host, "POST", f"{base}/seat", {"slot": RED_SPY})
    await call(guest, "POST", f"{base}/join")
    error = await refused(guest, "POST", f"{base}/seat", {"slot": RED_SPY}, "room.seat_taken",
                          code, 409)
    assert error.message == "This seat is taken; choose a free one."  # the guest's language
    await refused(host, "POST", f"{base}/seat", {"slot": RED_SPY}, "room.already_seated", code)
    await refused(guest, "POST", f"{base}/seat", {"slot": 99}, "room.no_slot", code, 404)
    await call(host, "POST", f"{base}/slots/2", {"locked": True})
    await refused(guest, "POST", f"{base}/seat", {"slot": 2}, "room.seat_locked", code, 409)
    for method, path, body in (
        ("POST", f"{base}/slots/3", {"ai": "ai"}), ("POST", f"{base}/start", None),
        ("POST", f"{base}/kick", {"user": guest_id}), ("PATCH", base, {"public": True}),
        ("POST", f"{base}/rematch", None),
    ):
        await refused(guest, method, path, body, "room.not_host", code, 403)
    # The engine's reason: red has only its spymaster.
    error = await refused(host, "POST", f"{base}/start", None, "room.cannot_start", code, 409)
    assert error.details["reason"] == "team_needs_a_guesser"
    assert "kırmızı" in error.message
    await refused(host, "POST", f"{base}/slots/4", {"ai": "usta"}, "room.bad_ai_level", code)
    await refused(host, "POST", f"{base}/slots/{RED_SPY}", {"ai": "ai"}, "room.seat_taken", code)
    await refused(host, "POST", f"{base}/rematch", None, "room.no_match", code, 409)
    await refused(host, "PATCH", base, {"video_url": "javascript:alert(1)"},
                  "room.bad_video_url", code)
    await refused(host, "PATCH", base, {"options": {"language": "xx"}}, "match.bad_config", code)
    await refused(host, "PATCH", base, {"options": {"pack": 12345}}, "pack.not_found", code)
    await refused(host, "POST", f"{base}/kick", {"user": 2**31 - 1}, "room.member_not_found",
                  code)
    # A full room: every free seat taken by AIs, the last one locked.
    for slot in range(1, 10):
        if slot != 2:
            await call(host, "POST", f"{base}/slots/{slot}", {"ai": "ai"})
    await refused(guest, "POST", f"{base}/seat", {"slot": 3}, "room.full", code, 409)
    # Started: seats and options are fixed until the end.
    await call(host, "POST", f"{base}/slots/2", {"locked": False, "ai": "ai"})
    started = await call(host, "POST", f"{base}/start")
    assert started["status"] == "playing"
    await refused(guest, "POST", f"{base}/seat", {"slot": None}, "room.started", code, 409)
    await refused(host, "POST", f"{base}/slots/3", {"remove": True}, "room.started", code)
    await refused(host, "POST", f"{base}/start", None, "room.started", code)
    await refused(host, "PATCH", base, {"options": {"strict_clues": True}}, "room.started", code)
    # Kicked: out, and cannot come back.
    await call(stranger, "POST", f"{base}/join")
    stranger_id = (await stranger.me())["id"]
    kicked = await call(host, "POST", f"{base}/kick", {"user": stranger_id})
    assert stranger_id not in [m["id"] for m in kicked["members"]]
    with pytest.raises(ApiError) as caught:  # (nor may they read it: see the next test)
        await call(stranger, "POST", f"{base}/join")
    assert caught.value.code == "room.kicked" and caught.value.status == 403
    assert await room_of(host, code) == kicked


async def test_a_kicked_member_no_longer_reads_or_watches_the_room(live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    guest = await register(live.url, unique("g"), language="en")
    guest_id = (await guest.me())["id"]
    room = await call(host, "POST", "/api/rooms", {
        "game": "codenames", "options": {}, "video_url": "https://meet.example.org/one"})
    code = room["code"]
    assert not room["public"]
    await call(guest, "POST", f"/api/rooms/{code}/join")
    sock, host_sock = await guest.connect(), await host.connect()
    for watcher in (sock, host_sock):
        assert (await watcher.watch_room(code))["type"] == "ack"
        await watcher.wait_for(lambda f: f.get("type") == "room")
    await call(host, "POST", f"/api/rooms/{code}/kick", {"user": guest_id})
    # Over HTTP: refused, in the reader's language.
    with pytest.raises(ApiError) as caught:
        await room_of(guest, code)
    assert caught.value.code == "room.kicked" and caught.value.status == 403
    assert caught.value.message.startswith("The host removed you")
    # Over the websocket: the watch ends with a notice; a later change (a new video link)
    # never arrives (the pong, sent after the change was published, comes after any frame).
    notice = await sock.wait_for(lambda f: f.get("type") == "notice")
    assert notice == {"type": "notice", "kind": "room_kicked", "room": code}
    await call(host, "PATCH", f"/api/rooms/{code}", {"video_url": "https://meet.example.org/two"})
    assert (await sock.reply_to({"type": "ping"}))["type"] == "pong"
    after_kick = sock.received[sock.received.index(notice):]
    assert not any(f.get("type") == "room" for f in after_kick), after_kick
    assert all("meet.example.org/two" not in str(f) for f in sock.received)
    # The host's watch goes on, without the list of those kicked out.
    changed = await host_sock.wait_for(
        lambda f: f.get("type") == "room" and f["room"]["video_url"].endswith("/two"))
    assert "kicked" not in changed
    # Nor may it watch again.
    again = await sock.watch_room(code)
    assert again["type"] == "error" and again["code"] == "room.kicked"
    await call(host, "PATCH", f"/api/rooms/{code}", {"video_url": "https://meet.example.org/3"})
    assert (await sock.reply_to({"type": "ping"}))["type"] == "pong"
    assert not any(f.get("type") == "room" for f in sock.received[sock.received.index(notice):])
    await sock.close()
    await host_sock.close()
    assert (await room_of(host, code))["video_url"] == "https://meet.example.org/3"


async def test_host_controls_seat_moves_and_leaving(live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    other = await register(live.url, unique("o"))
    other_id = (await other.me())["id"]
    room = await call(host, "POST", "/api/rooms", {"game": "codenames",
                                                   "options": {"solo": True}})
    code = room["code"]
    base = f"/api/rooms/{code}"
    assert [s["team"] for s in room["slots"]] == ["red"] * 5  # solo: red only
    await call(other, "POST", f"{base}/join")
    moved = await call(host, "POST", f"{base}/slots/{RED_SPY}", {"user": other_id})
    assert _seat_of(moved, other_id) == RED_SPY
    moved = await call(host, "POST", f"{base}/slots/3", {"user": other_id, "locked": True})
    assert _seat_of(moved, other_id) == 3 and moved["slots"][3]["locked"]
    assert moved["slots"][RED_SPY]["user"] is None  # one account, one seat
    emptied = await call(host, "POST", f"{base}/slots/3", {"remove": True})
    assert _seat_of(emptied, other_id) is None
    await call(other, "POST", f"{base}/seat", {"slot": 1})
    stood = await call(other, "POST", f"{base}/seat", {"slot": None})
    assert _seat_of(stood, other_id) is None
    patched = await call(host, "PATCH", base, {
        "video_url": "https://meet.example.org/x", "public": True,
        "options": {"solo": False, "strict_clues": True},
        "time_control": {"seconds": {"clue": 120, "guess": 90}},
    })
    assert len(patched["slots"]) == 10 and patched["options"]["strict_clues"] is True
    assert patched["video_url"] == "https://meet.example.org/x" and patched["public"]
    assert patched["time_control"] == {"seconds": {"clue": 120, "guess": 90}}
    # The host leaves: the other member hosts; the last one out closes the room.
    await call(host, "POST", f"{base}/leave")
    left = await room_of(other, code)
    assert left["host"]["id"] == other_id
    closed = await call(other, "POST", f"{base}/leave")
    assert closed["status"] == "closed"
    with pytest.raises(ApiError) as caught:
        await call(host, "POST", f"{base}/join")
    assert caught.value.code == "room.closed"


async def test_quick_play_fills_with_ai_and_the_public_list(live: LiveServer) -> None:
    alone = await register(live.url, unique("q"))
    options = {"language": "tr", "strict_clues": True}
    room = await call(alone, "POST", "/api/quickplay", {"game": "codenames",
                                                        "options": options,
                                                        "fill_with_ai": True})
    assert room["quick"] and room["status"] == "playing" and room["match"] is not None
    me = (await alone.me())["id"]
    filled = [s for s in room["slots"] if s["user"] or s["ai"]]
    assert [s["ai"] for s in filled if s["ai"]] == ["ai"] * 3
    assert _seat_of(room, me) == RED_SPY
    match = await alone.match(room["match"])
    assert match["status"] == "active" and len(match["players"]) == 4
    # Two strangers without AI: the second joins the first's room, on the other team.
    first = await register(live.url, unique("p"))
    second = await register(live.url, unique("p"))
    solo_options = {"language": "en"}
    one = await call(first, "POST", "/api/quickplay", {"game": "codenames",
                                                       "options": solo_options})
    two = await call(second, "POST", "/api/quickplay", {"game": "codenames",
                                                        "options": solo_options})
    assert one["code"] == two["code"] and two["status"] == "open"
    second_id = (await second.me())["id"]
    assert _seat_of(two, second_id) == BLUE_SPY
    listed = await call(second, "GET", "/api/rooms")
    codes = [r["code"] for r in listed["rooms"]]
    assert one["code"] in codes and room["code"] not in codes  # a started room is not open
    private = await call(first, "POST", "/api/rooms", {"game": "codenames", "options": {}})
    assert private["code"] not in [r["code"] for r in (await call(
        second, "GET", "/api/rooms"))["rooms"]]


def test_rotation_passes_the_spymaster_role_and_swaps_colours() -> None:
    slots = ([{"team": "red", "role": "spymaster"}] + [{"team": "red", "role": "guesser"}] * 4
             + [{"team": "blue", "role": "spymaster"}] + [{"team": "blue", "role": "guesser"}] * 4)
    a, b, c, d, e = ((1, None), (2, None), (3, None), (None, "ai"), (5, None))
    seating: list[Any] = [a, b, None, e, None, c, d, None, None, None]
    after = rotated(slots, seating)
    # Red (a b e) -> b spymasters, e, a guess; then they play blue.
    assert after[5:] == [b, e, None, a, None]
    # Blue (c, AI) -> the AI spymasters, c guesses; then red.
    assert after[:5] == [d, c, None, None, None]
    # A game without teams: everyone moves one seat on.
    assert rotated([{}, {}, {}], [a, b, c]) == [b, c, a]
    assert preference_order(slots)[:4] == [RED_SPY, BLUE_SPY, RED_GUESS, BLUE_GUESS]


async def test_a_crossword_room_seats_two_and_starts(live: LiveServer) -> None:
    a = await register(live.url, unique("x"))
    b = await register(live.url, unique("y"))
    room = await a.create_room("crossword", {"rules": "tr"})
    code = room["code"]
    assert len(room["slots"]) == 2 and room["slots"][0]["team"] is None
    await b.join_room(code)
    await a.take_seat(code, 1)
    await b.take_seat(code, 0)
    started = await a.start_room(code)
    match = await b.match(started["match"])
    seats = {p["seat"]: p["id"] for p in match["players"]}
    assert seats == {0: (await b.me())["id"], 1: (await a.me())["id"]}


async def test_a_private_room_is_watched_by_its_members_only(live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    friend = await register(live.url, unique("f"))
    stranger = await register(live.url, unique("s"))
    room = await call(host, "POST", "/api/rooms", {"game": "codenames",
                                                   "options": {"solo": True}})
    code = room["code"]
    await call(host, "POST", f"/api/rooms/{code}/slots/{RED_SPY}", {"ai": "ai"})
    await call(host, "POST", f"/api/rooms/{code}/seat", {"slot": RED_GUESS})
    await call(friend, "POST", f"/api/rooms/{code}/join")
    started = await call(host, "POST", f"/api/rooms/{code}/start")
    match_id = started["match"]
    # Once the AI spymaster has given its clue, the friend's view is replayed from the log.
    for _ in range(600):
        if (await host.match(match_id))["last_seq"] >= 2:
            break
        await asyncio.sleep(0.1)
    live.app.state.service._cache.clear()
    watched = await friend.match(match_id)
    assert watched["status"] == "active" and not watched["view"]["key_visible"]
    assert watched["room"] == code and not watched["public"]
    with pytest.raises(ApiError) as caught:
        await stranger.match(match_id)
    assert caught.value.status == 403
    listed = (await stranger.get("/api/watch"))["matches"]
    assert all(m["id"] != match_id for m in listed)
