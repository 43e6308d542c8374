"""Who is at a table: each person following a match or a room is present or away.

A scope is what people sit at: ``match:7`` (every subscriber of the match: seats and
spectators) or ``room:ABCD`` (every watcher of the room). Each websocket connection in a
scope keeps an entry with a time to live (``presence_seconds``) in the shared store,
refreshed by its process while the socket lives: in Redis when the deployment has one (so
presence holds across processes, and a crashed process's connections simply expire), else
in this process's memory.

A person with no live entry any more is *gone*; once gone for ``presence_grace_seconds``
(a page reload is not leaving) they are *away*, and the scope is told once (``left``):
the first process to mark them away publishes it, the mark being shared. Coming back
clears the marks and tells the scope (``back``). What happens to an away person's seat
or host role (harfiyen.server.leaving) hangs on :attr:`Presence.on_sweep`.

Frames (docs/protocol.md, "Presence"), on the channel ``presence:<scope>``: never with a
secret, only who is there.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from harfiyen.server.models import User
from harfiyen.server.pubsub import PubSub
from harfiyen.server.sweeper import Sweeper

log = logging.getLogger(__name__)

# The marks kept per scope and person: when first seen there (the host passes to the
# longest present), when the last entry went, when announced away.
SEEN, GONE, AWAY = "seen", "gone", "away"


def match_scope(match_id: int) -> str:
    return f"match:{match_id}"


def room_scope(code: str) -> str:
    return f"room:{code}"


def presence_channel(scope: str) -> str:
    return f"presence:{scope}"


def scope_fields(scope: str) -> dict[str, Any]:
    """The frame fields naming a scope: ``{"match": 7}`` or ``{"room": "ABCD"}``."""
    kind, _, key = scope.partition(":")
    return {"match": int(key)} if kind == "match" else {"room": key}


class PresenceStore(Protocol):
    async def touch(self, scope: str, member: str, until: float) -> None: ...

    async def drop(self, scope: str, member: str) -> None: ...

    async def live(self, scope: str, now: float) -> set[int]:
        """The people with an entry alive at ``now``."""
        ...

    async def mark(self, scope: str, name: str, user_id: int, value: float) -> bool:
        """Set the mark unless set; True when this call set it."""
        ...

    async def unmark(self, scope: str, name: str, user_id: int) -> bool:
        """Clear the mark; True when it was set."""
        ...

    async def marks(self, scope: str, name: str) -> dict[int, float]: ...

    async def forget(self, now: float) -> None:
        """Drop what is kept of the scopes nobody refreshed for the store's keep time."""
        ...

    async def close(self) -> None: ...


def _user_of(member: str) -> int:
    return int(member.partition(":")[0])


class MemoryStore:
    """One process: entries and marks in dictionaries."""

    def __init__(self, keep_seconds: float = 600.0) -> None:
        self._entries: dict[str, dict[str, float]] = defaultdict(dict)
        self._marks: dict[tuple[str, str], dict[int, float]] = defaultdict(dict)
        self._keep = keep_seconds
        self._touched: dict[str, float] = {}

    async def touch(self, scope: str, member: str, until: float) -> None:
        self._entries[scope][member] = until
        self._touched[scope] = until

    async def drop(self, scope: str, member: str) -> None:
        self._entries.get(scope, {}).pop(member, None)

    async def live(self, scope: str, now: float) -> set[int]:
        entries = self._entries.get(scope, {})
        for member in [m for m, until in entries.items() if until <= now]:
            del entries[member]
        return {_user_of(m) for m in entries}

    async def mark(self, scope: str, name: str, user_id: int, value: float) -> bool:
        marks = self._marks[scope, name]
        if user_id in marks:
            return False
        marks[user_id] = value
        return True

    async def unmark(self, scope: str, name: str, user_id: int) -> bool:
        return self._marks[scope, name].pop(user_id, None) is not None

    async def marks(self, scope: str, name: str) -> dict[int, float]:
        return dict(self._marks.get((scope, name), {}))

    async def forget(self, now: float) -> None:
        for scope in [s for s, at in self._touched.items() if at + self._keep < now]:
            del self._touched[scope]
            self._entries.pop(scope, None)
            for name in (SEEN, GONE, AWAY):
                self._marks.pop((scope, name), None)

    async def close(self) -> None:
        return None


class RedisStore:
    """Several processes: a sorted set of entries (scored by expiry) and a hash per mark."""

    def __init__(self, url: str, prefix: str, keep_seconds: float) -> None:
        import redis.asyncio as redis

        self._client = redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._prefix = prefix + "presence:"
        # Every key of a scope nobody refreshes any more goes after this long.
        self._keep = max(1, int(keep_seconds))

    def _key(self, scope: str, name: str) -> str:
        return f"{self._prefix}{scope}:{name}"

    async def touch(self, scope: str, member: str, until: float) -> None:
        key = self._key(scope, "live")
        async with self._client.pipeline(transaction=False) as pipe:
            pipe.zadd(key, {member: until})
            pipe.expire(key, self._keep)
            for name in (SEEN, GONE, AWAY):
                pipe.expire(self._key(scope, name), self._keep)
            await pipe.execute()

    async def drop(self, scope: str, member: str) -> None:
        await self._client.zrem(self._key(scope, "live"), member)

    async def live(self, scope: str, now: float) -> set[int]:
        key = self._key(scope, "live")
        await self._client.zremrangebyscore(key, "-inf", now)
        members: list[Any] = await self._client.zrange(key, 0, -1)
        return {_user_of(m.decode() if isinstance(m, bytes) else str(m)) for m in members}

    async def mark(self, scope: str, name: str, user_id: int, value: float) -> bool:
        key = self._key(scope, name)
        added = bool(await self._client.hsetnx(key, str(user_id), repr(value)))
        if added:
            await self._client.expire(key, self._keep)
        return added

    async def unmark(self, scope: str, name: str, user_id: int) -> bool:
        return bool(await self._client.hdel(self._key(scope, name), str(user_id)))

    async def marks(self, scope: str, name: str) -> dict[int, float]:
        found = await self._client.hgetall(self._key(scope, name))
        return {int(k): float(v) for k, v in found.items()}

    async def forget(self, now: float) -> None:
        return None  # every key expires by itself

    async def close(self) -> None:
        await self._client.aclose()


# Called after each sweep of a scope this process follows: (scope, the people away and
# since when, the people present).
SweepHook = Callable[[str, dict[int, float], set[int]], Awaitable[None]]
# Called once when a person is announced away from a scope: (scope, user id).
LeftHook = Callable[[str, int], Awaitable[None]]


class Presence(Sweeper):
    """This process's connections in their scopes, refreshed every third of the TTL."""

    def __init__(self, store: PresenceStore, pubsub: PubSub, ttl: float, grace: float,
                 names: Callable[[int], Awaitable[str]]) -> None:
        super().__init__(max(0.05, min(ttl, grace) / 3), sweep_at_start=False)
        self.store, self.pubsub = store, pubsub
        self.ttl, self.grace = ttl, grace
        self._names = names
        self._process = uuid.uuid4().hex[:12]
        # scope -> connection key -> user id, for this process's connections.
        self.local: dict[str, dict[str, int]] = defaultdict(dict)
        self.on_sweep: list[SweepHook] = []
        self.on_left: list[LeftHook] = []
        self.outage = False

    def connection_key(self) -> str:
        return f"{self._process}-{uuid.uuid4().hex[:12]}"

    def _member(self, user_id: int, conn: str) -> str:
        return f"{user_id}:{conn}"

    def _unavailable(self, error: Exception) -> None:
        """The shared store does not answer (Redis is down): presence waits for it, the
        game goes on; said once per outage."""
        if not self.outage:
            self.outage = True
            log.warning("presence store unavailable (%s); presence resumes with it",
                        type(error).__name__)

    async def join(self, scope: str, user: User, conn: str, announced: bool = True
                   ) -> dict[str, Any] | None:
        """``conn`` of ``user`` is in ``scope`` now; the scope's snapshot frame for it
        (``None`` while the store does not answer). ``announced``: their leaving and coming
        back are told to the scope (a match's players; its spectators come and go
        unannounced, shown present in the snapshots only: a watched match's chatter
        would grow with the square of its audience)."""
        self.local[scope][conn] = user.id
        try:
            return await self._join(scope, user, conn, announced)
        except Exception as error:
            self._unavailable(error)
            return None

    async def _join(self, scope: str, user: User, conn: str, announced: bool
                    ) -> dict[str, Any]:
        now = time.time()
        await self.store.touch(scope, self._member(user.id, conn), now + self.ttl)
        first = announced and await self.store.mark(scope, SEEN, user.id, now)
        await self.store.unmark(scope, GONE, user.id)
        if await self.store.unmark(scope, AWAY, user.id):
            await self._tell(scope, "back", user.id, user.display_name)
        elif first:  # here for the first time: marked present, not announced aloud
            await self._tell(scope, "joined", user.id, user.display_name)
        return await self.snapshot(scope)

    async def leave(self, scope: str, user_id: int, conn: str) -> None:
        """``conn`` left ``scope`` (unsubscribed, closed): its entry goes at once."""
        local = self.local.get(scope)
        if local is not None:
            local.pop(conn, None)
            if not local:
                del self.local[scope]
        try:
            await self.store.drop(scope, self._member(user_id, conn))
        except Exception as error:  # the entry expires by itself
            self._unavailable(error)

    async def snapshot(self, scope: str) -> dict[str, Any]:
        present = await self.store.live(scope, time.time())
        away = await self.store.marks(scope, AWAY)
        return {"type": "presence", "kind": "snapshot", **scope_fields(scope),
                "present": sorted(present),
                "away": {str(u): since for u, since in sorted(away.items())
                         if u not in present}}

    async def away(self, scope: str) -> dict[int, float]:
        """The people announced away from ``scope`` (and not back), with since when."""
        present = await self.store.live(scope, time.time())
        return {u: s for u, s in (await self.store.marks(scope, AWAY)).items()
                if u not in present}

    async def seen(self, scope: str) -> dict[int, float]:
        return await self.store.marks(scope, SEEN)

    async def _tell(self, scope: str, kind: str, user_id: int, name: str) -> None:
        await self.pubsub.publish(presence_channel(scope), {
            "type": "presence", "kind": kind, **scope_fields(scope), "user": user_id,
            "name": name, "present": kind != "left"})

    async def sweep(self) -> int:
        now = time.time()
        try:
            for scope, conns in list(self.local.items()):
                for conn, user_id in list(conns.items()):
                    await self.store.touch(scope, self._member(user_id, conn), now + self.ttl)
            await self.store.forget(now)
        except Exception as error:
            self._unavailable(error)
            return 0
        if self.outage:
            self.outage = False
            log.warning("presence store answers again")
        announced = 0
        for scope in list(self.local):
            try:
                announced += await self._sweep_scope(scope, now)
            except Exception:
                log.exception("presence sweep of %s failed", scope)
        return announced

    async def _sweep_scope(self, scope: str, now: float) -> int:
        store = self.store
        present = await store.live(scope, now)
        announced = 0
        for user_id in set(await store.marks(scope, SEEN)) - present:
            await store.mark(scope, GONE, user_id, now)
        for user_id, since in (await store.marks(scope, GONE)).items():
            if user_id in present:
                await store.unmark(scope, GONE, user_id)
            elif now - since >= self.grace and await store.mark(scope, AWAY, user_id, since):
                announced += 1
                await self._tell(scope, "left", user_id, await self._names(user_id))
                for hook in self.on_left:
                    await hook(scope, user_id)
        away = {u: s for u, s in (await store.marks(scope, AWAY)).items() if u not in present}
        for sweep_hook in self.on_sweep:
            await sweep_hook(scope, away, present)
        return announced


def make_store(redis_url: str | None, prefix: str, keep_seconds: float) -> PresenceStore:
    return RedisStore(redis_url, prefix, keep_seconds) if redis_url \
        else MemoryStore(keep_seconds)


__all__ = ["MemoryStore", "Presence", "PresenceStore", "RedisStore", "make_store",
           "match_scope", "presence_channel", "room_scope"]
