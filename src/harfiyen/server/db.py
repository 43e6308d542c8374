"""Database engines and sessions for SQLite (aiosqlite) and PostgreSQL (asyncpg)."""

from __future__ import annotations

import functools
import zlib
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from harfiyen.server import sqlite_inline


def normalize_url(url: str) -> str:
    """Plain ``sqlite:``/``postgresql:`` URLs get their async drivers."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:"):]
    if url.startswith("postgresql:") or url.startswith("postgres:"):
        return "postgresql+asyncpg:" + url.split(":", 1)[1]
    return url


def make_engine(url: str, schema: str | None = None, *, pool_size: int = 10,
                max_overflow: int = 10, pool_timeout: float = 5.0) -> AsyncEngine:
    """An async engine; ``schema`` sets PostgreSQL's search path (tests use a fresh one).

    The pool is bounded and fails fast: a request that cannot get a connection
    within ``pool_timeout`` seconds gets ``server.busy`` (503) instead of waiting
    half a minute. No request ever holds two connections at once (see
    ``api.release``), so a small pool serves any number of concurrent requests.
    """
    url = normalize_url(url)
    kwargs: dict[str, Any] = {
        "pool_size": pool_size, "max_overflow": max_overflow, "pool_timeout": pool_timeout,
    }
    if url.startswith("postgresql") and schema:
        kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
    if url.startswith("sqlite"):
        # Statements run inline, one writer at a time (see sqlite_inline).
        cargs, cparams = make_url(url).get_dialect()().create_connect_args(make_url(url))
        kwargs["async_creator"] = sqlite_inline.connector(cargs, cparams)
    engine = create_async_engine(url, **kwargs)
    if url.startswith("sqlite"):
        # WAL lets readers go on while a move is written; the timeout makes writers wait.
        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[Any]:
    return async_sessionmaker(engine, expire_on_commit=False)


@functools.cache
def lock_space(schema: str | None, namespace: int) -> int:
    """The first advisory-lock key: ``namespace`` within a deployment's schema. Advisory
    locks are per database, and deployments that share one keep their tables in schemas
    of their own; without the schema, their equal match numbers would wait for each
    other."""
    return zlib.crc32(f"{schema or 'public'}:{namespace}".encode()) - 2**31


async def advisory_xact_lock(db: AsyncSession, schema: str | None, namespace: int,
                             key: int) -> None:
    """Hold PostgreSQL's transaction advisory lock ``(namespace, key)`` until ``db``'s
    transaction ends."""
    await db.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"),
                     {"ns": lock_space(schema, namespace), "id": key})
