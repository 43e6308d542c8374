"""The frames a client may send over the websocket, validated before anything reads them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from harfiyen.server.schemas import DB_INT_MAX

# A client's frame id is echoed in every answer: a number must fit the 64 bits the frame
# encoder writes, a string 64 characters.
ID_MIN, ID_MAX = -(2**63), 2**63 - 1
FrameId = (Annotated[int, Field(strict=True, ge=ID_MIN, le=ID_MAX)]
           | Annotated[str, Field(max_length=64)] | None)
# Row ids and sequence numbers fit the database's 32-bit integers (PostgreSQL's INTEGER).
MatchId = Annotated[int, Field(strict=True, ge=1, le=DB_INT_MAX)]
Seq = Annotated[int, Field(strict=True, ge=0, le=DB_INT_MAX)]
# Deepest nesting of a frame's JSON (a move is three levels deep).
MAX_DEPTH = 16


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: FrameId = None


class SubscribeFrame(_Frame):
    type: Literal["subscribe"]
    match: MatchId
    last_seq: Seq = 0


class UnsubscribeFrame(_Frame):
    type: Literal["unsubscribe"]
    match: MatchId


class MoveFrame(_Frame):
    type: Literal["move"]
    match: MatchId
    move: dict[str, Any]


class PingFrame(_Frame):
    type: Literal["ping"]


class ChatFrame(_Frame):
    type: Literal["chat"]
    match: MatchId
    text: str = Field(max_length=4000)


class MarkFrame(_Frame):
    """A player's public mark on a card (a guesser's first tap), or ``None`` to clear it."""

    type: Literal["mark"]
    match: MatchId
    index: Annotated[int, Field(strict=True, ge=0, le=999)] | None


class WatchRoomFrame(_Frame):
    """Follow a room's changes (rooms.py answers it)."""

    type: Literal["watch_room"]
    code: str = Field(min_length=1, max_length=16)


class UnwatchRoomFrame(_Frame):
    type: Literal["unwatch_room"]
    code: str = Field(min_length=1, max_length=16)


ClientFrame = Annotated[
    SubscribeFrame | UnsubscribeFrame | MoveFrame | PingFrame | ChatFrame | MarkFrame
    | WatchRoomFrame | UnwatchRoomFrame,
    Field(discriminator="type"),
]
FRAME: TypeAdapter[Any] = TypeAdapter(ClientFrame)


def frame_id_of(data: Any) -> Any:
    """The client's ``id`` of a parsed frame when it is a valid one (echoed in every answer)."""
    if not isinstance(data, dict):
        return None
    value = data.get("id")
    if isinstance(value, bool):
        return None
    if (isinstance(value, int) and ID_MIN <= value <= ID_MAX) \
            or (isinstance(value, str) and len(value) <= 64):
        return value
    return None


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``data`` nests deeper than ``limit`` (iterative: no recursion to exhaust)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > limit:
                return True
            stack.extend((child, depth + 1)
                         for child in (node.values() if isinstance(node, dict) else node))
    return False
