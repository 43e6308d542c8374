"""Rooms: where people gather for a game, choose their seats and start matches.

A room belongs to one game. It offers the game's slots (``GameSpec.room_slots``:
Kelime Casusu's teams and roles) and keeps who sits where in ``room_seats`` — in
the database, not in a connection, so a second tab of the same account, or a
phone that slept and came back, finds the same seat. The host starts a match once
the engine accepts the seating (``GameSpec.seated_config``); the match is started
with exactly those seats (:meth:`MatchService.start_seated`), and a rematch in the
same room rotates the roles.

Every change runs under the room's write lock (an asyncio lock with SQLite, a
PostgreSQL advisory lock otherwise) in one transaction: a refusal raises before
the commit and changes nothing. After the commit the room is published on its
channel (``room:{id}``) to every websocket that watches it.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields
from datetime import timedelta
from typing import Any, Final, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.registry import GameSpec
from harfiyen.core.wire import WireError, record_from_json
from harfiyen.games import game as registered_game
from harfiyen.server import quotas
from harfiyen.server.bot_users import bot_users
from harfiyen.server.errors import because, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import packs as pack_errors
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.errors import social as social_errors
from harfiyen.server.games import adapter
from harfiyen.server.match.after_commit import AfterCommit
from harfiyen.server.match.store import Written
from harfiyen.server.models import Match, Room, RoomMember, RoomSeat, User, WordPack, utcnow
from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)

# Advisory-lock namespace of room writers (matches use 4242, users 4243).
ROOM_LOCK_NAMESPACE: Final = 4244
# Room codes: no 0/O or 1/I/L to misread when said aloud on a video call.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
MAX_MEMBERS: Final = 100
LIST_LIMIT: Final = 100
# Rows of rooms looked at for one page of the public list, in pages' worth.
LIST_SCAN: Final = 4
# The public list leaves out rooms nothing happened in for this long (their people left).
LIST_FRESH: Final = timedelta(hours=12)

T = TypeVar("T")


def room_channel(room_id: int) -> str:
    return f"room:{room_id}"


#: The server-only field of a room chat frame (room_chat.py): the members it is for.
CHAT_READERS: Final = "members"


def may_receive(message: dict[str, Any], user_id: int) -> bool:
    """Whether a room frame goes to a watcher: every room frame does, a chat message only
    to the room's members (a code lets anyone watch the room, not read its members' talk)."""
    return message.get("type") != "room_chat" or user_id in message.get(CHAT_READERS, ())


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def may_read(kicked: Sequence[int] | None, user_id: int) -> bool:
    """Who may read a room: anyone with its code (the code is the invitation) except the
    people its host kicked out. The one rule of every read: over HTTP, a websocket watch
    and each room frame published to its watchers (which carries ``kicked`` for this)."""
    return user_id not in (kicked or ())


def _readable(room: Room, user_id: int) -> None:
    """Refuse (``room.kicked``, 403) a reader the room kicked out."""
    if not may_read(room.kicked, user_id):
        raise fail(room_errors.ROOM_KICKED, status=403)


# --- what a game offers a room (the registry's room fields) ------------------------------


def room_slots(spec: GameSpec[Any, Any, Any], config: Any) -> tuple[dict[str, Any], ...]:
    """The seats a room offers for ``config``, as public descriptors, in slot order."""
    return tuple(dict(d) for d in spec.room_slots(config))


def seated_config(spec: GameSpec[Any, Any, Any], config: Any, filled: Sequence[int]) -> Any:
    """The checked config for the filled slot indices; raises the engine's refusal."""
    return spec.check_config(spec.seated_config(config, filled))


def uses_packs(spec: GameSpec[Any, Any, Any]) -> bool:
    """A game whose board comes from a word list (its config has ``words``) takes the room
    option ``pack``: a pack id of the host's, or ``None`` for the game's built-in pack."""
    return "words" in _defaults(spec)


def _defaults(spec: GameSpec[Any, Any, Any]) -> dict[str, Any]:
    return {f.name: f.default for f in fields(spec.config_type)}


def _spec(game: str) -> GameSpec[Any, Any, Any]:
    try:
        return registered_game(game)
    except HarfiyenError:
        raise fail(match_errors.UNKNOWN_GAME, game=game) from None


def _canonical(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, ensure_ascii=False)


# --- a room as loaded ---------------------------------------------------------------------


@dataclass
class Loaded:
    """A room with its seats, members and (when it could be built) its base config."""

    room: Room
    seats: list[RoomSeat]
    members: list[tuple[RoomMember, User]]
    spec: GameSpec[Any, Any, Any]
    slots: tuple[dict[str, Any], ...]
    base: Any = None  # the game's config before seating; None when the options fail
    problem: HarfiyenError | None = None  # why it cannot start now
    match: Match | None = None
    users: dict[int, User] = field(default_factory=dict)
    # Set by a change that found nothing to do (joining again): no new version, no frame.
    unchanged: bool = False

    @property
    def status(self) -> str:
        """``playing`` only while its match runs (a missed end notice heals on reading)."""
        if self.room.status == "playing" and (
            self.match is None or self.match.status in ("finished", "cancelled")
        ):
            return "open"
        return self.room.status

    def seat_of(self, user_id: int) -> RoomSeat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def member(self, user_id: int) -> RoomMember | None:
        return next((m for m, _ in self.members if m.user_id == user_id), None)

    def filled(self) -> list[RoomSeat]:
        return [s for s in self.seats if s.user_id is not None or s.ai_level is not None]

    def free(self) -> list[RoomSeat]:
        return [s for s in self.seats
                if s.user_id is None and s.ai_level is None and not s.locked]


def preference_order(slots: Sequence[dict[str, Any]]) -> list[int]:
    """The slot indices in the order a newcomer (or an AI filler) takes them: the teams in
    turn, each team's seats in slot order (red spymaster, blue spymaster, red guesser...),
    so a half-full table is a balanced one."""
    teams: list[Any] = []
    for d in slots:
        if d.get("team") not in teams:
            teams.append(d.get("team"))
    rank: dict[Any, int] = {}
    keyed = []
    for index, d in enumerate(slots):
        team = d.get("team")
        keyed.append((rank.get(team, 0), teams.index(team), index))
        rank[team] = rank.get(team, 0) + 1
    return [index for _, _, index in sorted(keyed)]


Occupant = tuple[int | None, str | None]  # (user id, AI level)


def rotated(slots: Sequence[dict[str, Any]], occupants: Sequence[Occupant | None]
            ) -> list[Occupant | None]:
    """The seating of a rematch: in each team (the whole table for a game without teams)
    everyone moves one filled seat on, so the first seat's role (the spymaster) passes to
    the next player of the team and the first player goes to the end; then, when the teams
    have the same seats, the teams swap sides (Kelime Casusu: colours, and so who starts)."""
    out = list(occupants)
    teams: dict[Any, list[int]] = {}
    for index, d in enumerate(slots):
        teams.setdefault(d.get("team"), []).append(index)
    for indices in teams.values():
        used = [i for i in indices if occupants[i] is not None]
        people = [occupants[i] for i in used]
        for i, person in zip(used, people[1:] + people[:1], strict=True):
            out[i] = person
    groups = list(teams.values())
    shapes = {tuple(tuple(sorted((k, v) for k, v in slots[i].items() if k != "team"))
                    for i in g) for g in groups}
    if len(groups) > 1 and len(shapes) == 1:
        swapped = list(out)
        for g, h in zip(groups, groups[1:] + groups[:1], strict=True):
            for i, j in zip(g, h, strict=True):
                swapped[j] = out[i]
        out = swapped
    return out


# --- the service --------------------------------------------------------------------------


class RoomService:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.sessions = service.sessions
        self.pubsub = service.pubsub
        # Called with (game, language) when a slot gets an AI: its models start loading
        # before the match does (the app sets it to BotRunner.prepare).
        self.prepare_ai: Callable[[str, str], None] | None = None

    # --- locking, loading, publishing --------------------------------------------------

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
        spec = _spec(room.game)
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
        spec = _spec(game)
        opts = dict(options)
        if uses_packs(spec):
            if "words" in opts:
                raise fail(match_errors.BAD_CONFIG, problem="words come from a pack (option pack)")
            pack_id = opts.pop("pack", None)
            if pack_id is not None:  # none: the game's built-in pack (its check fills it)
                language = str(opts.get("language", _defaults(spec).get("language")))
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

    def room_json(self, loaded: Loaded, language: str | None) -> dict[str, Any]:
        """The room as clients see it; ``language`` ``None``: messages in both languages
        (a published frame, localised for each connection)."""
        room = loaded.room

        def person(user: User | None) -> dict[str, Any] | None:
            if user is None:
                return None
            return {"id": user.id, "username": user.username, "display_name": user.display_name}

        slot_of = {s.user_id: s.slot for s in loaded.seats if s.user_id is not None}
        slots = []
        for seat in loaded.seats:
            desc = loaded.slots[seat.slot] if seat.slot < len(loaded.slots) else {}
            slots.append({
                "slot": seat.slot, "team": None, "role": None, **desc,
                "user": person(loaded.users.get(seat.user_id)) if seat.user_id else None,
                "ai": seat.ai_level, "locked": seat.locked,
            })
        status = loaded.status
        problem = loaded.problem
        if problem is None and status != "open":
            problem = fail(room_errors.ROOM_STARTED, status=409)
        start_problem = None
        if problem is not None:
            message: Any = {"tr": problem.message.tr, "en": problem.message.en}
            if language is not None:
                message = problem.message.in_language(language)
            start_problem = {"code": problem.code, "message": message}
        match = loaded.match
        return {
            "code": room.code, "game": room.game, "options": room.options,
            "time_control": room.time_control, "public": room.public, "quick": room.quick,
            "status": status, "host": person(loaded.users.get(room.host_id)),
            "video_url": room.video_url, "match": room.match_id,
            "match_status": None if match is None else match.status,
            "version": room.version, "slots": slots,
            "members": [{**(person(u) or {}), "slot": slot_of.get(u.id)}
                        for _, u in loaded.members],
            "can_start": start_problem is None, "start_problem": start_problem,
            "join_url": f"/#/room/{room.code}",
        }

    async def get(self, code: str, language: str | None, reader: int | None = None
                  ) -> dict[str, Any]:
        """The room as ``reader`` may read it (refused to one it kicked out: ``room.kicked``,
        403); ``reader`` ``None``: the answer to a change its caller was just allowed."""
        room_id = await self._room_id(code)
        async with self.sessions() as db:
            room = await db.get(Room, room_id)
            assert room is not None
            if reader is not None:
                _readable(room, reader)
            return self.room_json(await self.load(db, room), language)

    async def publish(self, room_id: int) -> None:
        """Send the room as it is now to its watchers; never raises (a client that missed
        a frame reads the room again)."""
        try:
            async with self.sessions() as db:
                room = await db.get(Room, room_id)
                if room is None:
                    return
                frame: dict[str, Any] = {
                    "type": "room", "room": self.room_json(await self.load(db, room), None)}
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
        if isinstance(result, _Started):
            await self.service.run_after_commit(AfterCommit(result.match, result.written))
        await self.publish(room_id)
        return result

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

    # --- creating, listing -------------------------------------------------------------

    async def create(self, user: User, game: str, options: dict[str, Any], *,
                     public: bool = False, video_url: str | None = None,
                     time_control: dict[str, Any] | None = None, quick: bool = False,
                     address: str | None = None) -> Room:
        """A new room hosted by ``user``; ``address``: the keyed hash of the request's address.
        Beyond the open-rooms quota (``room.too_many``, 429) nothing is written."""
        spec = _spec(game)
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
                        out.append(self.room_json(loaded, language))
                        if len(out) == limit:
                            return out, cursor
                if len(rooms) < limit:
                    return out, None
        return out, cursor

    # --- members and seats -------------------------------------------------------------

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
        _readable(room, user.id)
        if len(loaded.members) >= MAX_MEMBERS:
            raise fail(room_errors.ROOM_MEMBERS_FULL, status=409, limit=MAX_MEMBERS)
        member = RoomMember(room_id=room.id, user_id=user.id)
        db.add(member)
        loaded.members.append((member, user))
        loaded.users[user.id] = user

    def _slot(self, loaded: Loaded, slot: int) -> RoomSeat:
        if not 0 <= slot < len(loaded.seats):
            raise fail(room_errors.ROOM_NO_SLOT, status=404, slot=slot, last=len(loaded.seats) - 1)
        return loaded.seats[slot]

    @staticmethod
    def _open(loaded: Loaded) -> None:
        if loaded.status == "closed":
            raise fail(room_errors.ROOM_CLOSED, status=409)
        if loaded.status != "open":
            raise fail(room_errors.ROOM_STARTED, status=409)

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

    # --- host controls -----------------------------------------------------------------

    @staticmethod
    def _host(loaded: Loaded, user: User) -> None:
        if loaded.room.host_id != user.id:
            raise fail(room_errors.ROOM_NOT_HOST, status=403)

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

    # --- starting ----------------------------------------------------------------------

    async def start(self, user: User, code: str, address: str | None = None) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> _Started:
            self._host(loaded, user)
            self._open(loaded)
            return await self._start(db, loaded, rematch_of=None, address=address)
        return (await self._change(code, change)).room

    async def rematch(self, user: User, code: str, address: str | None = None) -> Room:
        """A new match in the room, the roles rotated (see :func:`rotated`), AIs kept."""
        async def change(db: AsyncSession, loaded: Loaded) -> _Started:
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
                     address: str | None = None) -> _Started:
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
        return _Started(room, match, written)

    # --- quick play --------------------------------------------------------------------

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
        async def change(db: AsyncSession, loaded: Loaded) -> Room | _Started:
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
        return result.room if isinstance(result, _Started) else result

    async def _fill_and_start(self, code: str, address: str | None = None) -> Room:
        async def change(db: AsyncSession, loaded: Loaded) -> Room | _Started:
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
        return result.room if isinstance(result, _Started) else result

    def _prepare(self, loaded: Loaded) -> None:
        if self.prepare_ai is None or loaded.base is None:
            return
        try:
            self.prepare_ai(loaded.room.game, loaded.spec.setup(loaded.base).language)
        except Exception:  # loading ahead is an optimisation: the match loads it anyway
            log.exception("preparing the AI of room %s failed", loaded.room.code)

    def _startable(self, loaded: Loaded) -> bool:
        try:
            self.seated(loaded)
        except HarfiyenError:
            return False
        return True


@dataclass(frozen=True)
class _Started:
    """A match started in a room's transaction: published after the commit."""

    room: Room
    match: Match
    written: Written


__all__ = [
    "CODE_ALPHABET",
    "RoomService",
    "may_read",
    "preference_order",
    "room_channel",
    "room_slots",
    "rotated",
    "seated_config",
]
