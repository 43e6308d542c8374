"""The websocket endpoint: authenticate, validate frames, ack, and forward projected messages.

One connection per browser tab. The client subscribes to matches; the server
forwards the numbered events and views published for the connection's
audience (its seat, or spectators), the match's chat and card marks, and the
user's own notices. Per match the
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
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.viewers import Seat, Spectator
from harfiyen.server import auth, chat, ws_rooms
from harfiyen.server.errors import accounts as account_errors
from harfiyen.server.errors import error_body, fail, infrastructure_error, internal
from harfiyen.server.errors import quotas as quota_errors
from harfiyen.server.errors import requests as request_errors
from harfiyen.server.games import Viewer, validation_problem
from harfiyen.server.match.channels import match_channel, user_channel
from harfiyen.server.models import User
from harfiyen.server.presence import Presence, match_scope, presence_channel
from harfiyen.server.pubsub import Unsubscribe
from harfiyen.server.service import MatchService
from harfiyen.server.settings import Settings
from harfiyen.server.ws_frames import (
    FRAME,
    ChatFrame,
    MarkFrame,
    MoveFrame,
    PingFrame,
    SubscribeFrame,
    TokenBucket,
    UnsubscribeFrame,
    UnwatchRoomFrame,
    WatchRoomFrame,
    encoded,
    frame_id_of,
    too_deep,
)
from harfiyen.server.ws_gate import close_quietly, let_go, origin_allowed

log = logging.getLogger(__name__)
router = APIRouter()

# The close code of a connection beyond the session's limit (ws_per_session).
WS_TOO_MANY_CODE = 4429


# Internal queue items (never sent): forget or set what was sent of a match; slow client;
# catch up from the log (the bus had an outage).
_RESET = "_reset"
_OVERFLOW = "_overflow"
_CATCH_UP = "_catch_up"


class Connection:
    def __init__(
        self, ws: WebSocket, user: User, language: str, service: MatchService, settings: Settings,
        presence: Presence,
    ) -> None:
        self.ws = ws
        self.user = user
        self.language = language
        self.service = service
        self.limit = settings.connection_queue
        self.max_frame = settings.max_frame_bytes
        self.stall_seconds = settings.ws_stall_seconds
        self.bucket = TokenBucket(settings.ws_frames_per_second, settings.ws_frame_burst)
        self.refused = 0  # frames refused by the rate limit since the last accepted one
        self.max_refused = settings.ws_frame_burst * 4
        # Everything waiting to be sent, published messages and replies alike: bounded.
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.drained = asyncio.Event()  # set while the queue has room for replies
        self.drained.set()
        self.sent_seq: dict[int, int | None] = {}
        # Per match, the newest number published while its full view was on its way (see
        # :meth:`_numbered`).
        self.overtaken: dict[int, int] = {}
        self.viewers: dict[int, Viewer] = {}
        self.unsubscribe: dict[int, Unsubscribe] = {}
        self.waiting: set[int] = set()  # subscribed matches that have not started yet
        self.room_watches: dict[str, Unsubscribe] = {}  # watched rooms by code (rooms.py)
        # The presence scopes this connection is in (its matches and rooms), each with its
        # subscription to the scope's presence frames.
        self.presence = presence
        self.presence_key = self.presence.connection_key()
        self.scopes: dict[str, Unsubscribe] = {}
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

    def catch_up(self) -> None:
        """The bus had an outage: fill what was missed from the log (called by pub/sub)."""
        self.queue.put_nowait({"type": _CATCH_UP})

    def reply(self, message: dict[str, Any]) -> None:
        """Queue an answer to this client's own frame.

        Replies are never dropped, but the queue stays bounded all the same: once
        it holds ``limit`` items the receive loop stops reading frames (see
        :meth:`room`) until the client has read its answers.
        """
        self.queue.put_nowait(message)
        if self.queue.qsize() >= self.limit:
            self.drained.clear()

    async def room(self) -> bool:
        """Wait until the queue has room again; False if the client stalled too long."""
        if self.drained.is_set():
            return True
        try:
            await asyncio.wait_for(self.drained.wait(), self.stall_seconds)
        except TimeoutError:
            return False
        return True

    def error(self, frame_id: Any, error: HarfiyenError) -> None:
        self.reply({"type": "error", "id": frame_id, **error_body(error, self.language)})

    # --- sending ---------------------------------------------------------------------------

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_text(encoded(message))

    async def send_loop(self) -> None:
        try:
            await self._send_queued()
        except WebSocketDisconnect:
            pass
        except Exception:
            # A frame that could not be made (the log unreadable while filling a gap): a
            # connection that went silent would look alive. Closed, the client reconnects
            # and resyncs from the log.
            log.exception("sending to a websocket of user %s failed; closing it", self.user.id)
            await close_quietly(self.ws, 1011, "internal error")

    async def _send_queued(self) -> None:
        while True:
            message = await self.queue.get()
            if self.queue.qsize() < self.limit // 2:
                self.drained.set()
            kind = message["type"]
            if kind == _OVERFLOW:
                await self._overflow()
            elif kind == _RESET:
                self.sent_seq[message["match"]] = message["seq"]
            elif kind == _CATCH_UP:
                await self._catch_up()
            elif kind in ("event", "state", "sync", "patch"):
                await self._numbered(message)
            elif kind == "notice" and message.get("kind") == "match_started":
                await self.send(message)
                if message["match"] in self.waiting:
                    await self.subscribe(message["match"], 0, None)
            else:
                await self.send(message)

    async def _numbered(self, message: dict[str, Any]) -> None:
        match_id, seq, kind = message["match"], message["seq"], message["type"]
        if match_id not in self.viewers:
            return  # unsubscribed meanwhile
        if match_id in self.waiting and kind != "sync":
            # A published frame of a match followed since before its start, so from the
            # spectators' channel, whose first frames show every stand, a seat's own too
            # (Harf Takıl): never forward it; subscribe again as the account's own viewer
            # (its seat, or a spectator still), which sends the state from the log. (The
            # waiting match's own ``sync`` answer to the subscription passes.)
            await self.subscribe(match_id, 0, None)
            return
        last = self.sent_seq.get(match_id)
        if kind == "sync":
            await self.send(message)
            self.sent_seq[match_id] = seq
            await self._fill_overtaken(match_id)
            return
        if last is None:
            # A full view is on its way, but it may have been read from the log before
            # this frame's command committed: note how far the match got, to be filled
            # once the view is out.
            self.overtaken[match_id] = max(seq, self.overtaken.get(match_id, 0))
            return
        if kind == "patch":
            await self._patch(message, last)
            return
        if seq < last or (kind == "event" and seq == last):
            return  # the client already has this
        if seq > last + (1 if kind == "event" else 0):
            for frame in await self.service.gap(match_id, self.viewers[match_id], last):
                if frame["seq"] < seq or (kind == "state" and frame["seq"] == seq):
                    await self.send(frame)
                    self.sent_seq[match_id] = last = frame["seq"]
        await self.send(message)
        self.sent_seq[match_id] = seq
        await self._fill_overtaken(match_id)

    async def _patch(self, message: dict[str, Any], last: int) -> None:
        """A command's ``patch`` frame goes out only onto the view it was made from (the
        client's view is the last numbered frame sent: every way of sending events ends
        with a view). Otherwise frames were missed (a view published again, a lost
        message): the gap and the whole view are sent from the log instead."""
        match_id, seq = message["match"], message["seq"]
        if seq <= last:
            return  # the client has this view or a newer one
        if message["base"] != last:
            await self._catch_up_match(match_id, last)
            return
        await self.send(message)
        self.sent_seq[match_id] = seq
        await self._fill_overtaken(match_id)

    async def _fill_overtaken(self, match_id: int) -> None:
        """Send from the log what was published while the match's view was on its way,
        when the view (or the resumed log) turned out older than that."""
        newest = self.overtaken.pop(match_id, None)
        last = self.sent_seq.get(match_id)
        if newest is not None and last is not None and newest > last:
            await self._catch_up_match(match_id, last)

    async def _catch_up(self) -> None:
        """Send, from the log, whatever of each followed match this client has not seen."""
        for match_id in list(self.viewers):
            last = self.sent_seq.get(match_id)
            if match_id in self.waiting:
                await self.subscribe(match_id, 0, None)  # it may have started meanwhile
            elif last is not None:  # (otherwise a full view is on its way already)
                await self._catch_up_match(match_id, last)

    async def _catch_up_match(self, match_id: int, last: int) -> None:
        try:
            _, frames = await self.service.sync_frames(match_id, self.user.id, last)
        except HarfiyenError:
            return
        for frame in frames:
            if frame["type"] == "sync" or frame["seq"] > last:
                await self._numbered(frame)

    async def _overflow(self) -> None:
        """Drop the backlog of published messages and ask the client to resync."""
        kept = []
        while not self.queue.empty():
            item = self.queue.get_nowait()
            if item["type"] in ("ack", "error", "pong", _CATCH_UP):
                kept.append(item)
        self.drained.set()
        for item in kept:
            if item["type"] != _CATCH_UP:
                await self.send(item)
        for match_id in self.sent_seq:
            self.sent_seq[match_id] = None
        self.overflowed = False
        await self.send({"type": "resync", "matches": sorted(self.viewers)})

    # --- subscriptions ---------------------------------------------------------------------

    async def subscribe(self, match_id: int, last_seq: int, frame_id: Any) -> None:
        # Subscribe first, then read: what is published meanwhile is either in what is read
        # (deduplicated by seq) or newer, and then filled from the log after it (_numbered).
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
        if 0 < last_seq < frames[-1]["seq"]:
            # Coming back behind the log: others may have missed the same frames.
            self.service.nudge(match_id)
        await self.enter(match_scope(match_id), not isinstance(viewer, Spectator))

    def _drop(self, match_id: int) -> None:
        stop = self.unsubscribe.pop(match_id, None)
        if stop is not None:
            stop()
        self.viewers.pop(match_id, None)
        self.sent_seq.pop(match_id, None)
        self.overtaken.pop(match_id, None)

    def close(self) -> None:
        for match_id in list(self.unsubscribe):
            self._drop(match_id)
        for stop in self.room_watches.values():
            stop()
        self.room_watches.clear()
        for scope in list(self.scopes):
            self.exit(scope)

    # --- presence --------------------------------------------------------------------------

    async def enter(self, scope: str, announced: bool = True) -> None:
        """Be present in ``scope`` (a match followed, a room watched) and hear who comes and
        goes there; the scope's snapshot is sent. A person is not told of their own leaving
        or coming back (another tab of theirs may have closed). ``announced``: see
        ``Presence.join`` (False for a match's spectators)."""
        if scope not in self.scopes:
            def deliver(message: dict[str, Any]) -> None:
                about = message.get("kind") in ("left", "back", "joined")
                if about and message.get("user") == self.user.id:
                    return
                self.deliver(message)

            self.scopes[scope] = await self.service.pubsub.subscribe(
                presence_channel(scope), deliver)
        snapshot = await self.presence.join(scope, self.user, self.presence_key, announced)
        if snapshot is not None:
            self.reply(snapshot)

    def exit(self, scope: str) -> None:
        stop = self.scopes.pop(scope, None)
        if stop is not None:
            stop()
            self.service.spawn(self.presence.leave(scope, self.user.id, self.presence_key))

    # --- receiving -------------------------------------------------------------------------

    async def handle(self, text: str) -> bool:
        """Answer one frame; False when the connection should be closed (a flood)."""
        size = len(text.encode())
        data: Any = None
        if size <= self.max_frame:
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                data = None
        frame_id = frame_id_of(data)
        if not self.bucket.take():
            self.refused += 1
            self.error(frame_id, fail(request_errors.FRAME_RATE, status=429))
            return self.refused <= self.max_refused
        self.refused = 0
        if size > self.max_frame:
            self.error(None, fail(request_errors.FRAME_TOO_LARGE, size=size, limit=self.max_frame))
            return True
        if not isinstance(data, dict):
            self.error(None, fail(request_errors.MALFORMED_FRAME))
            return True
        if too_deep(data):
            self.error(frame_id, fail(request_errors.INVALID_REQUEST, problem="nested too deeply"))
            return True
        try:
            frame = FRAME.validate_python(data)
        except ValidationError as error:
            self.error(frame_id, fail(request_errors.INVALID_REQUEST,
                                      problem=validation_problem(error)))
            return True
        try:
            await self._dispatch(frame)
        except HarfiyenError as error:
            self.error(frame.id, error)
        except Exception as error:  # the client still learns its frame's fate
            known: HarfiyenError | None = infrastructure_error(error)
            if known is None:
                log.exception("websocket frame %s failed", frame.type)
                known = internal(request_errors.INTERNAL)
            self.error(frame.id, known)
        return True

    async def _dispatch(self, frame: Any) -> None:
        if isinstance(frame, PingFrame):
            self.reply({"type": "pong", "id": frame.id})
        elif isinstance(frame, SubscribeFrame):
            await self.subscribe(frame.match, frame.last_seq, frame.id)
        elif isinstance(frame, UnsubscribeFrame):
            self._drop(frame.match)
            self.exit(match_scope(frame.match))
            self.waiting.discard(frame.match)
            self.reply({"type": "ack", "id": frame.id, "match": frame.match})
        elif isinstance(frame, ChatFrame):
            message = await chat.post(self.service, self.user, frame.match, frame.text)
            self.reply({"type": "ack", "id": frame.id, "match": frame.match,
                        "chat": message["id"]})
        elif isinstance(frame, MarkFrame):
            await self.service.mark(self.user.id, frame.match, frame.index)
            self.reply({"type": "ack", "id": frame.id, "match": frame.match})
        elif isinstance(frame, WatchRoomFrame | UnwatchRoomFrame):
            await ws_rooms.watch(self, frame.code, frame.id, isinstance(frame, WatchRoomFrame))
        elif isinstance(frame, MoveFrame):
            done = await self.service.submit(self.user.id, frame.match, frame.move)
            self.reply({
                "type": "ack", "id": frame.id, "match": done.match_id, "seq": done.last_seq,
                "status": done.status,
            })


@router.websocket("/ws")
async def websocket_endpoint(ws: WebSocket) -> None:
    settings: Settings = ws.app.state.settings
    service: MatchService = ws.app.state.service
    async with service.sessions() as db:
        user = await auth.user_of_token(db, ws.cookies.get(auth.SESSION_COOKIE))
    language = ws.query_params.get("lang") or auth.user_language(user)
    language = language if language in ("tr", "en") else "tr"
    await ws.accept()
    if user is None or not origin_allowed(ws, settings):
        kind = account_errors.NOT_AUTHENTICATED if user is None else account_errors.BAD_ORIGIN
        await ws.send_json({"type": "error", "id": None, **error_body(fail(kind), language)})
        await ws.close(code=4401 if user is None else 4403)
        return
    # At most ws_per_session connections of one login session in this process: one more is
    # told why and closed (4429), so a session cannot hold hundreds of sockets.
    held: dict[str, int] = ws.app.state.ws_sessions
    session = auth.token_hash(ws.cookies.get(auth.SESSION_COOKIE) or "")
    if held.get(session, 0) >= settings.ws_per_session:
        error = fail(quota_errors.WS_TOO_MANY, status=429, limit=settings.ws_per_session)
        await ws.send_json({"type": "error", "id": None, **error_body(error, language)})
        await close_quietly(ws, WS_TOO_MANY_CODE, "too many connections")
        return
    held[session] = held.get(session, 0) + 1
    conn = Connection(ws, user, language, service, settings, ws.app.state.presence)
    connections: set[Connection] = ws.app.state.connections
    connections.add(conn)
    try:
        stop_user = await service.pubsub.subscribe(user_channel(user.id), conn.deliver)
    except BaseException:
        connections.discard(conn)
        let_go(held, session)
        raise
    service.pubsub.on_resume.append(conn.catch_up)
    sender = asyncio.create_task(conn.send_loop())
    conn.reply({"type": "hello", "user": user.id, "language": language})
    try:
        while True:
            # Backpressure: a client that does not read its answers is not read either.
            if not await conn.room():
                await close_quietly(ws, 1008, "not reading")
                break
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.error(None, fail(request_errors.MALFORMED_FRAME))
                continue
            if not await conn.handle(text):
                await close_quietly(ws, 1008, "too many frames")
                break
            if sender.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        connections.discard(conn)
        let_go(held, session)
        with contextlib.suppress(ValueError):
            service.pubsub.on_resume.remove(conn.catch_up)
        stop_user()
        conn.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
