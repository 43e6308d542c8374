"""Friends, recent opponents, blocks (no invitations, chat or pairing across them) and chat."""

from __future__ import annotations

import pytest

from harfiyen.client import ApiError

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio


async def test_friends_recent_opponents_and_blocks(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    name_a, name_b = a.user["username"], b.user["username"]  # type: ignore[index]
    friends = (await a.request("PUT", f"/api/friends/{name_b}"))["friends"]
    assert [f["username"] for f in friends] == [name_b]
    await a.request("PUT", f"/api/friends/{name_b}")  # twice changes nothing
    assert len((await a.get("/api/friends"))["friends"]) == 1
    with pytest.raises(ApiError) as self_friend:
        await a.request("PUT", f"/api/friends/{name_a}")
    assert self_friend.value.code == "social.self"

    created = await a.create_match({"rules": "tr"}, opponent=name_b)
    await b.accept(created["invite"]["code"])
    recent = (await b.get("/api/opponents/recent"))["opponents"]
    assert [r["user"]["username"] for r in recent] == [name_a]
    assert recent[0]["match"] == created["match"]["id"]

    link = await a.create_match({"rules": "tr"})  # a link invitation, made before the block
    blocks = (await a.request("PUT", f"/api/blocks/{name_b}"))["blocks"]
    assert [u["username"] for u in blocks] == [name_b]
    assert (await a.get("/api/friends"))["friends"] == []  # a block ends the friendship
    for inviter, invitee in ((b, name_a), (a, name_b)):  # both ways
        with pytest.raises(ApiError) as refused:
            await inviter.create_match({"rules": "tr"}, opponent=invitee)
        assert refused.value.code == "social.blocked" and refused.value.status == 403
    with pytest.raises(ApiError) as accept:
        await b.accept(link["invite"]["code"])
    assert accept.value.code == "social.blocked"
    assert (await a.match(link["match"]["id"]))["status"] == "waiting"

    await a.request("DELETE", f"/api/blocks/{name_b}")
    assert (await a.get("/api/blocks"))["blocks"] == []
    await b.accept(link["invite"]["code"])
    for client in (a, b):
        await client.close()


async def test_chat_limits_and_blocks(live: LiveServer) -> None:
    a = await register(live.url, unique("a"), language="en")
    b = await register(live.url, unique("b"))
    outsider = await register(live.url, unique("o"))
    created = await a.create_match({"rules": "tr"})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    sock_a, sock_b = await a.connect(), await b.connect()
    for sock in (sock_a, sock_b):
        await sock.subscribe(match_id)

    text = "  Merhaba, iyi\noyunlar! ğüşıİ "
    ack = await sock_a.reply_to({"type": "chat", "match": match_id, "text": text})
    assert ack["type"] == "ack" and isinstance(ack["chat"], int)
    got = await sock_b.wait_for(lambda f: f.get("type") == "chat")
    assert got["text"] == "Merhaba, iyi oyunlar! ğüşıİ" and got["username"] == a.user["username"]  # type: ignore[index]
    posted = await b.post(f"/api/matches/{match_id}/chat", {"text": "Sana da!"})
    assert posted["message"]["text"] == "Sana da!"
    await sock_a.wait_for(lambda f: f.get("type") == "chat" and f["text"] == "Sana da!")
    history = (await a.get(f"/api/matches/{match_id}/chat"))["messages"]
    assert [m["text"] for m in history] == ["Merhaba, iyi oyunlar! ğüşıİ", "Sana da!"]

    too_long = await sock_a.reply_to({"type": "chat", "match": match_id, "text": "x" * 501})
    assert too_long["code"] == "chat.too_long" and "at most 500" in too_long["message"]
    empty = await sock_a.reply_to({"type": "chat", "match": match_id, "text": " \n "})
    assert empty["code"] == "chat.empty"
    unknown = await sock_a.reply_to({"type": "chat", "match": match_id, "text": "x", "to": 1})
    assert unknown["code"] == "request.invalid"
    with pytest.raises(ApiError) as outside:
        await outsider.post(f"/api/matches/{match_id}/chat", {"text": "hi"})
    assert outside.value.code == "match.not_a_player"
    with pytest.raises(ApiError) as reading:
        await outsider.get(f"/api/matches/{match_id}/chat")
    assert reading.value.code == "match.not_a_player"

    for n in range(4):  # a has sent 1; the burst is 5 per 10 s
        assert (await sock_a.reply_to({"type": "chat", "match": match_id,
                                       "text": f"m{n}"}))["type"] == "ack"
    rate = await sock_a.reply_to({"type": "chat", "match": match_id, "text": "one more"})
    assert rate["code"] == "chat.rate_limited"

    await b.request("PUT", f"/api/blocks/{a.user['username']}")  # type: ignore[index]
    with pytest.raises(ApiError) as blocked:
        await b.post(f"/api/matches/{match_id}/chat", {"text": "bye"})
    assert blocked.value.code == "social.blocked"
    count = len((await a.get(f"/api/matches/{match_id}/chat"))["messages"])
    assert count == 6  # nothing refused was stored
    assert not any(f.get("type") == "chat" for f in sock_a.received if f.get("text") == "bye")
    for sock in (sock_a, sock_b):
        await sock.close()
    for client in (a, b, outsider):
        await client.close()
