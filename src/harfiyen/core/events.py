"""The one base of engine events in every game: frozen dataclasses whose JSON form
follows their fields, both ways (:mod:`harfiyen.core.wire`).

``event.to_dict()`` is the stored form: ``{"kind": ..., field: value, ...}`` plus
the values of the event's ``wire_extras()`` where it has one (derived facts some
readers want, ignored when reading back). ``Decoder`` turns stored forms back into events, for
the engine's replay and the server alike. What a viewer receives is the game's
``project_event``; the stored form is the omniscient record of what happened.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from harfiyen.core.wire import WireError, record_from_json, record_to_json, to_json


def json_value(value: Any) -> Any:
    """``value`` as JSON-ready data: enums by value, tuples and lists as lists."""
    return to_json(value)


class EngineEvent:
    """A game transition; ``kind`` names it on the wire."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The stored JSON form: the kind, every field, then the derived extras."""
        return {"kind": self.kind, **record_to_json(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EngineEvent:
        """The event ``to_dict`` wrote; raises ``WireError`` for anything else."""
        if data.get("kind") != cls.kind:
            raise WireError("kind", f"expected {cls.kind!r}, got {data.get('kind')!r}")
        event: EngineEvent = record_from_json(cls, data)
        return event


class Decoder:
    """Stored event forms back to events, by their ``kind``."""

    def __init__(self, event_types: Iterable[type[EngineEvent]]) -> None:
        self.types: dict[str, type[EngineEvent]] = {}
        for event_type in event_types:
            if event_type.kind in self.types:
                raise ValueError(f"two event types are called {event_type.kind!r}")
            self.types[event_type.kind] = event_type

    def __call__(self, data: Mapping[str, Any]) -> EngineEvent:
        """The event of ``data``; raises ``WireError`` for an unknown kind or a bad field."""
        kind = data.get("kind")
        event_type = self.types.get(kind) if isinstance(kind, str) else None
        if event_type is None:
            raise WireError("kind", f"unknown event kind {kind!r}")
        return event_type.from_dict(data)


__all__ = ["Decoder", "EngineEvent", "json_value"]
