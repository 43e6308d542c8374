"""Who may hold a websocket and how one is let go: the origin check, the count of a login
session's connections, and a close that does not wait on a client that does not read."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from fastapi import WebSocket

from harfiyen.server.settings import Settings


def let_go(held: dict[str, int], session: str) -> None:
    """One connection of ``session`` fewer."""
    left = held.get(session, 0) - 1
    if left > 0:
        held[session] = left
    else:
        held.pop(session, None)


async def close_quietly(ws: WebSocket, code: int, reason: str) -> None:
    """Close, without waiting for a client that does not read (its close frame may never go)."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code, reason=reason), 2.0)


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: cookies alone cannot be forged across sites
    if origin in settings.allowed_origins:
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")
