"""The ``compiled`` fixture: a movegen test runs with the compiled core and with the pure search.

Without the extension (no C compiler at install) the compiled runs are skipped, unless
``HARFIYEN_REQUIRE_COMPILED_MOVEGEN=1`` (CI sets it) makes them fail instead.
"""

from __future__ import annotations

import os

import pytest

from harfiyen.ai.crossword.movegen import compiled_available

REQUIRE_COMPILED = os.environ.get("HARFIYEN_REQUIRE_COMPILED_MOVEGEN", "") not in ("", "0")


def compiled_missing() -> bool:
    """True when compiled runs should be skipped (not built, not required)."""
    return not compiled_available() and not REQUIRE_COMPILED


@pytest.fixture(params=[True, False], ids=["compiled", "pure"])
def compiled(request: pytest.FixtureRequest) -> bool:
    """``MoveGenerator(..., compiled=...)`` for this run of the test."""
    if request.param and compiled_missing():
        pytest.skip("the compiled move generator is not built")
    return bool(request.param)
