"""The after-commit step of a match command runs its parts in one fixed order
(``server/match/after_commit.py``): frames, then the room, then the bots, then this
process's caches of an ended match; a part that fails does not stop the ones after it."""

from __future__ import annotations

from dataclasses import fields

import pytest

from harfiyen.server.match.after_commit import (
    AfterCommit,
    CommitFollowers,
    MatchFollower,
    run_after_commit,
)
from harfiyen.server.match.store import Written
from harfiyen.server.models import Match

pytestmark = pytest.mark.anyio


async def _run(step: AfterCommit, rooms: MatchFollower | None = None) -> list[str]:
    """The parts ``step`` ran, in order (``rooms``: the room's part, else one that notes it)."""
    done: list[str] = []

    async def publish(match: Match, written: Written) -> None:
        done.append("frames")

    def forget(match_id: int) -> None:
        done.append("caches")

    followers = CommitFollowers(rooms=rooms or (lambda match: done.append("rooms")),
                                bots=lambda match: done.append("bots"))
    await run_after_commit(step, publish, followers, forget)
    return done


async def test_the_parts_run_in_the_documented_order() -> None:
    written = Written(events=[(3, object())], state=None, players=[(0, 1)])
    step = AfterCommit(Match(id=7, status="finished"), written)
    assert await _run(step) == ["frames", "rooms", "bots", "caches"]


async def test_without_events_nothing_is_published_and_a_running_match_keeps_its_caches(
) -> None:
    assert await _run(AfterCommit(Match(id=7, status="active"))) == ["rooms", "bots"]


async def test_a_failing_part_does_not_stop_the_next(caplog: pytest.LogCaptureFixture) -> None:
    def broken(match: Match) -> None:
        raise RuntimeError("the room could not be read")

    assert await _run(AfterCommit(Match(id=7, status="active")), rooms=broken) == ["bots"]
    assert "the rooms step after a commit on match 7 failed" in caplog.text


def test_nothing_else_is_told_after_a_commit() -> None:
    """The followers are named slots, not a list anyone appends to: a new part of the
    after-commit step is a new slot, placed in the order of ``run_after_commit``."""
    assert [f.name for f in fields(CommitFollowers)] == ["rooms", "bots"]
