"""Quotas: how much one account, and all the accounts of one network address, may hold at once.

Four things are limited, each per account and per address (``HARFIYEN_*`` settings):

- open rooms (``ROOMS_PER_*``): the rooms one hosts that are public, still gathering for
  their first match, or playing one; a private room whose match is over (a finished solo
  table) does not count, so playing many solo games never runs into it;
- waiting matches (``WAITING_MATCHES_PER_*``): matches created and never started;
- AI-only tables (``AI_TABLES_PER_*``): running matches whose every seat an AI plays
  (tables people only watch; also a match whose every person handed their seat);
- word packs (``PACKS_PER_*``).

A creation beyond a limit is refused with 429 and a message that names the limit; it
changes nothing. The counts are read from the database, so the limits hold across
server processes: the new row is written first, then the owner's rows are counted in
the same transaction, which is refused (rolled back) when the count is over the limit
(:func:`enforce`). Before writing, :func:`check` refuses what is already at its limit
from a plain read: a flood of refused creations then writes nothing and never holds the
writer (SQLite's one writer is what people's moves wait for).
Two creations at once cannot both pass: with SQLite the first write holds the loop's
writer lock until its transaction ends (``sqlite_inline.py``), so the second counts
after the first committed; with PostgreSQL the count runs under transaction advisory
locks of the account and of the address.

The address (``throttle.client_address``) is kept as a keyed hash: enough to count
what one address holds, not an address anyone can read back.
"""

from __future__ import annotations

import hashlib
import hmac
import zlib
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import ColumnElement, false, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.errors import ErrorKind
from harfiyen.server.db import advisory_xact_lock
from harfiyen.server.errors import fail
from harfiyen.server.errors import quotas as quota_errors
from harfiyen.server.models import Match, Room, WordPack
from harfiyen.server.settings import Settings

# Advisory-lock namespaces of the counts (matches use 4242, users 4243, rooms 4244).
ACCOUNT_LOCK_NAMESPACE: Final = 4245
ADDRESS_LOCK_NAMESPACE: Final = 4246


def address_key(settings: Settings, address: str | None) -> str | None:
    """The keyed hash of a client address that rows keep (``None`` for none)."""
    if address is None:
        return None
    key = settings.secret_key.get_secret_value().encode()
    return hmac.new(key, b"address:" + address.encode(), hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class Quota:
    """One limit: the settings that hold it, its refusals, and what it counts."""

    name: str
    per_account: str  # the Settings field of the account's limit
    per_address: str
    account_error: ErrorKind
    address_error: ErrorKind

    def limits(self, settings: Settings) -> tuple[int, int]:
        return int(getattr(settings, self.per_account)), int(getattr(settings, self.per_address))


ROOMS: Final = Quota("rooms", "rooms_per_account", "rooms_per_address",
                     quota_errors.ROOMS_QUOTA, quota_errors.ROOMS_QUOTA_ADDRESS)
WAITING_MATCHES: Final = Quota("waiting_matches", "waiting_matches_per_account",
                               "waiting_matches_per_address",
                               quota_errors.WAITING_QUOTA, quota_errors.WAITING_QUOTA_ADDRESS)
AI_TABLES: Final = Quota("ai_tables", "ai_tables_per_account", "ai_tables_per_address",
                         quota_errors.AI_TABLES_QUOTA, quota_errors.AI_TABLES_QUOTA_ADDRESS)
PACKS: Final = Quota("packs", "packs_per_account", "packs_per_address",
                     quota_errors.PACK_TOO_MANY, quota_errors.PACK_TOO_MANY_ADDRESS)


def _counted(quota: Quota, user_id: int | None, address: str | None) -> Any:
    """The count of what ``user_id`` (or, given instead, ``address``) holds of ``quota``."""
    if quota is ROOMS:
        running = select(Match.id).where(Match.id == Room.match_id,
                                         Match.status.in_(("waiting", "active")))
        owner: ColumnElement[bool] = (Room.host_id == user_id) if user_id is not None \
            else (Room.created_from == address)
        return select(func.count()).select_from(Room).where(
            owner, Room.status != "closed",
            or_(Room.public.is_(True), Room.match_id.is_(None), running.exists()))
    if quota is PACKS:
        owner = (WordPack.user_id == user_id) if user_id is not None \
            else (WordPack.created_from == address)
        return select(func.count()).select_from(WordPack).where(owner)
    owner = (Match.created_by == user_id) if user_id is not None \
        else (Match.created_from == address)
    if quota is WAITING_MATCHES:
        return select(func.count()).select_from(Match).where(owner, Match.status == "waiting")
    assert quota is AI_TABLES
    return select(func.count()).select_from(Match).where(
        owner, Match.status == "active", Match.ai_only.is_not(false()))


async def _refuse_over(db: AsyncSession, settings: Settings, quota: Quota, user_id: int,
                      address: str | None, adding: int) -> None:
    per_account, per_address = quota.limits(settings)
    if (await db.execute(_counted(quota, user_id, None))).scalar_one() + adding > per_account:
        raise fail(quota.account_error, status=429, limit=per_account, scope="account")
    if address is not None and (await db.execute(_counted(quota, None, address))
                                ).scalar_one() + adding > per_address:
        raise fail(quota.address_error, status=429, limit=per_address, scope="address")


async def check(db: AsyncSession, settings: Settings, quota: Quota, user_id: int,
                address: str | None) -> None:
    """Refuse (429) before writing when ``user_id`` or the address already holds all that
    ``quota`` allows: the cheap refusal. Only :func:`enforce`, after the write, holds when
    two creations run at once."""
    await _refuse_over(db, settings, quota, user_id, address, 1)


async def enforce(db: AsyncSession, settings: Settings, quota: Quota, user_id: int,
                  address: str | None) -> None:
    """Refuse (429) when ``user_id``, or the address whose key is ``address``, now holds more
    of ``quota`` than allowed. Call it in the transaction that wrote the new row, after
    writing it (it is counted): a refusal rolls it back."""
    await db.flush()
    if db.get_bind().dialect.name == "postgresql":
        # Always the account first, then the address: two counts never wait for each other
        # in a circle.
        schema = settings.database_schema
        await advisory_xact_lock(db, schema, ACCOUNT_LOCK_NAMESPACE, user_id)
        if address is not None:
            await advisory_xact_lock(db, schema, ADDRESS_LOCK_NAMESPACE,
                                     zlib.crc32(address.encode()) - 2**31)
    await _refuse_over(db, settings, quota, user_id, address, 0)


__all__ = ["AI_TABLES", "PACKS", "ROOMS", "WAITING_MATCHES", "Quota", "address_key", "check",
           "enforce"]
