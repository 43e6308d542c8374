"""The Alembic migrations build the schema on SQLite and PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from harfiyen.server.db import make_engine
from harfiyen.server.migrate import current, head, upgrade

from .conftest import Database

pytestmark = [pytest.mark.anyio, pytest.mark.both_databases]


async def test_schema_at_head_with_unique_event_numbers(database: Database) -> None:
    engine = make_engine(database.url, database.schema)
    try:
        assert await current(engine) == head() == "0008"
        async with engine.connect() as conn:
            tables, uniques = await conn.run_sync(lambda sync: (
                set(inspect(sync).get_table_names()),
                inspect(sync).get_unique_constraints("match_events"),
            ))
    finally:
        await engine.dispose()
    assert {"users", "auth_sessions", "matches", "match_players", "invites",
            "match_events", "friendships", "blocks", "chat_messages", "ratings",
            "rating_history", "queue_entries", "push_subscriptions", "server_keys",
            "analyses", "rooms", "room_seats", "room_members", "word_packs",
            "match_notes", "guess_sheets"} <= tables
    assert any(set(u["column_names"]) == {"match_id", "seq"} for u in uniques)


async def test_models_match_the_migrations(database: Database) -> None:
    """Autogenerate finds nothing to add or drop: the models and revisions agree."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from harfiyen.server.models import Base

    engine = make_engine(database.url, database.schema)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(lambda sync: compare_metadata(
                MigrationContext.configure(sync, opts={"compare_type": False}), Base.metadata
            ))
    finally:
        await engine.dispose()
    structural = [d for d in diff if isinstance(d, tuple) and d[0] in (
        "add_table", "remove_table", "add_column", "remove_column")]
    assert structural == []


async def test_sqlite_upgrades_a_database_that_holds_data(tmp_path: Path) -> None:
    """The batch rebuilds of SQLite tables (0003 rebuilds ``users``) keep every row that
    refers to them: an operator upgrading a used database loses nothing."""
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    try:
        await upgrade(engine, "0002")
        async with engine.begin() as conn:
            await conn.execute(text(
                "INSERT INTO users (id, username, display_name, is_guest, preferences, "
                "created_at) VALUES (1, 'Ayse', 'Ayşe', 0, '{}', '2025-01-01')"))
            await conn.execute(text(
                "INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at) "
                "VALUES ('t', 1, '2025-01-01', '2099-01-01')"))
        await upgrade(engine)
        async with engine.connect() as conn:
            assert await current(engine) == head()
            sessions = (await conn.execute(text("SELECT user_id FROM auth_sessions"))).all()
            keys = (await conn.execute(text("SELECT username_key FROM users"))).all()
            enforced = (await conn.execute(text("PRAGMA foreign_keys"))).scalar()
    finally:
        await engine.dispose()
    assert sessions == [(1,)] and keys == [("ayse",)] and enforced == 1
