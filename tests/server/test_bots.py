"""Solo matches against a bot: the bot moves through the same command path and the game ends."""

from __future__ import annotations

import pytest

from harfiyen.client import ApiError, HarfiyenClient

from .conftest import LiveServer, unique
from .support import BOT_MOVE_SECONDS, PASSWORD, assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio


async def test_solo_match_against_a_bot_finishes(live: LiveServer) -> None:
    human = await register(live.url, unique("solo"))
    created = await human.create_match({"rules": "tr"}, bot="greedy")
    match = created["match"]
    match_id = match["id"]
    assert match["status"] == "active" and not match["ranked"]
    assert any(p["username"] == "bot_greedy" for p in match["players"])
    sock = await human.connect()
    seat = (await sock.subscribe(match_id))["seat"]
    await sock.wait_seq(match_id, 1)
    for _ in range(100):
        view = sock.views[match_id]
        if view["outcome"] is not None:
            break
        if view["to_move"] == seat:
            ack = await sock.move(match_id, best_move(view))
            assert ack["type"] == "ack", ack
            await sock.wait_seq(match_id, ack["seq"])
        else:  # the bot's turn: its move arrives as events and a new view
            await sock.wait_seq(match_id, sock.view_seq[match_id] + 1,
                                timeout=BOT_MOVE_SECONDS)
    assert sock.views[match_id]["outcome"] is not None
    bot_moves = [f for f in sock.received if f["type"] == "event"
                 and f["event"]["kind"] in ("play_made", "passed")
                 and f["event"]["seat"] != seat]
    assert bot_moves
    assert_no_hidden(sock.received, seat, [])
    await sock.close()
    await human.close()


async def test_bot_names_are_reserved(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as client:
        with pytest.raises(ApiError) as taken:
            await client.register("bot_greedy", PASSWORD)
    assert taken.value.code == "auth.username_reserved"


@pytest.mark.parametrize("level", ["orta"])
async def test_an_ai_level_moves_through_the_command_path(live: LiveServer, level: str) -> None:
    human = await register(live.url, unique("solo"))
    created = await human.create_match({"rules": "tr"}, bot=level)
    match_id = created["match"]["id"]
    bot = next(p for p in created["match"]["players"] if p["username"] == f"bot_{level}")
    assert bot["display_name"] == "Orta (bot)"  # the level's Turkish name
    sock = await human.connect()
    seat = (await sock.subscribe(match_id))["seat"]
    await sock.wait_seq(match_id, 1)
    if sock.views[match_id]["to_move"] == seat:
        ack = await sock.move(match_id, best_move(sock.views[match_id]))
        assert ack["type"] == "ack", ack
    # The bot's move shows in the view (it may have moved before this client subscribed,
    # so its event can come before the first full view).
    def bot_moved() -> bool:
        last = sock.views[match_id]["last_move"]
        return last is not None and last["seat"] != seat

    while not bot_moved():
        await sock.wait_seq(match_id, sock.view_seq[match_id] + 1,
                                timeout=BOT_MOVE_SECONDS)
    await human.resign(match_id)
    assert (await human.match(match_id))["status"] == "finished"
    assert_no_hidden(sock.received, seat, [])
    await sock.close()
    await human.close()
