"""The AI work of a process runs through a bounded queue, people's tables first (finding:
200 tables of AIs alone kept 0.78 of the two cores busy and a health check went from 2 ms
to 88 ms)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from harfiyen.server.ai_queue import AiQueue

pytestmark = pytest.mark.anyio


async def test_ai_work_serves_the_tables_of_people_first() -> None:
    """At most ``workers`` AI computations at once; tables of AIs alone hold at most all but
    one place, and a place that frees goes to a waiting people's table first."""
    queue = AiQueue(2)
    release = threading.Event()
    started: list[str] = []

    def work(name: str) -> str:
        started.append(name)
        release.wait(10)
        return name

    async def settle() -> None:
        for _ in range(100):
            await asyncio.sleep(0.01)

    try:
        ai_first = asyncio.create_task(queue.run(False, 30, work, "ai-1"))
        ai_second = asyncio.create_task(queue.run(False, 30, work, "ai-2"))
        await settle()
        # A second table of AIs alone waits although a place is free: it is kept for people.
        assert started == ["ai-1"] and (queue.running, queue.running_ai_only) == (1, 1)
        person_first = asyncio.create_task(queue.run(True, 30, work, "person-1"))
        await settle()
        assert started == ["ai-1", "person-1"] and queue.running == 2
        person_second = asyncio.create_task(queue.run(True, 30, work, "person-2"))
        await settle()
        release.set()
        done = await asyncio.wait_for(asyncio.gather(
            ai_first, ai_second, person_first, person_second), 10)
        assert done == ["ai-1", "ai-2", "person-1", "person-2"]
        # The people's table that waited went before the table of AIs that waited longer.
        assert started == ["ai-1", "person-1", "person-2", "ai-2"]
        assert (queue.running, queue.running_ai_only) == (0, 0)
    finally:
        release.set()
        queue.shutdown()
