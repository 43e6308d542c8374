"""Schemathesis against ``harfiyen serve`` on a fresh PostgreSQL schema: the database answers
some bad input differently (an id beyond 32 bits failed there only). See
schemathesis_support."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from .conftest import Database
from .schemathesis_support import no_server_error, served


@pytest.mark.slow
def test_no_generated_request_gets_a_server_error(fresh_postgres: Database) -> None:
    folder = Path(tempfile.mkdtemp(prefix="harfiyen-st-"))
    with served(folder, {"HARFIYEN_DATABASE_URL": fresh_postgres.url,
                         "HARFIYEN_DATABASE_SCHEMA": fresh_postgres.schema or ""}) as url:
        no_server_error(url)
