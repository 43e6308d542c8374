"""Fan-out of projected messages to websocket connections: in-memory or through Redis.

Messages are addressed to channels named for audiences (``match:7:seat:0``,
``match:7:spectators``, ``user:3``) and are already projected for that
audience when published. Subscribers are plain callbacks that must not block
(a connection puts the message on its own bounded queue). With Redis every
process publishes to Redis and delivers what Redis sends back, its own
messages included, so all processes see the same stream.

Publishing never fails: the database log, not the bus, is the source of
truth, so a move committed while Redis is down is still acknowledged. During
an outage messages reach this process's own subscribers only; when Redis
answers again every process is told (``on_resume``) and each connection
catches up from the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

import orjson

Message = dict[str, Any]
Deliver = Callable[[Message], None]
Unsubscribe = Callable[[], None]

log = logging.getLogger(__name__)


def _wire(message: Message) -> bytes:
    """A message as Redis carries it: compact UTF-8 JSON, integer keys as text (orjson:
    with the standard library, encoding and decoding took 4 % of a server's time)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


class PubSub(Protocol):
    # Called (no arguments, must not block) after an outage of the bus ended: messages
    # published meanwhile may be lost, so subscribers catch up from the log.
    on_resume: list[Callable[[], None]]

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, channel: str, message: Message) -> None: ...

    async def publish_many(self, messages: list[tuple[str, Message]]) -> None: ...

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe: ...

    def may_hear(self, channel: str) -> bool:
        """False only when nobody can be listening to ``channel`` now, so that a message
        for it need not even be made (a match without spectators). Only a bus that knows
        every subscriber can say False."""
        ...


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


def _notify_resumed(listeners: list[Callable[[], None]]) -> None:
    for listener in list(listeners):
        try:
            listener()
        except Exception:
            log.exception("resume listener failed")


class InMemoryPubSub:
    """One process: publishing calls the subscribers directly."""

    def __init__(self) -> None:
        self._local = _LocalFanout()
        self.on_resume: list[Callable[[], None]] = []

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def publish(self, channel: str, message: Message) -> None:
        self._local.deliver(channel, message)

    async def publish_many(self, messages: list[tuple[str, Message]]) -> None:
        for channel, message in messages:
            self._local.deliver(channel, message)

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe:
        self._local.add(channel, deliver)

        def unsubscribe() -> None:
            self._local.remove(channel, deliver)

        return unsubscribe

    def may_hear(self, channel: str) -> bool:
        return channel in self._local.subscribers


class RedisPubSub:
    """Several processes: Redis PUB/SUB carries every message to every process.

    Every channel name starts with ``prefix``, unique per deployment: Redis
    pub/sub ignores the database number, so two deployments sharing one Redis
    server are kept apart only by their prefixes.
    """

    # How long one publish may wait for Redis before the outage is assumed.
    PUBLISH_TIMEOUT = 2.0
    # Back-off of the reader while Redis does not answer (seconds, doubling).
    RETRY_FIRST, RETRY_MAX = 0.2, 5.0

    def __init__(self, url: str, prefix: str) -> None:
        import redis.asyncio as redis

        if not prefix:
            raise ValueError("a Redis channel prefix is required")
        self.prefix = prefix
        # Subscribed from the start so the reader has a connection before the first real
        # channel; a process that saw an outage end announces it here to all the others.
        self._hello = prefix + "hello"
        self._client = redis.from_url(url, socket_connect_timeout=2, health_check_interval=10)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._local = _LocalFanout()
        self._reader: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[Any]] = set()
        self.on_resume: list[Callable[[], None]] = []
        # Set while Redis is not answering: publishing then delivers within this process.
        self.outage = False
        self.outages = 0  # outages seen (for tests and metrics)

    async def start(self) -> None:
        await self._pubsub.subscribe(self._hello)
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._client.aclose()

    async def publish(self, channel: str, message: Message) -> None:
        await self.publish_many([(channel, message)])

    async def publish_many(self, messages: list[tuple[str, Message]]) -> None:
        """Publish in one round trip; during an outage deliver to this process only."""
        if not messages:
            return
        if not self.outage:
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    for channel, message in messages:
                        pipe.publish(self.prefix + channel, _wire(message))
                    await asyncio.wait_for(pipe.execute(), self.PUBLISH_TIMEOUT)
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._lost(error)
        for channel, message in messages:
            self._local.deliver(channel, message)

    def _lost(self, error: BaseException) -> None:
        if not self.outage:
            self.outage = True
            self.outages += 1
            log.warning("redis is not answering (%s); messages reach this process only "
                        "until it is back", type(error).__name__)

    async def subscribe(self, channel: str, deliver: Deliver) -> Unsubscribe:
        if self._local.add(channel, deliver) and not self.outage:
            try:
                await asyncio.wait_for(self._pubsub.subscribe(self.prefix + channel),
                                       self.PUBLISH_TIMEOUT)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # subscribed again when Redis is back
                self._lost(error)

        def unsubscribe() -> None:
            if self._local.remove(channel, deliver) and not self.outage:
                task: asyncio.Task[Any] = asyncio.ensure_future(self._unsubscribe(channel))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

        return unsubscribe

    def may_hear(self, channel: str) -> bool:
        return True  # other processes' subscribers are unknown here

    async def _unsubscribe(self, channel: str) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.unsubscribe(self.prefix + channel)

    async def _read(self) -> None:
        delay = self.RETRY_FIRST
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
                if self.outage:
                    await self._recover()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._lost(error)
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.RETRY_MAX)
                continue
            delay = self.RETRY_FIRST
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            if isinstance(channel, bytes):
                channel = channel.decode()
            if channel == self._hello:
                _notify_resumed(self.on_resume)  # another process's outage ended
                continue
            if not channel.startswith(self.prefix):
                continue
            try:
                data = orjson.loads(message["data"])
            except ValueError:
                log.warning("unreadable message on %s dropped", channel)
                continue
            self._local.deliver(channel[len(self.prefix):], data)

    async def _recover(self) -> None:
        """Redis answers again: subscribe what was missed, then tell everyone to catch up."""
        await self._client.ping()
        # redis-py subscribes its known channels again by itself; channels first wanted
        # during the outage are not among them.
        wanted = {self.prefix + c for c in self._local.subscribers}
        known = {c.decode() if isinstance(c, bytes) else c for c in self._pubsub.channels}
        if wanted - known:
            await self._pubsub.subscribe(*(wanted - known))
        if known - wanted - {self._hello}:  # left during the outage
            await self._pubsub.unsubscribe(*(known - wanted - {self._hello}))
        self.outage = False
        log.warning("redis answers again; connections catch up from the event log")
        # Every process (this one included) hears it and has its connections catch up.
        await self._client.publish(self._hello, _wire({"resumed": True}))


def make_pubsub(redis_url: str | None, prefix: str) -> PubSub:
    return RedisPubSub(redis_url, prefix) if redis_url else InMemoryPubSub()
