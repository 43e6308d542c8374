"""Errors the server itself raises, with stable codes and Turkish and English messages.

Three kinds, three classes: what a game's rules refuse (``GameError``, from the
engines, passed through unchanged), a request the server refuses
(:class:`Refused`: not found, forbidden, busy, a bad request) and an internal
failure (:class:`InternalFailure`). All reach clients as
``{"code", "message", "details"}`` with the message in the user's language.

The refusals themselves (each an ``ErrorKind``: code, Turkish, English) are catalogued by
area in this package's modules (``accounts``, ``requests``, ``matches``, ``social``,
``reference``, ``rooms``, ``quotas``, ``packs``); a module imports the catalogues it
raises from under their own names (``room_errors``, ``match_errors`` …) and the helpers
below (``fail``, ``because`` …) from here.
"""

from __future__ import annotations

from typing import Any

from harfiyen.core.errors import ErrorKind, HarfiyenError, Message
from harfiyen.server.errors import requests as request_errors


class Refused(HarfiyenError):
    """A request the server refuses; ``status`` is the HTTP status for the REST API."""

    status: int = 400


class InternalFailure(HarfiyenError):
    """Something that should not happen did (a log that does not replay, a bug): the
    user is told, the details go to the log."""

    status: int = 500


def fail(kind: ErrorKind, status: int = 400, **details: Any) -> Refused:
    error = kind.error(Refused, **details)
    error.status = status
    return error


def internal(kind: ErrorKind, **details: Any) -> InternalFailure:
    return kind.error(InternalFailure, **details)


def because(kind: ErrorKind, error: HarfiyenError, status: int) -> Refused:
    """``kind`` (a message with a ``{problem}`` slot) for a game's refusal ``error``: the
    game's own words as the problem, its code as ``reason`` (a bad config, a room that
    cannot start)."""
    out = Refused(kind.code, Message(kind.tr.format(problem=error.message.tr),
                                         kind.en.format(problem=error.message.en)),
                      {"reason": error.code, **error.details})
    out.status = status
    return out


def infrastructure_error(error: BaseException) -> Refused | None:
    """The clear answer to a failure of the database, else ``None``.

    A request that waits too long for a pooled connection is ``server.busy``; a
    lost or refused database connection (a restart) is ``server.unavailable``.
    Both are 503: nothing was written, the client may try again.
    """
    from sqlalchemy import exc

    if isinstance(error, exc.TimeoutError):
        return fail(request_errors.SERVER_BUSY, status=503)
    # A value the database cannot hold (an id past its integer range, a NUL in text) is the
    # caller's mistake; the edge checks catch the known ones, this any others.
    if isinstance(error, exc.DataError | OverflowError):
        return fail(request_errors.INVALID_REQUEST, status=422, problem="a value is out of range")
    if isinstance(error, exc.DBAPIError) and (
        error.connection_invalidated or isinstance(error, exc.InterfaceError | exc.OperationalError)
    ):
        return fail(request_errors.SERVER_UNAVAILABLE, status=503)
    if isinstance(error, ConnectionError):  # a refused connection the driver did not wrap
        return fail(request_errors.SERVER_UNAVAILABLE, status=503)
    return None


def error_body(error: HarfiyenError, language: str) -> dict[str, Any]:
    """What a client receives: the stable code, the message in ``language``, the details."""
    return {
        "code": error.code,
        "message": error.message.in_language(language),
        "details": _jsonable(dict(error.details)),
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)
