"""Seats and the table's settings: a member sits down, moves or stands up; the host's
controls of one slot (an AI, a lock, seating a member, emptying it) and of the table
(its options, clock, listing and video link)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import HarfiyenError
from harfiyen.server.errors import because, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.games import adapter
from harfiyen.server.models import Room, RoomSeat, User
from harfiyen.server.rooms.loaded import Loaded
from harfiyen.server.rooms.membership import RoomMembership
from harfiyen.server.rooms.slots import room_slots, seated_config


class RoomSeating(RoomMembership):
    """Taking a seat, and the host's controls of slots and of the table."""

    async def take_seat(self, user: User, code: str, slot: int | None) -> Room:
        """Sit down in ``slot`` (moving from another seat), or stand up (``None``)."""
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            if loaded.member(user.id) is None:
                raise fail(room_errors.ROOM_NOT_MEMBER, status=403)
            self._open(loaded)
            current = loaded.seat_of(user.id)
            if slot is None:
                if current is not None:
                    current.user_id = None
                return loaded.room
            target = self._slot(loaded, slot)
            if target is current:
                raise fail(room_errors.ROOM_ALREADY_SEATED, status=409)
            if target.user_id is not None or target.ai_level is not None:
                others = [s for s in loaded.free() if s is not current]
                raise fail(room_errors.ROOM_SEAT_TAKEN if others else room_errors.ROOM_FULL,
                           status=409)
            if target.locked:
                raise fail(room_errors.ROOM_SEAT_LOCKED, status=409)
            if current is not None:
                current.user_id = None
            target.user_id = user.id
            return loaded.room
        return await self._change(code, change)

    async def set_slot(self, user: User, code: str, slot: int, changes: dict[str, Any]
                       ) -> Room:
        """The host's controls of one slot: ``ai`` (a level, ``None``: out), ``locked``,
        ``user`` (move a member there), ``remove`` (empty it). All or nothing."""
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            self._host(loaded, user)
            self._open(loaded)
            target = self._slot(loaded, slot)
            if changes.get("remove"):
                target.user_id = None
                target.ai_level = None
            if "user" in changes and changes["user"] is not None:
                mover = int(changes["user"])
                if loaded.member(mover) is None:
                    raise fail(room_errors.ROOM_MEMBER_NOT_FOUND, status=404)
                if target.user_id not in (None, mover) or target.ai_level is not None:
                    raise fail(room_errors.ROOM_SEAT_TAKEN, status=409)
                current = loaded.seat_of(mover)
                if current is not None:
                    current.user_id = None
                target.user_id = mover  # the host may seat someone in a locked seat
            if "ai" in changes:
                level = changes["ai"]
                if level is None:
                    target.ai_level = None
                else:
                    levels = loaded.spec.ai_levels
                    if level not in levels:
                        raise fail(room_errors.ROOM_BAD_AI_LEVEL, level=str(level)[:32],
                                   levels=", ".join(levels))
                    if target.user_id is not None:
                        raise fail(room_errors.ROOM_SEAT_TAKEN, status=409)
                    target.ai_level = level
                    self._prepare(loaded)
            if changes.get("locked") is not None:
                target.locked = bool(changes["locked"])
            return loaded.room
        return await self._change(code, change)

    async def update(self, user: User, code: str, changes: dict[str, Any]) -> Room:
        """The host changes the video link, the listing, the options or the clock."""
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            self._host(loaded, user)
            room = loaded.room
            if loaded.status == "closed":
                raise fail(room_errors.ROOM_CLOSED, status=409)
            if "options" in changes:
                self._open(loaded)
                options = dict(changes["options"])
                # A newly chosen pack must be the host's own; the one kept may be a former
                # host's.
                same_pack = options.get("pack") == (room.options or {}).get("pack")
                base = await self.base_config(db, room.game, options,
                                              None if same_pack else room.host_id)
                slots = room_slots(loaded.spec, base)
                try:
                    seated_config(loaded.spec, base, range(len(slots)))
                except HarfiyenError as error:
                    raise because(match_errors.BAD_CONFIG, error, 400) from None
                if len(slots) != len(loaded.seats):
                    # Fewer or more seats (Kelime Casusu solo: red only): the seats beyond
                    # the new table are emptied, new ones added.
                    for seat in loaded.seats[len(slots):]:
                        await db.delete(seat)
                    db.add_all(RoomSeat(room_id=room.id, slot=i, locked=False)
                               for i in range(len(loaded.seats), len(slots)))
                room.options = options
            if "video_url" in changes:
                room.video_url = changes["video_url"]
            if changes.get("public") is not None:
                room.public = bool(changes["public"])
            if changes.get("time_control") is not None:
                adapter(room.game).check_time_control(changes["time_control"])
                room.time_control = dict(changes["time_control"])
            return room
        return await self._change(code, change)
