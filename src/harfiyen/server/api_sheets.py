"""The REST API of Harf Takıl guess sheets: ``GET/PUT /api/matches/{id}/sheet``.

The rules (who reads which sheet, what a save may hold) are in :mod:`.sheets`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import Field

from harfiyen.server.api import CurrentUser, service_of
from harfiyen.server.schemas import MatchId, Strict
from harfiyen.server.sheets import Entry, read_sheets, save_sheet

router = APIRouter(prefix="/api")


class GuessBody(Strict):
    # A stand position, 0-based (checked against the game's word length).
    position: Annotated[int, Field(strict=True)]
    # One letter of the game (``i`` is read as ``İ`` in Turkish); ``null`` or "" clears it.
    letter: Annotated[str, Field(max_length=32)] | None


class SheetBody(Strict):
    guesses: list[GuessBody] = Field(max_length=64)


@router.get("/matches/{match_id}/sheet")
async def get_sheet(match_id: MatchId, request: Request, user: CurrentUser) -> Any:
    """The caller's own sheet while the match runs; every seat's sheet once it has ended."""
    return await read_sheets(service_of(request), match_id, user.id)


@router.put("/matches/{match_id}/sheet")
async def put_sheet(match_id: MatchId, body: SheetBody, request: Request,
                    user: CurrentUser) -> Any:
    """Save the seat's notes: each listed position gets its letter (others keep theirs)."""
    entries = [Entry(g.position, g.letter) for g in body.guesses]
    return await save_sheet(service_of(request), match_id, user.id, entries)
