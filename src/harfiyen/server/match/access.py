"""Who sits where and who may see a match."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.viewers import Seat, Spectator
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import Viewer
from harfiyen.server.match.store import MatchStore
from harfiyen.server.models import Match, MatchPlayer, RoomMember


def may_act(match: Match, seat: int) -> None:
    """The one rule of whether a seat's person may act for the seat now (a move, a mark,
    a chat line written as the seat): not while the AI plays it for them (refused with
    ``match.seat_handed``, 409; harfiyen.server.handoff), so two never act for one seat."""
    if match.status == "active" and str(seat) in (match.handed or {}):
        raise fail(match_errors.SEAT_HANDED, status=409)


class MatchAccess(MatchStore):
    """Seat and viewer look-ups over the store."""

    async def seat_of(self, db: AsyncSession, match_id: int, user_id: int) -> int | None:
        return (await db.execute(
            select(MatchPlayer.seat).where(
                MatchPlayer.match_id == match_id, MatchPlayer.user_id == user_id
            )
        )).scalar_one_or_none()

    async def viewer_of(self, db: AsyncSession, match_id: int, user_id: int) -> Viewer:
        # Seats are drawn when a waiting match starts, so the creator's provisional
        # seat means nothing yet: until then everyone watches as a spectator, and a
        # connection subscribed early cannot receive another seat's first rack.
        match = await db.get(Match, match_id)
        if match is not None and match.status == "waiting":
            return Spectator()
        seat = await self.seat_of(db, match_id, user_id)
        return Spectator() if seat is None else Seat(seat)

    async def viewer_for(self, match_id: int, user_id: int) -> Viewer:
        async with self.sessions() as db:
            await self.watchable(db, match_id, user_id)
            return await self.viewer_of(db, match_id, user_id)

    async def seated(self, db: AsyncSession, match_id: int, user_id: int) -> tuple[Match, int]:
        """The match and ``user_id``'s seat in it; ``match.not_found`` (404) or
        ``match.not_a_player`` (403) otherwise."""
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        seat = await self.seat_of(db, match_id, user_id)
        if seat is None:
            raise fail(match_errors.NOT_A_PLAYER, status=403)
        return match, seat

    async def watchable(self, db: AsyncSession, match_id: int, user_id: int) -> Match:
        """The match, if ``user_id`` may see it: a player, a member of the room it was
        started from, or anyone when it is public."""
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        if (not match.public and await self.seat_of(db, match_id, user_id) is None
                and not await self._in_room(db, match.room_id, user_id)):
            raise fail(match_errors.NOT_A_PLAYER, status=403)
        return match

    async def _in_room(self, db: AsyncSession, room_id: int | None, user_id: int) -> bool:
        if room_id is None:
            return False
        return (await db.execute(select(RoomMember.id).where(
            RoomMember.room_id == room_id, RoomMember.user_id == user_id,
        ))).first() is not None
