"""Expiry: rooms left idle close, and matches that never started are cancelled.

A room with no change for ``room_idle_hours`` (24) closes, unless a match of it is
waiting or running (the match is its activity then); its watchers get the closed room.
A match still waiting for people ``invite_hours`` (72) after it was created can never
start (its invitations have expired): it is cancelled and its open invitations expire.
Both then stop counting against their owners' quotas (quotas.py).

Every process sweeps (every ``expiry_sweep_seconds``); each row is changed under its
room's or match's write lock after its condition is read again, so several processes
sweeping at once close or cancel it once, and a room that someone used meanwhile stays.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import or_, select

from harfiyen.server.models import Invite, Match, Room, utcnow
from harfiyen.server.rooms import RoomService
from harfiyen.server.sweeper import Sweeper

log = logging.getLogger(__name__)

# Rows changed per sweep and kind; what is left waits for the next sweep.
BATCH: Final = 500
RUNNING: Final = ("waiting", "active")


class ExpirySweeper(Sweeper):
    def __init__(self, rooms: RoomService, interval: float) -> None:
        super().__init__(interval, sweep_at_start=True)
        self.rooms = rooms
        self.service = rooms.service
        self.settings = rooms.service.settings

    async def sweep(self, now: datetime | None = None) -> int:
        """Close the idle rooms and cancel the stale waiting matches as of ``now`` (naive UTC;
        default: the clock); return how many rows were changed."""
        now = now or utcnow()
        return await self.close_idle_rooms(now) + await self.cancel_stale_matches(now)

    async def close_idle_rooms(self, now: datetime) -> int:
        cutoff = now - timedelta(hours=self.settings.room_idle_hours)
        running = select(Match.id).where(Match.id == Room.match_id, Match.status.in_(RUNNING))
        async with self.service.sessions() as db:
            ids = (await db.execute(
                select(Room.id).where(Room.status != "closed", Room.updated_at < cutoff,
                                      or_(Room.match_id.is_(None), ~running.exists()))
                .order_by(Room.id).limit(BATCH)
            )).scalars().all()
        closed = 0
        for room_id in ids:
            async with self.rooms.writing(room_id) as db:
                room = await db.get(Room, room_id)
                if room is None or room.status == "closed" or room.updated_at >= cutoff:
                    continue
                if room.match_id is not None:
                    match = await db.get(Match, room.match_id)
                    if match is not None and match.status in RUNNING:
                        continue
                room.status = "closed"
                room.version += 1
            closed += 1
            await self.rooms.publish(room_id)
        if closed:
            log.info("closed %d idle rooms", closed)
        return closed

    async def cancel_stale_matches(self, now: datetime) -> int:
        cutoff = now - timedelta(hours=self.settings.invite_hours)
        async with self.service.sessions() as db:
            ids = (await db.execute(
                select(Match.id).where(Match.status == "waiting", Match.created_at < cutoff)
                .order_by(Match.id).limit(BATCH)
            )).scalars().all()
        cancelled = 0
        for match_id in ids:
            async with self.service.writing(match_id) as db:
                match = await db.get(Match, match_id)
                if match is None or match.status != "waiting" or match.created_at >= cutoff:
                    continue
                match.status = "cancelled"
                match.finished_at = now
                for invite in (await db.execute(select(Invite).where(
                        Invite.match_id == match_id, Invite.status == "open"))).scalars():
                    invite.status = "expired"
            cancelled += 1
            self.service.forget(match_id)
        if cancelled:
            log.info("cancelled %d matches that never started", cancelled)
        return cancelled


__all__ = ["ExpirySweeper"]
