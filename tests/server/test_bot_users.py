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


def test_the_request_schema_names_every_bot_level() -> None:
    """The API's list of bot levels is the registry's: every game's AI levels and the
    crossword's stand-ins, nothing else."""
    from typing import get_args

    from harfiyen.ai.crossword.seat import STAND_INS
    from harfiyen.core.registry import games
    from harfiyen.server.schemas import BotLevel

    registered = {level for spec in games() for level in spec.ai_levels}
    assert set(get_args(BotLevel)) == registered | set(STAND_INS)
