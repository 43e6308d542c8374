"""Server-wide generated values kept in the database (``server_keys``), shared by every process.

The first process that needs a value creates it; a process that loses the race
reads the winner's. Used for the VAPID key pair and the deployment id.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker

from harfiyen.server.models import ServerKey

DEPLOYMENT_ID = "deployment_id"


async def load_or_create(sessions: async_sessionmaker[Any], name: str,
                         make: Callable[[], str]) -> str:
    """The stored value of ``name``; the first caller ever stores ``make()``."""
    async with sessions() as db:
        row = await db.get(ServerKey, name)
        if row is not None:
            return str(row.value)
        db.add(ServerKey(name=name, value=make()))
        try:
            await db.commit()
        except IntegrityError:
            await db.rollback()  # another process stored its value first
    async with sessions() as db:
        row = await db.get(ServerKey, name)
        assert row is not None
        return str(row.value)


async def deployment_id(sessions: async_sessionmaker[Any]) -> str:
    """A random id of this deployment (= its database): every process of it reads the same one.

    It names the deployment's Redis channels, so two deployments sharing one Redis
    server never hear each other (pub/sub ignores Redis database numbers).
    """
    return await load_or_create(sessions, DEPLOYMENT_ID, lambda: secrets.token_hex(8))
