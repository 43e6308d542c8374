"""Presence (``harfiyen.server.presence``) and what the server does when someone leaves a
table (``harfiyen.server.leaving``): who is present or away, the ``presence`` frames, the
AI playing an absent person's seat, anyone at the table handing an away seat, and the host
role passing on."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from harfiyen.client import ApiError
from harfiyen.server.leaving import hands_absent
from harfiyen.server.models import Match, MatchEvent, utcnow
from harfiyen.server.presence import (
    SEEN,
    MemoryStore,
    Presence,
    RedisStore,
    match_scope,
    presence_channel,
)
from harfiyen.server.pubsub import InMemoryPubSub

from .codenames_support import random_clue
from .conftest import Database, LiveServer, start_server, unique
from .letterjam_support import letterjam_room
from .support import register, seat_sockets

pytestmark = pytest.mark.anyio


def presence_of(kind: str, user: int | None = None, **where: Any) -> Any:
    def match(frame: dict[str, Any]) -> bool:
        return (frame.get("type") == "presence" and frame.get("kind") == kind
                and (user is None or frame.get("user") == user)
                and all(frame.get(k) == v for k, v in where.items()))
    return match


@pytest.fixture
async def quick(database: Database) -> AsyncIterator[LiveServer]:
    """A server where presence is refreshed often and a person is away after 0.3 s, and
    their seat goes to the AI after 1 s away."""
    server = await start_server(database.settings(
        presence_seconds=0.6, presence_grace_seconds=0.3, absent_seconds=1.0))
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def patient(database: Database) -> AsyncIterator[LiveServer]:
    """Quick presence, but nobody's seat goes to the AI by itself."""
    server = await start_server(database.settings(
        presence_seconds=0.6, presence_grace_seconds=0.3, absent_seconds=3600))
    try:
        yield server
    finally:
        await server.stop()


async def test_the_host_leaves_a_harf_takil_table_and_comes_back(quick: LiveServer) -> None:
    clients, code, match_id = await letterjam_room(quick.url, people=3, ai=0)
    ids = [(await c.me())["id"] for c in clients]
    sockets, by_seat = await seat_sockets(match_id, clients)
    seat_of = {ids[clients.index(c)]: s for s, c in by_seat.items()}
    by_user = {ids[clients.index(c)]: sockets[s] for s, c in by_seat.items()}
    for user in ids:  # the room in the order the people sat down
        sock = by_user[user]
        assert (await sock.watch_room(code))["type"] == "ack"
        snapshot = await sock.wait_for(presence_of("snapshot", room=code))
        assert user in snapshot["present"]
    last = by_user[ids[2]]
    snapshot = await last.wait_for(presence_of("snapshot", match=match_id))
    assert set(snapshot["present"]) == set(ids) and snapshot["away"] == {}

    host, heir, third = ids
    await by_user[host].close()
    for user in (heir, third):  # the match and the room are told; the host role passes
        sock = by_user[user]
        left = await sock.wait_for(presence_of("left", host, match=match_id))
        assert left["present"] is False and left["name"] == (await clients[0].me())[
            "display_name"]
        await sock.wait_for(presence_of("left", host, room=code))
        passed = await sock.wait_for(presence_of("host", heir, room=code))
        assert passed["from"] == host
    assert (await clients[1].get(f"/api/rooms/{code}"))["host"]["id"] == heir

    # Away past absent_seconds while the table waits on the seat: the AI plays it.
    handed = await by_user[heir].wait_for(
        lambda f: f.get("kind") == "seat_handed" and f.get("seat") == seat_of[host], timeout=20)
    assert handed["level"] == "ai" and handed["absent"] is True and handed["user"] == host
    assert (await clients[1].match(match_id))["players"][seat_of[host]]["handed"] == "ai"

    # Back: the others are told (the person is not told of themself), and they take the seat.
    back = await clients[0].connect()
    assert (await back.subscribe(match_id))["type"] == "ack"
    snapshot = await back.wait_for(presence_of("snapshot", match=match_id))
    assert host in snapshot["present"]
    for user in (heir, third):
        came = await by_user[user].wait_for(presence_of("back", host, match=match_id))
        assert came["present"] is True
    await clients[0].hand_seat(match_id, seat_of[host], None)
    assert (await clients[0].match(match_id))["players"][seat_of[host]]["handed"] is None
    assert not [f for f in back.received if f.get("type") == "presence"
                and f.get("kind") in ("left", "back") and f.get("user") == host]
    for sock in (back, *by_user.values()):
        await sock.close()


async def test_anyone_at_the_table_hands_an_away_seat(patient: LiveServer) -> None:
    clients, code, match_id = await letterjam_room(patient.url, people=3, ai=0)
    sockets, by_seat = await seat_sockets(match_id, clients)
    seat_of = {clients.index(c): s for s, c in by_seat.items()}
    leaving, other = clients[1], clients[2]
    seat = seat_of[1]
    # A present person's seat: only theirs or the host's to hand.
    with pytest.raises(ApiError) as refused:
        await other.hand_seat(match_id, seat, "ai")
    assert refused.value.code == "match.hand_not_allowed"
    assert "masadan ayrılmış" in refused.value.message
    await sockets[seat].close()
    leaving_id = (await leaving.me())["id"]
    await sockets[seat_of[2]].wait_for(presence_of("left", leaving_id, match=match_id))
    handed = await other.hand_seat(match_id, seat, "ai")
    assert handed["handed"] == {str(seat): "ai"}
    told = await sockets[seat_of[0]].wait_for(lambda f: f.get("kind") == "seat_handed")
    assert told["seat"] == seat and told["absent"] is False
    # The host leaves the match page (nobody has the room open): the role passes to the
    # one still at the table.
    await sockets[seat_of[0]].close()
    heir = (await other.me())["id"]
    passed = await sockets[seat_of[2]].wait_for(presence_of("host", heir, match=match_id))
    assert passed["room"] == code and passed["from"] == (await clients[0].me())["id"]
    assert (await other.get(f"/api/rooms/{code}"))["host"]["id"] == heir
    await sockets[seat_of[2]].close()


async def test_spectators_come_and_go_unannounced(patient: LiveServer) -> None:
    a, b = await register(patient.url, unique("a")), await register(patient.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    sockets, _ = await seat_sockets(match_id, [a, b])
    watcher = await register(patient.url, unique("w"))
    watching = await watcher.connect()
    assert (await watching.subscribe(match_id))["seat"] is None
    watcher_id = (await watcher.me())["id"]
    snapshot = await watching.wait_for(presence_of("snapshot"))
    assert watcher_id in snapshot["present"]  # shown present
    # ...but only the players are ever announced away or back (and so only they count as
    # having been at the table, for the host role too).
    seen = await patient.app.state.presence.seen(match_scope(match_id))
    assert set(seen) == {(await a.me())["id"], (await b.me())["id"]}
    for sock in (watching, *sockets.values()):
        await sock.close()


async def _presences(store_one: Any, store_two: Any
                     ) -> tuple[Presence, Presence, list[dict[str, Any]]]:
    """Two processes' presence sharing one store (or a Redis server) and a bus; the
    frames published on the scope ``match:1``."""
    bus = InMemoryPubSub()
    heard: list[dict[str, Any]] = []
    await bus.subscribe(presence_channel("match:1"), heard.append)

    async def name(user_id: int) -> str:
        return f"p{user_id}"

    one = Presence(store_one, bus, ttl=5, grace=2, names=name)
    two = Presence(store_two, bus, ttl=5, grace=2, names=name)
    return one, two, heard


class _User:
    def __init__(self, user_id: int) -> None:
        self.id, self.display_name = user_id, f"p{user_id}"


async def _expiry(one: Presence, two: Presence, heard: list[dict[str, Any]]) -> None:
    """The first process's person expires (it crashed: no refresh), the second process
    announces them away once, after the grace; coming back is announced too."""
    scope = "match:1"
    await one.join(scope, _User(7), "a")  # type: ignore[arg-type]
    snapshot = await two.join(scope, _User(8), "b")  # type: ignore[arg-type]
    assert snapshot["present"] == [7, 8] and snapshot["away"] == {}
    assert set(await two.seen(scope)) == {7, 8}
    now = time.time()
    two.local[scope]["b"] = 8
    await two.store.touch(scope, "8:b", now + 100)  # the second process lives on
    assert await two._sweep_scope(scope, now + 10) == 0  # 7 gone, within the grace
    assert await two._sweep_scope(scope, now + 13) == 1  # away now, told once
    assert await one._sweep_scope(scope, now + 14) == 0
    # Each came for the first time (shown present, not announced aloud), then 7 is away.
    assert [(f["kind"], f["user"]) for f in heard] == [("joined", 7), ("joined", 8), ("left", 7)]
    heard[:2] = []
    assert heard[0] == {"type": "presence", "kind": "left", "match": 1, "user": 7,
                        "name": "p7", "present": False}
    assert set(await two.away(scope)) == {7}
    await one.join(scope, _User(7), "c")  # type: ignore[arg-type]
    assert [f["kind"] for f in heard] == ["left", "back"]
    assert await two.away(scope) == {}


async def test_a_crashed_connection_expires_in_memory() -> None:
    store = MemoryStore()
    await _expiry(*await _presences(store, store))


async def test_a_crashed_process_expires_through_redis(redis_url: str) -> None:
    prefix = f"test:{unique('p')}:"
    one, two = RedisStore(redis_url, prefix, 60), RedisStore(redis_url, prefix, 60)
    try:
        await _expiry(*await _presences(one, two))
        assert 7 in await one.marks("match:1", SEEN)
    finally:
        await one.close()
        await two.close()


async def test_an_abandoned_untimed_crossword_match_is_claimed_only_after_its_hours(
    live: LiveServer,
) -> None:
    a, b = await register(live.url, unique("a")), await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    match = await a.match(match_id)
    assert match["deadline_at"] is None and match["status"] == "active"
    ids = {(await c.me())["id"]: c for c in (a, b)}
    away = match["players"][match["to_move"]]["id"]
    claimant = next(c for i, c in ids.items() if i != away)
    # The one to move cannot claim; the other not before abandon_hours (72).
    with pytest.raises(ApiError) as refused:
        await ids[away].post(f"/api/matches/{match_id}/claim_win")
    assert refused.value.code == "match.abandon_not_here"
    with pytest.raises(ApiError) as refused:
        await claimant.post(f"/api/matches/{match_id}/claim_win")
    assert refused.value.code == "match.abandon_too_early"
    assert "72 saat beklenir (72 saat kaldı)" in refused.value.message
    assert (await a.match(match_id))["status"] == "active"
    # 73 hours later (the log's last event moved back): the claim ends it on time.
    async with live.app.state.service.sessions() as db:
        await db.execute(update(MatchEvent).where(MatchEvent.match_id == match_id)
                         .values(created_at=utcnow() - timedelta(hours=73)))
        await db.commit()
    done = await claimant.post(f"/api/matches/{match_id}/claim_win")
    assert done["status"] == "finished"
    result = (await a.match(match_id))["result"]
    assert result["reason"] == "timeout" and result["loser"] == match["to_move"]


async def test_everyone_leaves_a_harf_takil_table_and_the_ais_end_it(live: LiveServer) -> None:
    clients, _, match_id = await letterjam_room(live.url, people=2, ai=1)
    info = await clients[0].match(match_id)
    for person in clients:  # "Masadan kalk": each hands their own seat to the AI
        me = (await person.me())["id"]
        seat = next(p["seat"] for p in info["players"] if p["id"] == me)
        await person.hand_seat(match_id, seat, "ai")
    sock = await clients[0].connect()
    await sock.subscribe(match_id)
    await sock.wait_for(lambda f: f.get("kind") == "match_ended", timeout=120)
    assert (await clients[0].match(match_id))["status"] == "finished"


def test_which_absent_seats_the_server_hands() -> None:
    def match(game: str, ranked: bool = False) -> Match:
        return Match(game=game, status="active", ranked=ranked)

    assert hands_absent(match("letterjam"), 3) and hands_absent(match("codenames"), 4)
    assert hands_absent(match("crossword"), 3)  # classic Scrabble at a table of three
    # Ranked matches keep their clocks; two-player crossword matches their time controls.
    assert not hands_absent(match("crossword", ranked=True), 3)
    assert not hands_absent(match("crossword"), 2)


async def test_presence_across_two_server_processes(postgres: Database, redis_url: str) -> None:
    """People on two processes sharing Redis see each other come and go, told once."""
    settings = postgres.settings(redis_url=redis_url, presence_seconds=0.6,
                                 presence_grace_seconds=0.3, absent_seconds=3600)
    one, two = await start_server(settings), await start_server(settings)
    try:
        clients, _, match_id = await letterjam_room(
            one.url, people=3, ai=0, urls=[one.url, one.url, two.url])
        ids = [(await c.me())["id"] for c in clients]
        sockets, by_seat = await seat_sockets(match_id, clients)
        by_user = {ids[clients.index(c)]: sockets[s] for s, c in by_seat.items()}
        snapshot = await by_user[ids[2]].wait_for(presence_of("snapshot", match=match_id))
        assert set(snapshot["present"]) == set(ids)
        await by_user[ids[0]].close()
        for user in ids[1:]:
            await by_user[user].wait_for(presence_of("left", ids[0], match=match_id))
        back = await clients[0].connect()
        await back.subscribe(match_id)
        for user in ids[1:]:
            await by_user[user].wait_for(presence_of("back", ids[0], match=match_id))
            # Both processes swept the scope; the person was announced away once.
            assert len([f for f in by_user[user].received
                        if presence_of("left", ids[0])(f)]) == 1
        for sock in (back, by_user[ids[1]], by_user[ids[2]]):
            await sock.close()
    finally:
        await one.stop()
        await two.stop()


async def test_the_memory_store_forgets_scopes_nobody_refreshes() -> None:
    store = MemoryStore(keep_seconds=60)
    now = time.time()
    await store.touch("match:1", "7:a", now + 5)
    await store.mark("match:1", SEEN, 7, now)
    await store.forget(now + 30)
    assert await store.marks("match:1", SEEN) == {7: now}
    await store.forget(now + 66)
    assert await store.marks("match:1", SEEN) == {} and await store.live("match:1", now) == set()


@pytest.mark.slow
async def test_a_kelime_casusu_guesser_leaves_mid_turn_and_the_ai_guesses(
    quick: LiveServer,
) -> None:
    quick.app.state.bots.pace_seconds = 0.2  # the AIs beside people act at once here
    host, leaving, staying = [await register(quick.url, unique(n)) for n in "hls"]
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
    await sockets[leaving].close()  # mid-turn; the other guesser waits for them
    handed = await sock.wait_for(
        lambda f: f.get("kind") == "seat_handed" and f.get("seat") == 1, timeout=20)
    assert handed["absent"] is True
    guessed = await sock.wait_for(lambda f: f.get("type") == "event" and f["seq"] > seq
                                  and f["event"]["kind"] == "card_revealed", timeout=60)
    assert guessed["event"]["seat"] == 1  # the AI guessed for the seat
    for person in (host, staying):
        await sockets[person].close()
