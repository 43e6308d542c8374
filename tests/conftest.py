"""Test-wide settings: keep caches out of the user's home folder; Hypothesis profiles."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# Hypothesis profiles. "dev" (the default): Hypothesis' own example counts (100 per
# test unless a test says otherwise), no per-example deadline (a shared machine makes
# timings noise). "ci" (chosen when CI=true): fewer examples, so that the property
# tests' time stays bounded on a loaded CI machine, never derandomised (every run tries
# new inputs), no example database, and a failure prints the blob that reproduces it
# (``@reproduce_failure``). Expensive tests scale their counts from the loaded profile
# (``settings.default.max_examples``), so this one setting bounds them too.
# HYPOTHESIS_PROFILE picks a profile by name (e.g. "ci" locally).
settings.register_profile(
    "dev", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40,
    derandomize=False, database=None, print_blob=True,
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
)


def pytest_configure() -> None:
    # Compiled automata and meaning indexes are cached on disk; tests share one
    # per-checkout folder so repeated runs stay fast without touching ~/.cache.
    default = Path(__file__).resolve().parents[1] / ".cache" / "test"
    os.environ.setdefault("HARFIYEN_CACHE_DIR", str(default))
