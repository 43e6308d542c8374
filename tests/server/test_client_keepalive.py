"""The Python client never reuses an HTTP connection the server may be closing."""

from __future__ import annotations

import uvicorn

from harfiyen.client.client import KEEPALIVE_SECONDS


def test_the_client_lets_idle_connections_go_before_the_server_does() -> None:
    # Equal times race: a request sent as the server's keep-alive ends fails with a read
    # error (seen in the suite's parallel runs). A margin of seconds, not milliseconds.
    server_keep_alive = uvicorn.Config(app=None).timeout_keep_alive
    assert server_keep_alive - KEEPALIVE_SECONDS >= 2
