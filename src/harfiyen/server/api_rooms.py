"""The REST API of rooms and quick play (see docs/protocol.md, "Rooms")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field

from harfiyen.core.errors import HarfiyenError
from harfiyen.server import room_chat
from harfiyen.server.api import CurrentUser, address_of, throttle_of
from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.models import Room
from harfiyen.server.rooms import LIST_LIMIT, RoomService
from harfiyen.server.schemas import DB_INT_MAX, Strict
from harfiyen.server.throttle import client_address

router = APIRouter(prefix="/api")

RoomCode = Annotated[str, Path(min_length=1, max_length=16)]


async def looked_up_code(code: RoomCode, request: Request, user: CurrentUser
                         ) -> AsyncIterator[str]:
    """The path's room code, looked up under the room-code throttle: a lookup whose code
    names no room counts against the caller's account and address, and once either has
    too many every lookup is refused (429 ``room.too_many_lookups`` with the seconds)."""
    throttle, address = throttle_of(request), client_address(request)
    await throttle.room_lookup_allowed(user.id, address)
    try:
        yield code
    except HarfiyenError as error:
        if error.code == room_errors.ROOM_NOT_FOUND.code:
            await throttle.room_lookup_failed(user.id, address)
        raise


LookedUpCode = Annotated[str, Depends(looked_up_code)]
Slot = Annotated[int, Path(ge=0, le=1000)]
UserId = Annotated[int, Field(strict=True, ge=1, le=DB_INT_MAX)]
Seconds = Annotated[int, Field(ge=10, le=14 * 24 * 3600)]


def _video_url(value: str | None) -> str | None:
    """An http(s) link or nothing: anything else (``javascript:``) must never become the
    button every player sees."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(
        c.isspace() or ord(c) < 32 for c in value
    ):
        raise fail(room_errors.ROOM_BAD_VIDEO_URL)
    return value


VideoUrl = Annotated[str | None, Field(max_length=500)]


class RoomTimeControl(Strict):
    """Optional clocks: one limit per move, or one per phase of the game
    (Kelime Casusu: ``{"clue": 120, "guess": 90}``)."""

    kind: Literal["none", "live", "correspondence"] | None = None
    seconds_per_move: Seconds | None = None
    seconds: dict[Annotated[str, Field(max_length=16)], Seconds] | None = Field(
        default=None, max_length=8)

    def stored(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


GameName = Annotated[str, Field(min_length=1, max_length=32)]
Options = Annotated[dict[str, Any], Field(max_length=32)]


class CreateRoomRequest(Strict):
    game: GameName
    options: Options = Field(default_factory=dict)
    public: bool = False
    video_url: VideoUrl = None
    time_control: RoomTimeControl = Field(default_factory=RoomTimeControl)


class SeatRequest(Strict):
    slot: Annotated[int, Field(strict=True, ge=0, le=1000)] | None


class SlotRequest(Strict):
    ai: Annotated[str, Field(max_length=32)] | None = None
    locked: bool | None = None
    user: UserId | None = None
    remove: bool | None = None


class KickRequest(Strict):
    user: UserId


class RoomPatch(Strict):
    video_url: VideoUrl = None
    public: bool | None = None
    options: Options | None = None
    time_control: RoomTimeControl | None = None


class QuickPlayRequest(Strict):
    game: GameName
    options: Options = Field(default_factory=dict)
    fill_with_ai: bool = False


def rooms_of(request: Request) -> RoomService:
    rooms: RoomService = request.app.state.rooms
    return rooms


def _language(request: Request) -> str:
    return getattr(request.state, "language", None) or "tr"


async def _out(request: Request, room: Room) -> dict[str, Any]:
    return await rooms_of(request).get(room.code, _language(request))


@router.post("/rooms", status_code=201)
async def create_room(body: CreateRoomRequest, request: Request, user: CurrentUser) -> Any:
    room = await rooms_of(request).create(
        user, body.game, body.options, public=body.public,
        video_url=_video_url(body.video_url), time_control=body.time_control.stored(),
        address=address_of(request),
    )
    return await _out(request, room)


@router.get("/rooms")
async def list_rooms(
    request: Request, user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=LIST_LIMIT)] = LIST_LIMIT,
    before: Annotated[int | None, Query(ge=1, le=DB_INT_MAX)] = None,
    game: Annotated[str | None, Query(min_length=1, max_length=32)] = None,
) -> Any:
    """Open public rooms with a free seat, newest first, ``limit`` a page; ``next`` is the
    ``before`` of the next page (``null``: no more). ``game``: that game's only."""
    rooms, cursor = await rooms_of(request).public_rooms(
        _language(request), limit=limit, before=before, game=game)
    return {"rooms": rooms, "next": cursor}


@router.get("/rooms/{code}")
async def get_room(code: LookedUpCode, request: Request, user: CurrentUser) -> Any:
    return await rooms_of(request).get(code, _language(request), user.id)


@router.post("/rooms/{code}/join")
async def join_room(code: LookedUpCode, request: Request, user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).join(user, code))


@router.post("/rooms/{code}/seat")
async def take_seat(code: LookedUpCode, body: SeatRequest, request: Request,
                    user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).take_seat(user, code, body.slot))


class RoomChatRequest(Strict):
    text: str = Field(max_length=4000)


@router.post("/rooms/{code}/chat", status_code=201)
async def chat_in_room(code: LookedUpCode, body: RoomChatRequest, request: Request,
                       user: CurrentUser) -> Any:
    """A member's message to the room's members, relayed live (room_chat.py)."""
    return {"message": await room_chat.post(rooms_of(request), throttle_of(request), user, code,
                                            body.text)}


@router.post("/rooms/{code}/leave")
async def leave_room(code: LookedUpCode, request: Request, user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).leave(user, code))


@router.post("/rooms/{code}/slots/{slot}")
async def set_slot(code: LookedUpCode, slot: Slot, body: SlotRequest, request: Request,
                   user: CurrentUser) -> Any:
    changes = body.model_dump(include=body.model_fields_set)
    return await _out(request, await rooms_of(request).set_slot(user, code, slot, changes))


@router.post("/rooms/{code}/kick")
async def kick(code: LookedUpCode, body: KickRequest, request: Request,
               user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).kick(user, code, body.user))


@router.patch("/rooms/{code}")
async def patch_room(code: LookedUpCode, body: RoomPatch, request: Request,
                     user: CurrentUser) -> Any:
    changes: dict[str, Any] = {}
    fields = body.model_fields_set
    if "video_url" in fields:
        changes["video_url"] = _video_url(body.video_url)
    if body.public is not None:
        changes["public"] = body.public
    if body.options is not None:
        changes["options"] = body.options
    if body.time_control is not None:
        changes["time_control"] = body.time_control.stored()
    return await _out(request, await rooms_of(request).update(user, code, changes))


@router.post("/rooms/{code}/start")
async def start_room(code: LookedUpCode, request: Request, user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).start(user, code, address_of(request)))


@router.post("/rooms/{code}/rematch")
async def rematch_room(code: LookedUpCode, request: Request, user: CurrentUser) -> Any:
    return await _out(request, await rooms_of(request).rematch(user, code,
                                                              address_of(request)))


@router.post("/quickplay")
async def quickplay(body: QuickPlayRequest, request: Request, user: CurrentUser) -> Any:
    room = await rooms_of(request).quickplay(user, body.game, body.options, body.fill_with_ai,
                                             address_of(request))
    return await _out(request, room)
