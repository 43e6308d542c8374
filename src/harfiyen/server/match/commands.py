"""The one command path: every state change goes through :meth:`MatchCommands.submit`
(people, bots, timeouts and resignations alike): take the match's write lock, rebuild the
state, apply the move with the engine, append the new events with the next sequence
numbers, commit, and only then run the commit's after-commit step (``after_commit.py``:
publish each event projected for each audience, then the room, then the bots)."""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import LexiconLoader, adapter
from harfiyen.server.match.access import may_act
from harfiyen.server.match.after_commit import AfterCommit, CommitFollowers, run_after_commit
from harfiyen.server.match.channels import match_channel
from harfiyen.server.match.fanout import MatchFanout
from harfiyen.server.match.frames import Before
from harfiyen.server.models import Invite, Match, utcnow
from harfiyen.server.pubsub import PubSub
from harfiyen.server.settings import Settings


@dataclass(frozen=True)
class Submitted:
    """What an accepted command wrote: the match and the sequence numbers of its events."""

    match_id: int
    first_seq: int
    last_seq: int
    status: str


class MatchCommands(MatchFanout):
    """Moves, marks and withdrawing a waiting match."""

    def __init__(
        self,
        settings: Settings,
        sessions: async_sessionmaker[AsyncSession],
        pubsub: PubSub,
        lexicons: LexiconLoader,
        is_postgres: bool,
    ) -> None:
        super().__init__(settings, sessions, pubsub, lexicons, is_postgres)
        self._commits_to_crash = settings.test_kill_after_commits
        # Who moves on after a commit besides the fan-out (the app sets them at start).
        self.followers = CommitFollowers()

    async def run_after_commit(self, step: AfterCommit) -> None:
        """Run what a commit on a match leaves to do, in the one order of
        ``after_commit.py``; never raises. Every path that commits a change to a match
        (a move, a start, a seat handed to the AI) ends here."""
        await run_after_commit(step, self.publish, self.followers, self.forget)

    async def submit(
        self, user_id: int, match_id: int, move_data: Any, expect_seq: int | None = None
    ) -> Submitted:
        """Apply ``user_id``'s move intent (or an engine move) to the match.

        ``expect_seq``: refuse (``match.busy``) unless the log still ends there
        (a bot or the scheduler acting on what it read earlier). Raises a
        ``GameError`` (the rules) or a ``Refused`` (the server) and writes nothing
        when refused.
        """
        submitted, after = await self._write_move(user_id, match_id, move_data, expect_seq)
        if after is not None:
            self._crash_point()
            await self.run_after_commit(after)
        return submitted

    async def _write_move(
        self, user_id: int, match_id: int, move_data: Any, expect_seq: int | None
    ) -> tuple[Submitted, AfterCommit | None]:
        """The command's transaction: what it wrote and, once it has committed, the step
        that follows (``None``: a waiting match withdrawn, which nobody follows)."""
        async with self.writing(match_id) as db:
            match = await db.get(Match, match_id)
            if match is None:
                raise fail(match_errors.MATCH_NOT_FOUND, status=404)
            if expect_seq is not None and match.last_seq != expect_seq:
                raise fail(match_errors.MATCH_BUSY, status=409)
            seat = next((s for s, u in await self.seating(db, match) if u == user_id), None)
            if seat is None:
                raise fail(match_errors.NOT_A_PLAYER, status=403)
            game = adapter(match.game)
            if match.status in ("waiting", "cancelled"):
                if match.status == "waiting" and _is_resign(move_data):
                    return await self._cancel(db, match), None
                raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
            if isinstance(move_data, dict):  # a person's move (an engine move: the AI's)
                may_act(match, seat)
            state = await self.state(db, match)
            move = move_data if not isinstance(move_data, dict) else game.parse_move(
                move_data, state
            )
            if isinstance(move_data, dict) and game.is_platform_move(move):
                # A client's timeout would skip its turn (Kelime Casusu: pass without a
                # guess): only the scheduler makes it, when the deadline has passed.
                raise fail(match_errors.PLATFORM_MOVE, status=403)
            new_state, events = game.apply(state, seat, move)
            before = Before(match.last_seq, state, match.status, match.deadline_at)
            first = match.last_seq + 1
            # A per-phase timer runs on while the same seats go on in the same phase (the
            # guesses under one clue); a timeout, or any change, starts the next one.
            same_turn = (move != game.timeout() and game.phase_of(state) ==
                         game.phase_of(new_state))
            try:
                written = replace(
                    await self._append(db, match, new_state, events, first_seq=first,
                                       same_turn=same_turn),
                    before=before)
                await db.flush()
            except IntegrityError:
                self._cache.pop(match_id, None)
                raise fail(match_errors.MATCH_BUSY, status=409) from None
        return (Submitted(match.id, first, match.last_seq, match.status),
                AfterCommit(match, written))

    def forget(self, match_id: int) -> None:
        """Drop what this process keeps of an ended match (its state, its lock, its
        republish stamp): nothing more is written to it, and a reader rebuilds it."""
        self._cache.pop(match_id, None)
        self._seating.pop(match_id, None)
        self._audiences.pop(match_id, None)
        self._nudged.pop(match_id, None)
        lock = self._locks.get(("match", match_id))
        if lock is not None and not lock.locked():
            self._locks.pop(("match", match_id), None)

    async def mark(self, user_id: int, match_id: int, index: int | None) -> None:
        """Relay a seat's public mark of card ``index`` (``None``: clear its mark) to every
        audience. Allowed where the mark's move (``spec.mark_move``: a guess) would be
        accepted from that seat now, so only the guessers of the team to act mark, and only
        covered cards; the refusal is the engine's own. Marks are not stored."""
        async with self.sessions() as db:
            match, seat = await self.seated(db, match_id, user_id)
            if match.status != "active":
                raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
            may_act(match, seat)
            game = adapter(match.game)
            if index is not None:
                move = game.mark_move(index)
                state = await self.state(db, match)
                game.apply(state, seat, move)  # raises the engine's refusal; nothing is kept
            else:
                game.mark_move(0)  # a game without marks refuses clearing too
        frame = {"type": "mark", "match": match_id, "seat": seat, "index": index}
        await self.pubsub.publish_many(
            [(match_channel(match_id, viewer), frame) for viewer in self.audiences(match)]
        )

    def _crash_point(self) -> None:
        """Fault tests only (``test_kill_after_commits``, refused outside ``env=test``): the
        process kills itself between a commit and its publish, the worst moment to die."""
        if self._commits_to_crash > 0:
            self._commits_to_crash -= 1
            if self._commits_to_crash == 0:
                os.kill(os.getpid(), signal.SIGKILL)

    async def _cancel(self, db: AsyncSession, match: Match) -> Submitted:
        """Resigning before the match starts withdraws it; its invitations close."""
        match.status = "cancelled"
        match.finished_at = utcnow()
        invites = (await db.execute(
            select(Invite).where(Invite.match_id == match.id, Invite.status == "open")
        )).scalars().all()
        for invite in invites:
            invite.status = "cancelled"
        return Submitted(match.id, match.last_seq + 1, match.last_seq, match.status)


def _is_resign(move_data: Any) -> bool:
    if isinstance(move_data, dict):
        return move_data.get("kind") == "resign" and set(move_data) == {"kind"}
    return type(move_data).__name__ == "Resign"
