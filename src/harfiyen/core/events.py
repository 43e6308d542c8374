"""The shared base of engine events: frozen dataclasses whose JSON form follows their fields.

An event's ``to_dict()`` is ``{"kind": ..., field: value, ...}`` with enums as their
values and tuples as lists. Events whose wire form differs (renamed or derived
fields, nested records) override ``to_dict``.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, ClassVar


def json_value(value: Any) -> Any:
    """``value`` as JSON-ready data: enums by value, tuples and lists as lists."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [json_value(item) for item in value]
    return value


class EngineEvent:
    """A game transition; ``kind`` names it on the wire."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return {"kind": self.kind, **{f.name: json_value(getattr(self, f.name)) for f in fields}}


__all__ = ["EngineEvent", "json_value"]
