"""Errors with stable codes and a message in Turkish and English."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Self, TypeVar, overload


@dataclass(frozen=True)
class Message:
    """A user-facing text in Turkish (first) and English."""

    tr: str
    en: str

    def in_language(self, lang: str) -> str:
        """The text in ``lang`` (``"tr"`` or ``"en"``); Turkish for anything else."""
        return self.en if lang == "en" else self.tr


class HarfiyenError(Exception):
    """An error a user is told about: a stable ``code`` (clients and tests match on it),
    ``details`` with the facts that explain it (the offending squares, words, ...), and a
    ``message`` that says what is wrong in Turkish and English.

    Its kinds are different classes: :class:`GameError`, what a game's rules refuse; and
    the server's own (``harfiyen.server.errors``): a request it refuses (not found,
    forbidden, busy) and an internal failure.
    """

    def __init__(self, code: str, message: Message, details: Mapping[str, Any] | None = None):
        super().__init__(f"{code}: {message.en}")
        self.code = code
        self.message = message
        self.details: Mapping[str, Any] = dict(details or {})

    @classmethod
    def of(cls, kind: ErrorKind, **details: Any) -> Self:
        """The error of ``kind``, of this class, with its messages filled from ``details``."""
        tr = {k: _text(v, "tr") for k, v in details.items()}
        en = {k: _text(v, "en") for k, v in details.items()}
        data = {k: _data(v) for k, v in details.items()}
        return cls(kind.code, Message(kind.tr.format(**tr), kind.en.format(**en)), data)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: code, both messages and the details."""
        return {
            "code": self.code,
            "message": {"tr": self.message.tr, "en": self.message.en},
            "details": dict(self.details),
        }


class GameError(HarfiyenError):
    """A move, an option or a record a game's rules refuse. Raising it never changes the
    game: engines are immutable at the boundary."""


_E = TypeVar("_E", bound=HarfiyenError)


@dataclass(frozen=True)
class ErrorKind:
    """One way a request can be wrong: a stable code and message templates.

    Templates use ``str.format`` fields filled from the error's details.
    """

    code: str
    tr: str
    en: str
    _fields: tuple[str, ...] = field(default=(), repr=False)

    @overload
    def error(self, **details: Any) -> GameError: ...

    @overload
    def error(self, cls: type[_E], **details: Any) -> _E: ...

    def error(self, cls: type[HarfiyenError] = GameError, **details: Any) -> HarfiyenError:
        """Build the error of class ``cls`` with its message filled from ``details``."""
        return cls.of(self, **details)


# Error kinds every game shares (each game's catalogue lists them too).
UNKNOWN_SEAT: Final = ErrorKind(
    "unknown_seat",
    "Bu oyunda {seat} numaralı oyuncu yeri yok; {seats} yer var.",
    "There is no seat {seat} in this game ({seats} seats).",
)
OMNISCIENT_BEFORE_END: Final = ErrorKind(
    "omniscient_before_end",
    "Her şeyi gösteren görünüm ancak oyun bittikten sonra açılır.",
    "The all-seeing view opens only once the game is over.",
)
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


def _text(value: Any, lang: str) -> str:
    """A detail as it reads in a message: enums by their name in ``lang`` (their
    ``tr_name`` in Turkish where they have one), lists joined by commas."""
    if isinstance(value, list | tuple):
        return ", ".join(_text(v, lang) for v in value)
    if isinstance(value, Enum):
        return str(getattr(value, "tr_name", value.value) if lang == "tr" else value.value)
    return str(value)


def _data(value: Any) -> Any:
    """A detail as JSON-ready data: enums by value, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_data(v) for v in value]
    return value
