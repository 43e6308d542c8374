"""What the server does when someone leaves a table (harfiyen.server.presence says who).

- A seat whose person has been away for ``absent_seconds`` while the table waits on it
  (the seat is among the acting seats) is handed to the game's first AI level
  (harfiyen.server.handoff) until the person comes back and takes it back. Not in ranked
  matches (they keep their clocks: an away player runs out of time) nor in two-player
  crossword matches (they keep their time controls; an untimed one the opponent may end
  as a win once the away player has not moved for ``abandon_hours``: ``claim_abandoned``).
- When a room's host is announced away from the room or from its match, the host role
  passes to the longest-present seated person still there (else the longest-present
  member), and the room and the match are told.
"""

from __future__ import annotations

import logging
import math
import time

from sqlalchemy import select

from harfiyen.core.errors import HarfiyenError
from harfiyen.games import game as registered_game
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.handoff import hand_seat
from harfiyen.server.match.commands import Submitted
from harfiyen.server.models import Match, MatchEvent, Room, utcnow
from harfiyen.server.presence import Presence, presence_channel, room_scope, scope_fields
from harfiyen.server.rooms import RoomService
from harfiyen.server.schemas import acting_seats
from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)


def attach(presence: Presence, service: MatchService, rooms: RoomService) -> None:
    """Act on presence: hand absent people's seats, pass an away host's role."""

    async def on_sweep(scope: str, away: dict[int, float], present: set[int]) -> None:
        kind, _, key = scope.partition(":")
        if kind == "match" and away:
            await hand_absent_seats(service, int(key), away)

    async def on_left(scope: str, user_id: int) -> None:
        # The host may be away from the room page (everyone plays on the match page) or
        # from the match page of a match started from the room: either passes the role.
        kind, _, key = scope.partition(":")
        code: str | None = key
        if kind == "match":
            async with service.sessions() as db:
                match = await db.get(Match, int(key))
                room = await db.get(Room, match.room_id) \
                    if match is not None and match.room_id is not None else None
                code = room.code if room is not None and room.host_id == user_id else None
        if code is None:
            return
        present = await presence.store.live(scope, time.time())
        seen = await presence.seen(scope)
        order = sorted((u for u in present if u != user_id), key=lambda u: seen.get(u, 0))
        heir = await rooms.pass_host(code, user_id, order)
        if heir is not None:
            for told in {scope, room_scope(code)}:
                await service.pubsub.publish(presence_channel(told), {
                    "type": "presence", "kind": "host", **scope_fields(told), "room": code,
                    "user": heir.id, "name": heir.display_name, "from": user_id})

    presence.on_sweep.append(on_sweep)
    presence.on_left.append(on_left)


def hands_absent(match: Match, seats: int) -> bool:
    """Whether the server hands an absent person's seat of ``match`` to the AI."""
    if match.status != "active" or match.ranked or not registered_game(match.game).ai_levels:
        return False
    return not (match.game == "crossword" and seats == 2)


async def hand_absent_seats(service: MatchService, match_id: int,
                            away: dict[int, float]) -> None:
    """Hand each acting seat whose person has been away ``absent_seconds`` to the AI."""
    now = time.time()
    absent = {u for u, since in away.items() if now - since >= service.settings.absent_seconds}
    if not absent:
        return
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        if match is None:
            return
        seating = dict(await service.seating(db, match))
        if not hands_absent(match, len(seating)):
            return
        handed = match.handed or {}
        seats = [s for s in acting_seats(match)
                 if seating.get(s) in absent and str(s) not in handed]
        level = registered_game(match.game).ai_levels[0]
    for seat in seats:
        try:
            await hand_seat(service, None, match_id, seat, level)
        except HarfiyenError as error:  # the match ended or moved on meanwhile
            log.info("absent seat %s of match %s not handed: %s", seat, match_id, error.code)


async def claim_abandoned(service: MatchService, user_id: int, match_id: int) -> Submitted:
    """End an untimed two-player crossword match as ``user_id``'s win: the opponent, to
    move, has not moved for ``abandon_hours`` (as Kelimelik's longest move time). The
    game's own timeout move is made for the opponent, so the engine ends it as a loss on
    time. Refused (nothing changes) before that time, with the hours left."""
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        if match is None:
            raise fail(match_errors.MATCH_NOT_FOUND, status=404)
        seating = dict(await service.seating(db, match))
        if user_id not in seating.values():
            raise fail(match_errors.NOT_A_PLAYER, status=403)
        if match.status != "active":
            raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
        timeout = adapter(match.game).timeout()
        away = seating.get(match.to_move) if match.to_move is not None else None
        untimed = match.deadline_at is None  # a clock runs for every move of a timed one
        if match.game != "crossword" or len(seating) != 2 or not untimed or away is None \
                or away == user_id or timeout is None:
            raise fail(match_errors.ABANDON_NOT_HERE, status=409)
        last = (await db.execute(
            select(MatchEvent.created_at).where(MatchEvent.match_id == match_id)
            .order_by(MatchEvent.seq.desc()).limit(1)
        )).scalar_one_or_none() or match.started_at or match.created_at
        seq = match.last_seq
    waited = (utcnow() - last).total_seconds()
    abandon = service.settings.abandon_hours * 3600
    if waited < abandon:
        raise fail(match_errors.ABANDON_TOO_EARLY, status=409, hours=int(waited // 3600),
                   abandon=f"{service.settings.abandon_hours:g}",
                   left=max(1, math.ceil((abandon - waited) / 3600)))
    return await service.submit(away, match_id, timeout, expect_seq=seq)


__all__ = ["attach", "claim_abandoned", "hand_absent_seats", "hands_absent"]
