"""Hardening: security headers and a strict CSP, the origin check of writes, the body size
limit, and a production mode that refuses weak keys and insecure cookies (finding: none of
these existed; a cross-site form created a guest with a session cookie; a 50 MB anonymous
login body was parsed; /api/docs stayed open and a rejected key was echoed)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from harfiyen.server.app import create_app
from harfiyen.server.security import CSP
from harfiyen.server.settings import Settings

from .conftest import LiveServer, _migrate, start_server, unique
from .support import PASSWORD

pytestmark = pytest.mark.anyio

STRONG_KEY = "hN4q-9xKz_T2mW7vR1bYp8LcQ3sD6fGj0aE5uI"


async def test_every_answer_carries_the_security_headers(live: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live.url) as http:
        for path in ("/", "/js/app.js", "/style.css", "/api/health", "/api/nowhere"):
            response = await http.get(path)
            headers = response.headers
            assert headers["content-security-policy"] == CSP, path
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "same-origin"
            assert "strict-transport-security" not in headers  # plain http in tests
        assert (await http.get("/api/health")).headers["cache-control"] == "no-store"
    for directive in ("default-src 'self'", "script-src 'self'", "object-src 'none'",
                      "frame-ancestors 'none'", "base-uri 'none'"):
        assert directive in CSP
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP


async def test_writes_from_another_site_are_refused(live: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live.url) as http:
        # A cross-site form posting to the guest route gets no account and no cookie.
        evil = await http.post("/api/auth/guest", headers={
            "Origin": "https://evil.example", "Content-Type": "application/x-www-form-urlencoded",
        })
        assert evil.status_code == 403 and evil.json()["error"]["code"] == "auth.bad_origin"
        assert "set-cookie" not in evil.headers
        login = await http.post("/api/auth/login", json={"username": "x", "password": "y"},
                                headers={"Origin": "null"})
        assert login.status_code == 403
        # The server's own pages, and clients that are not browsers, may write.
        same = await http.post("/api/auth/guest", headers={"Origin": live.url})
        assert same.status_code == 201 and "set-cookie" in same.headers
        assert (await http.post("/api/auth/guest")).status_code == 201


async def _raw(url: str, request: bytes, body: bytes = b"") -> bytes:
    """Send ``request`` (and then ``body``, if the server still reads); the answer's head."""
    host, port = url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(request)
    with contextlib.suppress(OSError):
        writer.write(body)
        await writer.drain()
    head = await asyncio.wait_for(reader.read(4096), 10)
    writer.close()
    return head


async def test_bodies_over_the_limit_are_refused_unread(live: LiveServer) -> None:
    # A declared 50 MB body is refused before one byte of it is read.
    declared = await _raw(live.url, (
        b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 52428800\r\n\r\n"
    ))
    assert declared.startswith(b"HTTP/1.1 413") and b"request.too_large" in declared
    # Without a length it is counted while it arrives.
    chunk = b"1000\r\n" + b"a" * 4096 + b"\r\n"
    streamed = await _raw(live.url, (
        b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    ), chunk * 40)
    assert streamed.startswith(b"HTTP/1.1 413")
    async with httpx.AsyncClient(base_url=live.url) as http:
        fine = await http.post("/api/auth/login", json={"username": "nobody1", "password": "x"})
        assert fine.status_code == 401


def test_production_refuses_weak_keys_and_insecure_cookies() -> None:
    base = {"env": "production", "database_url": "sqlite:///unused"}
    with pytest.raises(ValidationError, match="HARFIYEN_SECRET_KEY"):
        Settings(**base)  # the development key
    for weak in ("q" * 32, "qz" * 20, "sh0rt-k3y"):
        with pytest.raises(ValidationError) as error:
            Settings(**base, secret_key=weak)
        assert "HARFIYEN_SECRET_KEY" in str(error.value)
        assert weak[-5:] not in str(error.value)  # never echoed back
    with pytest.raises(ValidationError, match="COOKIE_SECURE"):
        Settings(**base, secret_key=STRONG_KEY, cookie_secure=False)
    with pytest.raises(ValidationError, match="PUSH_ALLOW"):
        Settings(**base, secret_key=STRONG_KEY, push_allow_private=True)
    good = Settings(**base, secret_key=STRONG_KEY)
    assert good.secure_cookies and not good.docs_enabled
    dev = Settings(env="development", database_url="sqlite:///unused")
    assert not dev.secure_cookies and dev.docs_enabled


async def test_production_cookies_are_secure_and_docs_closed(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'prod.sqlite3'}"
    await _migrate(url, None)
    server = await start_server(Settings(env="production", database_url=url,
                                         secret_key=STRONG_KEY))
    try:
        async with httpx.AsyncClient(base_url=server.url) as http:
            answer = await http.post("/api/auth/register",
                                     json={"username": unique("p"), "password": PASSWORD})
            assert answer.status_code == 201
            cookies = answer.headers.get_list("set-cookie")
            assert cookies and all("Secure" in c for c in cookies)
            assert any("HttpOnly" in c for c in cookies if c.startswith("harfiyen_session"))
            assert "max-age=31536000" in answer.headers["strict-transport-security"]
            for path in ("/api/docs", "/api/openapi.json"):
                assert (await http.get(path)).status_code == 404
    finally:
        await server.stop()


def test_development_keeps_the_docs() -> None:
    app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:"))
    assert app.docs_url == "/api/docs" and app.openapi_url == "/api/openapi.json"
