"""Schemathesis against the OpenAPI schema of a real ``harfiyen serve``: generated requests to
every operation, anonymous and signed in, and not one answer may be a server error. The
SQLite and PostgreSQL runs are test files of their own (``test_schemathesis*.py``), so that
the two test processes run them side by side.

Bounded for CI (``HARFIYEN_SCHEMATHESIS_EXAMPLES`` per operation, 25 by default); the
figures of a longer run are in docs/reliability.md.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from .faults import free_port

HARFIYEN = Path(sys.executable).parent / "harfiyen"
SCHEMATHESIS = Path(sys.executable).parent / "st"
EXAMPLES = os.environ.get("HARFIYEN_SCHEMATHESIS_EXAMPLES", "25")


@contextmanager
def served(folder: Path, database: dict[str, str]) -> Iterator[str]:
    """``harfiyen serve`` on the database the ``HARFIYEN_DATABASE_*`` variables name."""
    port = free_port()
    env = {**os.environ, "HARFIYEN_ENV": "test", **database,
           "HARFIYEN_ACCOUNTS_PER_ADDRESS": "1000000 per minute",
           "HARFIYEN_WS_FRAMES_PER_SECOND": "1000", "HARFIYEN_DEADLINE_SWEEP_SECONDS": "60"}
    log = open(folder / "server.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen([str(HARFIYEN), "serve", "--port", str(port)], env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, (folder / "server.log").read_text()
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(15)
        log.close()
        # The server's own account of any error (pytest shows it when the test fails).
        text = (folder / "server.log").read_text(errors="replace")
        if "Traceback" in text:
            print(text[max(0, text.find("Traceback") - 2000):][:20_000])
        shutil.rmtree(folder, ignore_errors=True)


def _run(url: str, *headers: str) -> str:
    args = [str(SCHEMATHESIS), "run", url + "/api/openapi.json", "--checks",
            "not_a_server_error", "--max-examples", EXAMPLES, "--seed", "1",
            "--exclude-path", "/api/auth/logout", "--request-timeout", "30",
            "--suppress-health-check", "all", "--continue-on-failure"]
    for header in headers:
        args += ["--header", header]
    with tempfile.TemporaryDirectory() as scratch:  # its example cache stays out of the tree
        done = subprocess.run(args, capture_output=True, text=True, timeout=1200, cwd=scratch,
                              env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"})
    output = done.stdout + done.stderr
    # On failure, show the failures (schemathesis prints them before its summary).
    assert done.returncode == 0, output[output.find("FAILURES"):][:6000] or output[-4000:]
    return output


def no_server_error(server: str) -> None:
    """Schemathesis anonymous, then signed in as a guest: every answer below 500."""
    anonymous = _run(server)
    with httpx.Client(base_url=server) as http:
        http.post("/api/auth/guest").raise_for_status()
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        csrf = http.cookies["harfiyen_csrf"]
    signed_in = _run(server, f"Cookie: {cookie}", f"X-CSRF-Token: {csrf}")
    for output in (anonymous, signed_in):
        print(output[output.rfind("SUMMARY"):])  # the counts, for the record (pytest -s)
        counts = re.search(r"(\d+) generated, (\d+) passed", output)
        assert counts is not None, output[-2000:]
        generated, passed = int(counts[1]), int(counts[2])
        assert generated == passed and generated >= 500
