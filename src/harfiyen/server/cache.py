"""A small least-recently-used mapping (game states by match, bookkeeping by match)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


class LruCache(OrderedDict[int, Any]):
    """At most ``size`` entries; reading or writing one makes it the newest, and the
    oldest go first. Keeps per-match memory bounded however many matches a process sees."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get(self, key: int, default: Any = None) -> Any:
        if key in self:
            self.move_to_end(key)
        return super().get(key, default)

    def __setitem__(self, key: int, value: Any) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
