"""A mutable working copy of a frozen game state, for the length of one ``apply``.

Engines build the next state in private scratch and freeze it at the end. A
game's draft is a dataclass deriving from :class:`Draft` whose fields mirror
fields of its state by name: :meth:`Draft.of` copies them in (a tuple becomes a
list where the draft's field is a list), :meth:`Draft.build` writes them back (lists
become tuples again) with the events the move added appended to the log.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class State:
...     scores: tuple[int, ...]
...     to_move: int
...     events: tuple[str, ...] = ()
>>> @dataclass(kw_only=True)
... class Next(Draft[State]):
...     scores: list[int]
...     to_move: int
>>> nxt = Next.of(State((0, 0), 0))
>>> nxt.scores[0] += 12
>>> nxt.events.append("played")
>>> nxt.build()
State(scores=(12, 0), to_move=0, events=('played',))
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Generic, Self, TypeVar, get_origin

S = TypeVar("S")
_OWN = ("state", "events")


_MIRRORED: dict[type, tuple[tuple[str, bool], ...]] = {}


def _mirrored(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each mirrored field's name and whether the draft holds it as a list."""
    if cls not in _MIRRORED:
        hints = typing.get_type_hints(cls)
        _MIRRORED[cls] = tuple(
            (f.name, get_origin(hints[f.name]) is list)
            for f in dataclasses.fields(cls) if f.name not in _OWN
        )
    return _MIRRORED[cls]


@dataclasses.dataclass(kw_only=True)
class Draft(Generic[S]):
    """The state a move starts from, and the events it adds (see the module docstring)."""

    state: S
    events: list[Any] = dataclasses.field(default_factory=list)

    @classmethod
    def of(cls, state: S) -> Self:
        values = {
            name: list(getattr(state, name)) if as_list else getattr(state, name)
            for name, as_list in _mirrored(cls)
        }
        return cls(state=state, **values)

    def build(self, **changes: Any) -> S:
        """The new state: the mirrored fields, the log with this move's events, and
        ``changes`` (fields the draft does not mirror)."""
        values = {
            name: tuple(getattr(self, name)) if as_list else getattr(self, name)
            for name, as_list in _mirrored(type(self))
        }
        log = getattr(self.state, "events") + tuple(self.events)  # noqa: B009
        built: S = dataclasses.replace(self.state, **values, events=log, **changes)  # type: ignore[type-var]
        return built


__all__ = ["Draft"]
