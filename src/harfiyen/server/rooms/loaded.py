"""A room as loaded from the database, and the form clients see it in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.registry import GameSpec
from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.models import Match, Room, RoomMember, RoomSeat, User


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


def room_json(loaded: Loaded, language: str | None) -> dict[str, Any]:
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
