"""Bot users are created on first use, also when two first uses meet."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace

import pytest

from harfiyen.client import ApiError
from harfiyen.core.registry import temporarily_registered
from harfiyen.server.bot_users import bot_user

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
    """The API knows no list of bot levels: a game registered with a level no other game
    has gets its bot seat from ``POST /api/matches``, and a level it lacks is refused."""
    from conformance.fourth_game import SECRET_LETTER

    spec = replace(SECRET_LETTER, name="gizli-harf-kolay", ai_levels=("kolay",))
    with temporarily_registered(spec):
        person = await register(live.url, unique("lv"))
        created = await person.post("/api/matches", {
            "game": spec.name, "options": {"players": 2}, "bot": "kolay"})
        match = created["match"]
        assert match["status"] == "active"
        assert "bot_kolay" in {p["username"] for p in match["players"]}
        await person.resign(match["id"])
        for level, status, code in (("orta", 400, "match.bad_config"),
                                    ("Kolay_2", 422, None)):
            with pytest.raises(ApiError) as refused:
                await person.post("/api/matches", {
                    "game": spec.name, "options": {"players": 2}, "bot": level})
            assert refused.value.status == status, level
            assert code is None or refused.value.code == code
        await person.close()
