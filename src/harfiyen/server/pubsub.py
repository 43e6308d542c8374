"""Fan-out of projected messages to websocket connections: in-memory or through Redis.

Messages are addressed to channels named for audiences (``match:7:seat:0``,
``match:7:spectators``, ``user:3``) and are already projected for that
audience when published. Subscribers are plain callbacks that must not block
(a connection puts the message on its own bounded queue). With Redis every
process publishes to Redis and delivers what Redis sends back, its own
messages included, so all processes see the same stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

Message = dict[str, Any]
Deliver = Callable[[Message], None]
Unsubscribe = Callable[[], None]

log = logging.getLogger(__name__)


class PubSub(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, channel: str, message: Message) -> None: ...

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe: ...


class _LocalFanout:
    """The subscribers of this process, by channel."""

    def __init__(self) -> None:
        self.subscribers: dict[str, set[Deliver]] = defaultdict(set)

    def add(self, channel: str, deliver: Deliver) -> bool:
        """Register ``deliver``; True if it is the channel's first local subscriber."""
        first = not self.subscribers[channel]
        self.subscribers[channel].add(deliver)
        return first

    def remove(self, channel: str, deliver: Deliver) -> bool:
        """Forget ``deliver``; True if the channel has no local subscriber left."""
        subs = self.subscribers.get(channel)
        if subs is None:
            return False
        subs.discard(deliver)
        if not subs:
            del self.subscribers[channel]
            return True
        return False

    def deliver(self, channel: str, message: Message) -> None:
        for deliver in list(self.subscribers.get(channel, ())):
            try:
                deliver(message)
            except Exception:  # one broken subscriber must not starve the others
                log.exception("subscriber of %s failed", channel)


class InMemoryPubSub:
    """One process: publishing calls the subscribers directly."""

    def __init__(self) -> None:
        self._local = _LocalFanout()

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def publish(self, channel: str, message: Message) -> None:
        self._local.deliver(channel, message)

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe:
        self._local.add(channel, deliver)

        def unsubscribe() -> None:
            self._local.remove(channel, deliver)

        return unsubscribe


class RedisPubSub:
    """Several processes: Redis PUB/SUB carries every message to every process.

    Every channel name starts with ``prefix``, unique per deployment: Redis
    pub/sub ignores the database number, so two deployments sharing one Redis
    server are kept apart only by their prefixes.
    """

    def __init__(self, url: str, prefix: str) -> None:
        import redis.asyncio as redis

        if not prefix:
            raise ValueError("a Redis channel prefix is required")
        self.prefix = prefix
        # Subscribed from the start so the reader has a connection before the first real channel.
        self._hello = prefix + "hello"
        self._client = redis.from_url(url)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._local = _LocalFanout()
        self._reader: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[Any]] = set()

    async def start(self) -> None:
        await self._pubsub.subscribe(self._hello)
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self._client.aclose()

    async def publish(self, channel: str, message: Message) -> None:
        await self._client.publish(self.prefix + channel, json.dumps(message, ensure_ascii=False))

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe:
        if self._local.add(channel, deliver):
            await self._pubsub.subscribe(self.prefix + channel)

        def unsubscribe() -> None:
            if self._local.remove(channel, deliver):
                task: asyncio.Task[Any] = asyncio.ensure_future(
                    self._pubsub.unsubscribe(self.prefix + channel)
                )
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

        return unsubscribe

    async def _read(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis pubsub read failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            if isinstance(channel, bytes):
                channel = channel.decode()
            if not channel.startswith(self.prefix):
                continue
            data = json.loads(message["data"])
            self._local.deliver(channel[len(self.prefix):], data)


def make_pubsub(redis_url: str | None, prefix: str) -> PubSub:
    return RedisPubSub(redis_url, prefix) if redis_url else InMemoryPubSub()
