"""Bot users are created on first use, also when two first uses meet."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import replace
from typing import Any

import pytest

from harfiyen.client import ApiError
from harfiyen.core.ai_seat import AiLevel
from harfiyen.core.errors import Message
from harfiyen.core.registry import temporarily_registered
from harfiyen.server import bots
from harfiyen.server.bot_users import bot_display_name, bot_user

from .conftest import LiveServer, unique
from .support import register

pytestmark = [pytest.mark.anyio, pytest.mark.both_databases]


async def test_two_first_matches_against_a_new_bot_share_its_user(live: LiveServer) -> None:
    service = live.app.state.service
    index = 1000 + secrets.randbelow(10**6)  # a bot user no earlier test has made
    both_read = asyncio.Barrier(2)

    async def first_use() -> int:
        async with service.sessions() as db, db.begin():
            await both_read.wait()
            user = await bot_user(db, "greedy", index)
            await asyncio.sleep(0.1)  # the other creates it meanwhile
            return int(user.id)

    first, second = await asyncio.gather(first_use(), first_use())
    assert first == second


async def test_a_registered_game_seats_its_ai_under_its_own_level_names(
    live: LiveServer,
) -> None:
    """The server knows no list of bot levels, names or budgets: a game registered with a
    level no other game has gets its bot seat from ``POST /api/matches``, the bot plays
    under the level's registered name, the runner gives it the level's budget (an AI that
    overruns it is replaced by the game's fallback), and a level it lacks is refused."""
    from conformance.fourth_game import SECRET_LETTER

    assert SECRET_LETTER.ai is not None
    easy = AiLevel("kolay", Message("Kolay", "Easy"), budget_seconds=0.5)
    spec = replace(SECRET_LETTER, name="gizli-harf-kolay",
                   ai=replace(SECRET_LETTER.ai, levels=(easy,)))
    try:
        with temporarily_registered(spec):
            ai = bots.seat_ai(spec.name)
            assert ai is not None and ai.budget("kolay") == 0.5

            def slow(view: Any, level: str, seed: int, lexicons: Any) -> Any:
                time.sleep(2)  # past the level's budget: the fallback (resigning) moves
                return ai.choose(view, level, seed, lexicons)

            bots._SEAT_AIS[spec.name] = replace(ai, choose=slow)
            person = await register(live.url, unique("lv"))
            created = await person.post("/api/matches", {
                "game": spec.name, "options": {"players": 2}, "bot": "kolay"})
            match = created["match"]
            assert match["status"] == "active"
            bot = next(p for p in match["players"] if p["username"] == "bot_kolay")
            assert bot["display_name"] == "Kolay (bot)"
            sock = await person.connect()
            seat = (await sock.subscribe(match["id"]))["seat"]
            await sock.wait_seq(match["id"], 1)
            if sock.views[match["id"]]["to_move"] == seat:
                reply = await sock.move(match["id"], {"kind": "say", "word": "KA"})
                assert reply["type"] == "ack", reply
            for _ in range(20):
                if (await person.match(match["id"]))["status"] != "active":
                    break
                await asyncio.sleep(0.5)
            final = await person.match(match["id"])
            assert final["status"] == "finished"
            timings = [t for t in live.app.state.bots.timings if t.match_id == match["id"]]
            assert [(t.kind, t.fallback) for t in timings] == [("resign", True)]
            await sock.close()
            for level, status, code in (("orta", 400, "match.bad_config"),
                                        ("Kolay_2", 422, None)):
                with pytest.raises(ApiError) as refused:
                    await person.post("/api/matches", {
                        "game": spec.name, "options": {"players": 2}, "bot": level})
                assert refused.value.status == status, level
                assert code is None or refused.value.code == code
            await person.close()
    finally:
        bots._SEAT_AIS.pop(spec.name, None)  # the made-up game's loaded AI goes with it


def test_a_level_no_game_registers_has_no_bot() -> None:
    assert bot_display_name("orta", 2) == "Orta (bot) 2"
    assert bot_display_name("greedy") == "Açgözlü (bot)"
    assert bot_display_name("ai", 3) == "Yapay zekâ 3"
    with pytest.raises(LookupError):
        bot_display_name("kolay")
