"""Server test fixtures: a fresh database per session (SQLite and PostgreSQL), live servers.

PostgreSQL and Redis must be running in CI (``.ci/run`` starts them); a test
that needs one FAILS when ``CI=true`` and the service is missing, and is
skipped with the reason outside CI.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from harfiyen.server.db import make_engine
from harfiyen.server.migrate import upgrade
from harfiyen.server.settings import Settings

PG_URL = os.environ.get(
    "HARFIYEN_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("HARFIYEN_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# Redis channels of this test run: other runs on the same Redis server never hear them.
RUN_PREFIX = f"harfiyen-test-{secrets.token_hex(6)}:"


def missing_service(reason: str) -> None:
    """Fail in CI, skip elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"required service missing in CI: {reason}")
    pytest.skip(reason)


async def _pg_alive() -> bool:
    import asyncpg

    try:
        conn = await asyncio.wait_for(asyncpg.connect(PG_URL.replace("+asyncpg", "")), 5)
    except Exception:
        return False
    await conn.close()
    return True


async def _redis_alive() -> bool:
    import redis.asyncio as redis

    client = redis.from_url(REDIS_URL)
    try:
        return bool(await asyncio.wait_for(client.ping(), 5))
    except Exception:
        return False
    finally:
        await client.aclose()


@dataclass(frozen=True)
class Database:
    kind: str
    url: str
    schema: str | None

    def settings(self, **overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "env": "test", "database_url": self.url, "database_schema": self.schema,
            "redis_url": None, "redis_prefix": RUN_PREFIX,
            # Every test client comes from 127.0.0.1: creating accounts is not throttled here
            # (tests/server/test_throttle.py sets the limits it checks).
            "accounts_per_address": "100000 per minute",
            # The same goes for what one address may hold and look up (the quotas' own
            # tests set the limits they check); an account keeps the product's limits.
            "rooms_per_address": 100_000, "waiting_matches_per_address": 100_000,
            "ai_tables_per_address": 100_000, "packs_per_address": 100_000,
            "room_lookups_per_address": "100000 per minute",
            # Nothing is approved for ranked play by default; the tests approve both.
            "ranked_approved": ["crossword:tr", "crossword:en"],
            # The tests' servers share one database: none plays an earlier test's bots.
            "resume_bots": False,
            # An AI's vote beside people waits a moment only (a test checks the wait), and so
            # does a bot after a play people may challenge (6 s in the product).
            "ai_pace_seconds": 0.2,
            "bot_challenge_wait_seconds": 1.0,
            # Tables of AIs alone play at their own speed (a test checks the pace).
            "ai_table_pace_seconds": 0,
            # The meanings load when a test looks one up (a test checks the warm-up).
            "warm_meanings": False,
        }
        values.update(overrides)
        return Settings(**values)


async def _execute_pg(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _migrate(url: str, schema: str | None) -> None:
    engine = make_engine(url, schema)
    try:
        await upgrade(engine)
    finally:
        await engine.dispose()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Server tests run on SQLite, the embedded default; a test of what the database itself
    does (locking, pools, migrations, faults, several processes, one whole match per game)
    is marked ``both_databases`` and runs on PostgreSQL too."""
    if "database" in metafunc.fixturenames:
        both = metafunc.definition.get_closest_marker("both_databases") is not None
        kinds = ["sqlite", "postgresql"] if both else ["sqlite"]
        metafunc.parametrize("database", kinds, indirect=True, scope="session")


@pytest.fixture(scope="session")
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[Database]:
    """A freshly migrated database for this test session, dropped afterwards."""
    if request.param == "sqlite":
        path: Path = tmp_path_factory.mktemp("db") / "harfiyen.sqlite3"
        url = f"sqlite+aiosqlite:///{path}"
        asyncio.run(_migrate(url, None))
        yield Database("sqlite", url, None)
        return
    yield from _postgres()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Database]:
    """A fresh PostgreSQL schema of its own (tests of several server processes)."""
    yield from _postgres()


@pytest.fixture
def fresh_postgres() -> Iterator[Database]:
    """A PostgreSQL schema for this test alone: no other test's matches in it (some play
    with made-up word lists, whose logs a server with the real ones cannot replay)."""
    yield from _postgres()


def _postgres() -> Iterator[Database]:
    if not asyncio.run(_pg_alive()):
        missing_service(f"PostgreSQL is not reachable at {PG_URL}")
    schema = f"harfiyen_test_{secrets.token_hex(4)}"
    asyncio.run(_execute_pg(f'CREATE SCHEMA "{schema}"'))
    try:
        asyncio.run(_migrate(PG_URL, schema))
        yield Database("postgresql", PG_URL, schema)
    finally:
        asyncio.run(_execute_pg(f'DROP SCHEMA "{schema}" CASCADE'))


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not asyncio.run(_redis_alive()):
        missing_service(f"Redis is not reachable at {REDIS_URL}")
    return REDIS_URL


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@dataclass
class LiveServer:
    url: str
    app: Any
    server: Any
    task: asyncio.Task[None]

    async def stop(self) -> None:
        self.server.should_exit = True
        await self.task


async def start_server(settings: Settings, **app_options: Any) -> LiveServer:
    """A real uvicorn server on a free loopback port, in this event loop."""
    from harfiyen.server.app import create_app
    from harfiyen.server.local import serve_here

    app = create_app(settings, auto_migrate=False, **app_options)
    local = await serve_here(app, ws_max_size=1 << 20)
    assert local.task is not None
    return LiveServer(local.url, app, local.server, local.task)


@pytest.fixture
async def live(database: Database) -> AsyncIterator[LiveServer]:
    server = await start_server(database.settings())
    try:
        yield server
    finally:
        await server.stop()


def unique(prefix: str = "u") -> str:
    return f"{prefix}{secrets.token_hex(5)}"
