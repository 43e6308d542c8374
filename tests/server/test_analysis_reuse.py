"""A stored analysis is reused while it runs or once done by this version; one stored
before win chances existed is computed again."""

from __future__ import annotations

from typing import Any

from harfiyen.server.analysis import _reusable


def stored(status: str, analysis: dict[str, Any] | None) -> dict[str, Any]:
    return {"status": status, "result": None if analysis is None else {"analysis": analysis}}


def test_reuse_rules() -> None:
    assert not _reusable(None)
    assert _reusable(stored("running", None))
    assert _reusable(stored("done", {"turns": [], "win_chances": True}))
    assert _reusable(stored("done", {"turns": [], "win_chances": False}))
    assert not _reusable(stored("done", {"turns": []}))  # before win chances
    assert not _reusable(stored("failed", None))
