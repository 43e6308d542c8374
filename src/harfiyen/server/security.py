"""One ASGI layer in front of every HTTP route: the body size limit, the origin check of
state-changing requests, and the security headers of every answer.

- Bodies: a declared ``Content-Length`` over the limit is refused (413) before
  anything is read; a body without one is read up to the limit, then refused.
- Origins: a browser sends ``Origin`` with every cross-site POST, so a write
  (POST/PUT/PATCH/DELETE) whose ``Origin`` is not this server's own (or one of
  ``allowed_origins``) is refused (403 ``auth.bad_origin``). This closes login
  CSRF and guest creation from another site's form, which carry no CSRF token yet.
- Headers: a strict Content-Security-Policy (the web app is plain files from
  this origin: no inline script or style, no other host), no framing, no
  MIME sniffing, no referrer across sites, HSTS when cookies are ``Secure``
  (the server is behind HTTPS), and ``no-store`` for API answers.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

from harfiyen.server.errors import Refused, error_body, fail
from harfiyen.server.errors import accounts as account_errors
from harfiyen.server.errors import requests as request_errors
from harfiyen.server.settings import Settings

Scope = dict[str, Any]
Receive = Any
Send = Any

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# NUL written in a JSON string (a raw NUL byte is not JSON at all).
_NUL_ESCAPE = re.compile(rb"\\u0000", re.IGNORECASE)
_NUL = fail(request_errors.INVALID_REQUEST, status=400, problem="NUL characters are not allowed")
# The interactive API pages (development only) load their own scripts and styles.
DOCS_PATHS = ("/api/docs", "/api/redoc")
# Routes that take large bodies (a whole GCG record to analyse).
LARGE_BODIES = {"/api/analyses": 2 * 1024 * 1024}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _nul_in_url(scope: Scope) -> bool:
    raw = bytes(scope.get("raw_path") or scope.get("path", "").encode()).lower()
    query = bytes(scope.get("query_string", b"")).lower()
    return "\x00" in scope.get("path", "") or any(b"%00" in x or b"\x00" in x for x in (raw, query))


def _language(scope: Scope) -> str:
    accept = (_header(scope, b"accept-language") or "").lower()
    return "en" if accept.startswith("en") else "tr"


class SecurityMiddleware:
    def __init__(self, app: Any, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.headers = [*HEADERS, *([HSTS] if settings.secure_cookies else [])]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        refusal = self._origin_refusal(scope)
        if refusal is not None:
            await self._refuse(scope, send, refusal)
            return
        if _nul_in_url(scope):
            await self._refuse(scope, send, _NUL)
            return
        limit = LARGE_BODIES.get(path, self.settings.max_body_bytes)
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await self._refuse(scope, send, self._too_large(declared, limit))
            return
        if scope["method"] in UNSAFE:
            body, complete = await self._read_capped(receive, limit)
            if not complete:
                await self._refuse(scope, send, self._too_large(f">{limit}", limit))
                return
            # PostgreSQL cannot store NUL in text or JSON: refused here for every route.
            if _NUL_ESCAPE.search(body):
                await self._refuse(scope, send, _NUL)
                return
            receive = _replay(body, receive)
        docs = path.startswith(DOCS_PATHS)
        api = path.startswith("/api/")

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                for name, value in self.headers:
                    if name not in names and not (docs and name == b"content-security-policy"):
                        headers.append((name, value))
                if api and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _origin_refusal(self, scope: Scope) -> Refused | None:
        if scope["method"] not in UNSAFE:
            return None
        origin = _header(scope, b"origin")
        if _header(scope, b"sec-fetch-site") == "cross-site" and origin is None:
            return fail(account_errors.BAD_ORIGIN, status=403)
        if origin is None or origin in self.settings.allowed_origins:
            return None  # not a browser, or a trusted one
        if urlsplit(origin).netloc == _header(scope, b"host"):
            return None
        return fail(account_errors.BAD_ORIGIN, status=403)

    @staticmethod
    def _too_large(size: str, limit: int) -> Refused:
        return fail(request_errors.FRAME_TOO_LARGE, status=413, size=size, limit=limit)

    @staticmethod
    async def _read_capped(receive: Receive, limit: int) -> tuple[bytes, bool]:
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks), False
            chunk = message.get("body", b"")
            total += len(chunk)
            if total > limit:
                return b"", False
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), True

    async def _refuse(self, scope: Scope, send: Send, error: Refused) -> None:
        body = json.dumps({"error": error_body(error, _language(scope))},
                          ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": error.status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"), *self.headers,
        ]})
        await send({"type": "http.response.body", "body": body})


def _replay(body: bytes, then: Receive) -> Receive:
    """The body read already, then the real channel (which tells of a disconnect)."""
    sent = False

    async def receive() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await then()

    return receive
