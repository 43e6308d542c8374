"""Requests and the server itself: malformed or oversized input, unknown addresses, a busy or
unreachable database, an internal failure."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

INVALID_REQUEST: Final = ErrorKind(
    "request.invalid",
    "İstek geçersiz: {problem}",
    "Invalid request: {problem}",
)
FRAME_TOO_LARGE: Final = ErrorKind(
    "request.too_large",
    "Mesaj çok büyük ({size} bayt; en çok {limit}).",
    "The message is too large ({size} bytes; at most {limit}).",
)
FRAME_RATE: Final = ErrorKind(
    "request.rate_limited",
    "Çok hızlı mesaj gönderiyorsun; biraz yavaşla.",
    "You are sending messages too fast; slow down.",
)
MALFORMED_FRAME: Final = ErrorKind(
    "request.malformed",
    "Mesaj okunamadı: JSON nesnesi bekleniyordu.",
    "The message could not be read: a JSON object was expected.",
)
SERVER_BUSY: Final = ErrorKind(
    "server.busy",
    "Sunucu şu anda çok yoğun; birazdan tekrar dene.",
    "The server is very busy right now; try again in a moment.",
)
SERVER_UNAVAILABLE: Final = ErrorKind(
    "server.unavailable",
    "Veritabanına şu anda ulaşılamıyor; birazdan tekrar dene.",
    "The database cannot be reached right now; try again in a moment.",
)
INTERNAL: Final = ErrorKind(
    "server.internal",
    "Sunucuda bir hata oldu; tekrar dene.",
    "Something went wrong on the server; try again.",
)
NOT_FOUND: Final = ErrorKind(
    "request.not_found", "Bu adreste bir şey yok.", "There is nothing at this address."
)
METHOD_NOT_ALLOWED: Final = ErrorKind(
    "request.method",
    "Bu adres bu yöntemle kullanılamaz ({method}).",
    "This address cannot be used with this method ({method}).",
)
