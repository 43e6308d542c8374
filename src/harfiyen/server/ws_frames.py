"""The websocket's frames: what a client may send (validated before anything reads it)
and how fast, and the encoding of what the server sends."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

import orjson
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


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; one frame costs one."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


# A published message reaches every local subscriber of its channel as the same object:
# it is encoded once for all of them (a move watched by a thousand spectators).
_ENCODED: dict[int, tuple[dict[str, Any], str]] = {}
_ENCODED_KEEP = 256


def encoded(message: dict[str, Any]) -> str:
    kept = _ENCODED.get(id(message))
    if kept is not None and kept[0] is message:
        return kept[1]
    # Compact UTF-8 JSON as json.dumps(ensure_ascii=False) writes it, integer keys as text.
    text = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    if len(_ENCODED) >= _ENCODED_KEEP:
        _ENCODED.pop(next(iter(_ENCODED)))
    _ENCODED[id(message)] = (message, text)
    return text
