"""Bad input at the edge gets a clear 4xx, never a 500, and settings that can never work are
refused at creation (findings 7 and 8 of the probe, and the input parts of 9)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from harfiyen.client import ApiError, HarfiyenClient

from .conftest import Database, LiveServer, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio


async def _status(client: HarfiyenClient, method: str, path: str, body: Any = None) -> int:
    try:
        await client.request(method, path, body)
    except ApiError as error:
        return error.status
    return 200


@pytest.mark.both_databases
async def test_huge_ids_and_nul_bytes_never_fail_the_server(live: LiveServer) -> None:
    client = await register(live.url, unique("p"))
    for big in (2**31, 2**63, 10**30, -(2**63) - 1):
        for path in (f"/api/matches/{big}", f"/api/matches/{big}/events",
                     f"/api/matches/{big}/chat", f"/api/matches?before={big}"):
            status = await _status(client, "GET", path)
            assert 400 <= status < 500, (path, status)
        assert 400 <= await _status(client, "POST", f"/api/matches/{big}/moves",
                                    {"move": {"kind": "pass"}}) < 500
    nul, in_url = "a\x00b", "a%00b"
    for method, path, body in (
        ("GET", f"/api/users/{in_url}", None),
        ("GET", f"/api/invites/{in_url}", None),
        ("POST", f"/api/invites/{in_url}/accept", {}),
        ("PUT", f"/api/friends/{in_url}", None),
        ("GET", f"/api/lexicons/TR-1/check?words={in_url}", None),
        ("POST", "/api/auth/register", {"username": nul * 3, "password": "x" * 10}),
        ("PATCH", "/api/me", {"display_name": nul}),
        ("POST", "/api/matches", {"options": {"rules": "tr", "lexicon": nul}}),
        ("POST", "/api/matches", {"options": {"rules": nul}}),
    ):
        status = await _status(client, method, path, body)
        assert 400 <= status < 500, (method, path, status)
    async with httpx.AsyncClient(base_url=live.url) as http:
        answer = await http.get("/api/users/x%00y")
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "request.invalid"
    await client.close()


async def test_display_names_refuse_invisible_and_control_characters(live: LiveServer) -> None:
    client = await register(live.url, unique("p"))
    for bad in ("evil\u202etxt", "zero\u200bwidth", "bell\x07", "nul\x00", "   ",
                "Orta (bot)", "private\ue000use"):
        status = await _status(client, "PATCH", "/api/me", {"display_name": bad})
        assert status in (400, 422), (bad, status)
    me = await client.update_me(display_name="  Ayşe   Öz  ")
    assert me["display_name"] == "Ayşe Öz"
    me = await client.update_me(display_name="line\u2028break")  # separators are spaces
    assert me["display_name"] == "line break"
    await client.close()


async def test_square_names_and_flags_are_read_strictly(live: LiveServer) -> None:
    from .test_matches import _pair

    a, b, match_id = await _pair(live)
    info = await a.match(match_id)
    mover = a if info["players"][info["to_move"]]["id"] == a.user["id"] else b  # type: ignore[index]
    before = (await mover.match(match_id))["last_seq"]
    for move in (
        {"kind": "play", "tiles": [{"square": "H٨", "letter": "A", "blank": False}]},
        {"kind": "play", "tiles": [{"square": "H𝟖", "letter": "A", "blank": False}]},
        {"kind": "play", "tiles": [{"square": "H8", "letter": "A", "blank": "yes"}]},
        {"kind": "play", "tiles": [{"square": "H8", "letter": "A", "blank": 1}]},
    ):
        with pytest.raises(ApiError) as refused:
            await mover.move(match_id, move)
        assert 400 <= refused.value.status < 500, move
    assert (await mover.match(match_id))["last_seq"] == before
    await a.close()
    await b.close()


async def test_settings_that_can_never_work_are_refused(live: LiveServer) -> None:
    client = await register(live.url, unique("p"))
    for options in ({"rules": "tr", "lexicon": "NO-SUCH-1"}, {"rules": "tr", "lexicon": "ENABLE-1"},
                    {"rules": "en", "lexicon": "TR-1"}):
        with pytest.raises(ApiError) as refused:
            await client.create_match(options)
        assert refused.value.status in (400, 422), options
        with pytest.raises(ApiError):
            await client.create_match(options, bot="greedy")  # no solo game whose bot cannot move
    assert not await client.matches()
    await client.close()


async def test_a_stranger_with_the_link_cannot_cancel_the_match(live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    stranger = await register(live.url, unique("s"))
    friend = await register(live.url, unique("f"))
    created = await host.create_match({"rules": "tr"})
    code, match_id = created["invite"]["code"], created["match"]["id"]
    assert (await stranger.decline(code))["status"] == "open"
    assert (await host.match(match_id))["status"] == "waiting"
    assert (await friend.accept(code))["status"] == "active"
    for client in (host, stranger, friend):
        await client.close()


@pytest.mark.both_databases
async def test_the_chat_limit_holds_under_concurrent_posts(database: Database) -> None:
    server = await start_server(database.settings(chat_burst=5, chat_window_seconds=60))
    try:
        from .test_matches import _pair

        a, b, match_id = await _pair(server)
        answers = await asyncio.gather(*(
            _status(a, "POST", f"/api/matches/{match_id}/chat", {"text": f"merhaba {n}"})
            for n in range(12)
        ), return_exceptions=True)
        assert sorted(answers) == [200] * 5 + [429] * 7  # type: ignore[type-var]
        assert len(await a.chat_history(match_id)) == 5
        await a.close()
        await b.close()
    finally:
        await server.stop()
