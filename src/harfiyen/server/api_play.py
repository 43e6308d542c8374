"""REST routes for the match screen: the projected event log and the move preview.

Both only read: the event log is projected for the caller exactly like the
websocket's ``event`` frames, and a preview scores a tentative play without
writing anything.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request

from harfiyen.server.api import CurrentUser, Db, service_of
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import reference as reference_errors
from harfiyen.server.games import adapter
from harfiyen.server.models import Match
from harfiyen.server.preview import preview_answer
from harfiyen.server.schemas import MatchId

router = APIRouter(prefix="/api")


@router.get("/matches/{match_id}/events")
async def match_events(
    match_id: MatchId, request: Request, user: CurrentUser, db: Db,
    after: Annotated[int, Query(ge=0)] = 0,
) -> Any:
    """The events after ``after``, each as the caller's audience sees it (seat or spectator)."""
    service = service_of(request)
    match = await service.watchable(db, match_id, user.id)
    viewer = await service.viewer_of(db, match_id, user.id)
    events: list[dict[str, Any]] = []
    # A match that never started has no log to replay.
    if match.status not in ("waiting", "cancelled"):
        game = adapter(match.game)
        state = await service.state(db, match)
        for seq, event in enumerate(game.events(state)[after:], start=after + 1):
            projected = game.project(event, viewer, state)
            if projected is not None:
                events.append({"seq": seq, "event": projected})
    return {"match": match_id, "last_seq": match.last_seq, "events": events}


@router.post("/matches/{match_id}/preview")
async def preview(
    match_id: MatchId, request: Request, user: CurrentUser, db: Db, body: Annotated[Any, Body()]
) -> Any:
    """The words and score a play would make for the caller's seat; nothing is written."""
    service = service_of(request)
    match = await db.get(Match, match_id)
    if match is None:
        raise fail(match_errors.MATCH_NOT_FOUND, status=404)
    game = adapter(match.game)
    if game.preview is None:
        raise fail(reference_errors.PREVIEW_NOT_SUPPORTED)
    seat = await service.seat_of(db, match_id, user.id)
    if seat is None:
        raise fail(match_errors.NOT_A_PLAYER, status=403)
    if match.status != "active":
        raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
    state = await service.state(db, match)
    return preview_answer(game, state, seat, body, request.state.language)
