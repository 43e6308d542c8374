"""A room's life: created by its host, a match started from its seats (a rematch rotates
the roles), open again when the match ends, and quick play (a quick room found or made,
filled with AIs on request).

The match is started with exactly the room's seats (:meth:`MatchService.start_seated`) in
the room's transaction; its after-commit step runs once that commits
(:meth:`RoomStore._change`).
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import HarfiyenError
from harfiyen.server import quotas
from harfiyen.server.bot_users import bot_users
from harfiyen.server.errors import because, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.games import adapter
from harfiyen.server.models import Match, Room, RoomMember, RoomSeat, User
from harfiyen.server.rooms.loaded import Loaded
from harfiyen.server.rooms.seating import RoomSeating
from harfiyen.server.rooms.slots import (
    Occupant,
    game_spec,
    preference_order,
    room_slots,
    rotated,
    seated_config,
)
from harfiyen.server.rooms.store import Started

log = logging.getLogger(__name__)

# Room codes: no 0/O or 1/I/L to misread when said aloud on a video call.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _canonical(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, ensure_ascii=False)


class RoomLifecycle(RoomSeating):
    """Creating rooms, starting their matches, reopening them, quick play."""

    async def create(self, user: User, game: str, options: dict[str, Any], *,
                     public: bool = False, video_url: str | None = None,
                     time_control: dict[str, Any] | None = None, quick: bool = False,
                     address: str | None = None) -> Room:
        """A new room hosted by ``user``; ``address``: the keyed hash of the request's address.
        Beyond the open-rooms quota (``room.too_many``, 429) nothing is written."""
        spec = game_spec(game)
        adapter(game).check_time_control(time_control or {})
        async with self.sessions() as db, db.begin():
            await quotas.check(db, self.service.settings, quotas.ROOMS, user.id, address)
            base = await self.base_config(db, game, options, user.id)
            slots = room_slots(spec, base)
            try:
                seated_config(spec, base, range(len(slots)))
            except HarfiyenError as error:  # the options themselves are wrong, not the seats
                raise because(match_errors.BAD_CONFIG, error, 400) from None
            room = Room(code=new_code(), game=game, options=dict(options),
                        time_control=dict(time_control or {}), host_id=user.id, public=public,
                        quick=quick, status="open", video_url=video_url, version=1,
                        created_from=address)
            for _ in range(5):  # a code already in use: draw again
                exists = (await db.execute(select(Room.id).where(Room.code == room.code))).first()
                if exists is None:
                    break
                room.code = new_code()
            db.add(room)
            await db.flush()
            db.add_all(RoomSeat(room_id=room.id, slot=i, locked=False)
                       for i in range(len(slots)))
            db.add(RoomMember(room_id=room.id, user_id=user.id))
            await quotas.enforce(db, self.service.settings, quotas.ROOMS, user.id, address)
        return room

    async def start(self, user: User, code: str, address: str | None = None) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Started:
            self._host(loaded, user)
            self._open(loaded)
            return await self._start(db, loaded, rematch_of=None, address=address)
        return (await self._change(code, change)).room

    async def rematch(self, user: User, code: str, address: str | None = None) -> Room:
        """A new match in the room, the roles rotated (see :func:`rotated`), AIs kept."""
        async def change(db: AsyncSession, loaded: Loaded) -> Started:
            self._host(loaded, user)
            self._open(loaded)
            old = loaded.match
            if old is None:
                raise fail(room_errors.ROOM_NO_MATCH_YET, status=409)
            occupants: list[Occupant | None] = [
                (s.user_id, s.ai_level) if s.user_id is not None or s.ai_level is not None
                else None for s in loaded.seats
            ]
            for seat, occupant in zip(loaded.seats, rotated(loaded.slots, occupants),
                                      strict=True):
                seat.user_id, seat.ai_level = occupant if occupant is not None else (None, None)
            return await self._start(db, loaded, rematch_of=old.id, address=address)
        return (await self._change(code, change)).room

    async def _start(self, db: AsyncSession, loaded: Loaded, rematch_of: int | None,
                     address: str | None = None) -> Started:
        """Create and start the room's match with its seats as they are (in the room's
        transaction); refuses with the engine's reason and writes nothing then. A table of
        AIs alone counts against the host's (and ``address``'s) quota of AI-only tables."""
        room, spec = loaded.room, loaded.spec
        config = self.seated(loaded)
        ai_only = all(slot.user_id is None for slot in loaded.filled())
        if ai_only:
            await quotas.check(db, self.service.settings, quotas.AI_TABLES, room.host_id,
                               address)
        setup = spec.setup(config)
        match = Match(
            game=room.game, rules=setup.rules, lexicon=setup.lexicon, language=setup.language,
            config=spec.config_to_dict(config), seed=secrets.randbits(62), players=setup.seats,
            ranked=False, time_control=dict(room.time_control or {}), status="waiting",
            created_by=room.host_id, last_seq=0, rematch_of=rematch_of,
            # A private room's match is watched by its members only (see watchable).
            public=room.public, room_id=room.id, created_from=address,
            ai_only=ai_only,
        )
        db.add(match)
        await db.flush()
        filled = loaded.filled()
        levels = [slot.ai_level for slot in filled if slot.user_id is None]
        assert None not in levels  # a seat without a person has an AI level
        bots = iter(await bot_users(db, [level for level in levels if level is not None]))
        seating = [(seat, slot.user_id if slot.user_id is not None else next(bots).id)
                   for seat, slot in enumerate(filled)]
        written = await self.service.start_seated(db, match, seating)
        room.status = "playing"
        room.match_id = match.id
        if match.ai_only:
            await quotas.enforce(db, self.service.settings, quotas.AI_TABLES, room.host_id,
                                 address)
        return Started(room, match, written)

    def match_committed(self, match: Match) -> None:
        """The room's part of a commit's after-commit step (``match/after_commit.py``): a
        room's match ended, so the room is open again (for the rematch)."""
        if match.room_id is None or match.status not in ("finished", "cancelled"):
            return
        self.service.spawn(self._match_over(match.room_id, match.id))

    async def _match_over(self, room_id: int, match_id: int) -> None:
        try:
            async with self.writing(room_id) as db:
                room = await db.get(Room, room_id)
                if room is None or room.match_id != match_id or room.status != "playing":
                    return
                room.status = "open"
                room.version += 1
        except Exception:
            log.exception("reopening room %s failed", room_id)
            return
        await self.publish(room_id)

    async def quickplay(self, user: User, game: str, options: dict[str, Any],
                        fill_with_ai: bool, address: str | None = None) -> Room:
        """Seat ``user`` in the oldest open quick room of these options with a free seat, or
        in a new one; ``fill_with_ai``: AIs take seats until the engine accepts the
        seating, and it starts. A full quick room starts by itself."""
        key = _canonical(options)
        async with self.sessions() as db:
            rooms = (await db.execute(
                select(Room).where(Room.quick.is_(True), Room.status == "open",
                                   Room.game == game)
                .order_by(Room.created_at, Room.id).limit(200)
            )).scalars().all()
            candidates = [r.code for r in rooms if _canonical(r.options) == key]
        room: Room | None = None
        for code in candidates:
            try:
                room = await self._quick_seat(user, code, address)
                break
            except HarfiyenError as error:
                if error.code not in ("room.full", "room.started", "room.closed",
                                      "room.kicked", "room.crowded"):
                    raise
        if room is None:
            room = await self.create(user, game, options, public=True, quick=True,
                                     address=address)
            room = await self._quick_seat(user, room.code, address)
        if fill_with_ai:
            room = await self._fill_and_start(room.code, address)
        return room

    async def _quick_seat(self, user: User, code: str, address: str | None = None) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room | Started:
            self._open(loaded)
            if loaded.seat_of(user.id) is not None:
                loaded.unchanged = True
                return loaded.room
            free = {s.slot for s in loaded.free()}
            choice = next((i for i in preference_order(loaded.slots) if i in free), None)
            if choice is None:
                raise fail(room_errors.ROOM_FULL, status=409)
            self._join(db, loaded, user)
            loaded.unchanged = False  # a member already, seated now
            loaded.seats[choice].user_id = user.id
            if not loaded.free() and self._startable(loaded):
                return await self._start(db, loaded, rematch_of=None, address=address)
            return loaded.room
        result = await self._change(code, change)
        return result.room if isinstance(result, Started) else result

    async def _fill_and_start(self, code: str, address: str | None = None) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room | Started:
            if loaded.status != "open":
                return loaded.room
            level = loaded.spec.ai_levels[0]
            self._prepare(loaded)
            for index in preference_order(loaded.slots):
                if self._startable(loaded):
                    break
                seat = loaded.seats[index]
                if seat.user_id is None and seat.ai_level is None and not seat.locked:
                    seat.ai_level = level
            return await self._start(db, loaded, rematch_of=None, address=address)
        result = await self._change(code, change)
        return result.room if isinstance(result, Started) else result

    def _startable(self, loaded: Loaded) -> bool:
        try:
            self.seated(loaded)
        except HarfiyenError:
            return False
        return True
