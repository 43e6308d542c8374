"""Harf Takıl through the match layer: a room of people and AI seats played to the end and
reviewed over HTTP and the websocket, a person alone with AI teammates, refused input in
the user's language that changes nothing, no chat while the game runs, per-phase timers
and the AI standing in for a person who has left when one runs out; on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from harfiyen.client import ApiError, GameSocket, HarfiyenClient
from harfiyen.server.models import Match, utcnow

from .conftest import Database, LiveServer, start_server, unique
from .letterjam_support import (
    RACE_CODES,
    ai_like,
    assert_no_own_letters,
    end_seq,
    follower,
    invited_table,
    letterjam_room,
    play_people,
    wait_for_ai,
)
from .support import register, seat_sockets

pytestmark = pytest.mark.anyio


async def close_all(sockets: dict[int, GameSocket]) -> None:
    for sock in sockets.values():
        await sock.close()


@pytest.mark.slow
@pytest.mark.both_databases
async def test_config_lists_letterjam_and_a_room_of_people_and_ai_plays_to_the_end(
    live: LiveServer,
) -> None:
    clients, code, match_id = await letterjam_room(live.url, people=2, ai=2)
    config = await clients[0].get("/api/config")
    assert "letterjam" in config["games"]
    info = await clients[0].match(match_id)
    assert info["game"] == "letterjam" and info["status"] == "active" and info["seats"] == 4
    assert sorted(info["acting"]) == [0, 1, 2, 3]
    sockets, by_seat = await seat_sockets(match_id, clients)
    assert sorted(sockets) == [0, 1]
    # The table may play on a video call: the room carries the link, set while playing.
    await clients[0].request("PATCH", f"/api/rooms/{code}",
                             {"video_url": "https://meet.example.org/harf-takil"})
    final = await play_people(match_id, sockets, by_seat, {0: ai_like, 1: follower})
    assert final["phase"] == "over" and final["outcome"]["reason"] in ("agreed", "tokens")
    end = await end_seq(live.app, match_id)
    for seat, sock in sockets.items():
        await sock.wait_seq(match_id, end)
        assert_no_own_letters(sock.received, seat, end)
    # The AI seats acted through the same command path: offers, votes, arrangements.
    events = (await clients[0].get(f"/api/matches/{match_id}/events"))["events"]
    by_ai = {e["event"]["kind"] for e in events if e["event"].get("seat") in (2, 3)}
    assert {"vote_cast", "arranged"} <= by_ai
    # Reviewed over HTTP: the result, every stand's letters and the secret words.
    done = await clients[1].match(match_id)
    assert done["status"] == "finished" and done["acting"] == [] and done["result"]
    assert all("card" in stand for stand in done["view"]["stands"])
    assert len(done["view"]["outcome"]["players"]) == 4
    # ... and over a new websocket, the same.
    late = await clients[0].connect()
    ack = await late.subscribe(match_id)
    assert ack["type"] == "ack"
    await late.wait_seq(match_id, done["last_seq"])
    assert late.views[match_id]["outcome"] == done["view"]["outcome"]
    await late.close()
    room = await clients[0].get(f"/api/rooms/{code}")
    assert room["game"] == "letterjam" and room["match_status"] == "finished"
    assert room["video_url"] == "https://meet.example.org/harf-takil"
    await close_all(sockets)


@pytest.mark.slow
@pytest.mark.parametrize("ai", [1, 5])
async def test_one_person_following_ai_teammates_reaches_the_end(
    live: LiveServer, ai: int,
) -> None:
    clients, _, match_id = await letterjam_room(live.url, people=1, ai=ai)
    sockets, by_seat = await seat_sockets(match_id, clients)
    final = await play_people(match_id, sockets, by_seat, {0: follower})
    assert final["outcome"] is not None and len(final["outcome"]["players"]) == ai + 1
    end = await end_seq(live.app, match_id)
    assert_no_own_letters(sockets[0].received, 0, end)
    # The person never offered: every clue was an AI teammate's.
    events = (await clients[0].get(f"/api/matches/{match_id}/events"))["events"]
    clues = [e["event"] for e in events if e["event"]["kind"] == "clue_given"]
    assert clues and all(c["seat"] != 0 for c in clues)
    await close_all(sockets)


async def test_ai_teammates_vote_within_their_pause_while_a_person_keeps_clicking(
    database: Database,
) -> None:
    """An AI's vote comes a short, fixed pause after the table began to wait on it: the
    person agreeing to end and taking it back again and again (each a move) never starts
    the pause again. Every state frame names the seats the table waits on."""
    server = await start_server(database.settings(ai_pace_seconds=1.5))
    try:
        clients, _, match_id = await letterjam_room(server.url, people=1, ai=2)
        sockets, _ = await seat_sockets(match_id, clients)
        sock = sockets[0]
        while not any(sock.views[match_id]["offers"]):  # the AIs offer at once
            await sock.wait_seq(match_id, sock.view_seq[match_id] + 1, timeout=60)
        offered_at = time.monotonic()

        def events() -> list[dict[str, Any]]:
            return [f["event"] for f in sock.received if f.get("type") == "event"]

        clicks = 0
        # A click every 0.2 s (the old rule, quiet for 12 s, never let the AIs vote).
        while not any(e["kind"] == "cluegiver_chosen" for e in events()) and clicks < 100:
            reply = await sock.move(match_id, {"kind": "agree_end", "agree": clicks % 2 == 0})
            clicks += 1
            if reply["type"] == "ack":
                await sock.wait_seq(match_id, reply["seq"])
                await asyncio.sleep(0.2)
        waited = time.monotonic() - offered_at
        chosen = next(i for i, e in enumerate(events()) if e["kind"] == "cluegiver_chosen")
        before = events()[:chosen]
        voters = {e["seat"] for e in before if e["kind"] == "vote_cast"}
        # The AIs voted while the person's moves kept coming, within 1.5 s of pause and
        # their thinking (generously).
        assert voters == {1, 2} and any(e["kind"] == "end_agreed" for e in before), before
        assert waited < 15, waited
        # Whom the table waited on, frame by frame: the seats yet to vote once offers
        # wait (before any, those yet to agree to end), then the chosen cluegiver.
        for frame in sock.received:
            if frame.get("type") != "state":
                continue
            view = frame["view"]
            if view["phase"] == "clue":
                assert frame["waiting"] == [view["cluegiver"]], frame
                break
            if any(view["offers"]):
                assert frame["waiting"] == [s for s, v in enumerate(view["votes"]) if v is None]
            elif view["phase"] == "round":
                assert frame["waiting"] == [s for s, a in enumerate(view["agrees_end"]) if not a]
        assert set((await clients[0].match(match_id))["waiting"]) <= {0, 1, 2}
        await close_all(sockets)
    finally:
        await server.stop()


async def refused_everywhere(
    sock: GameSocket, client: HarfiyenClient, match_id: int, move: dict[str, Any], code: str,
    text: str,
) -> None:
    """``move`` is refused with ``code`` over the websocket and over HTTP, the message
    containing ``text`` (the user's language), and the match is unchanged."""
    before = await client.match(match_id)
    reply = await sock.move(match_id, move)
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert text in reply["message"], reply
    with pytest.raises(ApiError) as http:
        await client.move(match_id, move)
    assert http.value.code == code and text in str(http.value), http.value
    after = await client.match(match_id)
    assert after["last_seq"] == before["last_seq"] and after["view"] == before["view"]


async def test_bad_input_is_refused_in_the_users_language_and_changes_nothing(
    live: LiveServer,
) -> None:
    clients, match_id = await invited_table(live.url, 3)
    sockets, by_seat = await seat_sockets(match_id, clients)
    english = by_seat[2]
    await english.update_me(language="en")
    await sockets[2].close()
    sockets[2] = await english.connect()
    assert (await sockets[2].subscribe(match_id))["type"] == "ack"

    # An offer may say only the word's length, players and stands: a letter, a word or
    # an impossible shape is refused.
    await refused_everywhere(sockets[0], by_seat[0], match_id, {
        "kind": "offer", "length": 4, "players": 2, "nonplayers": 1, "word": "KALEM"},
        "offer_says_too_much", "Teklifte yalnızca kelimenin uzunluğu")
    await refused_everywhere(sockets[2], english, match_id, {
        "kind": "offer", "length": 4, "players": 2, "nonplayers": 1, "letters": ["K"]},
        "offer_says_too_much", "An offer says only the word's length")
    await refused_everywhere(sockets[0], by_seat[0], match_id, {
        "kind": "offer", "length": 2, "players": 2, "nonplayers": 1},
        "bad_offer", "Bu teklif olamaz")
    await refused_everywhere(sockets[2], english, match_id, {
        "kind": "offer", "length": 3, "players": 3, "nonplayers": 0},
        "bad_offer", "This offer is impossible")
    # Acting in the wrong phase: no clue before anyone was chosen, no arrangement yet.
    await refused_everywhere(sockets[2], english, match_id, {
        "kind": "clue", "cards": ["P0", "P1"], "wildcard": None},
        "wrong_phase", "This move cannot be made now")
    await refused_everywhere(sockets[1], by_seat[1], match_id, {
        "kind": "arrange", "slots": ["O0", "O1", "O2", "O3", "O4"], "wildcard": None},
        "wrong_phase", "Bu hamle şu anda yapılamaz")

    offer = await sockets[0].move(match_id, {"kind": "offer", "length": 3, "players": 1,
                                             "nonplayers": 2})
    assert offer["type"] == "ack", offer
    vote = await sockets[1].move(match_id, {"kind": "vote", "seat": 0})
    assert vote["type"] == "ack", vote
    await sockets[1].wait_seq(match_id, vote["seq"])
    # A vote twice for the same offer.
    await refused_everywhere(sockets[1], by_seat[1], match_id, {"kind": "vote", "seat": 0},
                             "already_voted", "Zaten 1. oyuncunun teklifine oy verdin")
    await refused_everywhere(sockets[2], english, match_id, {"kind": "vote", "seat": 2},
                             "no_offer", "Player 3 has no clue offer")
    chosen = await sockets[0].move(match_id, {"kind": "vote", "seat": 0})
    assert chosen["type"] == "ack", chosen
    for sock in sockets.values():
        await sock.wait_seq(match_id, chosen["seq"])
    assert sockets[0].views[match_id]["phase"] == "clue"
    # A clue with one's own card; a clue by a player who was not chosen; moving on and
    # voting while the clue is given.
    await refused_everywhere(sockets[0], by_seat[0], match_id, {
        "kind": "clue", "cards": ["P0", "N0", "N1"], "wildcard": None},
        "own_card_not_visible", "Kendi kartını göremezsin")
    await refused_everywhere(sockets[2], english, match_id, {
        "kind": "clue", "cards": ["P0", "N0", "N1"], "wildcard": None},
        "not_cluegiver", "Player 1 gives the clue")
    await refused_everywhere(sockets[1], by_seat[1], match_id, {"kind": "move_on",
                                                                 "guess": "A"},
                             "clue_in_progress", "İpucu verilirken")
    await refused_everywhere(sockets[2], english, match_id, {"kind": "vote", "seat": 0},
                             "wrong_phase", "This move cannot be made now")
    await refused_everywhere(sockets[2], english, match_id, {
        "kind": "offer", "length": 3, "players": 1, "nonplayers": 1},
        "wrong_phase", "This move cannot be made now")
    # Nothing of the refusals reached anyone's own letters.
    for seat, sock in sockets.items():
        assert_no_own_letters(sock.received, seat, 10**9)
    await close_all(sockets)


async def test_no_chat_while_the_game_runs_and_open_after_the_end(live: LiveServer) -> None:
    clients, match_id = await invited_table(live.url, 2)
    sockets, by_seat = await seat_sockets(match_id, clients)
    refused = await sockets[0].chat(match_id, "bence sende K var")
    assert refused["type"] == "error" and refused["code"] == "chat.not_allowed", refused
    assert "Oyun sürerken" in refused["message"]
    with pytest.raises(ApiError) as http:
        await by_seat[1].chat(match_id, "benim harfim ne?")
    assert http.value.code == "chat.not_allowed"
    assert await by_seat[0].chat_history(match_id) == []
    # Both agree to end, both arrange: the reveal.
    for seat in (0, 1):
        ack = await sockets[seat].move(match_id, {"kind": "agree_end", "agree": True})
        assert ack["type"] == "ack", ack
    for seat in (0, 1):
        ack = await sockets[seat].move(match_id, {
            "kind": "arrange", "slots": [f"O{i}" for i in range(5)], "wildcard": None})
        assert ack["type"] == "ack", ack
    done = await by_seat[0].match(match_id)
    assert done["status"] == "finished" and done["view"]["outcome"]["reason"] == "agreed"
    said = await sockets[0].chat(match_id, "iyi oyundu")
    assert said["type"] == "ack", said
    history = await by_seat[1].chat_history(match_id)
    assert [m["text"] for m in history] == ["iyi oyundu"]
    await close_all(sockets)


async def test_per_phase_timers_restart_with_each_phase(live: LiveServer) -> None:
    a, b = await register(live.url, unique("t")), await register(live.url, unique("t"))
    created = await a.post("/api/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 2},
        "time_control": {"kind": "live", "seconds": {"round": 600, "clue": 120}}})
    await b.accept(created["invite"]["code"])
    match_id = created["match"]["id"]
    info = await a.match(match_id)
    assert info["time_control"]["seconds"] == {"round": 600, "clue": 120}
    round_deadline = info["deadline_at"]
    assert round_deadline is not None
    reference = await a.get("/api/rules/letterjam")
    assert reference["options"]["phases"] == ["round", "clue", "final"]
    sockets, _ = await seat_sockets(match_id, [a, b])
    await sockets[0].move(match_id, {"kind": "offer", "length": 3, "players": 1,
                                     "nonplayers": 2})
    same = await a.match(match_id)
    assert same["deadline_at"] == round_deadline  # the round's timer runs on
    for seat in (0, 1):
        ack = await sockets[seat].move(match_id, {"kind": "vote", "seat": 0})
        assert ack["type"] == "ack", ack
    clue = await a.match(match_id)
    assert clue["view"]["phase"] == "clue" and clue["deadline_at"] < round_deadline
    await close_all(sockets)


async def test_a_timer_for_a_phase_the_game_lacks_is_refused(live: LiveServer) -> None:
    """A per-phase timer names the game's phases only (``round``, ``clue``, ``final``): one
    for another phase would never run. Refused, naming the phase, wherever a clock is set
    (a match, the matchmaking queue, a room and its changes); nothing is written."""
    person = await register(live.url, unique("t"))
    english = await register(live.url, unique("t"), language="en")
    options = {"language": "tr", "players": 2}
    clock = {"kind": "live", "seconds": {"round": 600, "vote": 60}}
    for client, path, body in (
        (person, "/api/matches", {"game": "letterjam", "options": options,
                                  "time_control": clock}),
        (person, "/api/matchmaking", {"game": "letterjam", "options": options,
                                      "time_control": clock}),
        (english, "/api/rooms", {"game": "letterjam", "options": options,
                                 "time_control": {"seconds": {"clues": 60}}}),
    ):
        with pytest.raises(ApiError) as refused:
            await client.post(path, body)
        assert refused.value.code == "match.unknown_phase" and refused.value.status == 400
        phase = "clues" if client is english else "vote"
        assert refused.value.details == {"phase": phase, "phases": "round, clue, final"}
        assert (f"has no phase “{phase}”" if client is english
                else f"“{phase}” diye bir aşama yok") in refused.value.message
    assert (await person.get("/api/matchmaking"))["queue"] is None
    assert (await person.get("/api/matches"))["matches"] == []
    room = await english.post("/api/rooms", {
        "game": "letterjam", "options": options, "time_control": {"seconds": {"clue": 60}}})
    base = f"/api/rooms/{room['code']}"
    with pytest.raises(ApiError) as refused:
        await english.request("PATCH", base, {"time_control": {"seconds": {"guess": 60}}})
    assert refused.value.code == "match.unknown_phase"
    assert await english.get(base) == room  # unchanged, the same version
    # The game's own phases are taken.
    changed = await english.request("PATCH", base, {
        "time_control": {"seconds": {"round": 300, "clue": 60, "final": 120}}})
    assert changed["time_control"]["seconds"] == {"round": 300, "clue": 60, "final": 120}


async def run_out_of_time(app: Any, match_id: int) -> None:
    """Let the running phase's timer run out now (its length is not what is tested)."""
    async with app.state.service.sessions() as db:
        await db.execute(update(Match).where(Match.id == match_id)
                         .values(deadline_at=utcnow() - timedelta(seconds=1)))
        await db.commit()


@pytest.mark.both_databases
async def test_a_person_who_leaves_a_timed_table_does_not_stall_it(database: Database) -> None:
    """Two people with timers on every phase; one leaves at once. Each time the one who
    stays has nothing to do, the phase's time runs out and the AI makes the moves the
    absent seat owes (its vote, its agreement to end, its arrangement), so the game
    reaches its end. Offering and moving on stay a person's own: never made for them."""
    server = await start_server(database.settings(deadline_sweep_seconds=0.2))
    a, b = await register(server.url, unique("t")), await register(server.url, unique("t"))
    created = await a.post("/api/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 2},
        "time_control": {"kind": "live",
                         "seconds": {"round": 600, "clue": 600, "final": 600}}})
    await b.accept(created["invite"]["code"])
    match_id = created["match"]["id"]
    sockets, by_seat = await seat_sockets(match_id, [a, b])
    await sockets[1].close()  # seat 1 leaves the table
    stays = sockets[0]
    timeouts = 0
    for _ in range(600):
        view = stays.views[match_id]
        if view["outcome"] is not None:
            break
        move = ai_like(view)
        if move is None:
            timeouts += 1
            await run_out_of_time(server.app, match_id)
            await wait_for_ai(stays, match_id, timeout=60)
            continue
        seen = stays.view_seq[match_id]
        reply = await stays.move(match_id, move)
        if reply["type"] == "error":  # the stand-in moved for this seat first
            last = (await by_seat[0].match(match_id))["last_seq"]
            assert reply["code"] in RACE_CODES and last > seen, (reply, move)
        else:
            await stays.wait_seq(match_id, reply["seq"])
    else:
        raise AssertionError("the game did not end")
    assert view["phase"] == "over" and timeouts >= 2
    events = (await a.get(f"/api/matches/{match_id}/events"))["events"]
    absent = [e["event"]["kind"] for e in events if e["event"].get("seat") == 1]
    assert {"vote_cast", "arranged"} <= set(absent), absent
    assert not {"offer_made", "moved_on"} & set(absent), absent
    await stays.close()
    await server.stop()


async def test_a_connection_from_before_the_start_follows_its_seat_not_the_spectators(
    live: LiveServer,
) -> None:
    """The creator's connection subscribed while the match waited (as a spectator, the
    seats not yet drawn) gets its seat's frames once it starts, never the spectators'
    (which show every stand, its own too); a stranger's keeps following as a spectator."""
    a, b = await register(live.url, unique("s")), await register(live.url, unique("s"))
    stranger = await register(live.url, unique("s"))
    created = await a.post("/api/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 2}})
    match_id = created["match"]["id"]
    early, watcher = await a.connect(), await stranger.connect()
    for sock in (early, watcher):
        ack = await sock.subscribe(match_id)
        assert ack["type"] == "ack" and ack["seat"] is None, ack
    await b.accept(created["invite"]["code"])
    info = await a.match(match_id)
    assert a.user is not None
    seat = next(p["seat"] for p in info["players"] if p["id"] == a.user["id"])
    for sock in (early, watcher):
        await sock.wait_seq(match_id, info["last_seq"])
    assert early.views[match_id]["seat"] == seat
    assert "card" not in early.views[match_id]["stands"][seat]
    assert_no_own_letters(early.received, seat, 10**9)
    # The stranger sees every stand, as spectators do.
    assert all("card" in s for s in watcher.views[match_id]["stands"])
    # Each connection subscribed once more, at the start (not again and again meanwhile).
    for sock in (early, watcher):
        assert [f.get("id") for f in sock.received if f["type"] == "ack"] == [1, None]
    await early.close()
    await watcher.close()


async def test_an_offer_may_say_the_wildcard_and_bonus_flags_and_the_clue_must_keep_them(
    live: LiveServer,
) -> None:
    clients, match_id = await invited_table(live.url, 3)
    sockets, by_seat = await seat_sockets(match_id, clients)
    said = {"kind": "offer", "length": 3, "players": 1, "nonplayers": 1,
            "wildcard": False, "bonus": False}
    ack = await sockets[0].move(match_id, said)
    assert ack["type"] == "ack", ack
    plain = await sockets[1].move(match_id, {"kind": "offer", "length": 2, "players": 1,
                                             "nonplayers": 0})
    assert plain["type"] == "ack", plain
    shown = {"length": 3, "players": 1, "nonplayers": 1, "wildcard": False, "bonus": False}
    for seat, sock in sockets.items():
        await sock.wait_seq(match_id, plain["seq"])
        offers = sock.views[match_id]["offers"]
        # Every seat sees the flags said; an unsaid flag is simply absent.
        assert offers[0] == shown, (seat, offers)
        assert offers[1] == {"length": 2, "players": 1, "nonplayers": 0}, (seat, offers)
        assert (await by_seat[seat].match(match_id))["view"]["offers"][0] == shown
    events = (await clients[2].get(f"/api/matches/{match_id}/events"))["events"]
    made = [e["event"] for e in events if e["event"]["kind"] == "offer_made"]
    assert made[0] == {"kind": "offer_made", "seat": 0, **shown}, made
    for seat in (1, 2):
        frames = [f["event"] for f in sockets[seat].received
                  if f.get("type") == "event" and f["event"]["kind"] == "offer_made"]
        assert {"kind": "offer_made", "seat": 0, **shown} in frames, (seat, frames)
    assert "wildcard" not in made[1] and "bonus" not in made[1], made
    for seat in (1, 2):
        vote = await sockets[seat].move(match_id, {"kind": "vote", "seat": 0})
        assert vote["type"] == "ack", vote
    for sock in sockets.values():
        await sock.wait_seq(match_id, vote["seq"])
    assert sockets[0].views[match_id]["phase"] == "clue"
    # A clue that uses the wildcard breaks the offer's "no wildcard": refused, saying so.
    wild = {"kind": "clue", "cards": ["P1", "N0", "*"], "wildcard": "A"}
    await refused_everywhere(sockets[0], by_seat[0], match_id, wild, "offer_mismatch",
                             "İpucu teklifine uymuyor (farklı olan: joker)")
    await by_seat[0].update_me(language="en")
    await sockets[0].close()
    sockets[0] = await by_seat[0].connect()
    assert (await sockets[0].subscribe(match_id))["type"] == "ack"
    await refused_everywhere(sockets[0], by_seat[0], match_id, wild, "offer_mismatch",
                             "The clue does not match your offer (what differs: wildcard)")
    bonus = {"kind": "clue", "cards": ["P1", "N0", "S0"], "wildcard": None}
    await refused_everywhere(sockets[0], by_seat[0], match_id, bonus, "no_such_card",
                             "S0")  # no shared letter yet: the card check comes first
    for seat, sock in sockets.items():
        assert_no_own_letters(sock.received, seat, 10**9)
    await close_all(sockets)
