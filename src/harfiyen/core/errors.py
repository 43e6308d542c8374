"""Errors with stable codes and a message in Turkish and English."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final


@dataclass(frozen=True)
class Message:
    """A user-facing text in Turkish (first) and English."""

    tr: str
    en: str

    def in_language(self, lang: str) -> str:
        """The text in ``lang`` (``"tr"`` or ``"en"``); Turkish for anything else."""
        return self.en if lang == "en" else self.tr


class GameError(Exception):
    """A move or request the rules refuse.

    ``code`` is stable (clients and tests match on it), ``details`` holds the
    facts that explain the refusal (the offending squares, words, ...), and
    ``message`` says what is wrong in Turkish and English. Raising it never
    changes the game: engines are immutable at the boundary.
    """

    def __init__(self, code: str, message: Message, details: Mapping[str, Any] | None = None):
        super().__init__(f"{code}: {message.en}")
        self.code = code
        self.message = message
        self.details: Mapping[str, Any] = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: code, both messages and the details."""
        return {
            "code": self.code,
            "message": {"tr": self.message.tr, "en": self.message.en},
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class ErrorKind:
    """One way a request can be wrong: a stable code and message templates.

    Templates use ``str.format`` fields filled from the error's details.
    """

    code: str
    tr: str
    en: str
    _fields: tuple[str, ...] = field(default=(), repr=False)

    def error(self, cls: type[GameError] = GameError, **details: Any) -> GameError:
        """Build the error with its message filled from ``details``."""
        text = {k: _text(v) for k, v in details.items()}
        return cls(self.code, Message(self.tr.format(**text), self.en.format(**text)), details)


# Error kinds every game shares (each game's catalogue lists them too).
GAME_OVER: Final = ErrorKind(
    "game_over",
    "Oyun bitti; artık hamle yapılamaz.",
    "The game is over; no more moves can be made.",
)
UNKNOWN_MOVE: Final = ErrorKind(
    "unknown_move",
    "Bu oyunda böyle bir hamle yok: {move}.",
    "This game has no such move: {move}.",
)


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)
