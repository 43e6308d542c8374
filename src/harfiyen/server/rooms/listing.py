"""The public list of rooms: the open public rooms with a free seat, newest first, a page
at a time."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Final

from sqlalchemy import select

from harfiyen.server.models import Room, utcnow
from harfiyen.server.rooms.loaded import room_json
from harfiyen.server.rooms.store import RoomStore

LIST_LIMIT: Final = 100
# Rows of rooms looked at for one page of the public list, in pages' worth.
LIST_SCAN: Final = 4
# The public list leaves out rooms nothing happened in for this long (their people left).
LIST_FRESH: Final = timedelta(hours=12)


class RoomListing(RoomStore):
    """The public list of open rooms."""

    async def public_rooms(self, language: str, *, limit: int = LIST_LIMIT,
                           before: int | None = None, game: str | None = None
                           ) -> tuple[list[dict[str, Any]], int | None]:
        """One page of the open public rooms (of ``game``) with a free seat and a change in
        the last 12 hours, newest first: at most ``limit``, from below the cursor ``before``.
        Returns the rooms and the cursor of the next page (``None``: no more). At most
        ``limit * LIST_SCAN`` rooms are looked at per page, so a page is found in bounded
        time even among many full ones."""
        out: list[dict[str, Any]] = []
        cursor = before
        async with self.sessions() as db:
            for _ in range(LIST_SCAN):
                query = select(Room).where(Room.public.is_(True), Room.status == "open",
                                           Room.updated_at > utcnow() - LIST_FRESH)
                if game is not None:
                    query = query.where(Room.game == game)
                if cursor is not None:
                    query = query.where(Room.id < cursor)
                rooms = (await db.execute(query.order_by(Room.id.desc()).limit(limit)
                                          )).scalars().all()
                for room in rooms:
                    cursor = room.id
                    loaded = await self.load(db, room)
                    if loaded.status == "open" and loaded.free():
                        out.append(room_json(loaded, language))
                        if len(out) == limit:
                            return out, cursor
                if len(rooms) < limit:
                    return out, None
        return out, cursor
