"""Throttling of logins and account creation, with the ``limits`` library.

Failed logins are counted per account (whatever the address: a password
cannot be guessed from many machines either) and per address (one machine
cannot try many accounts); once either count is full, the login is refused
with 429 and the seconds to wait, even with the right password. New accounts
(registrations and guests) are counted per address. Room codes are invitations, so
failed room-code lookups (a code that names no room) are counted per account and per
address the same way: once either is full, every lookup is refused with 429 and the
seconds to wait, so codes cannot be guessed.

The counters live in Redis when the deployment has one (so they hold across
processes, under the deployment's channel prefix), else in memory. When Redis
does not answer, this process's own memory counters take over: throttling
never turns off.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Any

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from harfiyen.core.errors import ErrorKind
from harfiyen.server.errors import accounts as account_errors
from harfiyen.server.errors import fail
from harfiyen.server.errors import rooms as room_errors
from harfiyen.server.errors import social as social_errors
from harfiyen.server.settings import Settings

log = logging.getLogger(__name__)


def client_address(request: HTTPConnection) -> str:
    """The caller's address (uvicorn replaces it with X-Forwarded-For only when the peer is
    one of ``Settings.trusted_proxies``: see ``Settings.proxy_options``)."""
    return request.client.host if request.client else "unknown"


class Throttle:
    def __init__(self, settings: Settings, prefix: str) -> None:
        self.per_account = parse(settings.login_failures_per_account)
        self.per_address = parse(settings.login_failures_per_address)
        self.accounts = parse(settings.accounts_per_address)
        self.room_lookups_account = parse(settings.room_lookups_per_account)
        self.room_lookups_address = parse(settings.room_lookups_per_address)
        # A room's chat (room_chat.py) at a match chat's pace, counted here since it is not stored.
        self.room_chat_rate = parse(
            f"{settings.chat_burst} per {max(1, round(settings.chat_window_seconds))} second")
        self._memory = MovingWindowRateLimiter(MemoryStorage())
        self._shared: MovingWindowRateLimiter | None = None
        if settings.redis_url:
            storage: Storage = RedisStorage(
                "async+" + settings.redis_url, implementation="redispy",
                key_prefix=prefix + "limits", socket_connect_timeout=2, socket_timeout=2,
            )
            self._shared = MovingWindowRateLimiter(storage)

    async def _call(self, method: str, item: RateLimitItem, *keys: str) -> Any:
        if self._shared is not None:
            try:
                return await getattr(self._shared, method)(item, *keys)
            except Exception as error:  # Redis is down: this process's counters go on
                log.warning("throttle counters in Redis unavailable (%s); using memory",
                            type(error).__name__)
        return await getattr(self._memory, method)(item, *keys)

    async def _refuse_if_full(self, item: RateLimitItem, *keys: str,
                              kind: ErrorKind = account_errors.TOO_MANY_ATTEMPTS) -> None:
        if not await self._call("test", item, *keys):
            stats = await self._call("get_window_stats", item, *keys)
            wait = max(1, math.ceil(stats.reset_time - time.time()))
            raise fail(kind, status=429, seconds=wait)

    async def login_allowed(self, account_key: str, address: str) -> None:
        """Refuse (429) while the account or the address has too many recent failures."""
        await self._refuse_if_full(self.per_account, "login-account", account_key)
        await self._refuse_if_full(self.per_address, "login-address", address)

    async def login_failed(self, account_key: str, address: str) -> None:
        await self._call("hit", self.per_account, "login-account", account_key)
        await self._call("hit", self.per_address, "login-address", address)

    async def room_lookup_allowed(self, user_id: int, address: str) -> None:
        """Refuse (429, ``room.too_many_lookups``) while the account or the address has
        looked up too many room codes that named no room."""
        await self._refuse_if_full(self.room_lookups_account, "room-account", str(user_id),
                                   kind=room_errors.ROOM_LOOKUPS)
        await self._refuse_if_full(self.room_lookups_address, "room-address", address,
                                   kind=room_errors.ROOM_LOOKUPS)

    async def room_lookup_failed(self, user_id: int, address: str) -> None:
        await self._call("hit", self.room_lookups_account, "room-account", str(user_id))
        await self._call("hit", self.room_lookups_address, "room-address", address)

    async def room_chat(self, user_id: int) -> None:
        """Count one room chat message of the user; refuse (429, ``chat.rate_limited``)
        beyond the rate."""
        await self._refuse_if_full(self.room_chat_rate, "room-chat", str(user_id),
                                   kind=social_errors.CHAT_RATE)
        await self._call("hit", self.room_chat_rate, "room-chat", str(user_id))

    async def new_account(self, address: str) -> None:
        """Count one new account from ``address``; refuse (429) beyond the limit."""
        await self._refuse_if_full(self.accounts, "accounts", address)
        await self._call("hit", self.accounts, "accounts", address)
