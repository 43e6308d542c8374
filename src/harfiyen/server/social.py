"""Friends, recent opponents and blocks.

A block works both ways for play: neither user can invite the other, chat in a
match they share, or be paired with the other by matchmaking. Only the blocker
can lift it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import and_, delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from harfiyen.server.errors import fail
from harfiyen.server.errors import social as social_errors
from harfiyen.server.models import Block, Friendship, Match, MatchPlayer, User


async def blocked_between(db: AsyncSession, user_id: int, others: Iterable[int]) -> bool:
    """True if ``user_id`` blocked any of ``others`` or any of them blocked ``user_id``."""
    others = [o for o in others if o != user_id]
    if not others:
        return False
    row = (await db.execute(
        select(Block.id).where(or_(
            and_(Block.user_id == user_id, Block.blocked_id.in_(others)),
            and_(Block.blocked_id == user_id, Block.user_id.in_(others)),
        )).limit(1)
    )).first()
    return row is not None


async def refuse_if_blocked(db: AsyncSession, user_id: int, others: Iterable[int]) -> None:
    """Raise ``social.blocked`` (403) when a block stands between ``user_id`` and ``others``."""
    if await blocked_between(db, user_id, others):
        raise fail(social_errors.BLOCKED, status=403)


async def blocked_ids(db: AsyncSession, user_id: int) -> set[int]:
    """Everyone ``user_id`` blocked or was blocked by (matchmaking skips them)."""
    rows = (await db.execute(
        select(Block.user_id, Block.blocked_id).where(
            or_(Block.user_id == user_id, Block.blocked_id == user_id)
        )
    )).all()
    return {a if b == user_id else b for a, b in rows}


async def add_friend(db: AsyncSession, user: User, friend: User) -> None:
    if friend.id == user.id:
        raise fail(social_errors.SELF_RELATION, status=409)
    user_id, friend_id = user.id, friend.id
    exists = (await db.execute(select(Friendship.id).where(
        Friendship.user_id == user_id, Friendship.friend_id == friend_id
    ))).first()
    if exists is None:
        db.add(Friendship(user_id=user_id, friend_id=friend_id))
        try:
            await db.commit()
        except IntegrityError:  # added at the same moment elsewhere: already a friend
            await db.rollback()


async def remove_friend(db: AsyncSession, user: User, friend: User) -> None:
    await db.execute(delete(Friendship).where(
        Friendship.user_id == user.id, Friendship.friend_id == friend.id
    ))
    await db.commit()


async def friends(db: AsyncSession, user_id: int) -> list[User]:
    return list((await db.execute(
        select(User).join(Friendship, Friendship.friend_id == User.id)
        .where(Friendship.user_id == user_id).order_by(User.username)
    )).scalars().all())


async def block(db: AsyncSession, user: User, other: User) -> None:
    """Block ``other`` (open invitations between the two can no longer be accepted)."""
    if other.id == user.id:
        raise fail(social_errors.SELF_RELATION, status=409)
    user_id, other_id = user.id, other.id
    exists = (await db.execute(select(Block.id).where(
        Block.user_id == user_id, Block.blocked_id == other_id
    ))).first()
    if exists is None:
        db.add(Block(user_id=user_id, blocked_id=other_id))
    # A blocked user is no friend either.
    await db.execute(delete(Friendship).where(
        Friendship.user_id == user_id, Friendship.friend_id == other_id
    ))
    try:
        await db.commit()
    except IntegrityError:  # blocked at the same moment elsewhere
        await db.rollback()


async def unblock(db: AsyncSession, user: User, other: User) -> None:
    await db.execute(delete(Block).where(Block.user_id == user.id, Block.blocked_id == other.id))
    await db.commit()


async def blocked_users(db: AsyncSession, user_id: int) -> list[User]:
    return list((await db.execute(
        select(User).join(Block, Block.blocked_id == User.id)
        .where(Block.user_id == user_id).order_by(User.username)
    )).scalars().all())


async def recent_opponents(
    db: AsyncSession, user_id: int, limit: int = 20
) -> list[dict[str, Any]]:
    """The people ``user_id`` played most recently (started matches), newest first, once each."""
    me = aliased(MatchPlayer)
    them = aliased(MatchPlayer)
    rows = (await db.execute(
        select(User, Match.id, Match.started_at)
        .join(them, them.user_id == User.id)
        .join(me, (me.match_id == them.match_id) & (me.user_id == user_id))
        .join(Match, Match.id == them.match_id)
        .where(them.user_id != user_id, Match.started_at.is_not(None))
        .order_by(Match.started_at.desc(), Match.id.desc())
        .limit(limit * 5)
    )).all()
    seen: set[int] = set()
    out = []
    for user, match_id, started_at in rows:
        if user.id in seen:
            continue
        seen.add(user.id)
        out.append({"user": user, "match": match_id, "played_at": started_at})
        if len(out) == limit:
            break
    return out
