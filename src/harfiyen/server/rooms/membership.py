"""Who is in a room: joining, leaving, a host who kicks someone out, and the host's role
passing on when the host leaves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.errors import social as social_errors
from harfiyen.server.models import Room, RoomMember, User
from harfiyen.server.rooms.loaded import Loaded
from harfiyen.server.rooms.reading import refuse_kicked
from harfiyen.server.rooms.store import RoomStore

MAX_MEMBERS: Final = 100


class RoomMembership(RoomStore):
    """Joining, leaving and kicking; the host's role passing on."""

    async def join(self, user: User, code: str) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            self._join(db, loaded, user)
            return loaded.room
        return await self._change(code, change)

    def _join(self, db: AsyncSession, loaded: Loaded, user: User) -> None:
        room = loaded.room
        if loaded.member(user.id) is not None:
            loaded.unchanged = True
            return
        if room.status == "closed":
            raise fail(room_errors.ROOM_CLOSED, status=409)
        refuse_kicked(room, user.id)
        if len(loaded.members) >= MAX_MEMBERS:
            raise fail(room_errors.ROOM_MEMBERS_FULL, status=409, limit=MAX_MEMBERS)
        member = RoomMember(room_id=room.id, user_id=user.id)
        db.add(member)
        loaded.members.append((member, user))
        loaded.users[user.id] = user

    async def leave(self, user: User, code: str) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            if loaded.member(user.id) is None:
                raise fail(room_errors.ROOM_NOT_MEMBER, status=403)
            await self._remove(db, loaded, user.id)
            return loaded.room
        return await self._change(code, change)

    async def _remove(self, db: AsyncSession, loaded: Loaded, user_id: int) -> None:
        """Take ``user_id`` out of the room (a running match keeps its seat there); the host
        passes to the longest-present member, and a room nobody is left in closes."""
        room = loaded.room
        seat = loaded.seat_of(user_id)
        if seat is not None:
            seat.user_id = None
        await db.execute(delete(RoomMember).where(RoomMember.room_id == room.id,
                                                  RoomMember.user_id == user_id))
        loaded.members = [(m, u) for m, u in loaded.members if m.user_id != user_id]
        if room.host_id == user_id:
            if loaded.members:
                room.host_id = loaded.members[0][1].id
            else:
                room.status = "closed"
                for s in loaded.seats:
                    s.ai_level = None

    async def kick(self, user: User, code: str, other: int) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room:
            self._host(loaded, user)
            if other == user.id:
                raise fail(social_errors.SELF_RELATION, status=409)
            if loaded.member(other) is None:
                raise fail(room_errors.ROOM_MEMBER_NOT_FOUND, status=404)
            await self._remove(db, loaded, other)
            loaded.room.kicked = [*(loaded.room.kicked or []), other]
            return loaded.room
        return await self._change(code, change)

    async def pass_host(self, code: str, away: int, order: Sequence[int]) -> User | None:
        """The host ``away`` left (harfiyen.server.leaving): the role passes to the first
        of ``order`` (the people present, longest present first) seated in the room, else
        to the first member among them; the new host (``None``: nothing changed, as when
        ``away`` is no longer the host)."""
        async def change(db: AsyncSession, loaded: Loaded) -> User | None:
            members = {m.user_id for m, _ in loaded.members}
            seated = {s.user_id for s in loaded.seats if s.user_id is not None}
            heir = next((u for u in order if u in seated and u in members), None) \
                or next((u for u in order if u in members), None)
            if loaded.room.host_id != away or loaded.room.status == "closed" or heir is None:
                loaded.unchanged = True
                return None
            loaded.room.host_id = heir
            return loaded.users.get(heir)

        return await self._change(code, change)
