"""Kelime Casusu through the match layer: creation over HTTP, the seats that act, notices,
per-phase timers and the engine's timeout move, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta

import pytest
from sqlalchemy import update

from harfiyen.client import ApiError
from harfiyen.server.models import Match, MatchNote, utcnow

from .codenames_support import (
    assert_no_key,
    codenames_table,
    play_to_end,
    random_clue,
    reveal_log,
)
from .conftest import Database, LiveServer, start_server
from .support import seat_sockets

pytestmark = pytest.mark.anyio


@pytest.mark.both_databases
async def test_config_lists_codenames_and_a_whole_game_is_played(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    config = await clients[0].get("/api/config")
    assert "codenames" in config["games"]
    info = await clients[0].match(match_id)
    assert info["game"] == "codenames" and info["status"] == "active"
    assert info["rules"] == "codenames@1" and info["seats"] == 4
    sockets, _ = await seat_sockets(match_id, clients)
    view = sockets[0].views[match_id]
    spymaster = next(s["seat"] for s in view["seats"]
                     if s["team"] == "red" and s["role"] == "spymaster")
    assert info["acting"] == [spymaster] and info["to_move"] == spymaster
    final = await play_to_end(match_id, sockets, random.Random(7))
    assert final["outcome"]["reason"] in ("all_words", "black_word")
    done = await clients[0].match(match_id)
    assert done["status"] == "finished" and done["acting"] == [] and done["to_move"] is None
    assert done["result"]["teams"]
    revealed, end = await reveal_log(live.app, match_id)
    guessers = [s["seat"] for s in view["seats"] if s["role"] == "guesser"]
    for seat in guessers:
        assert_no_key(sockets[seat].received, revealed, end)
    # Every seat whose turn began was told so: the guessers after their spymaster's clue
    # (a team whose opponents hit the black word first may never have had a clue).
    clued = {clue["team"] for clue in final["clues"]}
    for seat in (s["seat"] for s in view["seats"]
                 if s["role"] == "guesser" and s["team"] in clued):
        kinds = [f.get("kind") for f in sockets[seat].received if f["type"] == "notice"]
        assert "your_turn" in kinds
    for sock in sockets.values():
        await sock.close()


async def test_a_client_cannot_time_itself_out(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    sockets, by_seat = await seat_sockets(match_id, clients)
    seat = sockets[0].views[match_id]["to_act"][0]
    refused = await sockets[seat].move(match_id, {"kind": "timeout"})
    assert refused["type"] == "error" and refused["code"] == "match.platform_move"
    with pytest.raises(ApiError) as http:
        await by_seat[seat].move(match_id, {"kind": "timeout"})
    assert http.value.code == "match.platform_move"
    assert (await clients[0].match(match_id))["last_seq"] == 2
    for sock in sockets.values():
        await sock.close()


async def test_per_phase_timers_and_the_timeout_passes_the_turn(database: Database) -> None:
    server = await start_server(database.settings(deadline_sweep_seconds=0.1))
    try:
        clients, match_id = await codenames_table(
            server.url, time_control={"kind": "live", "seconds": {"clue": 600, "guess": 300}})
        info = await clients[0].match(match_id)
        assert info["time_control"]["seconds"] == {"clue": 600, "guess": 300}
        deadline = info["deadline_at"]
        assert deadline is not None
        sockets, _ = await seat_sockets(match_id, clients)
        view = sockets[0].views[match_id]
        spymaster = view["to_act"][0]
        reply = await sockets[spymaster].move(match_id, random_clue(
            sockets[spymaster].views[match_id], random.Random(1)))
        assert reply["type"] == "ack"
        guessing = await clients[0].match(match_id)
        assert guessing["deadline_at"] != deadline
        # The guess timer is the phase's (300 s from the clue), shorter than the clue's.
        assert guessing["deadline_at"] < deadline
        guesser = guessing["acting"][0]
        # A right guess goes on under the same clue: the guess timer runs on.
        own = next(c["index"] for c in sockets[spymaster].views[match_id]["cards"]
                   if c["colour"] == "red" and not c["revealed"])
        right = await sockets[guesser].move(match_id, {"kind": "guess", "index": own})
        assert right["type"] == "ack"
        still = await clients[0].match(match_id)
        assert still["view"]["phase"] == "guess"
        assert still["deadline_at"] == guessing["deadline_at"]
        reply = right
        # Time runs out while the red guessers think.
        async with server.app.state.service.sessions() as db:
            await db.execute(update(Match).where(Match.id == match_id)
                             .values(deadline_at=utcnow() - timedelta(seconds=1)))
            await db.commit()
        for _ in range(100):
            after = await clients[0].match(match_id)
            if after["last_seq"] > reply["seq"]:
                break
            await asyncio.sleep(0.05)
        assert after["status"] == "active" and after["view"]["turn"] == "blue"
        assert after["view"]["phase"] == "clue" and after["deadline_at"] is not None
        await sockets[guesser].wait_seq(match_id, after["last_seq"])
        events = [f["event"] for f in sockets[guesser].received
                  if f["type"] == "event" and f["seq"] > reply["seq"]]
        assert [e["kind"] for e in events] == ["timed_out", "turn_ended"]
        assert events[0]["seat"] == guesser and events[1]["reason"] == "timeout"
        for sock in sockets.values():
            await sock.close()
    finally:
        await server.stop()


async def test_notes_are_shown_only_once_the_match_is_finished(live: LiveServer) -> None:
    clients, match_id = await codenames_table(live.url)
    async with live.app.state.service.sessions() as db, db.begin():
        db.add(MatchNote(match_id=match_id, seq=3, seat=0,
                         data={"kind": "clue", "word": "DENİZ", "number": 2,
                               "meant": ["MEANTWORDA", "MEANTWORDB"]}))
    running = await clients[1].match(match_id)
    assert "notes" not in running
    assert "MEANTWORDA" not in json.dumps(running, ensure_ascii=False)
    await clients[1].resign(match_id)
    finished = await clients[1].match(match_id)
    assert finished["status"] == "finished"
    assert finished["notes"] == [{"seq": 3, "seat": 0, "kind": "clue", "word": "DENİZ",
                                  "number": 2, "meant": ["MEANTWORDA", "MEANTWORDB"]}]


async def test_lists_of_matches_leave_out_the_word_pack(live: LiveServer) -> None:
    """The lobby's lists carry no 400-word pack per match; the match itself does."""
    clients, match_id = await codenames_table(live.url)
    whole = await clients[0].match(match_id)
    assert len(whole["config"]["words"]) >= 400
    mine = (await clients[0].get("/api/matches"))["matches"]
    watched = (await clients[1].get("/api/watch"))["matches"]
    for listed in (mine, watched):
        item = next(m for m in listed if m["id"] == match_id)
        assert "words" not in item["config"] and "apart" not in item["config"]
        assert item["config"]["language"] == "tr" and len(item["config"]["seats"]) == 4
        assert len(json.dumps(item, ensure_ascii=False)) < 2500  # the pack alone is 4,400
    for client in clients:
        await client.close()
