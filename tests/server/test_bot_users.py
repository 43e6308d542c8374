"""Bot users are created on first use, also when two first uses meet."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from harfiyen.server.bot_users import bot_user

from .conftest import LiveServer

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
