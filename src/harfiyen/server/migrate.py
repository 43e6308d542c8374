"""Run the Alembic migrations in code, so ``harfiyen db upgrade`` needs no ``alembic.ini``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database behind ``engine`` to ``revision`` (the newest by default)."""
    async with engine.begin() as conn:
        await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), revision))


async def current(engine: AsyncEngine) -> str | None:
    """The revision the database is at, or ``None`` before the first upgrade."""
    from alembic.runtime.migration import MigrationContext

    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )


def head() -> str:
    """The newest revision of the migration scripts."""
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    newest = ScriptDirectory.from_config(config).get_current_head()
    assert newest is not None
    return newest
