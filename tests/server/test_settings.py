"""Settings from the environment, the app factory and the CLI wiring."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from harfiyen.cli import app as cli_app
from harfiyen.server.app import create_app
from harfiyen.server.migrate import head
from harfiyen.server.settings import INSECURE_DEV_KEY, Settings


def test_environment_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HARFIYEN_DATABASE_URL", "sqlite+aiosqlite:///x.db")
    monkeypatch.setenv("HARFIYEN_REDIS_URL", "redis://127.0.0.1:6379/1")
    monkeypatch.setenv("HARFIYEN_RANKED_APPROVED", '["crossword:tr"]')
    settings = Settings()
    assert settings.database_url == "sqlite+aiosqlite:///x.db"
    assert settings.redis_url == "redis://127.0.0.1:6379/1"
    assert settings.ranked_allowed("crossword", "tr")
    assert not settings.ranked_allowed("crossword", "en")


def test_default_database_is_sqlite_in_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.delenv("HARFIYEN_DATABASE_URL", raising=False)
    monkeypatch.setattr("platformdirs.user_data_dir", lambda name: f"{tmp_path}/{name}")
    settings = Settings()
    assert settings.is_sqlite
    assert settings.database_url.endswith("/harfiyen/harfiyen.sqlite3")
    assert settings.redis_url is None


def test_production_refuses_the_insecure_default_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HARFIYEN_SECRET_KEY", raising=False)
    monkeypatch.setenv("HARFIYEN_ENV", "production")
    with pytest.raises(ValidationError, match="HARFIYEN_SECRET_KEY"):
        Settings()
    monkeypatch.setenv("HARFIYEN_SECRET_KEY", "short")
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.setenv("HARFIYEN_SECRET_KEY", "x" * 40)  # long, but one letter
    with pytest.raises(ValidationError):
        Settings()
    strong = "kP3-vQ9zL_w2Rt7mX0bN5cY8hJ1fD4gS6aE"
    monkeypatch.setenv("HARFIYEN_SECRET_KEY", strong)
    assert Settings().secret_key.get_secret_value() == strong


def test_development_allows_the_default_key() -> None:
    assert Settings(env="development").secret_key.get_secret_value() == INSECURE_DEV_KEY


def test_app_factory_mounts_api_websocket_and_static_files() -> None:
    app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:"))
    assert {"/api/auth/register", "/api/matches"} <= set(app.openapi()["paths"])
    assert app.url_path_for("websocket_endpoint") == "/ws"
    assert any(getattr(r, "name", None) == "web" for r in app.routes)


def test_cli_lists_serve_and_db_upgrade() -> None:
    runner = CliRunner()
    assert "serve" in runner.invoke(cli_app, ["--help"]).output
    result = runner.invoke(cli_app, ["serve", "--help"])
    for option in ("--host", "--port", "--database-url", "--redis-url", "--workers"):
        assert option in result.output
    assert "upgrade" in runner.invoke(cli_app, ["db", "--help"]).output


def test_workers_need_postgresql_and_redis() -> None:
    result = CliRunner().invoke(
        cli_app, ["serve", "--workers", "2", "--database-url", "sqlite:///x.db"]
    )
    assert result.exit_code != 0


def test_db_upgrade_from_any_directory(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(str(tmp_path))
    url = f"sqlite:///{tmp_path}/cli.sqlite3"
    result = CliRunner().invoke(cli_app, ["db", "upgrade", "--database-url", url])
    assert result.exit_code == 0, result.output
    assert head() in result.output
