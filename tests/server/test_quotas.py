"""Quotas, expiry, the paged room list, the websocket cap per session and the room-code
throttle (findings: one guest made 300 rooms in 2.5 s, 300 waiting matches and 200 tables
of AIs alone; rooms never expired; room codes could be guessed unthrottled; one session
opened 400 websockets).

Every client here comes from an address of its own (``X-Forwarded-For``, believed from
127.0.0.1 as from a trusted proxy on the same host), so the per-address counts of the
shared test database start from nothing."""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select
from websockets.asyncio.client import connect

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.server.models import Invite, Match, Room, WordPack, utcnow
from harfiyen.server.settings import Settings

from .conftest import Database, LiveServer, start_server

pytestmark = pytest.mark.anyio

# High limits for what a test does not look at (the shared test database holds every
# test's rows, and all of them come from 127.0.0.1 unless a test says otherwise).
OPEN: dict[str, Any] = {
    "rooms_per_account": 1000, "rooms_per_address": 1000,
    "waiting_matches_per_account": 1000, "waiting_matches_per_address": 1000,
    "ai_tables_per_account": 1000, "ai_tables_per_address": 1000,
    "packs_per_account": 1000, "packs_per_address": 1000,
    # Tables of AIs alone wait this long before each move: they stay quiet in these tests.
    "ai_table_pace_seconds": 600,
}
# The quotas as a server has them by default (the test settings may set others).
DEFAULTS: dict[str, Any] = {name: Settings.model_fields[name].default for name in OPEN
                            if name.endswith(("_per_account", "_per_address"))}
PACK = "\n".join(["ELMA", "ARMUT", "KİRAZ", "ÇİLEK", "ERİK", "VİŞNE", "AYVA", "İNCİR", "NAR",
                  "KAYISI", "ŞEFTALİ", "MUZ", "KAVUN", "KARPUZ", "LİMON", "PORTAKAL",
                  "MANDALİNA", "GREYFURT", "ÜZÜM", "DUT", "BÖĞÜRTLEN", "AHUDUDU", "HURMA",
                  "ANANAS", "MANGO"])


def behind_proxy(database: Database, **overrides: Any) -> Settings:
    """The test settings of a server that believes the forwarded address of a request from
    127.0.0.1 (a reverse proxy on its host)."""
    return database.settings(trusted_proxies=["127.0.0.1"], **overrides)


def new_address() -> str:
    return "10." + ".".join(str(secrets.randbelow(250) + 1) for _ in range(3))


async def guest(url: str, address: str, language: str = "tr") -> HarfiyenClient:
    """A guest account made from ``address`` (every request of it comes from there)."""
    client = HarfiyenClient(url, language)
    client.http.headers["X-Forwarded-For"] = address
    await client.guest()
    return client


async def refusal(call: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def count(server: LiveServer, query: Any) -> int:
    async with server.app.state.service.sessions() as db:
        return int((await db.execute(query)).scalar_one())


def rooms_of(user_id: int) -> Any:
    return select(func.count()).select_from(Room).where(Room.host_id == user_id)


async def ai_table(client: HarfiyenClient) -> dict[str, Any]:
    """A crossword room of two AIs (the host watches), started."""
    room = await client.create_room("crossword", {"rules": "tr"})
    for slot in (0, 1):
        await client.set_slot(room["code"], slot, ai="caylak")
    return await client.start_room(room["code"])  # type: ignore[no-any-return]


async def test_each_quota_is_refused_after_its_limit_in_both_languages(
    database: Database,
) -> None:
    server = await start_server(behind_proxy(database, **{
        **OPEN, "rooms_per_account": 2, "waiting_matches_per_account": 2,
        "ai_tables_per_account": 1, "packs_per_account": 2}))
    try:
        address = new_address()
        tr = await guest(server.url, address, "tr")
        en = await guest(server.url, address, "en")
        assert tr.user is not None and en.user is not None
        # Open rooms.
        made = {lang: [(await client.create_room("codenames", {}, public=True))["code"]
                       for _ in range(2)] for lang, client in (("tr", tr), ("en", en))}
        refused = {lang: await refusal(client.create_room("codenames", {}, public=True))
                   for lang, client in (("tr", tr), ("en", en))}
        for error in refused.values():
            assert (error.status, error.code) == (429, "room.too_many"), error
            assert error.details == {"limit": 2, "scope": "account"}
        assert refused["tr"].message == ("En çok 2 açık odan olabilir; yenisini açmadan önce "
                                         "birinden ayrıl.")
        assert refused["en"].message == ("You can have at most 2 open rooms; leave one before "
                                         "opening another.")
        assert await count(server, rooms_of(tr.user["id"])) == 2  # nothing was written
        # Leaving a room (it closes: nobody is left) makes room for another.
        await tr.post(f"/api/rooms/{made['tr'][0]}/leave")
        await tr.create_room("codenames", {})

        # Waiting (never started) matches; a solo match against the AI starts at once and
        # does not count.
        for _ in range(2):
            await en.create_match({"rules": "en"})
        error = await refusal(en.create_match({"rules": "en"}))
        assert (error.status, error.code) == (429, "match.too_many_waiting")
        assert error.message == ("You can have at most 2 matches waiting to start; cancel one "
                                 "before creating another.")
        for _ in range(2):
            await tr.create_match({"rules": "tr"})
        error = await refusal(tr.create_match({"rules": "tr"}))
        assert error.message.startswith("Başlamayı bekleyen en çok 2 maçın olabilir")
        waiting = select(func.count()).select_from(Match).where(
            Match.created_by == tr.user["id"], Match.status == "waiting")
        assert await count(server, waiting) == 2
        solo = await tr.create_match({"rules": "tr"}, bot="greedy")
        assert solo["match"]["status"] == "active"

        # Tables of AIs alone: the second start is refused and the room stays open.
        other = await guest(server.url, address, "en")
        first = await ai_table(other)
        assert first["status"] == "playing"
        room = await other.create_room("crossword", {"rules": "tr"})
        for slot in (0, 1):
            await other.set_slot(room["code"], slot, ai="caylak")
        error = await refusal(other.start_room(room["code"]))
        assert (error.status, error.code) == (429, "match.too_many_ai_tables")
        assert error.message == ("At most 1 of your tables where only the AI plays can run at "
                                 "once; try again when one ends.")
        after = await other.room(room["code"])
        assert after["status"] == "open" and after["match"] is None
        assert after["version"] == room["version"] + 2  # the two AI slots, not the start
        # A table the host plays at is not one of AIs alone.
        third = await guest(server.url, address)
        played = await third.create_room("crossword", {"rules": "tr"})
        await third.take_seat(played["code"], 0)
        await third.set_slot(played["code"], 1, ai="caylak")
        assert (await third.start_room(played["code"]))["status"] == "playing"

        # Word packs.
        for n in range(2):
            await tr.create_pack(f"meyve {n}", PACK)
        error = await refusal(tr.create_pack("meyve 2", PACK))
        assert (error.status, error.code) == (429, "pack.too_many")
        assert error.message == "En çok 2 kelime paketin olabilir; önce birini sil."
        packs = select(func.count()).select_from(WordPack).where(
            WordPack.user_id == tr.user["id"])
        assert await count(server, packs) == 2
        for client in (tr, en, other, third):
            await client.close()
    finally:
        await server.stop()


@pytest.mark.both_databases
async def test_one_address_is_limited_across_its_guest_accounts(database: Database) -> None:
    server = await start_server(behind_proxy(database, **{
        **OPEN, "rooms_per_account": 5, "rooms_per_address": 3,
        "waiting_matches_per_account": 5, "waiting_matches_per_address": 3}))
    try:
        address = new_address()
        one, two = await guest(server.url, address), await guest(server.url, address, "en")
        await one.create_room("codenames", {})
        await one.create_room("codenames", {})
        await two.create_room("codenames", {})
        error = await refusal(two.create_room("codenames", {}))
        assert (error.status, error.code, error.details) == (
            429, "room.too_many", {"limit": 3, "scope": "address"})
        assert error.message == ("At most 3 rooms can be open from this network address; try "
                                 "again when one closes.")
        error = await refusal(one.create_room("codenames", {}))
        assert error.message.startswith("Bu ağ adresinden en çok 3 açık oda olabilir")
        for client in (one, one, two):
            await client.create_match({"rules": "tr"})
        error = await refusal(two.create_match({"rules": "tr"}))
        assert (error.code, error.details["scope"]) == ("match.too_many_waiting", "address")
        # Another address is not affected.
        elsewhere = await guest(server.url, new_address())
        await elsewhere.create_room("codenames", {})
        await elsewhere.create_match({"rules": "tr"})
        for client in (one, two, elsewhere):
            await client.close()
    finally:
        await server.stop()


async def test_the_sweeper_closes_idle_rooms_and_cancels_matches_that_never_started(
    database: Database,
) -> None:
    server = await start_server(behind_proxy(database, **{
        **OPEN, "rooms_per_account": 1, "waiting_matches_per_account": 1,
        "room_idle_hours": 24, "invite_hours": 72}))
    try:
        host = await guest(server.url, new_address())
        room = await host.create_room("codenames", {}, public=True)
        created = await host.create_match({"rules": "tr"})
        match_id, invite = created["match"]["id"], created["invite"]["code"]
        assert (await refusal(host.create_room("codenames", {}))).code == "room.too_many"
        sweep = server.app.state.expiry.sweep
        # An hour short of each limit: nothing changes.
        await sweep(now=utcnow() + timedelta(hours=23))
        assert (await host.room(room["code"]))["status"] == "open"
        # A day later the room has closed; the match still waits for its invitation.
        await sweep(now=utcnow() + timedelta(hours=25))
        closed = await host.room(room["code"])
        assert closed["status"] == "closed" and closed["version"] == room["version"] + 1
        assert (await host.match(match_id))["status"] == "waiting"
        assert (await host.create_room("codenames", {}))["status"] == "open"  # freed
        assert (await refusal(host.create_match({"rules": "tr"}))).code == \
            "match.too_many_waiting"
        # Once its invitations expired the match can never start: cancelled.
        await sweep(now=utcnow() + timedelta(hours=73))
        assert (await host.match(match_id))["status"] == "cancelled"
        async with server.app.state.service.sessions() as db:
            assert (await db.execute(select(Invite.status).where(Invite.code == invite))
                    ).scalar_one() == "expired"
        await host.create_match({"rules": "tr"})  # freed
        await host.close()
    finally:
        await server.stop()


async def test_the_public_room_list_pages(database: Database) -> None:
    server = await start_server(behind_proxy(database, **OPEN))
    try:
        host = await guest(server.url, new_address())
        made = [(await host.create_room("crossword", {"rules": "en"}, public=True))["code"]
                for _ in range(5)]
        seen: list[str] = []
        cursor: int | None = None
        pages = 0
        while True:
            query = "/api/rooms?game=crossword&limit=2" + (f"&before={cursor}" if cursor else "")
            page = await host.get(query)
            assert len(page["rooms"]) <= 2 and {r["game"] for r in page["rooms"]} <= {"crossword"}
            seen += [r["code"] for r in page["rooms"]]
            pages += 1
            cursor = page["next"]
            if cursor is None:
                break
        assert len(seen) == len(set(seen))
        # Newest first, every one of them, over several pages.
        assert [code for code in seen if code in made] == made[::-1] and pages >= 3
        first = await host.get("/api/rooms?game=crossword&limit=2")
        assert [r["code"] for r in first["rooms"]] == made[::-1][:2]
        for bad in ("limit=0", "limit=101", "before=0", "before=4294967296"):
            assert (await refusal(host.get(f"/api/rooms?{bad}"))).status == 422
        await host.close()
    finally:
        await server.stop()


async def test_one_session_holds_at_most_its_websockets(database: Database) -> None:
    server = await start_server(behind_proxy(database, ws_per_session=3))
    try:
        client = await guest(server.url, new_address())
        sockets = [await client.connect() for _ in range(3)]
        for sock in sockets:
            await sock.wait_for(lambda f: f["type"] == "hello")
        url = server.url.replace("http", "ws") + "/ws?lang=en"
        cookie = "; ".join(f"{k}={v}" for k, v in client.http.cookies.items())
        async with connect(url, additional_headers={"Cookie": cookie}) as extra:
            frame = await asyncio.wait_for(extra.recv(), 5)
            await asyncio.wait_for(extra.wait_closed(), 5)
        assert '"code":"ws.too_many_connections"' in str(frame)
        assert "At most 3 connections can be open with this session" in str(frame)
        assert extra.close_code == 4429 and extra.close_reason == "too many connections"
        # Another session of the same account has its own connections; a closed one frees
        # its place.
        await sockets[0].close()
        for _ in range(50):
            if sum(server.app.state.ws_sessions.values()) == 2:
                break
            await asyncio.sleep(0.05)
        again = await client.connect()
        await again.wait_for(lambda f: f["type"] == "hello")
        for sock in [*sockets[1:], again]:
            await sock.close()
        await client.close()
    finally:
        await server.stop()


async def test_room_codes_cannot_be_guessed(database: Database) -> None:
    server = await start_server(behind_proxy(database,
        room_lookups_per_account="3 per minute", room_lookups_per_address="4 per minute"))
    try:
        address = new_address()
        host = await guest(server.url, address)
        room = await host.create_room("codenames", {})
        guesser = await guest(server.url, address, "en")
        for code in ("AAAAAA", "BBBBBB"):
            assert (await refusal(guesser.room(code))).status == 404
        await guesser.room(room["code"])  # found: does not count
        assert (await refusal(guesser.join_room("CCCCCC"))).status == 404
        # The account has had its three: every lookup waits now, the right code too.
        error = await refusal(guesser.join_room(room["code"]))
        assert (error.status, error.code) == (429, "room.too_many_lookups")
        assert 1 <= error.details["seconds"] <= 60
        assert error.message == (f"Too many wrong room codes were tried; try again in "
                                 f"{error.details['seconds']} seconds.")
        raw = await guesser.http.get(f"/api/rooms/{room['code']}")
        assert raw.status_code == 429 and 1 <= int(raw.headers["Retry-After"]) <= 60
        assert (await host.get(f"/api/rooms/{room['code']}"))["code"] == room["code"]
        # Over the websocket (here from 127.0.0.1) the same counts, for the host's account.
        sock = await host.connect()
        for code in ("DDDDDD", "EEEEEE", "FFFFFF"):
            assert (await sock.watch_room(code))["code"] == "room.not_found"
        reply = await sock.watch_room(room["code"])
        assert reply["type"] == "error" and reply["code"] == "room.too_many_lookups"
        assert reply["message"].startswith("Çok fazla yanlış oda kodu denendi;")
        # Another address and account are not affected.
        other = await guest(server.url, new_address())
        await other.room(room["code"])
        await sock.close()
        for client in (host, guesser, other):
            await client.close()
    finally:
        await server.stop()


@pytest.mark.both_databases
async def test_a_flooding_guest_is_refused_after_its_quotas(database: Database) -> None:
    """One guest creates rooms, matches, tables of AIs and word packs as fast as it can (each
    kind at once, concurrently): exactly the default quotas are accepted, the rest refused
    with 429, on loopback and within a bounded time."""
    server = await start_server(behind_proxy(database, ai_table_pace_seconds=600, **DEFAULTS))
    settings = server.app.state.settings
    try:
        flooder = await guest(server.url, new_address())

        async def outcome(call: Any) -> Any:
            try:
                return await call
            except ApiError as error:
                return error

        async def flood(calls: list[Any]) -> tuple[list[Any], Counter[Any]]:
            results = await asyncio.wait_for(asyncio.gather(*map(outcome, calls)), 60)
            return results, Counter(r.code if isinstance(r, ApiError) else "ok"
                                    for r in results)

        rooms, seen = await flood([flooder.create_room("crossword", {"rules": "tr"},
                                                       public=True) for _ in range(30)])
        assert seen == {"ok": settings.rooms_per_account,
                        "room.too_many": 30 - settings.rooms_per_account}, seen
        codes = [r["code"] for r in rooms if isinstance(r, dict)]
        for code in codes:
            for slot in (0, 1):
                await flooder.set_slot(code, slot, ai="caylak")
        _, seen = await flood([flooder.start_room(code) for code in codes])
        assert seen == {"ok": settings.ai_tables_per_account,
                        "match.too_many_ai_tables": len(codes) - settings.ai_tables_per_account}
        _, seen = await flood([flooder.create_match({"rules": "tr"}) for _ in range(30)])
        limit = settings.waiting_matches_per_account
        assert seen == {"ok": limit, "match.too_many_waiting": 30 - limit}, seen
        _, seen = await flood([flooder.create_pack(f"p{n}", PACK) for n in range(30)])
        limit = settings.packs_per_account
        assert seen == {"ok": limit, "pack.too_many": 30 - limit}, seen
        await flooder.close()
    finally:
        await server.stop()


async def test_handing_the_last_persons_seat_makes_an_ai_only_table(database: Database) -> None:
    server = await start_server(behind_proxy(database, **{**OPEN, "ai_tables_per_account": 1}))
    try:
        person = await guest(server.url, new_address(), "en")
        assert person.user is not None
        first = (await person.create_match({"rules": "tr"}, bot="greedy"))["match"]["id"]
        second = (await person.create_match({"rules": "tr"}, bot="greedy"))["match"]["id"]
        seat = {m: next(p["seat"] for p in (await person.match(m))["players"]
                        if p["id"] == person.user["id"]) for m in (first, second)}
        await person.hand_seat(first, seat[first], "caylak")
        error = await refusal(person.hand_seat(second, seat[second], "caylak"))
        assert (error.status, error.code) == (429, "match.too_many_ai_tables")
        async with server.app.state.service.sessions() as db:  # nothing changed
            kept = await db.get(Match, second)
            assert kept is not None and kept.handed is None and not kept.ai_only
        # Taking the first seat back frees the place.
        await person.hand_seat(first, seat[first], None)
        await person.hand_seat(second, seat[second], "caylak")
        await person.close()
    finally:
        await server.stop()
