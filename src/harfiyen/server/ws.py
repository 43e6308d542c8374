"""The websocket endpoint: authenticate, validate frames, ack, and forward projected messages.

One connection per browser tab. The client subscribes to matches; the server
forwards the numbered events and views published for the connection's
audience (its seat, or spectators) and the user's own notices. Per match the
connection remembers the last sequence number sent: duplicates are dropped,
and a jump is filled from the event log before the newer frame goes out, so
a client always sees every number in order. Messages wait in a bounded
queue; a client that falls behind gets a ``resync`` frame instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from harfiyen.core.errors import GameError
from harfiyen.core.viewers import Seat
from harfiyen.server import auth, chat
from harfiyen.server import errors as E
from harfiyen.server.games import Viewer, validation_problem
from harfiyen.server.models import User
from harfiyen.server.pubsub import Unsubscribe
from harfiyen.server.service import MatchService, match_channel, user_channel
from harfiyen.server.settings import Settings

log = logging.getLogger(__name__)
router = APIRouter()

FrameId = int | Annotated[str, Field(max_length=64)] | None


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: FrameId = None


class SubscribeFrame(_Frame):
    type: Literal["subscribe"]
    match: int
    last_seq: int = Field(default=0, ge=0)


class UnsubscribeFrame(_Frame):
    type: Literal["unsubscribe"]
    match: int


class MoveFrame(_Frame):
    type: Literal["move"]
    match: int
    move: dict[str, Any]


class PingFrame(_Frame):
    type: Literal["ping"]


class ChatFrame(_Frame):
    type: Literal["chat"]
    match: int
    text: str = Field(max_length=4000)


ClientFrame = Annotated[
    SubscribeFrame | UnsubscribeFrame | MoveFrame | PingFrame | ChatFrame,
    Field(discriminator="type"),
]
_FRAME: TypeAdapter[Any] = TypeAdapter(ClientFrame)

# Internal queue items (never sent): forget or set what was sent of a match; slow client.
_RESET = "_reset"
_OVERFLOW = "_overflow"


class Connection:
    def __init__(
        self, ws: WebSocket, user: User, language: str, service: MatchService, settings: Settings
    ) -> None:
        self.ws = ws
        self.user = user
        self.language = language
        self.service = service
        self.limit = settings.connection_queue
        self.max_frame = settings.max_frame_bytes
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent_seq: dict[int, int | None] = {}
        self.viewers: dict[int, Viewer] = {}
        self.unsubscribe: dict[int, Unsubscribe] = {}
        self.waiting: set[int] = set()  # subscribed matches that have not started yet
        self.overflowed = False

    # --- from pub/sub (must not block) -----------------------------------------------------

    def deliver(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return
        if self.queue.qsize() >= self.limit:
            self.overflowed = True
            self.queue.put_nowait({"type": _OVERFLOW})
            return
        self.queue.put_nowait(message)

    def reply(self, message: dict[str, Any]) -> None:
        """Answers to this client's own frames skip the bound (they are few and small)."""
        self.queue.put_nowait(message)

    def error(self, frame_id: Any, error: GameError) -> None:
        self.reply({"type": "error", "id": frame_id, **E.error_body(error, self.language)})

    # --- sending ---------------------------------------------------------------------------

    async def send_loop(self) -> None:
        while True:
            message = await self.queue.get()
            kind = message["type"]
            if kind == _OVERFLOW:
                await self._overflow()
            elif kind == _RESET:
                self.sent_seq[message["match"]] = message["seq"]
            elif kind in ("event", "state", "sync"):
                await self._numbered(message)
            elif kind == "notice" and message.get("kind") == "match_started":
                await self.ws.send_json(message)
                if message["match"] in self.waiting:
                    await self.subscribe(message["match"], 0, None)
            else:
                await self.ws.send_json(message)

    async def _numbered(self, message: dict[str, Any]) -> None:
        match_id, seq, kind = message["match"], message["seq"], message["type"]
        if match_id not in self.viewers:
            return  # unsubscribed meanwhile
        last = self.sent_seq.get(match_id)
        if kind == "sync":
            await self.ws.send_json(message)
            self.sent_seq[match_id] = seq
            return
        if last is None or seq < last or (kind == "event" and seq == last):
            return  # a full view is on its way, or the client already has this
        if seq > last + (1 if kind == "event" else 0):
            for frame in await self.service.gap(match_id, self.viewers[match_id], last):
                if frame["seq"] < seq or (kind == "state" and frame["seq"] == seq):
                    await self.ws.send_json(frame)
                    self.sent_seq[match_id] = last = frame["seq"]
        await self.ws.send_json(message)
        self.sent_seq[match_id] = seq

    async def _overflow(self) -> None:
        """Drop the backlog of published messages and ask the client to resync."""
        kept = []
        while not self.queue.empty():
            item = self.queue.get_nowait()
            if item["type"] in ("ack", "error", "pong"):
                kept.append(item)
        for item in kept:
            await self.ws.send_json(item)
        for match_id in self.sent_seq:
            self.sent_seq[match_id] = None
        self.overflowed = False
        await self.ws.send_json({"type": "resync", "matches": sorted(self.viewers)})

    # --- subscriptions ---------------------------------------------------------------------

    async def subscribe(self, match_id: int, last_seq: int, frame_id: Any) -> None:
        # Subscribe first, then read: anything published meanwhile is deduplicated by seq.
        self._drop(match_id)
        viewer = await self.service.viewer_for(match_id, self.user.id)
        self.viewers[match_id] = viewer
        self.unsubscribe[match_id] = await self.service.pubsub.subscribe(
            match_channel(match_id, viewer), self.deliver
        )
        viewer, frames = await self.service.sync_frames(match_id, self.user.id, last_seq)
        if viewer != self.viewers[match_id]:
            # The match started between the two reads: follow the seat's channel
            # (numbered frames fill any gap from the log).
            self.unsubscribe[match_id]()
            self.viewers[match_id] = viewer
            self.unsubscribe[match_id] = await self.service.pubsub.subscribe(
                match_channel(match_id, viewer), self.deliver
            )
        if frames[0]["type"] == "sync" and frames[0]["status"] == "waiting":
            self.waiting.add(match_id)
        else:
            self.waiting.discard(match_id)
        self.reply({
            "type": "ack", "id": frame_id, "match": match_id,
            "seat": viewer.seat if isinstance(viewer, Seat) else None,
        })
        start = None if frames[0]["type"] == "sync" else last_seq
        self.reply({"type": _RESET, "match": match_id, "seq": start})
        for frame in frames:
            self.reply(frame)

    def _drop(self, match_id: int) -> None:
        stop = self.unsubscribe.pop(match_id, None)
        if stop is not None:
            stop()
        self.viewers.pop(match_id, None)
        self.sent_seq.pop(match_id, None)

    def close(self) -> None:
        for match_id in list(self.unsubscribe):
            self._drop(match_id)

    # --- receiving -------------------------------------------------------------------------

    async def handle(self, text: str) -> None:
        size = len(text.encode())
        if size > self.max_frame:
            self.error(None, E.fail(E.FRAME_TOO_LARGE, size=size, limit=self.max_frame))
            return
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self.error(None, E.fail(E.MALFORMED_FRAME))
            return
        frame_id = data.get("id") if isinstance(data.get("id"), int | str) else None
        try:
            frame = _FRAME.validate_python(data)
        except ValidationError as error:
            self.error(frame_id, E.fail(E.INVALID_REQUEST, problem=validation_problem(error)))
            return
        try:
            await self._dispatch(frame)
        except GameError as error:
            self.error(frame.id, error)

    async def _dispatch(self, frame: Any) -> None:
        if isinstance(frame, PingFrame):
            self.reply({"type": "pong", "id": frame.id})
        elif isinstance(frame, SubscribeFrame):
            await self.subscribe(frame.match, frame.last_seq, frame.id)
        elif isinstance(frame, UnsubscribeFrame):
            self._drop(frame.match)
            self.waiting.discard(frame.match)
            self.reply({"type": "ack", "id": frame.id, "match": frame.match})
        elif isinstance(frame, ChatFrame):
            message = await chat.post(self.service, self.user, frame.match, frame.text)
            self.reply({"type": "ack", "id": frame.id, "match": frame.match,
                        "chat": message["id"]})
        elif isinstance(frame, MoveFrame):
            done = await self.service.submit(self.user.id, frame.match, frame.move)
            self.reply({
                "type": "ack", "id": frame.id, "match": done.match_id, "seq": done.last_seq,
                "status": done.status,
            })


def _origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: cookies alone cannot be forged across sites
    if origin in settings.allowed_origins:
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")


@router.websocket("/ws")
async def websocket_endpoint(ws: WebSocket) -> None:
    settings: Settings = ws.app.state.settings
    service: MatchService = ws.app.state.service
    async with service.sessions() as db:
        user = await auth.user_of_token(db, ws.cookies.get(auth.SESSION_COOKIE))
    language = ws.query_params.get("lang") or auth.user_language(user)
    language = language if language in ("tr", "en") else "tr"
    await ws.accept()
    if user is None or not _origin_allowed(ws, settings):
        kind = E.NOT_AUTHENTICATED if user is None else E.BAD_ORIGIN
        await ws.send_json({"type": "error", "id": None, **E.error_body(E.fail(kind), language)})
        await ws.close(code=4401 if user is None else 4403)
        return
    conn = Connection(ws, user, language, service, settings)
    stop_user = await service.pubsub.subscribe(user_channel(user.id), conn.deliver)
    sender = asyncio.create_task(conn.send_loop())
    conn.reply({"type": "hello", "user": user.id, "language": language})
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.error(None, E.fail(E.MALFORMED_FRAME))
                continue
            try:
                await conn.handle(text)
            except Exception:
                log.exception("websocket frame failed")
                conn.error(None, E.fail(E.INTERNAL))
            if sender.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        stop_user()
        conn.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
