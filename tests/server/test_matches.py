"""Matches: invitations, a whole tr match over websockets, rematch, resign, replay, locking."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from harfiyen.client import ApiError, GameSocket, HarfiyenClient
from harfiyen.server.models import Invite, Match, MatchEvent, utcnow

from .conftest import Database, LiveServer, start_server, unique
from .support import assert_no_hidden, best_move, match_secrets, play_to_end, register

pytestmark = pytest.mark.anyio


async def _pair(live: LiveServer, options: dict[str, Any] | None = None,
                **create: Any) -> tuple[HarfiyenClient, HarfiyenClient, int]:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match(options or {"rules": "tr"}, **create)
    await b.accept(created["invite"]["code"])
    return a, b, created["match"]["id"]


SEAT_CLIENTS: dict[int, dict[int, HarfiyenClient]] = {}


async def _sockets(live: LiveServer, match_id: int, *clients: HarfiyenClient
                   ) -> dict[int, GameSocket]:
    """A subscribed websocket per seat; ``SEAT_CLIENTS[match_id]`` maps seats to clients."""
    out = {}
    SEAT_CLIENTS[match_id] = {}
    for client in clients:
        sock = await client.connect()
        ack = await sock.subscribe(match_id)
        assert ack["type"] == "ack"
        await sock.wait_seq(match_id, 1)
        out[ack["seat"]] = sock
        SEAT_CLIENTS[match_id][ack["seat"]] = client
    return out


async def _secrets(live: LiveServer, match_id: int) -> list[str]:
    return await match_secrets(live.app, match_id)


@pytest.mark.both_databases
async def test_invite_accept_play_a_whole_tr_match_and_rematch(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    info = await a.match(match_id)
    assert info["status"] == "active" and info["rules"] == "tr@2" and info["lexicon"] == "TR-1"
    assert "seed" not in info and "seed" not in str(info["config"])
    sockets = await _sockets(live, match_id, a, b)
    # A spectator (a third user) watches the whole game.
    watcher = await register(live.url, unique("w"))
    spectator = await watcher.connect()
    assert (await spectator.subscribe(match_id))["seat"] is None
    final = await play_to_end(match_id, sockets)
    outcome = final["outcome"]
    assert outcome["reason"] in ("went_out", "scoreless_turns")
    await spectator.wait_seq(match_id, sockets[0].seq[match_id])
    # After its first full view, every client saw every event number once, in order.
    for sock in (*sockets.values(), spectator):
        start = next(f["seq"] for f in sock.received if f["type"] == "sync")
        seqs = [f["seq"] for f in sock.received if f["type"] == "event"]
        assert seqs == list(range(start + 1, sock.seq[match_id] + 1))
        assert sock.status[match_id] == "finished"
    stored = (await a.match(match_id))
    assert stored["status"] == "finished" and stored["result"]["final_scores"] == (
        outcome["final_scores"]
    )
    secrets = await _secrets(live, match_id)
    for seat, sock in sockets.items():
        assert_no_hidden(sock.received, seat, secrets)
    assert_no_hidden(spectator.received, None, secrets)
    # Rematch: the opponent is invited, accepts, and the new match starts for both.
    seat_of_a = 0 if SEAT_CLIENTS[match_id][0] is a else 1
    sock_a, sock_b = sockets[seat_of_a], sockets[1 - seat_of_a]
    again = await a.rematch(match_id)
    assert again["match"]["rematch_of"] == match_id and again["match"]["status"] == "waiting"
    notice = await sock_b.wait_for(lambda f: f["type"] == "notice" and f["kind"] == "invited")
    assert notice["code"] == again["invite"]["code"]
    await b.accept(notice["code"])
    started = await sock_a.wait_for(
        lambda f: f["type"] == "notice" and f["kind"] == "match_started"
    )
    assert started["match"] == again["match"]["id"]
    for client in (a, b, watcher):
        await client.close()
    for sock in (*sockets.values(), spectator):
        await sock.close()


async def test_event_log_replays_to_the_same_state(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    for _ in range(4):
        view = sockets[0].views[match_id]
        sock = sockets[view["to_move"]]
        ack = await sock.move(match_id, best_move(sock.views[match_id]))
        for s in sockets.values():
            await s.wait_seq(match_id, ack["seq"])
    service = live.app.state.service
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        cached = await service.state(db, match)
        service._cache.clear()
        rebuilt = await service.state(db, match)
        rows = (await db.execute(
            select(MatchEvent).where(MatchEvent.match_id == match_id).order_by(MatchEvent.seq)
        )).scalars().all()
    assert rebuilt == cached and rebuilt is not cached
    assert [r.seq for r in rows] == list(range(1, match.last_seq + 1))
    assert [r.data for r in rows] == [e.to_dict() for e in rebuilt.events]
    for client in (a, b):
        await client.close()
    for sock in sockets.values():
        await sock.close()


async def test_decline_cancels_and_closed_invites_stay_closed(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    c = await register(live.url, unique("c"))
    created = await a.create_match({"rules": "tr"})
    code = created["invite"]["code"]
    with pytest.raises(ApiError) as own:
        await a.accept(code)
    assert own.value.code == "invite.own"
    # A link is for whoever has it: a stranger declining it cancels nothing.
    assert (await b.decline(code))["status"] == "open"
    assert (await a.match(created["match"]["id"]))["status"] == "waiting"
    await c.accept(code)
    with pytest.raises(ApiError) as closed:
        await b.accept(code)
    assert closed.value.code == "invite.closed"
    # An invitation addressed to b, declined by b, cancels the two-player match.
    addressed = await a.create_match({"rules": "tr"}, opponent=(await b.me())["username"])
    assert (await b.decline(addressed["invite"]["code"]))["status"] == "declined"
    assert (await a.match(addressed["match"]["id"]))["status"] == "cancelled"
    # An invitation addressed to one user is not for anyone else.
    b_name = (await b.me())["username"]
    direct = await a.create_match({"rules": "en"}, opponent=b_name)
    assert direct["invite"]["to_user"] == (await b.me())["id"]
    with pytest.raises(ApiError) as not_yours:
        await c.accept(direct["invite"]["code"])
    assert not_yours.value.code == "invite.not_for_you"
    assert [i["code"] for i in await b.invites()] == [direct["invite"]["code"]]
    with pytest.raises(ApiError) as missing:
        await b.accept("no-such-code")
    assert missing.value.status == 404
    for client in (a, b, c):
        await client.close()


async def test_expired_invite_cannot_be_accepted(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    async with live.app.state.service.sessions() as db:
        await db.execute(update(Invite).where(Invite.code == created["invite"]["code"])
                         .values(expires_at=utcnow() - timedelta(minutes=1)))
        await db.commit()
    with pytest.raises(ApiError) as expired:
        await b.accept(created["invite"]["code"])
    assert expired.value.code == "invite.closed" and "expired" in expired.value.message
    for client in (a, b):
        await client.close()


async def test_create_options_rules_version_lexicon_and_time_control(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    created = (await a.create_match(
        {"rules": "en", "challenge": "void"}, ranked=True,
        time_control={"kind": "correspondence", "hours_per_move": 48},
    ))["match"]
    assert created["rules"] == "en@2" and created["lexicon"] == "ENABLE-1"
    assert created["ranked"] and created["config"]["challenge"] == "void"
    assert created["time_control"] == {"kind": "correspondence", "seconds_per_move": 172800}
    with pytest.raises(ApiError) as bad:
        await a.create_match({"rules": "tr", "players": 9})
    assert bad.value.code == "match.bad_config"
    with pytest.raises(ApiError) as unknown:
        await a.create_match({"rules": "tr", "colour": "red"})
    assert unknown.value.code == "match.bad_config"
    with pytest.raises(ApiError) as clock:
        await a.create_match({}, time_control={"kind": "live"})
    assert clock.value.code == "request.invalid"
    await a.close()


async def test_ranked_only_for_approved_pairs(database: Database) -> None:
    server = await start_server(database.settings(ranked_approved=["crossword:tr"]))
    try:
        a = await register(server.url, unique("a"), "en")
        assert (await a.create_match({"rules": "tr"}, ranked=True))["match"]["ranked"]
        with pytest.raises(ApiError) as refused:
            await a.create_match({"rules": "en"}, ranked=True)
        assert refused.value.code == "match.ranked_not_allowed"
        assert "Ranked matches are not available" in refused.value.message
        assert not (await a.create_match({"rules": "en"}))["match"]["ranked"]
        await a.close()
    finally:
        await server.stop()


async def test_resign_before_the_start_withdraws_the_match(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    assert (await a.resign(created["match"]["id"]))["status"] == "cancelled"
    with pytest.raises(ApiError) as closed:
        await b.accept(created["invite"]["code"])
    assert closed.value.code == "invite.closed"
    for client in (a, b):
        await client.close()


async def test_resign_while_waiting_for_the_opponent(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    waiting = 1 - sockets[0].views[match_id]["to_move"]  # not this seat's turn
    ack = await sockets[waiting].move(match_id, {"kind": "resign"})
    assert ack["type"] == "ack" and ack["status"] == "finished"
    for sock in sockets.values():
        await sock.wait_seq(match_id, ack["seq"])
        outcome = sock.views[match_id]["outcome"]
        assert outcome["reason"] == "resigned" and outcome["loser"] == waiting
    # A move in a finished game: an error frame, and nothing changes.
    again = await sockets[1 - waiting].move(match_id, {"kind": "pass"})
    assert again["type"] == "error" and again["code"] == "game_over"
    assert (await a.match(match_id))["last_seq"] == ack["seq"]
    for client in (a, b):
        await client.close()
    for sock in sockets.values():
        await sock.close()


async def test_reconnect_gets_the_gap_or_a_full_view(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    first = sockets[0].views[match_id]["to_move"]
    mover, other = sockets[first], sockets[1 - first]
    seen = other.seq[match_id]
    client_of_other = SEAT_CLIENTS[match_id][1 - first]
    await other.close()
    ack = await mover.move(match_id, best_move(mover.views[match_id]))
    assert ack["type"] == "ack"
    back = await client_of_other.connect()
    await back.subscribe(match_id, last_seq=seen)
    await back.wait_seq(match_id, ack["seq"])
    gap = [f for f in back.received if f["type"] == "event"]
    assert [f["seq"] for f in gap] == list(range(seen + 1, ack["seq"] + 1))
    assert gap[0]["event"]["kind"] == "play_made"
    assert not any(f["type"] == "sync" for f in back.received)
    fresh = await client_of_other.connect()
    await fresh.subscribe(match_id, last_seq=0)
    await fresh.wait_seq(match_id, ack["seq"])
    syncs = [f for f in fresh.received if f["type"] == "sync"]
    assert len(syncs) == 1 and syncs[0]["seq"] == ack["seq"]
    assert syncs[0]["view"]["rack"] == back.views[match_id]["rack"]
    for client in (a, b):
        await client.close()
    for sock in (mover, back, fresh):
        await sock.close()


@pytest.mark.both_databases
async def test_one_writer_per_match(live: LiveServer) -> None:
    """The same move sent at once over two connections is applied once."""
    a, b, match_id = await _pair(live)
    sockets = await _sockets(live, match_id, a, b)
    first = sockets[0].views[match_id]["to_move"]
    mover = SEAT_CLIENTS[match_id][first]
    second = await mover.connect()
    await second.subscribe(match_id)
    move = best_move(sockets[first].views[match_id])
    replies = await asyncio.gather(
        sockets[first].move(match_id, move), second.move(match_id, move)
    )
    kinds = sorted(r["type"] for r in replies)
    assert kinds == ["ack", "error"]
    error = next(r for r in replies if r["type"] == "error")
    assert error["code"] in ("not_your_turn", "tile_not_on_rack", "match.busy")
    async with live.app.state.service.sessions() as db:
        kinds_stored = (await db.execute(
            select(MatchEvent.kind).where(MatchEvent.match_id == match_id)
        )).scalars().all()
    assert kinds_stored.count("play_made") == 1
    for client in (a, b):
        await client.close()
    for sock in (*sockets.values(), second):
        await sock.close()


async def test_http_moves_use_the_same_command_path(live: LiveServer) -> None:
    a, b, match_id = await _pair(live)
    view = (await a.match(match_id))["view"]
    players = (await a.match(match_id))["players"]
    me = (await a.me())["id"]
    mover = a if players[view["to_move"]]["id"] == me else b
    waiting = b if mover is a else a
    with pytest.raises(ApiError) as out_of_turn:
        await waiting.move(match_id, {"kind": "pass"})
    assert out_of_turn.value.code == "not_your_turn"
    done = await mover.move(match_id, {"kind": "pass"})
    assert done["status"] == "active" and done["seq"] == view["move_number"] + 3 + 1
    for client in (a, b):
        await client.close()


async def test_an_early_subscriber_never_gets_the_other_seats_first_rack(live: LiveServer) -> None:
    """Seats are drawn at the start: a creator subscribed while waiting must not
    receive the first rack of the seat it was provisionally given."""
    for _ in range(4):  # the seat draw is random: cover both outcomes
        a = await register(live.url, unique("a"))
        b = await register(live.url, unique("b"))
        created = await a.create_match({"rules": "tr"})
        match_id = created["match"]["id"]
        early = await a.connect()
        ack = await early.subscribe(match_id)
        assert ack["type"] == "ack" and ack["seat"] is None
        await b.accept(created["invite"]["code"])
        await early.wait_seq(match_id, 1)
        async with asyncio.timeout(10):  # after the start notice it follows its seat
            while "seat" not in early.views[match_id]:
                await asyncio.sleep(0.05)
        seat = early.views[match_id]["seat"]
        assert_no_hidden(early.received, seat, await _secrets(live, match_id))
        for closing in (early, a, b):
            await closing.close()
