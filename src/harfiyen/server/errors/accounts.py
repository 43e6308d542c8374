"""Accounts: signing in, registering, the session's guards, push subscriptions."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

NOT_AUTHENTICATED: Final = ErrorKind(
    "auth.required", "Önce giriş yapmalısın.", "You need to sign in first."
)
BAD_CREDENTIALS: Final = ErrorKind(
    "auth.bad_credentials", "Kullanıcı adı ya da parola yanlış.", "Wrong username or password."
)
USERNAME_TAKEN: Final = ErrorKind(
    "auth.username_taken",
    "“{username}” kullanıcı adı alınmış.",
    "The username “{username}” is taken.",
)
CSRF_FAILED: Final = ErrorKind(
    "auth.csrf",
    "Güvenlik belirteci eksik ya da yanlış; sayfayı yenileyip tekrar dene.",
    "The security token is missing or wrong; reload the page and try again.",
)
TOO_MANY_ATTEMPTS: Final = ErrorKind(
    "auth.too_many_attempts",
    "Çok fazla deneme oldu; {seconds} saniye sonra tekrar dene.",
    "Too many attempts; try again in {seconds} seconds.",
)
NOT_A_GUEST: Final = ErrorKind(
    "auth.not_guest",
    "Bu hesap zaten kayıtlı.",
    "This account is already registered.",
)
BAD_ORIGIN: Final = ErrorKind(
    "auth.bad_origin",
    "Bu bağlantı başka bir siteden açılamaz.",
    "This connection cannot be opened from another site.",
)
USER_NOT_FOUND: Final = ErrorKind(
    "user.not_found", "“{username}” adlı kullanıcı yok.", "There is no user “{username}”."
)
PUSH_BAD_ENDPOINT: Final = ErrorKind(
    "push.bad_endpoint",
    "Bildirim adresi kabul edilmedi: {problem}",
    "The push endpoint was refused: {problem}",
)
