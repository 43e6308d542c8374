"""Services of a test's own that it may stop and start: a private Redis server and a private
PostgreSQL cluster on free loopback ports (the shared ones are never touched)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, up: bool, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.2)
            reachable = s.connect_ex(("127.0.0.1", port)) == 0
        if reachable == up:
            return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} still {'down' if up else 'up'}")


class PrivateRedis:
    """``redis-server`` on a port of its own; ``stop()`` kills it, ``start()`` brings it back."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        assert self.binary is not None
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port, up=True)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None
        _wait_port(self.port, up=False)


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PrivatePostgres:
    """A throw-away PostgreSQL cluster (initdb, trust auth) that a test may restart.

    PostgreSQL refuses to run as root, so as root the cluster belongs to ``postgres``.
    """

    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="harfiyen-pg-"))
        self.data = self.dir / "data"
        self._as: list[str] = []

    @property
    def available(self) -> bool:
        return self.bin is not None

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)

    def init(self) -> None:
        assert self.bin is not None
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "--no-sync")
        self.start()

    def start(self) -> None:
        assert self.bin is not None
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l",
                  str(self.dir / "log"), "-o",
                  f"-p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off "
                  f"-k {self.dir} -c max_connections=60", "start")
        _wait_port(self.port, up=True)

    def stop(self, mode: str = "immediate") -> None:
        assert self.bin is not None
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")
        _wait_port(self.port, up=False)

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
