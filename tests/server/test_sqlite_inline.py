"""SQLite statements run on the event loop, one writer at a time (server/sqlite_inline.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from harfiyen.server import sqlite_inline
from harfiyen.server.db import make_engine

pytestmark = pytest.mark.anyio


async def _engine(tmp_path: Path) -> AsyncEngine:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'inline.sqlite3'}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (x INTEGER)"))
    return engine


async def test_writers_take_turns_and_readers_never_wait(tmp_path: Path) -> None:
    engine = await _engine(tmp_path)
    order: list[tuple[str, int]] = []

    async def writer(n: int, hold: float) -> None:
        async with engine.connect() as conn:
            await conn.execute(text("INSERT INTO t VALUES (:x)"), {"x": n})
            order.append(("wrote", n))
            await asyncio.sleep(hold)  # the loop runs others meanwhile
            await conn.commit()
            order.append(("committed", n))

    async def reader() -> None:
        await asyncio.sleep(0.05)
        async with engine.connect() as conn:
            order.append(("read", int((await conn.execute(text("SELECT count(*) FROM t")))
                                      .scalar_one())))

    async def second_writer() -> None:
        await asyncio.sleep(0.02)
        await writer(2, 0)

    await asyncio.gather(writer(1, 0.3), second_writer(), reader())
    # The reader read while writer 1 held its transaction (WAL: it saw nothing yet), and
    # writer 2 waited on the loop, not in SQLite's busy handler, until writer 1 committed.
    assert order == [("wrote", 1), ("read", 0), ("committed", 1), ("wrote", 2),
                     ("committed", 2)]
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 2
    await engine.dispose()


async def test_a_writer_waiting_too_long_fails_like_a_locked_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sqlite_inline, "WRITER_WAIT_SECONDS", 0.1)
    engine = await _engine(tmp_path)
    async with engine.connect() as first:
        await first.execute(text("INSERT INTO t VALUES (1)"))
        async with engine.connect() as second:
            with pytest.raises(OperationalError, match="database is locked"):
                await second.execute(text("INSERT INTO t VALUES (2)"))
        await first.commit()
    async with engine.connect() as conn:  # the lock was given back: writing goes on
        await conn.execute(text("INSERT INTO t VALUES (3)"))
        await conn.commit()
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 2
    await engine.dispose()
