"""The FastAPI app factory: settings, database, pub/sub, the match service, routes, static files."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from harfiyen.core.errors import HarfiyenError
from harfiyen.server import (
    api,
    api_crossword,
    api_packs,
    api_play,
    api_reference,
    api_rooms,
    api_sheets,
    api_social,
    auth,
    leaving,
    ws,
)
from harfiyen.server.analysis import AnalysisService
from harfiyen.server.bots import BotRunner
from harfiyen.server.db import make_engine, make_sessionmaker
from harfiyen.server.errors import (
    InternalFailure,
    Refused,
    error_body,
    fail,
    infrastructure_error,
    internal,
)
from harfiyen.server.errors import requests as request_errors
from harfiyen.server.expiry import ExpirySweeper
from harfiyen.server.games import LexiconLoader
from harfiyen.server.keys import deployment_id
from harfiyen.server.match.after_commit import CommitFollowers
from harfiyen.server.matchmaking import Matchmaker
from harfiyen.server.migrate import upgrade
from harfiyen.server.models import User
from harfiyen.server.presence import Presence, make_store
from harfiyen.server.pubsub import PubSub, make_pubsub
from harfiyen.server.push import PushNotifier, load_or_create_keys
from harfiyen.server.rooms import RoomService
from harfiyen.server.scheduler import DeadlineScheduler
from harfiyen.server.security import SecurityMiddleware
from harfiyen.server.service import MatchService
from harfiyen.server.settings import Settings
from harfiyen.server.throttle import Throttle

log = logging.getLogger(__name__)


def default_lexicons(lexicon_id: str) -> Any:
    from harfiyen.lexicon.lexicon import load

    return load(lexicon_id)


def create_app(
    settings: Settings | None = None,
    *,
    lexicons: LexiconLoader | None = None,
    pubsub: PubSub | None = None,
    auto_migrate: bool | None = None,
) -> FastAPI:
    """Build the app. ``auto_migrate`` (default: on for SQLite) upgrades the schema at start.

    ``lexicons`` maps a lexicon id to a word list (tests inject tiny ones);
    ``pubsub`` overrides the in-memory/Redis choice made from the settings.
    """
    settings = settings or Settings()
    migrate = settings.is_sqlite if auto_migrate is None else auto_migrate

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(
            settings.database_url, settings.database_schema, pool_size=settings.db_pool_size,
            max_overflow=settings.db_max_overflow, pool_timeout=settings.db_pool_timeout,
        )
        if migrate:
            await upgrade(engine)
        sessions = make_sessionmaker(engine)
        prefix = settings.channel_prefix(await deployment_id(sessions))
        app.state.throttle = Throttle(settings, prefix)
        bus = pubsub or make_pubsub(settings.redis_url, prefix)
        await bus.start()
        app.state.engine = engine
        service = MatchService(
            settings, sessions, bus, lexicons or default_lexicons,
            is_postgres=engine.dialect.name == "postgresql",
        )
        app.state.service = service
        app.state.rooms = rooms = RoomService(service)
        app.state.analyses = analyses = AnalysisService(service)
        app.state.bots = bots = BotRunner(service)
        rooms.prepare_ai = bots.prepare
        # What follows every commit on a match; the order they run in is kept in one place,
        # server/match/after_commit.py (the deadlines need no part: the scheduler sweeps).
        service.followers = CommitFollowers(rooms=rooms.match_committed,
                                            bots=bots.match_committed)

        async def name_of(user_id: int) -> str:
            async with service.sessions() as db:
                user = await db.get(User, user_id)
            return user.display_name if user is not None else "?"

        app.state.presence = presence = Presence(
            make_store(settings.redis_url, prefix, settings.presence_seconds * 20), bus,
            settings.presence_seconds, settings.presence_grace_seconds, name_of)
        leaving.attach(presence, service, app.state.rooms)
        presence.start()
        await bots.resume()
        bots.start()
        scheduler = DeadlineScheduler(service, settings.deadline_sweep_seconds)
        app.state.scheduler = scheduler
        scheduler.start()
        app.state.matchmaker = matchmaker = Matchmaker(service)
        matchmaker.start()
        app.state.expiry = expiry = ExpirySweeper(app.state.rooms, settings.expiry_sweep_seconds)
        expiry.start()
        # Loaded in the background: start-up does not wait for it.
        app.state.meanings_warmed = (api_reference.warm_meanings() if settings.warm_meanings
                                     else None)
        app.state.vapid = await load_or_create_keys(service)
        app.state.push = notifier = PushNotifier(service, app.state.vapid)
        try:
            yield
        finally:
            await notifier.close()
            await presence.close()
            await presence.store.close()
            await expiry.close()
            await matchmaker.close()
            await scheduler.close()
            await bots.close()
            await analyses.close()
            await bus.close()
            await engine.dispose()

    docs = settings.docs_enabled
    app = FastAPI(title="Harfiyen", lifespan=lifespan, docs_url="/api/docs" if docs else None,
                  redoc_url=None, openapi_url="/api/openapi.json" if docs else None)
    app.add_middleware(SecurityMiddleware, settings=settings)
    app.state.settings = settings
    app.state.connections = set()  # the open websocket connections (ws.Connection)
    app.state.ws_sessions = {}  # login session (token hash) -> its open websockets here

    def _language(request: Request) -> str:
        return getattr(request.state, "language", None) or auth.request_language(request)

    @app.exception_handler(HarfiyenError)
    async def _game_error(request: Request, error: HarfiyenError) -> JSONResponse:
        language = _language(request)
        status = error.status if isinstance(error, Refused | InternalFailure) else 400
        seconds = error.details.get("seconds") if status == 429 else None
        headers = {"Retry-After": str(seconds)} if isinstance(seconds, int) else None
        return JSONResponse({"error": error_body(error, language)}, status_code=status,
                            headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        language = getattr(request.state, "language", None) or auth.request_language(request)
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "body"
        problem = f"{where}: {first.get('msg', 'invalid')}"
        body = error_body(fail(request_errors.INVALID_REQUEST, problem=problem), language)
        return JSONResponse({"error": body}, status_code=422)

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(ConnectionError)
    @app.exception_handler(OverflowError)
    async def _infrastructure(request: Request, error: Exception) -> JSONResponse:
        known = infrastructure_error(error)
        if known is None:
            return await _internal(request, error)
        log.warning("%s %s: %s", request.method, request.url.path, known.code)
        headers = {"Retry-After": "1"}
        return JSONResponse({"error": error_body(known, _language(request))},
                            status_code=known.status, headers=headers)

    @app.exception_handler(Exception)
    async def _internal(request: Request, error: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=error)
        body = error_body(internal(request_errors.INTERNAL), _language(request))
        return JSONResponse({"error": body}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404:
            known = fail(request_errors.NOT_FOUND, status=404)
        elif error.status_code == 405:
            known = fail(request_errors.METHOD_NOT_ALLOWED, status=405, method=request.method)
        else:
            known = fail(request_errors.INVALID_REQUEST, status=error.status_code,
                         problem=str(error.detail)[:200])
        return JSONResponse({"error": error_body(known, _language(request))},
                            status_code=known.status, headers=error.headers)

    app.include_router(api.router)
    app.include_router(api_social.router)
    app.include_router(api_play.router)
    app.include_router(api_crossword.router)
    app.include_router(api_reference.router)
    app.include_router(api_rooms.router)
    app.include_router(api_packs.router)
    app.include_router(api_sheets.router)
    app.include_router(ws.router)
    static = settings.static_dir

    @app.get("/invite/{code}", include_in_schema=False)
    async def _invite_page(code: str) -> FileResponse:
        return FileResponse(static / "index.html")

    if static.is_dir():
        app.mount("/", StaticFiles(directory=static, html=True), name="web")
    return app
