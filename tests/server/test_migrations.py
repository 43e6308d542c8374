"""The Alembic migrations build the schema on SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from harfiyen.server.db import make_engine
from harfiyen.server.migrate import current

from .conftest import Database

pytestmark = pytest.mark.anyio


async def test_schema_at_head_with_unique_event_numbers(database: Database) -> None:
    engine = make_engine(database.url, database.schema)
    try:
        assert await current(engine) == "0001"
        async with engine.connect() as conn:
            tables, uniques = await conn.run_sync(lambda sync: (
                set(inspect(sync).get_table_names()),
                inspect(sync).get_unique_constraints("match_events"),
            ))
    finally:
        await engine.dispose()
    assert {"users", "auth_sessions", "matches", "match_players", "invites",
            "match_events"} <= tables
    assert any(set(u["column_names"]) == {"match_id", "seq"} for u in uniques)
