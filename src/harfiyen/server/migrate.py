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
    if engine.dialect.name != "sqlite":
        async with engine.begin() as conn:
            await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), revision))
        return
    # SQLite alters a table by rebuilding it (copy, drop, rename). With foreign keys
    # enforced, dropping ``users`` would cascade-delete every session and refuse the
    # matches that refer to it, so the rebuilds run with enforcement off (the pragma
    # only takes effect outside a transaction) and the references are checked after.
    async with engine.connect() as conn:
        await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        await conn.commit()
        try:
            async with conn.begin():
                await conn.run_sync(
                    lambda sync: command.upgrade(alembic_config(sync), revision))
                broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).all()
                if broken:
                    raise RuntimeError(f"migration left broken references: {broken[:5]}")
        finally:
            await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            await conn.commit()


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
