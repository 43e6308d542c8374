"""The service's per-match memory is bounded: an ended match leaves nothing cached, the
cache of running matches has a fixed size, and memory stays flat over hundreds of
matches (560 here: a leak of one state per match would show after a few dozen; the
count is kept low because tracemalloc slows every allocation)."""

from __future__ import annotations

import gc
import os
import secrets
import tracemalloc
from pathlib import Path

import pytest

from harfiyen.core.registry import temporarily_registered
from harfiyen.server.models import User
from harfiyen.server.service import MatchService

from .conftest import Database, _migrate, start_server

pytestmark = pytest.mark.anyio


async def _users(service: MatchService, n: int) -> list[User]:
    async with service.sessions() as db, db.begin():
        users = [User(username=f"m{secrets.token_hex(6)}", display_name="m",
                      password_hash=None, is_guest=True, preferences={}) for _ in range(n)]
        db.add_all(users)
    return users


async def _play(service: MatchService, a: User, b: User, say: bool) -> int:
    """One small match of the made-up fourth game, started and ended."""
    match, invite = await service.create(a, "gizli-harf", {"players": 2, "turns": 1}, False,
                                         {}, quiet=True)
    await service.accept(b, invite.code)
    if say:
        async with service.sessions() as db:
            seat = await service.seat_of(db, match.id, a.id)
        first, second = (a, b) if seat == 0 else (b, a)
        await service.submit(first.id, match.id, {"kind": "say", "word": "KALEM"})
        await service.submit(second.id, match.id, {"kind": "say", "word": "MASA"})
    else:
        await service.submit(a.id, match.id, {"kind": "resign"})
    return match.id


# Matches played while memory is traced: 150 in the default run (tracing slows every
# allocation), HARFIYEN_CACHE_MATCHES=2000 for a deep run.
MATCHES = int(os.environ.get("HARFIYEN_CACHE_MATCHES", "150"))


@pytest.mark.slow
async def test_memory_stays_flat_over_hundreds_of_matches(tmp_path: Path) -> None:
    from conformance.fourth_game import SECRET_LETTER

    url = f"sqlite+aiosqlite:///{tmp_path / 'caches.sqlite3'}"
    await _migrate(url, None)
    settings = Database("sqlite", url, None).settings(state_cache_size=20)
    server = await start_server(settings)
    service: MatchService = server.app.state.service
    try:
        with temporarily_registered(SECRET_LETTER):
            a, b = await _users(service, 2)
            # Running matches: never more cached than the cache holds.
            running = []
            for _ in range(60):
                match, invite = await service.create(a, "gizli-harf", {"players": 2}, False,
                                                     {}, quiet=True)
                await service.accept(b, invite.code)
                running.append(match.id)
            assert len(service._cache) <= 20
            for match_id in running:
                await service.submit(a.id, match_id, {"kind": "resign"})
            assert len(service._cache) == 0 and len(service._nudged) == 0
            for n in range(100):  # warm up: every code path and pool connection
                await _play(service, a, b, say=n % 2 == 0)
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.take_snapshot()
            for n in range(MATCHES):
                await _play(service, a, b, say=n % 2 == 0)
            gc.collect()
            after = tracemalloc.take_snapshot()
            tracemalloc.stop()
            grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
            # Matches ended leave no state, lock or stamp behind.
            assert len(service._cache) == 0
            assert len(service._locks) <= 1 and len(service._nudged) == 0
            runner = server.app.state.bots  # nor does the bot runner keep anything of them
            assert not (runner._waited_since or runner._without_bots or runner._served)
            # Flat: under a kilobyte per match (one kept state would be several).
            top = [str(s) for s in after.compare_to(before, "lineno")[:8]]
            assert grown < 1000 * MATCHES, (grown, top)
    finally:
        await server.stop()
