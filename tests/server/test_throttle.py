"""Login throttling per account and address, argon2 off the event loop, no timing oracle for
unknown users, and a limit on new accounts per address (findings: 40 wrong passwords then the
right one logged in; argon2 ran on the event loop; a wrong login was 25× faster for an unknown
user; 100 guests in 0.4 s)."""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any

import pytest

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.server import auth

from .conftest import Database, start_server, unique
from .support import PASSWORD, register

pytestmark = pytest.mark.anyio


async def _login(url: str, name: str, password: str) -> int:
    async with HarfiyenClient(url) as client:
        try:
            await client.login(name, password)
        except ApiError as error:
            if error.status == 429:
                assert error.code == "auth.too_many_attempts"
                assert int(error.details["seconds"]) >= 1
            return error.status
        return 200


async def test_wrong_passwords_lock_the_account_even_for_the_right_one(
    database: Database,
) -> None:
    server = await start_server(database.settings(login_failures_per_account="5 per minute"))
    try:
        name = unique("v")
        await (await register(server.url, name)).close()
        statuses = [await _login(server.url, name, "wrong password!") for _ in range(8)]
        assert statuses[:5] == [401] * 5 and set(statuses[5:]) == {429}
        # The right password is refused too while the account is throttled; so is the same
        # name written in capitals (one account, one counter).
        assert await _login(server.url, name, PASSWORD) == 429
        assert await _login(server.url, name.upper(), PASSWORD) == 429
        # Another account is not affected.
        other = unique("o")
        await (await register(server.url, other)).close()
        assert await _login(server.url, other, PASSWORD) == 200
    finally:
        await server.stop()


async def test_one_address_cannot_try_many_accounts(database: Database) -> None:
    server = await start_server(database.settings(login_failures_per_address="6 per minute"))
    try:
        names = [unique("v") for _ in range(4)]
        for name in names:
            await (await register(server.url, name)).close()
        statuses = [await _login(server.url, name, "wrong password!")
                    for name in names for _ in range(2)]
        assert statuses[:6] == [401] * 6 and set(statuses[6:]) == {429}
        assert await _login(server.url, unique("nobody"), "x" * 10) == 429
    finally:
        await server.stop()


async def test_argon2_runs_off_the_event_loop_and_unknown_users_cost_the_same(
    live: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = unique("v")
    await (await register(live.url, name)).close()
    threads: list[str] = []
    real = auth._hasher

    class Recording:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, *args: Any) -> Any:
            threads.append(threading.current_thread().name)
            return real.verify(*args)

    auth.verify_password(None, "warm the dummy hash up")
    monkeypatch.setattr(auth, "_hasher", Recording())
    timings: dict[str, list[float]] = {"known": [], "unknown": []}
    for _ in range(5):
        for kind, who in (("known", name), ("unknown", unique("nobody"))):
            started = time.perf_counter()
            assert await _login(live.url, who, "wrong password!") == 401
            timings[kind].append(time.perf_counter() - started)
    # Every login ran argon2 exactly once, in a hashing thread, for unknown users too.
    assert len(threads) == 10
    assert all(t.startswith("harfiyen-argon2") for t in threads)
    assert threading.main_thread().name not in threads
    known, unknown = (statistics.median(timings[k]) for k in ("known", "unknown"))
    assert 0.5 < unknown / known < 2.0, timings


async def test_new_accounts_per_address_are_limited(database: Database) -> None:
    server = await start_server(database.settings(accounts_per_address="5 per minute"))
    try:
        answers = []
        for _ in range(7):
            async with HarfiyenClient(server.url) as client:
                response = await client.http.post("/api/auth/guest")
                answers.append(response.status_code)
        assert answers == [201] * 5 + [429] * 2
        async with HarfiyenClient(server.url) as client:
            with pytest.raises(ApiError) as refused:
                await client.register(unique("r"), PASSWORD)
        assert refused.value.status == 429
    finally:
        await server.stop()


async def _guests(url: str, forwarded: list[str]) -> list[int]:
    """The statuses of new guest accounts asked for from loopback, each request claiming to
    be forwarded for the given address."""
    answers = []
    for address in forwarded:
        async with HarfiyenClient(url) as client:
            response = await client.http.post("/api/auth/guest",
                                              headers={"X-Forwarded-For": address})
            answers.append(response.status_code)
    return answers


async def test_a_forwarded_address_is_believed_from_trusted_proxies_only(
    database: Database,
) -> None:
    """Finding: from loopback, a made-up X-Forwarded-For passed the per-address limits
    (uvicorn trusts loopback's forwarded headers by default)."""
    server = await start_server(database.settings(accounts_per_address="1 per hour"))
    try:  # by default nobody is a trusted proxy: both count against 127.0.0.1
        assert await _guests(server.url, ["203.0.113.1", "203.0.113.2"]) == [201, 429]
    finally:
        await server.stop()
    server = await start_server(database.settings(accounts_per_address="1 per hour",
                                                  trusted_proxies=["127.0.0.1"]))
    try:  # a proxy on loopback, configured: each client's own address counts
        assert await _guests(server.url, ["203.0.113.1", "203.0.113.2", "203.0.113.1"]) \
            == [201, 201, 429]
    finally:
        await server.stop()


def test_harfiyen_serve_believes_forwarded_headers_from_trusted_proxies_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
) -> None:
    import uvicorn

    from harfiyen.cli import server_cmd

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: ran.append(kwargs))
    monkeypatch.setenv("HARFIYEN_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'db'}")
    monkeypatch.delenv("HARFIYEN_TRUSTED_PROXIES", raising=False)
    server_cmd.serve()
    monkeypatch.setenv("HARFIYEN_TRUSTED_PROXIES", '["10.0.0.2", "192.168.0.0/16"]')
    server_cmd.serve()
    assert [(r["proxy_headers"], r["forwarded_allow_ips"]) for r in ran] == [
        (False, []), (True, ["10.0.0.2", "192.168.0.0/16"])]
