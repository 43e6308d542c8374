"""Classic Scrabble for 2–4 on the server (named, link and bot seats), spectators and private
matches, the live list, history, GCG records, cached analyses off the event loop, player
statistics, the word checker and the end racks."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.games.crossword.notation.gcg import EventKind, parse_gcg
from harfiyen.games.crossword.notation.replay import replay
from harfiyen.lexicon.lexicon import load

from .conftest import LiveServer, unique
from .support import BOT_MOVE_SECONDS, assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio


async def finished_solo(client: HarfiyenClient, options: dict[str, Any], moves: int = 4) -> int:
    """A solo match against the greedy stand-in: ``moves`` own plays, then a resignation."""
    created = await client.create_match(options, bot="greedy")
    match_id = int(created["match"]["id"])
    sock = await client.connect()
    seat = (await sock.subscribe(match_id))["seat"]
    await sock.wait_seq(match_id, 1)
    played = 0
    while played < moves:
        view = sock.views[match_id]
        if view["outcome"] is not None:
            break
        if view["to_move"] == seat and view.get("pending") is None:
            ack = await sock.move(match_id, best_move(view))
            assert ack["type"] == "ack", ack
            await sock.wait_seq(match_id, ack["seq"])
            played += 1
        else:
            await sock.wait_seq(match_id, sock.view_seq[match_id] + 1,
                                timeout=BOT_MOVE_SECONDS)
    if sock.views[match_id]["outcome"] is None:
        await client.resign(match_id)
    await sock.close()
    return match_id


async def test_three_seats_by_name_and_a_bot_then_a_four_seat_link(live: LiveServer) -> None:
    a, b = await register(live.url, unique("a")), await register(live.url, unique("b"))
    created = await a.post("/api/matches", {
        "options": {"rules": "en", "players": 3}, "opponents": [b.user["username"]],
        "bots": ["orta"],
    })
    match = created["match"]
    assert match["status"] == "waiting" and match["seats"] == 3 and len(match["players"]) == 2
    invite = (await b.invites())[0]
    assert invite["match"] == match["id"] and invite["to_user"] == b.user["id"]
    started = await b.accept(invite["code"])
    assert started["status"] == "active"
    full = await a.match(match["id"])
    assert sorted(p["username"][:4] for p in full["players"]) == sorted(
        [a.user["username"][:4], b.user["username"][:4], "bot_"])
    view = full["view"]
    assert view["players"] == 3 and len(view["rack_sizes"]) == 3 and view["rules"] == "en@2"

    # Four seats: one named, one link seat, one bot; the link cannot take the named seat.
    c, d = await register(live.url, unique("c")), await register(live.url, unique("d"))
    four = (await a.post("/api/matches", {
        "options": {"rules": "en", "players": 4, "variant": "nine-tile"},
        "opponents": [b.user["username"]], "bots": ["caylak"],
    }))
    link = four["invite"]
    assert link["to_user"] is None
    await c.accept(link["code"])
    with pytest.raises(ApiError) as full_link:
        await d.accept(link["code"])
    assert full_link.value.code == "invite.closed"
    named = next(i for i in await b.invites() if i["match"] == four["match"]["id"])
    assert (await b.accept(named["code"]))["status"] == "active"
    view = (await c.match(four["match"]["id"]))["view"]
    assert view["players"] == 4 and view["rack_size"] == 9 and len(view["rack"]) == 9
    for client in (a, b, c, d):
        await client.close()


async def test_solo_against_bots_starts_at_once_without_a_clock(live: LiveServer) -> None:
    a = await register(live.url, unique("solo"))
    created = await a.post("/api/matches", {
        "options": {"rules": "en", "players": 4}, "bots": ["caylak", "caylak", "orta"],
        "time_control": {"kind": "live", "minutes_per_move": 2},
    })
    match = created["match"]
    assert match["status"] == "active" and match["time_control"]["kind"] == "none"
    names = [p["display_name"] for p in match["players"] if p["username"].startswith("bot_")]
    assert sorted(names) == ["Orta (bot)", "Çaylak (bot)", "Çaylak (bot) 2"]
    await a.close()


async def test_spectators_see_no_rack_and_private_matches_are_closed(live: LiveServer) -> None:
    a, b = await register(live.url, unique("a")), await register(live.url, unique("b"))
    watcher = await register(live.url, unique("w"))
    public = (await a.create_match({"rules": "tr"}, opponent=b.user["username"]))["match"]
    await b.accept((await b.invites())[0]["code"])
    listed = (await watcher.get("/api/watch"))["matches"]
    item = next(m for m in listed if m["id"] == public["id"])
    assert item["scores"] == [0, 0] and len(item["players"]) == 2
    seen = await watcher.match(public["id"])
    assert "rack" not in seen["view"] and seen["view"]["unseen"]
    sock = await watcher.connect()
    ack = await sock.subscribe(public["id"])
    assert ack["seat"] is None
    await sock.close()
    assert_no_hidden([seen], None, [])

    private = (await a.post("/api/matches", {
        "options": {"rules": "tr"}, "opponent": b.user["username"], "public": False,
    }))["match"]
    code = next(i["code"] for i in await b.invites() if i["match"] == private["id"])
    await b.accept(code)
    assert all(m["id"] != private["id"] for m in (await watcher.get("/api/watch"))["matches"])
    with pytest.raises(ApiError) as refused:
        await watcher.match(private["id"])
    assert refused.value.status == 403
    sock = await watcher.connect()
    reply = await sock.reply_to({"type": "subscribe", "match": private["id"], "last_seq": 0})
    assert reply["type"] == "error" and reply["code"] == "match.not_a_player"
    await sock.close()
    for client in (a, b, watcher):
        await client.close()


async def test_history_gcg_analysis_and_statistics(live: LiveServer) -> None:
    a = await register(live.url, unique("hist"))
    match_id = await finished_solo(a, {"rules": "tr"})
    # History: finished matches with their result.
    finished = (await a.get("/api/matches?status=finished"))["matches"]
    assert [m["id"] for m in finished] == [match_id]
    assert finished[0]["result"]["final_scores"] and finished[0]["finished_at"]
    view = (await a.match(match_id))["view"]
    assert len(view["end_racks"]) == 2 and all(isinstance(r, list) for r in view["end_racks"])

    # The record: every rack, every score and total replays.
    response = await a.http.get(f"/api/matches/{match_id}/gcg")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = parse_gcg(response.text)
    assert record.rules == "tr@2" and record.bonus25
    assert replay(record, load("TR-1")).passed
    assert all(e.rack for e in record.events if e.kind is EventKind.PLAY)

    # The analysis runs in a worker process; the server keeps answering meanwhile.
    started = (await a.post(f"/api/matches/{match_id}/analysis"))["analysis"]
    assert started["status"] in ("running", "done") and started["key"] == f"match:{match_id}"
    for _ in range(600):
        if started["status"] != "running":
            break
        assert (await a.get("/api/health"))["status"] == "ok"
        await asyncio.sleep(0.2)
        started = (await a.get(f"/api/matches/{match_id}/analysis"))["analysis"]
    assert started["status"] == "done", started
    result = started["result"]
    turns = result["analysis"]["turns"]
    assert turns and started["progress"] == started["total"] == len(turns)
    assert {"best", "best_score", "best_equity", "loss", "played"} <= set(turns[0])
    assert len(result["analysis"]["totals"]) == 2
    plays = [s for s in result["replay"] if s["kind"] == "play"]
    assert plays and plays[0]["placements"] and "best_placements" in plays[0]
    # Cached: asking again returns the same analysis at once.
    again = (await a.post(f"/api/matches/{match_id}/analysis"))["analysis"]
    assert again["status"] == "done" and again["updated_at"] == started["updated_at"]

    # The record uploaded back is analysed too (keyed by its text).
    upload = (await a.post("/api/analyses", {"gcg": response.text}))["analysis"]
    assert upload["key"].startswith("gcg:")
    for _ in range(600):
        if upload["status"] != "running":
            break
        await asyncio.sleep(0.2)
        upload = (await a.get(f"/api/analyses/{upload['key']}"))["analysis"]
    assert upload["status"] == "done"
    assert [t["best"] for t in upload["result"]["analysis"]["turns"]] == [t["best"] for t in turns]
    with pytest.raises(ApiError) as bad:
        await a.post("/api/analyses", {"gcg": "this is not a record"})
    assert bad.value.code == "analysis.bad_gcg" and bad.value.status == 422

    # Statistics per game and language.
    stats = (await a.get(f"/api/users/{a.user['username']}/stats"))["stats"]
    assert len(stats) == 1
    tr = stats[0]
    assert (tr["game"], tr["language"], tr["games"], tr["losses"]) == ("crossword", "tr", 1, 1)
    assert tr["best_move"]["score"] == max(
        s["score"] for s in result["replay"]
        if s["kind"] == "play" and s["nick"] == a.user["username"])
    assert tr["bingos"] >= 0 and tr["average_score"] == finished[0]["result"]["final_scores"][
        next(p["seat"] for p in finished[0]["players"] if p["id"] == a.user["id"])]
    await a.close()


async def test_a_live_match_cannot_be_downloaded_or_analysed(live: LiveServer) -> None:
    a = await register(live.url, unique("live"))
    match_id = (await a.create_match({"rules": "tr"}, bot="greedy"))["match"]["id"]
    for path in (f"/api/matches/{match_id}/gcg",):
        with pytest.raises(ApiError) as refused:
            await a.get(path)
        assert refused.value.code == "analysis.not_finished"
    with pytest.raises(ApiError) as refused:
        await a.post(f"/api/matches/{match_id}/analysis")
    assert refused.value.code == "analysis.not_finished"
    assert "end_racks" not in (await a.match(match_id))["view"]
    await a.close()


async def test_rematch_against_a_bot_starts_at_once(live: LiveServer) -> None:
    a = await register(live.url, unique("re"))
    match_id = (await a.create_match({"rules": "tr"}, bot="greedy"))["match"]["id"]
    await a.resign(match_id)
    again = (await a.rematch(match_id))["match"]
    assert again["status"] == "active" and again["rematch_of"] == match_id
    assert any(p["username"] == "bot_greedy" for p in again["players"])
    await a.close()


async def test_the_word_checker_folds_turkish_case(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as anyone:
        listed = await anyone.get("/api/lexicons")
        assert {lx["id"] for lx in listed["lexicons"]} >= {"TR-1", "ENABLE-1"}
        tr = await anyone.get("/api/lexicons/TR-1/check?words=kalem,ışık,kâğıt,qwerty,kalemx")
        by_input = {r["input"]: r for r in tr["results"]}
        assert by_input["kalem"]["valid"] and by_input["kalem"]["word"] == "KALEM"
        assert by_input["ışık"]["word"] == "IŞIK" and by_input["ışık"]["valid"]
        assert by_input["kâğıt"]["word"] == "KAĞIT" and by_input["kâğıt"]["valid"]
        assert by_input["qwerty"]["reason"] == "letters" and not by_input["kalemx"]["valid"]
        en = await anyone.get("/api/lexicons/ENABLE-1/check?words=quiz xi")
        assert [r["valid"] for r in en["results"]] == [True, True]
        with pytest.raises(ApiError) as unknown:
            await anyone.get("/api/lexicons/XX-9/check?words=a")
        assert unknown.value.code == "lexicon.unknown"


async def test_a_play_made_while_another_awaits_a_challenge_replays(live: LiveServer) -> None:
    """The refill of the pending play is drawn before the next play is recorded: the log
    still replays (state rebuilt from the database, not the cache)."""
    a, b = await register(live.url, unique("a")), await register(live.url, unique("b"))
    match_id = (await a.create_match({"rules": "en"}, opponent=b.user["username"]))["match"]["id"]
    await b.accept((await b.invites())[0]["code"])
    by_seat = {(await c.match(match_id))["view"]["seat"]: c for c in (a, b)}
    plays = 0
    for _ in range(12):  # a first rack may hold no word (then it passes)
        view = (await by_seat[0].match(match_id))["view"]
        mover = by_seat[view["to_move"]]
        move = best_move((await mover.match(match_id))["view"])
        await mover.move(match_id, move)  # plays on over a pending play
        plays += move["kind"] == "play"
        if plays == 3:
            break
    kinds = [e["event"]["kind"] for e in
             (await a.get(f"/api/matches/{match_id}/events"))["events"]]
    assert kinds.count("play_made") == 3 and "play_accepted" not in kinds
    live.app.state.service._cache.clear()
    view = (await a.match(match_id))["view"]
    assert view["move_number"] == 3 and view["pending"] is not None
    await a.close()
    await b.close()


async def test_a_party_game_has_no_record_or_analysis(live: LiveServer) -> None:
    """A finished Kelime Casusu match has no GCG record: a clear 404, never a 500."""
    from .codenames_support import codenames_table

    clients, match_id = await codenames_table(live.url)
    await clients[0].resign(match_id)
    assert (await clients[0].match(match_id))["status"] == "finished"
    for client in (clients[1], await register(live.url, unique("stranger"))):
        for method, path in (("get", f"/api/matches/{match_id}/gcg"),
                             ("post", f"/api/matches/{match_id}/analysis")):
            with pytest.raises(ApiError) as refused:
                await getattr(client, method)(path)
            assert (refused.value.status, refused.value.code) == (404, "analysis.no_record")
        await client.close()
    for client in clients:
        await client.close()
