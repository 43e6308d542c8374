"""``harfiyen serve`` and ``harfiyen db upgrade``."""

from __future__ import annotations

import asyncio
import os
from typing import Annotated

import typer

db_app = typer.Typer(no_args_is_help=True, help="The server database. / Sunucu veritabanı.")


def _environment(database_url: str | None, redis_url: str | None) -> None:
    # Settings come from the environment, so options are handed over there (workers see them too).
    if database_url:
        os.environ["HARFIYEN_DATABASE_URL"] = database_url
    if redis_url:
        os.environ["HARFIYEN_REDIS_URL"] = redis_url


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None, typer.Option(help="sqlite+aiosqlite:///file or postgresql+asyncpg://…")
    ] = None,
    redis_url: Annotated[str | None, typer.Option(help="redis://… for several processes")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (needs PostgreSQL + Redis).")] = 1,
) -> None:
    """Run the game server (FastAPI + uvicorn). / Oyun sunucusunu çalıştır."""
    import uvicorn

    from harfiyen.server.settings import Settings

    _environment(database_url, redis_url)
    settings = Settings()
    if workers > 1 and (settings.is_sqlite or not settings.redis_url):
        raise typer.BadParameter(
            "--workers > 1 needs --database-url postgresql+asyncpg://… and --redis-url redis://…"
        )
    if not settings.is_sqlite:
        # PostgreSQL is upgraded once here, not by every worker at the same moment.
        asyncio.run(_upgrade(settings.database_url, settings.database_schema))
    uvicorn.run(
        "harfiyen.server.app:create_app", factory=True, host=host, port=port, workers=workers,
        ws_max_size=1 << 20,
        # Frames are small JSON on fast links: compressing each costs more CPU than it saves.
        ws_per_message_deflate=False,
        # X-Forwarded-For only from HARFIYEN_TRUSTED_PROXIES (default: nobody's).
        **settings.proxy_options(),
    )


@db_app.command("upgrade")
def upgrade(
    database_url: Annotated[str | None, typer.Option(help="Defaults to HARFIYEN_DATABASE_URL.")]
    = None,
) -> None:
    """Create or migrate the database schema to the newest version."""
    from harfiyen.server.settings import Settings

    _environment(database_url, None)
    settings = Settings()
    revision = asyncio.run(_upgrade(settings.database_url, settings.database_schema))
    typer.echo(f"database at revision {revision}")


async def _upgrade(url: str, schema: str | None) -> str | None:
    from harfiyen.server.db import make_engine
    from harfiyen.server.migrate import current
    from harfiyen.server.migrate import upgrade as run_upgrade

    engine = make_engine(url, schema)
    try:
        await run_upgrade(engine)
        return await current(engine)
    finally:
        await engine.dispose()
