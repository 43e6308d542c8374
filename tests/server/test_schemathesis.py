"""Schemathesis against ``harfiyen serve`` on a fresh SQLite file (see schemathesis_support)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from .schemathesis_support import no_server_error, served


@pytest.mark.slow
def test_no_generated_request_gets_a_server_error() -> None:
    folder = Path(tempfile.mkdtemp(prefix="harfiyen-st-"))
    with served(folder, {"HARFIYEN_DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'st.sqlite3'}"}
                ) as url:
        no_server_error(url)
