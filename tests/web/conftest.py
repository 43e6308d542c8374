"""Web app test fixtures: a real server on a free port (temp SQLite), Debian's Chromium
driven by the Python Playwright package, and a check of every websocket frame a page gets.

Chromium comes from Debian (``.ci/run`` installs it); Playwright's own browser
download is never used. Without Chromium or Playwright these tests fail in CI
and are skipped elsewhere.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from harfiyen.core.view_patch import apply_patch

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Screenshots go to a temporary folder, so a test run leaves the checkout as it was;
# `HARFIYEN_SCREENSHOTS=docs/screenshots pytest tests/web` refreshes the committed pictures.
SCREENSHOTS = Path(
    os.environ.get("HARFIYEN_SCREENSHOTS") or Path(tempfile.gettempdir()) / "harfiyen-screenshots"
).resolve()
SCREENSHOTS.mkdir(parents=True, exist_ok=True)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"required for the web tests in CI: {reason}")
    pytest.skip(reason)


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@dataclass
class WebServer:
    url: str
    stop: Callable[[], None]
    #: The server's SQLite file: a test may read the truth from it (never through a page).
    database: Path
    #: The server's settings, read as it runs: a test may shorten a wait (``absent_after``).
    settings: Any = None


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``harfiyen serve``'s app on a free loopback port, in a thread with its own event loop."""
    from harfiyen.server.app import create_app
    from harfiyen.server.local import serve_in_thread
    from harfiyen.server.settings import Settings

    path = tmp_path_factory.mktemp("webdb") / "harfiyen.sqlite3"
    # Every page comes from 127.0.0.1: account creation and what one address may hold are
    # not limited here. A bot waits a second (not six) for people to challenge a play, and
    # an AI teammate a second once the table waits on it, before it moves; a table of AIs
    # alone moves once a second. The meanings load at the first look-up. A person whose
    # pages all closed is away after two seconds (not fifteen).
    settings = Settings(env="test", database_url=f"sqlite+aiosqlite:///{path}", redis_url=None,
                        accounts_per_address="100000 per minute", rooms_per_address=100_000,
                        waiting_matches_per_address=100_000, ai_tables_per_address=100_000,
                        packs_per_address=100_000, room_lookups_per_address="100000 per minute",
                        bot_challenge_wait_seconds=1.0,
                        ai_pace_seconds=1.0, ai_table_pace_seconds=1.0,
                        warm_meanings=False, presence_grace_seconds=2.0)
    app = create_app(settings)
    try:
        local = serve_in_thread(app)
    except RuntimeError:
        pytest.fail("the web test server did not start")
    stop = local.stop_thread

    yield WebServer(local.url, stop, path, settings)
    stop()


@pytest.fixture
def absent_after(web_server: WebServer) -> Iterator[Callable[[float], None]]:
    """Set the server's ``absent_seconds`` (after which an away person's seat goes to the
    AI) for one test; the default comes back after it."""
    before = web_server.settings.absent_seconds

    def set_seconds(seconds: float) -> None:
        web_server.settings.absent_seconds = seconds

    yield set_seconds
    web_server.settings.absent_seconds = before


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Per module, not per session: Playwright's sync API keeps an event loop running in
    # the thread while it is started, and the test processes (pytest-xdist) run the
    # server's asyncio tests in between the web modules.
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright Python package is not installed")
    path = chromium_path()
    if path is None:
        _missing("Debian's chromium is not installed")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Frames:
    """Every websocket frame one page received, parsed. After a ``patch`` frame come what
    the page made of it (as harfiyen.client does): an ``event`` frame per event and a
    ``state`` frame of the view it gives, each marked ``"patched": true``."""

    received: list[dict[str, Any]] = field(default_factory=list)
    #: The newest state frame per match (what a patch applies to).
    states: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: The page's JSON answers from the HTTP API, read when the test ends.
    responses: list[Any] = field(default_factory=list)

    def api_bodies(self) -> list[dict[str, Any]]:
        """The JSON bodies of the API answers whose body the browser still holds."""
        bodies = []
        for response in self.responses:
            try:
                body = response.json()
            except Exception:  # a body dropped by a reload cannot be read
                continue
            if isinstance(body, dict):
                bodies.append(body)
        return bodies

    def add(self, frame: dict[str, Any]) -> None:
        self.received.append(frame)
        match = frame.get("match")
        if not isinstance(match, int):
            return
        if frame.get("type") in ("state", "sync") and frame.get("view"):
            self.states[match] = frame
        elif frame.get("type") == "patch":
            state = self.states.get(match)
            if state is None or state["seq"] != frame["base"]:
                return  # made from a view the page does not hold: it asks for the view
            events = frame.get("events", [])
            view = apply_patch(state["view"], frame.get("patch"), [e["event"] for e in events])
            table = {k: frame[k] for k in ("status", "deadline_at", "waiting") if k in frame}
            self.received += [{"type": "event", "match": match, **e, "patched": True}
                              for e in events]
            self.add({**state, **table, "type": "state", "seq": frame["seq"], "view": view,
                      "patched": True})

    def seat_views(self) -> list[dict[str, Any]]:
        return [f["view"] for f in self.received
                if f.get("type") in ("state", "sync") and f.get("view")]


@dataclass
class Player:
    page: Any
    frames: Frames
    name: str = ""


@pytest.fixture
def open_page(browser: Any, web_server: WebServer) -> Iterator[Callable[..., Player]]:
    """Open pages in fresh browser contexts; every websocket frame and API answer they
    receive is checked for hidden information at the end."""
    contexts: list[Any] = []
    players: list[Player] = []
    violations: list[str] = []

    def make(viewport: dict[str, int] | None = None) -> Player:
        context = browser.new_context(viewport=viewport or DESKTOP, base_url=web_server.url)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        frames = Frames()

        def on_socket(ws: Any) -> None:
            def on_frame(payload: Any) -> None:
                text = payload if isinstance(payload, str) else payload.decode()
                frames.add(json.loads(text))
            ws.on("framereceived", on_frame)

        page.on("websocket", on_socket)
        page.on("response", lambda response: frames.responses.append(response)
                if "/api/" in response.url else None)
        page.on("pageerror", lambda error: pytest.fail(f"page error: {error}"))
        # The server's strict Content-Security-Policy: Chromium reports every refusal here.
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text else None)
        player = Player(page, frames)
        players.append(player)
        return player

    yield make
    # HTTP answers are read before the contexts close (their bodies go with them).
    answers = [player.frames.api_bodies() for player in players]
    for context in contexts:
        context.close()
    for player, bodies in zip(players, answers, strict=True):
        assert_no_hidden(player.frames.received + bodies)
    assert not violations, f"the page broke the Content-Security-Policy: {violations[:3]}"


def assert_no_hidden(frames: list[dict[str, Any]]) -> None:
    """No frame carries the bag, other racks, the seed, or another seat's drawn tiles.

    A view's ``rack`` must belong to the seat the view is for, and that seat
    must be the one this connection was acknowledged as. A ``patch`` frame's view edit
    names keys without the view around them (``rack`` without ``seat``): the structure
    checked is the view it gives, the ``state`` frame made of it that follows it.
    """
    my_seats: dict[int, int | None] = {}
    for frame in frames:
        if frame.get("type") == "ack" and "seat" in frame:
            my_seats[frame["match"]] = frame["seat"]
    for frame in frames:
        match = frame.get("match", -1)
        if isinstance(match, dict):  # an API answer describing the match
            match = match.get("id", -1)
        _walk(frame.get("events") if frame.get("type") == "patch" else frame,
              my_seats.get(match))


def _walk(node: Any, seat: int | None) -> None:
    if isinstance(node, dict) and str(node.get("key", "")).startswith(("match:", "gcg:")) \
            and "status" in node:
        # An analysis carries every rack of a finished game (or of an uploaded record): the
        # server analyses a match only once it is over (tests/server/test_crossword_api.py).
        return
    if isinstance(node, dict):
        for key in ("bag", "racks", "seed"):
            assert key not in node, f"hidden key {key!r} reached the page: {str(node)[:200]}"
        if "rack" in node:
            assert node.get("seat") == seat, f"a foreign rack reached the page: {str(node)[:200]}"
        if node.get("kind") in ("tiles_drawn", "exchanged") and node.get("seat") != seat:
            assert "tiles" not in node, f"another seat's tiles reached the page: {node}"
        for value in node.values():
            _walk(value, seat)
    elif isinstance(node, list):
        for value in node:
            _walk(value, seat)
