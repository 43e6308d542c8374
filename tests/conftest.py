"""Test-wide settings: keep caches out of the user's home folder."""

from __future__ import annotations

import os
from pathlib import Path


def pytest_configure() -> None:
    # Compiled automata and meaning indexes are cached on disk; tests share one
    # per-checkout folder so repeated runs stay fast without touching ~/.cache.
    default = Path(__file__).resolve().parents[1] / ".cache" / "test"
    os.environ.setdefault("HARFIYEN_CACHE_DIR", str(default))
