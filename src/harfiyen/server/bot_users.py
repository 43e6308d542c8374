"""Bot users: who the AI players are, below the match service.

A bot is an ordinary user (``bot_<level>[_n]``, no password, ``preferences.bot``)
that the service seats in new matches and the runner (``server/bots.py``, above
the service) moves for. Levels: the crossword AI's four (``caylak``, ``orta``,
``usta``, ``sampiyon``, from ``harfiyen.ai.crossword.levels``), two simple
stand-ins kept for tests and as a fallback (``greedy``, ``random``), and the party
games' one ``ai`` level (shown as "Yapay zekâ").
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.games import game as registered_game
from harfiyen.server.models import User

#: The crossword AI's levels, as its game registers them.
AI_LEVELS = registered_game("crossword").ai_levels
#: The party games' one AI level.
SEAT_AI_LEVELS = ("ai",)
BOT_PREFIX = "bot_"
SEAT_AI_NAME = "Yapay zekâ"


def bot_display_name(level: str, index: int = 1) -> str:
    """What players see: the level's Turkish name for the AI levels (``Şampiyon (bot)``);
    a second bot of one level in a match is ``Orta (bot) 2``; Kelime Casusu's AI is
    ``Yapay zekâ`` (``Yapay zekâ 2`` ...)."""
    if level in AI_LEVELS:
        from harfiyen.ai.crossword.levels import Level

        name = f"{Level.parse(level).tr_name} (bot)"
    elif level in SEAT_AI_LEVELS:
        name = SEAT_AI_NAME
    else:
        name = f"Bot ({level})"
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
