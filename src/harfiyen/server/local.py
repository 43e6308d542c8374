"""The real server on a free loopback port inside this process: for the tests, the
benchmarks and anything else that talks to a server it started itself (``harfiyen serve``
runs uvicorn on its own)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn

from harfiyen.server.settings import Settings


@dataclass
class LocalServer:
    """A started server: its base URL and how to stop it."""

    url: str
    server: uvicorn.Server
    task: asyncio.Task[None] | None = None  # served in the caller's event loop
    thread: threading.Thread | None = None  # served in a thread with its own loop

    async def stop(self) -> None:
        """Stop a server started by :func:`serve_here`."""
        self.server.should_exit = True
        if self.task is not None:
            await self.task

    def stop_thread(self, timeout: float = 15) -> None:
        """Stop a server started by :func:`serve_in_thread`."""
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=timeout)


def _server(app: Any, options: dict[str, Any]) -> uvicorn.Server:
    # Forwarded headers as the app's settings say (trusted_proxies), as ``harfiyen serve``
    # does; an app without them believes nobody's (not uvicorn's default of loopback's).
    settings = getattr(getattr(app, "state", None), "settings", None)
    forwarded = (settings.proxy_options() if isinstance(settings, Settings)
                 else {"proxy_headers": False})
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on",
                            **{**forwarded, **options})
    server = uvicorn.Server(config)
    # The caller (a test runner, a benchmark) keeps its own signal handlers.
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign,assignment]
    return server


def _url(server: uvicorn.Server) -> str:
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}"


async def serve_here(app: Any, **options: Any) -> LocalServer:
    """Serve ``app`` in the running event loop (``options``: more ``uvicorn.Config``)."""
    server = _server(app, options)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # raises why it did not start
        await asyncio.sleep(0.01)
    return LocalServer(_url(server), server, task=task)


def serve_in_thread(app: Any, start_seconds: float = 30, **options: Any) -> LocalServer:
    """Serve ``app`` in a daemon thread with its own event loop, for synchronous callers."""
    server = _server(app, options)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + start_seconds
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the local server did not start")
        time.sleep(0.05)
    return LocalServer(_url(server), server, thread=thread)
