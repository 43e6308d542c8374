"""What a game's AI registers: the typed ``ai`` part of a :class:`~harfiyen.core.registry.GameSpec`.

An :class:`AiSeat` names the seat module's functions as ``"module:function"`` paths
(imported only when a match first seats the AI, so registering a game loads no model)
and lists the game's :class:`AiLevel` records. The server reads everything it shows or
times about an AI from here: a level's names (the bot's display name), its time budget
(how long the bot runner waits for a move) and whether players are offered it.

The functions a seat module provides (ARCHITECTURE.md, "The AI seat"):

- ``choose(view, level, seed, lexicons) -> move`` (or a wrapped move, ``harfiyen.ai.seats``);
- ``fallback(view, seed, lexicons, refused) -> move``: the safe move when ``choose``
  crashed, overran its level's budget or answered a move the engine refused;
- ``warm(language)``: loads the models for a language ahead of the first move;
- ``stand_in(view) -> move | None``: the move a person still owes when a phase timer runs
  out, in a game without a ``timeout`` move.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from harfiyen.core.errors import Message

#: A level key: lowercase letters and digits, so that ``bot_<key>`` stays a username.
LEVEL_KEY: Final = r"^[a-z][a-z0-9]*$"
LEVEL_KEY_MAX: Final = 24
#: How long the runner waits for a move unless a level says otherwise. Generous: the
#: first move of a process may wait for a lexicon or a model to load.
DEFAULT_BUDGET_SECONDS: Final = 60.0


@dataclass(frozen=True)
class AiLevel:
    """One level of a game's AI.

    ``budget_seconds`` is how long the bot runner waits for a move of this level before
    the game's fallback moves for it (an AI may think for less: the crossword's levels
    keep their own, shorter thinking time). A level that is not ``offered`` is accepted
    when a match is created with it but never listed to players nor picked for them (the
    crossword's simple stand-ins, kept for tests). A bot plays under ``bot_name``, by
    default the level's name followed by "(bot)".
    """

    key: str
    name: Message
    budget_seconds: float = DEFAULT_BUDGET_SECONDS
    offered: bool = True
    bot_name: Message | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(LEVEL_KEY, self.key) or len(self.key) > LEVEL_KEY_MAX:
            raise ValueError(f"an AI level key is lowercase letters and digits: {self.key!r}")
        if self.budget_seconds <= 0:
            raise ValueError(f"level {self.key!r} needs a positive time budget")

    @property
    def player_name(self) -> Message:
        """The name a bot of this level plays under (``Usta (bot)``, ``Yapay zekâ``)."""
        if self.bot_name is not None:
            return self.bot_name
        return Message(f"{self.name.tr} (bot)", f"{self.name.en} (bot)")


def plain_ai_level(budget_seconds: float = DEFAULT_BUDGET_SECONDS) -> AiLevel:
    """The one level of an AI without difficulty settings (the party games'): ``ai``,
    named "Yapay zekâ" / "AI", which already says what plays, so no "(bot)" follows."""
    name = Message("Yapay zekâ", "AI")
    return AiLevel("ai", name, budget_seconds, bot_name=name)


@dataclass(frozen=True)
class AiSeat:
    """A game's AI: its seat functions (``"module:function"``, loaded lazily) and levels.

    ``paces_itself``: how the seat leaves the people beside it time to act. False: every
    bot move waits a moment when people may act too (a person guessing beside an AI goes
    first). True: the seat acts at once and marks the moves that wait for the people
    (``harfiyen.ai.seats.AfterPeople``): a game where every seat acts for itself.
    """

    choose: str
    levels: tuple[AiLevel, ...]
    fallback: str | None = None
    warm: str | None = None
    stand_in: str | None = None
    paces_itself: bool = False

    def __post_init__(self) -> None:
        keys = [level.key for level in self.levels]
        if not any(level.offered for level in self.levels):
            raise ValueError(f"{self.choose}: an AI seat offers at least one level")
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.choose}: a level key is registered twice ({keys})")
        for path in (self.choose, self.fallback, self.warm, self.stand_in):
            if path is not None and not re.fullmatch(r"[\w.]+:\w+", path):
                raise ValueError(f"an AI function is named 'module:function', not {path!r}")

    @property
    def offered(self) -> tuple[str, ...]:
        """The level keys players are offered, in order (the first: the default)."""
        return tuple(level.key for level in self.levels if level.offered)

    def level(self, key: str) -> AiLevel | None:
        """The level registered as ``key`` (offered or not), or ``None``."""
        return next((level for level in self.levels if level.key == key), None)


def load_function(path: str) -> Callable[..., Any]:
    """The function a ``"module:function"`` path names, importing its module."""
    module_name, _, name = path.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module_name), name)
    return found


__all__ = [
    "DEFAULT_BUDGET_SECONDS", "LEVEL_KEY", "LEVEL_KEY_MAX", "AiLevel", "AiSeat",
    "load_function", "plain_ai_level",
]
