"""Passwords (argon2), session cookies, CSRF double-submit tokens and the current user.

The session cookie is HTTP-only and holds a random token; the database keeps
only its SHA-256. The CSRF token is an HMAC of the session token under the
secret key: the server sets it in a readable cookie and expects it back in
the ``X-CSRF-Token`` header on every cookie-authenticated write.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.server.errors import accounts as account_errors
from harfiyen.server.errors import fail
from harfiyen.server.models import AuthSession, User, utcnow
from harfiyen.server.settings import Settings

SESSION_COOKIE = "harfiyen_session"
CSRF_COOKIE = "harfiyen_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

_hasher = PasswordHasher()
# argon2 takes ~0.1 s of CPU and 64 MiB: it runs in these threads, never on the event loop
# (the C code releases the GIL), two at a time so a burst of logins cannot exhaust memory.
_HASHING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="harfiyen-argon2")
_dummy_hash: str | None = None


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; an account without a hash (or none at all) is checked
    against a dummy hash, so the answer takes as long whether the user exists or not."""
    global _dummy_hash
    if not password_hash:
        if _dummy_hash is None:
            _dummy_hash = _hasher.hash(secrets.token_urlsafe(16))
        with contextlib.suppress(VerificationError, InvalidHashError):
            _hasher.verify(_dummy_hash, password)
        return False
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def hash_password_off_loop(password: str) -> str:
    return await asyncio.get_running_loop().run_in_executor(_HASHING, hash_password, password)


async def verify_password_off_loop(password_hash: str | None, password: str) -> bool:
    return await asyncio.get_running_loop().run_in_executor(
        _HASHING, verify_password, password_hash, password
    )


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token(settings: Settings, session_token: str) -> str:
    key = settings.secret_key.get_secret_value().encode()
    return hmac.new(key, session_token.encode(), hashlib.sha256).hexdigest()


async def start_session(
    db: AsyncSession, settings: Settings, response: Response, user: User
) -> str:
    """Log ``user`` in: store a session, set both cookies; return the CSRF token."""
    token = secrets.token_urlsafe(32)
    db.add(AuthSession(
        token_hash=token_hash(token), user_id=user.id,
        expires_at=utcnow() + timedelta(days=settings.session_days),
    ))
    max_age = settings.session_days * 86400
    response.set_cookie(
        SESSION_COOKIE, token, max_age=max_age, httponly=True, samesite="lax",
        secure=settings.secure_cookies, path="/",
    )
    csrf = csrf_token(settings, token)
    response.set_cookie(
        CSRF_COOKIE, csrf, max_age=max_age, httponly=False, samesite="strict",
        secure=settings.secure_cookies, path="/",
    )
    return csrf


async def end_session(db: AsyncSession, request: Request, response: Response) -> None:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await db.execute(delete(AuthSession).where(AuthSession.token_hash == token_hash(token)))
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


async def user_of_token(db: AsyncSession, token: str | None) -> User | None:
    if not token:
        return None
    row = (await db.execute(
        select(User, AuthSession.expires_at)
        .join(AuthSession, AuthSession.user_id == User.id)
        .where(AuthSession.token_hash == token_hash(token))
    )).first()
    if row is None or row[1] < utcnow():
        return None
    user: User = row[0]
    return user


def check_csrf(settings: Settings, request: Request) -> None:
    """Refuse a cookie-authenticated write whose header token does not match the session."""
    if request.method in SAFE_METHODS:
        return
    token = request.cookies.get(SESSION_COOKIE, "")
    sent = request.headers.get(CSRF_HEADER, "")
    cookie = request.cookies.get(CSRF_COOKIE, "")
    expected = csrf_token(settings, token)
    if not (
        token and sent and hmac.compare_digest(sent, cookie)
        and hmac.compare_digest(sent, expected)
    ):
        raise fail(account_errors.CSRF_FAILED, status=403)


def request_language(request: Request, user: User | None = None) -> str:
    """The user's interface language, else the browser's first choice (tr or en)."""
    if user is not None:
        lang = (user.preferences or {}).get("language")
        if lang in ("tr", "en"):
            return str(lang)
    accept = request.headers.get("accept-language", "")
    return "en" if accept.lower().startswith("en") else "tr"


def user_language(user: User | None, fallback: str = "tr") -> str:
    if user is None:
        return fallback
    lang: Any = (user.preferences or {}).get("language", fallback)
    return lang if lang in ("tr", "en") else fallback
