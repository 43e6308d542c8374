"""Replay the outside GCG records (../shared/testdata/gcg) and require nearly all to pass.

The records come from other crossword-game programs; the folder's README
lists the known exceptions (a record with a wrong score, a Polish game, a game
whose two players share one nickname). The folder lives beside the repository;
without it the test is skipped, except in CI where it must be present.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harfiyen.games.crossword.notation.gcg import decode_gcg, parse_gcg
from harfiyen.games.crossword.notation.replay import replay

FOLDER = Path(__file__).resolve().parents[1] / ".." / "shared" / "testdata" / "gcg"
REQUIRED = 108


def _files() -> list[Path]:
    return sorted(FOLDER.glob("*.gcg")) if FOLDER.is_dir() else []


def test_outside_records_replay() -> None:
    files = _files()
    if not files:
        if os.environ.get("CI") == "true":
            pytest.fail(f"outside GCG records missing: {FOLDER}")
        pytest.skip(f"outside GCG records not present at {FOLDER}")
    failures: list[str] = []
    for path in files:
        try:
            result = replay(parse_gcg(decode_gcg(path.read_bytes())))
        except Exception as error:  # a crash counts as a failure, with its reason
            failures.append(f"{path.name}: {type(error).__name__}: {error}")
            continue
        if not result.passed:
            failures.append(f"{path.name}: {result.mismatch}")
    passed = len(files) - len(failures)
    assert passed >= REQUIRED, (
        f"{passed} of {len(files)} passed; failures:\n" + "\n".join(failures)
    )
