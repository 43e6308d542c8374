"""What a commit on a match owes the rest of the server, as one explicit, ordered step.

A command on a match (a move, a start, a seat handed to the AI) writes in one
transaction and tells nobody until it has committed: what it wrote is an
:class:`AfterCommit`, and :func:`run_after_commit` runs it in this order, the only
place the order is kept:

1. **frames**: the new events and views to each audience and the players' notices
   (``MatchFanout.publish``), so clients learn of the move before what it causes.
2. **room**: a room whose match has ended opens again, for the rematch
   (``RoomService.match_committed``).
3. **deadlines**: nothing to run. The commit itself wrote the next deadline
   (``match.deadline_at``) and the deadline scheduler reads it from the row on every
   sweep, so a restart loses none; the step is named here so that no one adds one
   elsewhere.
4. **bots**: the bot runner looks at the match and plays the AI seats that may act now
   (``BotRunner.match_committed``); its move is a new command with its own step.
5. **caches**: an ended match's state, seating and lock leave this process.

Each part runs whatever the ones before it did: the command is in the log already
(committed means acknowledged), so a failed fan-out still lets the bots move and the
clients catch up from the log. A part that fails is logged, never raised.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from harfiyen.server.match.store import Written
from harfiyen.server.models import Match

log = logging.getLogger(__name__)

#: A part of the server that moves on after a commit on ``match`` (it looks at the row).
MatchFollower = Callable[[Match], None]


@dataclass(frozen=True)
class AfterCommit:
    """The side effects one commit on ``match`` leaves to run once it is durable."""

    match: Match
    # The events just stored and the state after them, to publish; ``None``: the log did
    # not grow (a seat handed to the AI changes who plays it, not the game).
    written: Written | None = None


@dataclass
class CommitFollowers:
    """The parts of the server told after every commit besides the fan-out, one named slot
    each (set once when the server starts; ``None``: not running, as in a bare service)."""

    rooms: MatchFollower | None = None
    bots: MatchFollower | None = None


async def run_after_commit(
    step: AfterCommit,
    publish: Callable[[Match, Written], Awaitable[None]],
    followers: CommitFollowers,
    forget: Callable[[int], None],
) -> None:
    """Run ``step`` in the order of the module's doc; never raises."""
    match = step.match
    if step.written is not None:
        await publish(match, step.written)  # 1. frames (it never raises)
    _tell("rooms", followers.rooms, match)  # 2. room
    # 3. deadlines: written by the commit itself; the scheduler sweeps the rows.
    _tell("bots", followers.bots, match)  # 4. bots
    if match.status == "finished":  # 5. caches
        forget(match.id)


def _tell(name: str, follower: MatchFollower | None, match: Match) -> None:
    if follower is None:
        return
    try:
        follower(match)
    except Exception:
        log.exception("the %s step after a commit on match %s failed", name, match.id)


__all__ = ["AfterCommit", "CommitFollowers", "MatchFollower", "run_after_commit"]
