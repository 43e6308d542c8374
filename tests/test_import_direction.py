"""Imports flow one way: core <- lexicon <- games <- ai <- server, cli (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "harfiyen"

# The layer of each top-level subpackage; a module may import only its own layer or lower.
LAYERS = {
    "core": 0, "lexicon": 1, "games": 2, "ai": 3, "server": 4, "cli": 4, "web": 4, "client": 4,
}
ASYNC_OR_DB = {
    "asyncio", "anyio", "trio", "fastapi", "starlette", "uvicorn", "websockets", "aiohttp",
    "httpx", "sqlalchemy", "alembic", "sqlite3", "psycopg", "psycopg2", "asyncpg",
    "aiosqlite", "redis",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] in LAYERS)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_flow_one_way(path: Path) -> None:
    layer_name = path.relative_to(PACKAGE).parts[0]
    layer = LAYERS[layer_name]
    for name in _imports(path):
        parts = name.split(".")
        if parts[0] == "harfiyen" and len(parts) > 1 and parts[1] in LAYERS:
            assert LAYERS[parts[1]] <= layer or parts[1] == layer_name, (
                f"{path.name} ({layer_name}) imports {name}"
            )
        if layer_name in ("core", "lexicon", "games"):
            assert parts[0] not in ASYNC_OR_DB, f"{path.name} imports {name}"
        if layer_name == "ai":
            assert not name.startswith("harfiyen.server"), f"{path.name} imports {name}"


def test_the_walk_sees_the_engines() -> None:
    seen = {p.relative_to(PACKAGE).parts[0] for p in _modules()}
    assert {"core", "lexicon", "games"} <= seen
