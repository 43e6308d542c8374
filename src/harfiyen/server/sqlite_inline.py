"""SQLite for the embedded default: statements run on the event loop's thread, one writer
at a time.

aiosqlite runs each call of a connection (opening a cursor, each execute, each fetch,
closing) in a thread of its own and hands the result back to the loop. On this
machine a hand-over costs more than the statement: a one-row SELECT through
SQLAlchemy took about 0.9 ms of CPU, and a move, with its five statements, several
milliseconds. The statements of this server are small (WAL, ``synchronous=NORMAL``:
a commit does not wait for the disk), so they run inline, and the connection keeps
aiosqlite's interface, so SQLAlchemy's aiosqlite dialect drives it unchanged.

Running inline needs one rule: a statement must never wait in SQLite's busy handler
for a writer of the same loop, since that writer could not go on while the loop
waits. So a connection takes its loop's writer lock for the file (an asyncio lock)
before its first statement that may write, and gives it back when its transaction
ends; readers never wait (WAL). Writers of other processes or threads are waited
for by SQLite itself, as before.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import aiosqlite

# How long a statement waits for another writer of its loop before it fails as SQLite's
# own busy handler would ("database is locked"; the server answers 503).
WRITER_WAIT_SECONDS = 10.0

# Statements that only read: everything else may write and takes the writer lock.
_READS = ("SELECT", "PRAGMA", "EXPLAIN")

_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Lock]] = (
    weakref.WeakKeyDictionary()
)


def writer_lock(database: str) -> asyncio.Lock:
    """The running loop's writer lock for the SQLite file ``database``."""
    locks = _writers.setdefault(asyncio.get_running_loop(), {})
    lock = locks.get(database)
    if lock is None:
        lock = locks[database] = asyncio.Lock()
    return lock


def _may_write(fn: Callable[..., Any], args: tuple[Any, ...]) -> bool:
    if getattr(fn, "__name__", "") not in ("execute", "executemany", "executescript"):
        return False
    sql = args[0] if args and isinstance(args[0], str) else ""
    return not sql.lstrip()[:8].upper().startswith(_READS)


class _Inline:
    """Stands in for aiosqlite's queue to its thread: what is put is run at once."""

    def put_nowait(self, item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as error:
            if future is not None:
                future.set_exception(error)
            return
        if future is not None:
            future.set_result(result)


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection without its thread (see the module's docstring)."""

    def __init__(self, connector: Callable[[], sqlite3.Connection], database: str) -> None:
        super().__init__(connector, iter_chunk_size=64)
        self._tx = _Inline()  # type: ignore[assignment]
        self._database = database
        self._writer: asyncio.Lock | None = None  # held from a first write to the end

    def __await__(self) -> Any:
        return self._connect().__await__()

    async def _connect(self) -> InlineConnection:
        if self._connection is None:
            self._connection = self._connector()
        return self

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._running or self._connection is None:
            raise ValueError("Connection closed")
        if self._writer is None and _may_write(fn, args):
            lock = writer_lock(self._database)
            try:
                await asyncio.wait_for(lock.acquire(), WRITER_WAIT_SECONDS)
            except TimeoutError:
                raise sqlite3.OperationalError("database is locked") from None
            self._writer = lock
        try:
            return fn(*args, **kwargs)
        finally:
            connection = self._connection
            if self._writer is not None and (connection is None or not connection.in_transaction):
                self._writer.release()
                self._writer = None

    def stop(self) -> None:
        self._running = False
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._writer is not None:
            self._writer.release()
            self._writer = None

    async def close(self) -> None:
        self.stop()


def connector(cargs: Sequence[Any], cparams: Mapping[str, Any]
              ) -> Callable[[], Awaitable[InlineConnection]]:
    """An ``async_creator`` for SQLAlchemy: connections to the file of the dialect's
    connect arguments ``cargs``/``cparams``."""
    database = str(cargs[0]) if cargs else str(cparams.get("database", ""))
    params = {**cparams, "check_same_thread": False}

    async def create() -> InlineConnection:
        connection = InlineConnection(lambda: sqlite3.connect(*cargs, **params), database)
        return await connection._connect()

    return create


__all__ = ["WRITER_WAIT_SECONDS", "InlineConnection", "connector", "writer_lock"]
