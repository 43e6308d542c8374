"""Fan-out: each audience's frames after a command, user notices, republishing, and what a
(re)subscribing client is sent."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from harfiyen.server.cache import LruCache
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import LexiconLoader, Viewer, adapter
from harfiyen.server.match.access import MatchAccess
from harfiyen.server.match.channels import match_channel, user_channel
from harfiyen.server.match.frames import event_frames, frames_after, patch_frame, state_frame
from harfiyen.server.match.store import Written
from harfiyen.server.models import Match
from harfiyen.server.pubsub import PubSub
from harfiyen.server.settings import Settings

log = logging.getLogger(__name__)

# A client further behind than this gets a full view instead of the event gap.
MAX_GAP = 500
# A match's views are published again (see MatchService.nudge) at most this often.
NUDGE_SECONDS = 2.0


class MatchFanout(MatchAccess):
    """Publishing a match's frames to its audiences and notices to its players."""

    def __init__(
        self,
        settings: Settings,
        sessions: async_sessionmaker[AsyncSession],
        pubsub: PubSub,
        lexicons: LexiconLoader,
        is_postgres: bool,
    ) -> None:
        super().__init__(settings, sessions, pubsub, lexicons, is_postgres)
        self._audiences: LruCache = LruCache(settings.state_cache_size)
        self._nudged: LruCache = LruCache(1000)  # match -> when it was last republished
        # Called with (user id, notice) for every user notice (Web Push listens here).
        self.on_notice: list[Callable[[int, dict[str, Any]], Any]] = []

    def audiences(self, match: Match) -> list[Viewer]:
        """Every audience of the match: the game's viewers (seats, team roles, spectators).
        Fixed by the config, which no longer changes once the match has started."""
        kept = self._audiences.get(match.id)
        if kept is None:
            kept = adapter(match.game).audiences(match.config)
            if match.status != "waiting":
                self._audiences[match.id] = kept
        return list(kept)

    async def publish(self, match: Match, written: Written) -> None:
        """Fan out what a committed command wrote; never raises.

        The command is in the log already, so its answer (the mover's ack) must
        say so whatever happens here; a client that missed a frame catches up
        from the log.
        """
        try:
            await self._fan_out(match, written)
        except Exception:
            log.exception("fan-out of match %s failed after the commit", match.id)

    async def _fan_out(self, match: Match, written: Written) -> None:
        """Send each audience one ``patch`` frame: the command's events as it sees them and
        how its view changed. (The events that start a match go out, projected, each in
        its ``event`` frame, followed by each audience's whole view.)"""
        numbered, state, before = written.events, written.state, written.before
        if not numbered:
            return
        game = adapter(match.game)
        messages: list[tuple[str, dict[str, Any]]] = []
        for viewer in self.audiences(match):
            channel = match_channel(match.id, viewer)
            if not self.pubsub.may_hear(channel):
                continue  # e.g. the spectators of a match nobody watches: no view to make
            if before is not None:
                messages.append((channel, patch_frame(match, before, state, viewer, numbered)))
                continue
            messages += [(channel, frame)
                         for frame in event_frames(game, match.id, numbered, viewer, state)]
            messages.append((channel, state_frame(match, state, viewer)))
        notices: list[tuple[int, dict[str, Any]]] = []
        acting = written.acting
        for seat, user_id in written.players:
            notice: dict[str, Any] | None = None
            if match.status == "finished":
                notice = {"kind": "match_ended", "result": match.result}
            elif numbered[0][0] == 1:
                notice = {"kind": "match_started", "your_turn": seat in acting}
            elif seat in acting and (seat not in written.acted_before or len(acting) == 1):
                # Every seat that may act now; of several (a team of guessers) only those
                # whose turn has just begun, not again after each of their moves.
                notice = {"kind": "your_turn"}
            if notice is not None:
                notices.append((user_id, {"type": "notice", "match": match.id, **notice}))
        messages += [(user_channel(user_id), notice) for user_id, notice in notices]
        # One round trip; it never fails (the log is the truth: see pubsub).
        await self.pubsub.publish_many(messages)
        for user_id, notice in notices:
            await self._tell_listeners(user_id, notice)

    async def notify(self, user_id: int, notice: dict[str, Any]) -> None:
        """Send ``notice`` to the user's connections and tell the notice listeners."""
        await self.pubsub.publish(user_channel(user_id), notice)
        await self._tell_listeners(user_id, notice)

    async def _tell_listeners(self, user_id: int, notice: dict[str, Any]) -> None:
        for listener in self.on_notice:
            try:
                result = listener(user_id, notice)
                if asyncio.iscoroutine(result):
                    await result
            except Exception:
                log.exception("notice listener failed")

    def nudge(self, match_id: int) -> None:
        """Publish the match's current views again, at most once per ``NUDGE_SECONDS``.

        Called when a client resubscribes behind the log: a process that died between
        a commit and its publish left the other players without that move, and the
        mover coming back (its ack was lost) is the sign. Views are numbered, so
        clients that have them drop them; the others fill the gap from the log.
        """
        now = time.monotonic()
        if now - self._nudged.get(match_id, -NUDGE_SECONDS) < NUDGE_SECONDS:
            return
        self._nudged[match_id] = now
        self.spawn(self._republish(match_id))

    async def _republish(self, match_id: int) -> None:
        try:
            async with self.sessions() as db:
                match = await db.get(Match, match_id)
                if match is None or match.status in ("waiting", "cancelled"):
                    return
                state = await self.state(db, match)
            await self.pubsub.publish_many([
                (match_channel(match.id, viewer), state_frame(match, state, viewer))
                for viewer in self.audiences(match)
            ])
        except Exception:
            log.exception("republishing match %s failed", match_id)

    async def sync_frames(
        self, match_id: int, user_id: int, last_seq: int
    ) -> tuple[Viewer, list[dict[str, Any]]]:
        """What a (re)subscribing client needs: the event gap after ``last_seq``
        followed by the current view, or only the current view when the gap is
        too long or the client has nothing.
        """
        async with self.sessions() as db:
            match = await db.get(Match, match_id)
            if match is None:
                raise fail(match_errors.MATCH_NOT_FOUND, status=404)
            viewer = await self.viewer_of(db, match_id, user_id)
            if match.status in ("waiting", "cancelled"):
                return viewer, [{
                    "type": "sync", "match": match.id, "seq": match.last_seq,
                    "status": match.status, "view": None,
                }]
            state = await self.state(db, match)
            game = adapter(match.game)
            frames: list[dict[str, Any]] = []
            if 0 < last_seq <= match.last_seq and match.last_seq - last_seq <= MAX_GAP:
                frames += frames_after(game, match.id, state, viewer, last_seq)
                frames.append(state_frame(match, state, viewer))
            else:
                frame = state_frame(match, state, viewer)
                frame["type"] = "sync"
                frames.append(frame)
            return viewer, frames

    async def gap(self, match_id: int, viewer: Viewer, after: int) -> list[dict[str, Any]]:
        """The projected events after ``after`` (a connection that saw a jump in numbers)."""
        async with self.sessions() as db:
            match = await db.get(Match, match_id)
            if match is None:
                return []
            state = await self.state(db, match)
        return frames_after(adapter(match.game), match_id, state, viewer, after)
