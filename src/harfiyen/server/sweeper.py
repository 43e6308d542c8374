"""A background loop that runs a sweep every few seconds (deadlines, the matchmaking queue)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

log = logging.getLogger(__name__)


class Sweeper:
    """Calls :meth:`sweep` every ``interval`` seconds until closed; a failed sweep is
    logged and the loop goes on. ``sweep_at_start``: sweep before the first wait."""

    def __init__(self, interval: float, *, sweep_at_start: bool) -> None:
        self.interval = interval
        self.sweep_at_start = sweep_at_start
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def sweep(self) -> int:
        raise NotImplementedError

    async def _loop(self) -> None:
        if not self.sweep_at_start:
            await asyncio.sleep(self.interval)
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("%s sweep failed", type(self).__name__)
            await asyncio.sleep(self.interval)


__all__ = ["Sweeper"]
