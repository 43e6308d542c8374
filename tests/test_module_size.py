"""Small modules: no module of the server passes 500 lines (ARCHITECTURE.md: split modules
that pass ~500 lines). A module that grows past it is split along a real seam (as
``server/rooms/`` and ``server/errors/`` were), not trimmed to fit."""

from __future__ import annotations

from pathlib import Path

SERVER = Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "server"
MAX_LINES = 500


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_server_module_passes_500_lines() -> None:
    modules = sorted(SERVER.rglob("*.py"))
    assert len(modules) > 50  # the walk sees the server
    too_long = {str(p.relative_to(SERVER)): _lines(p) for p in modules
                if _lines(p) > MAX_LINES}
    assert too_long == {}
