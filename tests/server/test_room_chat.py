"""Room chat: the members of a room talk while they gather; a watcher with the code who is
not a member neither writes nor reads it; the usual refusals of a chat."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.client import ApiError, HarfiyenClient

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio


async def say(client: HarfiyenClient, code: str, text: str) -> Any:
    return await client.request("POST", f"/api/rooms/{code}/chat", {"text": text})


async def test_members_talk_in_a_room_and_a_watcher_with_the_code_does_not(
        live: LiveServer) -> None:
    host = await register(live.url, unique("h"))
    guest = await register(live.url, unique("g"))
    outsider = await register(live.url, unique("o"))
    room = await host.request("POST", "/api/rooms", {"game": "codenames", "options": {}})
    code = room["code"]
    await guest.request("POST", f"/api/rooms/{code}/join", {})
    sockets = [await client.connect() for client in (host, guest, outsider)]
    for sock in sockets:
        assert (await sock.watch_room(code))["type"] == "ack"
        await sock.wait_for(lambda f: f.get("type") == "room")

    sent = (await say(guest, code, "  Ben anlatıcı olayım mı?\n"))["message"]
    assert sent["text"] == "Ben anlatıcı olayım mı?" and sent["room"] == code
    for sock in sockets[:2]:
        frame = await sock.wait_for(lambda f: f.get("type") == "room_chat")
        assert frame == sent  # without the server's list of readers

    # The outsider may watch the room (its code is the invitation) but not its talk.
    with pytest.raises(ApiError) as caught:
        await say(outsider, code, "merhaba")
    assert caught.value.code == "room.not_member" and caught.value.status == 403
    await say(host, code, "Olur.")
    await sockets[0].wait_for(lambda f: f.get("text") == "Olur.")
    assert (await sockets[2].reply_to({"type": "ping"}))["type"] == "pong"
    assert not any(f.get("type") == "room_chat" for f in sockets[2].received)

    for text, problem in (("   ", "chat.empty"), ("x" * 501, "chat.too_long")):
        with pytest.raises(ApiError) as caught:
            await say(guest, code, text)
        assert caught.value.code == problem
    with pytest.raises(ApiError) as caught:
        await say(guest, "NOROOM", "merhaba")
    assert caught.value.code == "room.not_found"
    for sock in sockets:
        await sock.close()
