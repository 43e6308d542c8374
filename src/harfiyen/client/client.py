"""``HarfiyenClient`` (REST, cookies and the CSRF header) and ``GameSocket`` (the websocket).

``GameSocket`` keeps every frame it ever received in ``received`` (tests check
them all for hidden information), the highest sequence number seen per match
(``seq``) and the newest view per match (``views``), and re-subscribes with
its last number when the server asks it to resync.

After a command the server sends a ``patch`` frame: the command's events and how the
view changed (docs/protocol.md, "Patches"). The socket applies it to the view it holds
and hands on, after the ``patch`` frame itself, what it amounts to: an ``event`` frame
per event and a ``state`` frame of the new view, each marked ``"patched": true``. A
patch made from a view the socket does not hold (frames were missed) is not applied:
the socket subscribes again from its last number, and the server sends the whole view.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from harfiyen.core.view_patch import PatchError, apply_patch

Frame = dict[str, Any]


class ApiError(Exception):
    """The server refused a request: HTTP ``status``, stable ``code``, localized ``message``."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any]) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details


#: Seconds an idle HTTP connection is kept for the next request.
KEEPALIVE_SECONDS = 2.0


class HarfiyenClient:
    def __init__(self, base_url: str, language: str | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        headers = {"Accept-Language": language} if language else {}
        # An idle connection is given up well before the server's keep-alive (uvicorn's 5 s)
        # closes it: with equal times a request could go out on a connection the server
        # is closing, and fail with a read error although nothing was wrong.
        self.http = httpx.AsyncClient(
            base_url=self.base_url, headers=headers, timeout=30,
            limits=httpx.Limits(keepalive_expiry=KEEPALIVE_SECONDS),
        )
        self.user: dict[str, Any] | None = None

    async def __aenter__(self) -> HarfiyenClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.http.aclose()

    # --- raw requests ------------------------------------------------------------------

    async def request(self, method: str, path: str, json_body: Any = None,
                      csrf: bool = True, headers: dict[str, str] | None = None) -> Any:
        headers = dict(headers or {})
        token = self.http.cookies.get("harfiyen_csrf")
        if csrf and token and "X-CSRF-Token" not in headers:
            headers["X-CSRF-Token"] = token
        response = await self.http.request(method, path, json=json_body, headers=headers)
        data = response.json() if response.content else None
        if response.status_code >= 400:
            err = (data or {}).get("error", {}) if isinstance(data, dict) else {}
            raise ApiError(response.status_code, err.get("code", "http"),
                           err.get("message", response.text), err.get("details", {}))
        return data

    async def get(self, path: str) -> Any:
        return await self.request("GET", path)

    async def post(self, path: str, body: Any = None) -> Any:
        return await self.request("POST", path, body if body is not None else {})

    # --- accounts ----------------------------------------------------------------------

    async def register(self, username: str, password: str, language: str = "tr") -> Any:
        data = await self.post("/api/auth/register",
                               {"username": username, "password": password, "language": language})
        self.user = data["user"]
        return data["user"]

    async def login(self, username: str, password: str) -> Any:
        data = await self.post("/api/auth/login", {"username": username, "password": password})
        self.user = data["user"]
        return data["user"]

    async def guest(self) -> Any:
        data = await self.post("/api/auth/guest")
        self.user = data["user"]
        return data["user"]

    async def claim(self, username: str, password: str) -> Any:
        data = await self.post("/api/auth/claim", {"username": username, "password": password})
        self.user = data["user"]
        return data["user"]

    async def me(self) -> Any:
        return (await self.get("/api/me"))["user"]

    async def update_me(self, **changes: Any) -> Any:
        return (await self.request("PATCH", "/api/me", changes))["user"]

    # --- matches -----------------------------------------------------------------------

    async def create_match(self, options: dict[str, Any] | None = None, *, ranked: bool = False,
                           time_control: dict[str, Any] | None = None,
                           opponent: str | None = None, bot: str | None = None,
                           game: str = "crossword") -> Any:
        body: dict[str, Any] = {"game": game, "options": options or {}, "ranked": ranked}
        if time_control is not None:
            body["time_control"] = time_control
        if opponent is not None:
            body["opponent"] = opponent
        if bot is not None:
            body["bot"] = bot
        return await self.post("/api/matches", body)

    async def accept(self, code: str) -> Any:
        return (await self.post(f"/api/invites/{code}/accept"))["match"]

    async def decline(self, code: str) -> Any:
        return (await self.post(f"/api/invites/{code}/decline"))["invite"]

    async def invites(self) -> Any:
        return (await self.get("/api/invites"))["invites"]

    async def match(self, match_id: int) -> Any:
        return (await self.get(f"/api/matches/{match_id}"))["match"]

    async def matches(self) -> Any:
        return (await self.get("/api/matches"))["matches"]

    async def move(self, match_id: int, move: dict[str, Any]) -> Any:
        return await self.post(f"/api/matches/{match_id}/moves", {"move": move})

    async def resign(self, match_id: int) -> Any:
        return await self.post(f"/api/matches/{match_id}/resign")

    async def hand_seat(self, match_id: int, seat: int, level: str | None) -> Any:
        """Let the AI ``level`` play ``seat`` of a running match (``None``: take it back)."""
        return await self.post(f"/api/matches/{match_id}/seats/{seat}/ai", {"level": level})

    async def rematch(self, match_id: int) -> Any:
        return await self.post(f"/api/matches/{match_id}/rematch")

    # --- social, chat, matchmaking, ratings ---------------------------------------------

    async def chat(self, match_id: int, text: str) -> Any:
        return (await self.post(f"/api/matches/{match_id}/chat", {"text": text}))["message"]

    async def chat_history(self, match_id: int) -> Any:
        return (await self.get(f"/api/matches/{match_id}/chat"))["messages"]

    async def add_friend(self, username: str) -> Any:
        return (await self.request("PUT", f"/api/friends/{username}"))["friends"]

    async def block(self, username: str) -> Any:
        return (await self.request("PUT", f"/api/blocks/{username}"))["blocks"]

    async def unblock(self, username: str) -> Any:
        return (await self.request("DELETE", f"/api/blocks/{username}"))["blocks"]

    async def join_queue(self, options: dict[str, Any] | None = None, *, ranked: bool = False,
                         time_control: dict[str, Any] | None = None,
                         game: str = "crossword") -> Any:
        body: dict[str, Any] = {"game": game, "options": options or {}, "ranked": ranked}
        if time_control is not None:
            body["time_control"] = time_control
        return (await self.post("/api/matchmaking", body))["queue"]

    async def queue(self) -> Any:
        return (await self.get("/api/matchmaking"))["queue"]

    async def leave_queue(self) -> Any:
        return (await self.request("DELETE", "/api/matchmaking"))["queue"]

    async def ratings(self, username: str) -> Any:
        return await self.get(f"/api/users/{username}/ratings")

    # --- rooms and word packs (docs/protocol.md, "Rooms") --------------------------------

    async def create_room(self, game: str, options: dict[str, Any] | None = None,
                          **fields: Any) -> Any:
        """A room (``fields``: ``public``, ``video_url``, ``time_control``); the caller hosts."""
        return await self.post("/api/rooms", {"game": game, "options": options or {}, **fields})

    async def room(self, code: str) -> Any:
        return await self.get(f"/api/rooms/{code}")

    async def join_room(self, code: str) -> Any:
        return await self.post(f"/api/rooms/{code}/join")

    async def take_seat(self, code: str, slot: int | None) -> Any:
        return await self.post(f"/api/rooms/{code}/seat", {"slot": slot})

    async def set_slot(self, code: str, slot: int, **changes: Any) -> Any:
        """Host controls of a slot: ``ai``, ``locked``, ``user``, ``remove``."""
        return await self.post(f"/api/rooms/{code}/slots/{slot}", changes)

    async def start_room(self, code: str) -> Any:
        return await self.post(f"/api/rooms/{code}/start")

    async def rematch_room(self, code: str) -> Any:
        return await self.post(f"/api/rooms/{code}/rematch")

    async def quickplay(self, game: str, options: dict[str, Any] | None = None,
                        fill_with_ai: bool = False) -> Any:
        return await self.post("/api/quickplay", {"game": game, "options": options or {},
                                                  "fill_with_ai": fill_with_ai})

    async def create_pack(self, name: str, text: str, language: str = "tr") -> Any:
        return await self.post("/api/packs", {"name": name, "language": language, "text": text})

    # --- websocket ---------------------------------------------------------------------

    async def connect(self, language: str | None = None, *, keep_frames: bool = True
                      ) -> GameSocket:
        """A websocket of this session (``keep_frames=False``: see :class:`GameSocket`)."""
        scheme = "wss" if self.base_url.startswith("https") else "ws"
        url = scheme + self.base_url[self.base_url.index(":"):] + "/ws"
        if language:
            url += f"?lang={language}"
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        ws = await connect(url, additional_headers={"Cookie": cookie},
                           origin=self.base_url, max_size=2**22)  # type: ignore[arg-type]
        sock = GameSocket(ws, keep_frames=keep_frames)
        sock.start()
        return sock


class GameSocket:
    """One websocket. ``keep_frames=False`` (long load runs): frames are not kept in
    ``received``, and only answers (``hello``, ``ack``, ``error``, ``pong``) wait for
    :meth:`wait_for`; ``on_frame`` is called with every frame either way."""

    ANSWERS = frozenset({"hello", "ack", "error", "pong"})

    def __init__(self, ws: ClientConnection, *, keep_frames: bool = True) -> None:
        self.ws = ws
        self.keep_frames = keep_frames
        self.on_frame: Callable[[Frame], None] | None = None
        self.received: list[Frame] = []
        self.seq: dict[int, int] = {}
        self.views: dict[int, dict[str, Any]] = {}
        self.status: dict[int, str] = {}
        # The seq of the newest view received per match.
        self.view_seq: dict[int, int] = {}
        # The newest state frame per match (what a patch frame is applied to).
        self.states: dict[int, Frame] = {}
        self.auto_resync = True
        self._inbox: list[Frame] = []
        self._new = asyncio.Event()
        self._ids = itertools.count(1)
        self._reader: asyncio.Task[None] | None = None
        self.closed = False

    def start(self) -> None:
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                first = json.loads(raw)
                for frame in [first, *self._unpack(first)]:
                    if self.keep_frames:
                        self.received.append(frame)
                    self._track(frame)
                    if self.on_frame is not None:
                        self.on_frame(frame)
                    if self.keep_frames or frame.get("type") in self.ANSWERS:
                        self._inbox.append(frame)
                self._new.set()
        except Exception:
            pass
        finally:
            self.closed = True
            self._new.set()

    def _track(self, frame: Frame) -> None:
        kind = frame.get("type")
        match = frame.get("match")
        if kind in ("event", "state", "sync") and isinstance(match, int):
            self.seq[match] = max(self.seq.get(match, 0), frame["seq"])
            if kind == "sync":
                self.seq[match] = frame["seq"]
            if kind in ("state", "sync"):
                if frame.get("view") is not None:
                    self.views[match] = frame["view"]
                    self.states[match] = frame
                self.view_seq[match] = frame["seq"]
                self.status[match] = frame["status"]
        elif kind == "resync" and self.auto_resync:
            for m in frame.get("matches", []):
                asyncio.get_running_loop().create_task(
                    self.send({"type": "subscribe", "match": m, "last_seq": self.seq.get(m, 0)})
                )

    def _unpack(self, frame: Frame) -> list[Frame]:
        """What a ``patch`` frame amounts to: its events as ``event`` frames and the view
        it gives as a ``state`` frame; nothing (and a new subscription) when it does not
        fit the view held."""
        match = frame.get("match")
        if frame.get("type") != "patch" or not isinstance(match, int):
            return []
        state = self.states.get(match)
        events = frame.get("events", [])
        try:
            if state is None or self.view_seq.get(match) != frame["base"]:
                raise PatchError("made from another view")
            view = apply_patch(state["view"], frame.get("patch"), [e["event"] for e in events])
        except PatchError:
            if self.auto_resync:
                asyncio.get_running_loop().create_task(self.send(
                    {"type": "subscribe", "match": match, "last_seq": self.seq.get(match, 0)}
                ))
            return []
        table = {k: frame[k] for k in ("status", "deadline_at", "waiting") if k in frame}
        return [
            *({"type": "event", "match": match, **e, "patched": True} for e in events),
            {**state, **table, "type": "state", "seq": frame["seq"], "view": view,
             "patched": True},
        ]

    async def close(self) -> None:
        await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await self._reader

    async def send(self, frame: Frame) -> Any:
        """Send ``frame`` (an ``id`` is added if missing); return its id."""
        frame = dict(frame)
        frame.setdefault("id", next(self._ids))
        await self.ws.send(json.dumps(frame, ensure_ascii=False))
        return frame["id"]

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.send(text)

    async def wait_for(self, predicate: Callable[[Frame], bool], timeout: float = 10) -> Frame:
        """The first not yet consumed frame matching ``predicate`` (consumes it)."""
        async with asyncio.timeout(timeout):
            while True:
                for i, frame in enumerate(self._inbox):
                    if predicate(frame):
                        del self._inbox[i]
                        return frame
                if self.closed:
                    raise ConnectionError("websocket closed")
                self._new.clear()
                await self._new.wait()

    async def reply_to(self, frame: Frame, timeout: float = 10) -> Frame:
        """Send ``frame`` and wait for its ack or error."""
        frame_id = await self.send(frame)
        return await self.wait_for(
            lambda f: f.get("type") in ("ack", "error", "pong") and f.get("id") == frame_id,
            timeout,
        )

    async def subscribe(self, match: int, last_seq: int | None = None) -> Frame:
        last = self.seq.get(match, 0) if last_seq is None else last_seq
        return await self.reply_to({"type": "subscribe", "match": match, "last_seq": last})

    async def move(self, match: int, move: dict[str, Any]) -> Frame:
        return await self.reply_to({"type": "move", "match": match, "move": move})

    async def chat(self, match: int, text: str) -> Frame:
        return await self.reply_to({"type": "chat", "match": match, "text": text})

    async def watch_room(self, code: str) -> Frame:
        """Follow a room: the ack; ``{"type": "room"}`` frames follow (newest ``version`` wins)."""
        return await self.reply_to({"type": "watch_room", "code": code})

    async def wait_seq(self, match: int, seq: int, timeout: float = 10) -> None:
        """Wait until the state of ``match`` at ``seq`` (or later) has arrived."""
        async with asyncio.timeout(timeout):
            while self.view_seq.get(match, -1) < seq:
                if self.closed:
                    raise ConnectionError("websocket closed")
                self._new.clear()
                await self._new.wait()
