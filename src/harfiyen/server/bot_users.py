"""Bot users: who the AI players are, below the match service.

A bot is an ordinary user (``bot_<level>[_n]``, no password, ``preferences.bot``)
that the service seats in new matches and the runner (``server/bots.py``, above
the service) moves for. The levels are those the games register (``GameSpec.ai``): the
crossword AI's four and its two stand-ins, the party games' one ``ai``; a level key
plays under one name in every game that registers it, so one user per level serves them
all.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.core.registry import registered_ai_level
from harfiyen.server.models import User

BOT_PREFIX = "bot_"


def bot_display_name(level: str, index: int = 1) -> str:
    """What players see: the name the level registers for its bots, in Turkish (a bot
    user serves players of every language; its name is stored once): ``Şampiyon (bot)``,
    ``Yapay zekâ``; a second bot of one level in a match is ``Orta (bot) 2``. Raises
    ``LookupError`` for a level no registered game has."""
    registered = registered_ai_level(level)
    if registered is None:
        raise LookupError(f"no registered game has the AI level {level!r}")
    name = registered.player_name.tr
    return name if index == 1 else f"{name} {index}"


async def bot_user(db: AsyncSession, level: str, index: int = 1) -> User:
    """The ``index``-th user that plays ``level`` (one match seats each user once, so
    several bots of one level are different users), created on first use."""
    name = BOT_PREFIX + level + ("" if index == 1 else f"_{index}")
    found = select(User).where(User.username == name)
    user = (await db.execute(found)).scalar_one_or_none()
    shown = bot_display_name(level, index)
    if user is None:
        # Two first matches against a new level may create its user at once: the one
        # that comes second takes the other's row instead of failing on the unique name.
        dialect = db.get_bind().dialect.name
        insert = pg_insert if dialect == "postgresql" else sqlite_insert
        await db.execute(insert(User).values(
            username=name, display_name=shown, password_hash=None, is_guest=False,
            preferences={"bot": level, "language": "tr"},
        ).on_conflict_do_nothing())
        user = (await db.execute(found)).scalar_one()
    if user.display_name != shown:
        user.display_name = shown
    return user


async def bot_users(db: AsyncSession, levels: Sequence[str]) -> list[User]:
    """A user for each of ``levels`` in turn: the second bot of one level is that level's
    second user, and so on (one match seats each user once)."""
    taken: dict[str, int] = {}
    users = []
    for level in levels:
        taken[level] = taken.get(level, 0) + 1
        users.append(await bot_user(db, level, taken[level]))
    return users
