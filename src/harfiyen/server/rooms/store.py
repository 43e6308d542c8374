"""The rooms' base: one writer per room, loading a room with its seats and members, its
config, publishing it to its watchers, and the guards every change shares.

Every change runs under the room's write lock (an asyncio lock with SQLite, a
PostgreSQL advisory lock otherwise) in one transaction (:meth:`RoomStore._change`): a
refusal raises before the commit and changes nothing. After the commit the room is
published on its channel (``room:{id}``) to every websocket that watches it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.wire import WireError, record_from_json
from harfiyen.server.errors import because, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import packs as pack_errors
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.match.after_commit import AfterCommit
from harfiyen.server.match.store import Written
from harfiyen.server.models import Match, Room, RoomMember, RoomSeat, User, WordPack
from harfiyen.server.rooms.loaded import Loaded, room_json
from harfiyen.server.rooms.reading import refuse_kicked, room_channel
from harfiyen.server.rooms.slots import (
    config_defaults,
    game_spec,
    room_slots,
    seated_config,
    uses_packs,
)
from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)

# Advisory-lock namespace of room writers (matches use 4242, users 4243).
ROOM_LOCK_NAMESPACE: Final = 4244

T = TypeVar("T")


@dataclass(frozen=True)
class Started:
    """A match started in a room's transaction: its after-commit step runs after the
    commit."""

    room: Room
    match: Match
    written: Written


class RoomStore:
    """Locking, loading and publishing rooms, and the checks every change shares."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.sessions = service.sessions
        self.pubsub = service.pubsub
        # Called with (game, language) when a slot gets an AI: its models start loading
        # before the match does (the app sets it to BotRunner.prepare).
        self.prepare_ai: Callable[[str, str], None] | None = None

    @asynccontextmanager
    async def writing(self, room_id: int) -> AsyncIterator[AsyncSession]:
        """A transaction that is the only writer of the room until it ends (the service's
        exclusive section: with SQLite the one writer lock every command shares)."""
        async with self.service.exclusive("room", ROOM_LOCK_NAMESPACE, room_id) as db:
            yield db

    async def _room_id(self, code: str) -> int:
        async with self.sessions() as db:
            found = (await db.execute(
                select(Room.id).where(Room.code == code.strip().upper()[:16])
            )).scalar_one_or_none()
        if found is None:
            raise fail(room_errors.ROOM_NOT_FOUND, status=404)
        return found

    async def load(self, db: AsyncSession, room: Room) -> Loaded:
        seats = list((await db.execute(
            select(RoomSeat).where(RoomSeat.room_id == room.id).order_by(RoomSeat.slot)
        )).scalars().all())
        members = [(m, u) for m, u in (await db.execute(
            select(RoomMember, User).join(User, User.id == RoomMember.user_id)
            .where(RoomMember.room_id == room.id).order_by(RoomMember.joined_at, RoomMember.id)
        )).all()]
        spec = game_spec(room.game)
        match = await db.get(Match, room.match_id) if room.match_id is not None else None
        users = {u.id: u for _, u in members}
        host = users.get(room.host_id) or await db.get(User, room.host_id)
        if host is not None:
            users[host.id] = host
        loaded = Loaded(room, seats, members, spec, (), match=match, users=users)
        try:
            # The pack was the host's when it was chosen; a later host plays it too.
            loaded.base = await self.base_config(db, room.game, room.options, None)
            loaded.slots = room_slots(spec, loaded.base)
        except HarfiyenError as error:
            loaded.problem = error
            loaded.slots = tuple({} for _ in seats)
        if loaded.problem is None:  # the engine's own reason, e.g. team_needs_a_guesser
            try:
                seated_config(spec, loaded.base, [s.slot for s in loaded.filled()])
            except HarfiyenError as error:
                loaded.problem = error
        return loaded

    async def base_config(self, db: AsyncSession, game: str, options: dict[str, Any],
                          owner: int | None) -> Any:
        """The game's config of a room's options before seating: the pack resolved to its
        words (``owner``: the pack must be this user's). Raises ``match.bad_config``,
        ``pack.*``."""
        spec = game_spec(game)
        opts = dict(options)
        if uses_packs(spec):
            if "words" in opts:
                raise fail(match_errors.BAD_CONFIG, problem="words come from a pack (option pack)")
            pack_id = opts.pop("pack", None)
            if pack_id is not None:  # none: the game's built-in pack (its check fills it)
                language = str(opts.get("language", config_defaults(spec).get("language")))
                pack = await db.get(WordPack, pack_id) if isinstance(pack_id, int) \
                    and not isinstance(pack_id, bool) and 0 < pack_id < 2**31 else None
                if pack is None or owner not in (None, pack.user_id):
                    raise fail(pack_errors.PACK_NOT_FOUND, status=404)
                if pack.language != language:
                    raise fail(pack_errors.PACK_WRONG_LANGUAGE, pack=pack.language,
                               language=language)
                opts["words"] = list(pack.words)
        elif "pack" in opts:
            raise fail(pack_errors.PACK_NOT_FOR_GAME)
        try:
            return record_from_json(spec.config_type, opts, strict=True)
        except WireError as error:
            raise fail(match_errors.BAD_CONFIG, problem=str(error)) from None

    def seated(self, loaded: Loaded) -> Any:
        """The checked config of the room's current seating; raises ``room.cannot_start``
        with the engine's reason."""
        if loaded.problem is not None and loaded.base is None:
            raise because(room_errors.ROOM_CANNOT_START, loaded.problem, 409)
        filled = [s.slot for s in loaded.filled()]
        try:
            return seated_config(loaded.spec, loaded.base, filled)
        except HarfiyenError as error:
            raise because(room_errors.ROOM_CANNOT_START, error, 409) from None

    async def get(self, code: str, language: str | None, reader: int | None = None
                  ) -> dict[str, Any]:
        """The room as ``reader`` may read it (refused to one it kicked out: ``room.kicked``,
        403); ``reader`` ``None``: the answer to a change its caller was just allowed."""
        room_id = await self._room_id(code)
        async with self.sessions() as db:
            room = await db.get(Room, room_id)
            assert room is not None
            if reader is not None:
                refuse_kicked(room, reader)
            return room_json(await self.load(db, room), language)

    async def publish(self, room_id: int) -> None:
        """Send the room as it is now to its watchers; never raises (a client that missed
        a frame reads the room again)."""
        try:
            async with self.sessions() as db:
                room = await db.get(Room, room_id)
                if room is None:
                    return
                frame: dict[str, Any] = {
                    "type": "room", "room": room_json(await self.load(db, room), None)}
                if room.kicked:  # for the watchers to leave out (see watch); never sent
                    frame["kicked"] = list(room.kicked)
            await self.pubsub.publish(room_channel(room_id), frame)
        except Exception:
            log.exception("publishing room %s failed", room_id)

    async def _change(
        self, code: str, change: Callable[[AsyncSession, Loaded], Awaitable[T]],
    ) -> T:
        """Run ``change`` on the room under its lock; the version grows and the room is
        published unless ``change`` raised (then nothing was written)."""
        room_id = await self._room_id(code)
        async with self.writing(room_id) as db:
            room = await db.get(Room, room_id)
            assert room is not None
            loaded = await self.load(db, room)
            result = await change(db, loaded)
            if loaded.unchanged:
                return result
            room.version += 1
        if isinstance(result, Started):
            await self.service.run_after_commit(AfterCommit(result.match, result.written))
        await self.publish(room_id)
        return result

    @staticmethod
    def _open(loaded: Loaded) -> None:
        if loaded.status == "closed":
            raise fail(room_errors.ROOM_CLOSED, status=409)
        if loaded.status != "open":
            raise fail(room_errors.ROOM_STARTED, status=409)

    def _slot(self, loaded: Loaded, slot: int) -> RoomSeat:
        if not 0 <= slot < len(loaded.seats):
            raise fail(room_errors.ROOM_NO_SLOT, status=404, slot=slot, last=len(loaded.seats) - 1)
        return loaded.seats[slot]

    @staticmethod
    def _host(loaded: Loaded, user: User) -> None:
        if loaded.room.host_id != user.id:
            raise fail(room_errors.ROOM_NOT_HOST, status=403)

    def _prepare(self, loaded: Loaded) -> None:
        if self.prepare_ai is None or loaded.base is None:
            return
        try:
            self.prepare_ai(loaded.room.game, loaded.spec.setup(loaded.base).language)
        except Exception:  # loading ahead is an optimisation: the match loads it anyway
            log.exception("preparing the AI of room %s failed", loaded.room.code)
