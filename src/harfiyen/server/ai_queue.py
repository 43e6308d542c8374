"""The queue every AI computation of a process waits in (see :class:`AiQueue`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any


class AiQueue:
    """The AI computations of one process, so that tables of AIs alone cannot starve the
    tables people play at.

    The rule: at most ``workers`` computations run at once (one thread each). A place that
    frees goes to the longest-waiting computation of a table with a person at it; a table
    of AIs alone (people only watch it) gets one only when no people's table waits, and
    such tables hold at most ``workers - 1`` places at once (the one place, when there is
    only one), so a person's table finds a free place or waits for at most one
    computation. A computation's place is held until its thread ends, even when its
    caller stopped waiting for it (an AI that overran its budget still uses its thread).
    Waiting costs a coroutine; how many wait is bounded by the matches with an AI to move
    (and AI-only tables by their quota, quotas.py).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.ai_only_places = max(1, workers - 1)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="harfiyen-bot")
        self.running = 0
        self.running_ai_only = 0
        self._waiting: dict[bool, deque[asyncio.Future[None]]] = {True: deque(), False: deque()}

    def _free(self, people: bool) -> bool:
        return self.running < self.workers and (
            people or self.running_ai_only < self.ai_only_places)

    def _take(self, people: bool) -> None:
        self.running += 1
        self.running_ai_only += 0 if people else 1

    def _release(self, people: bool) -> None:
        self.running -= 1
        self.running_ai_only -= 0 if people else 1
        for kind in (True, False):  # people's tables first
            waiting = self._waiting[kind]
            while waiting and self._free(kind) and (kind or not self._waiting[True]):
                future = waiting.popleft()
                if not future.done():  # (a cancelled waiter is skipped)
                    self._take(kind)
                    future.set_result(None)

    async def _acquire(self, people: bool) -> None:
        waiting = self._waiting[people]
        if not waiting and self._free(people) and (people or not self._waiting[True]):
            self._take(people)
            return
        future = asyncio.get_running_loop().create_future()
        waiting.append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release(people)  # given a place as it was cancelled: passed on
            else:
                with contextlib.suppress(ValueError):  # (already skipped by a release)
                    waiting.remove(future)
            raise

    async def run(self, people: bool, budget: float, function: Callable[..., Any],
                  *args: Any) -> Any:
        """``function(*args)`` in a thread once a place is free; raises ``TimeoutError``
        after ``budget`` seconds of running (not of waiting)."""
        await self._acquire(people)
        loop = asyncio.get_running_loop()
        try:
            future = self.pool.submit(function, *args)
        except BaseException:
            self._release(people)
            raise

        def done(_: Any) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed at shutdown
                loop.call_soon_threadsafe(self._release, people)

        future.add_done_callback(done)
        return await asyncio.wait_for(asyncio.wrap_future(future), budget)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
