"""Load generator: real players over websockets against real ``harfiyen serve`` processes.

Run (loopback only; every run is bounded in players, connections and seconds)::

    python benchmarks/load.py sqlite   --pairs 50 --seconds 60
    python benchmarks/load.py postgres --pairs 50 --seconds 60 --processes 2 --spectators 2000
    python benchmarks/load.py pgbench  --seconds 15 --clients 8

``sqlite``/``postgres`` start the server(s) themselves on free loopback ports, with a
fresh database (a temporary SQLite file, or a new PostgreSQL schema that is dropped
afterwards) and, for ``postgres``, a Redis channel prefix of their own. Then
``--pairs`` *tables* of guests (the flag's name is older than the party games) play
real matches, each table in its own match, its seats spread over the server processes
round-robin; ``--spectators`` extra websocket connections watch the matches. A finished
match is followed by a new one at the same table. ``--games`` (a comma list, default
every game in ``GAMES``: all the online games) is assigned to the tables round-robin:

- ``crossword``, 2 seats, Turkish and English rules alternating: the best-scoring play
  of four of the rack's tiles, else of the whole rack (so plays and not only passes;
  passes only when nothing fits);
- ``codenames`` (Kelime Casusu), 4 seats in two teams of a spymaster and a guesser,
  Turkish and English alternating: the spymaster (who sees the key) gives a common word
  off the board with a number 1-2 for its team's covered cards, the guesser (no key)
  guesses covered cards at random and passes once it guessed the clue's number;
- ``letterjam`` (Harf Takıl), 3 seats, Turkish: every seat plays the server's AI seat
  policy on its own view, all at once.

Every move is chosen from the mover's own view only. A refused move is counted and
followed by the game's safe move; a seat refused again (or a table where nobody can
move) gives the match up and a new one starts. Refusals of a move chosen on a view
that another seat's move made stale (Harf Takıl, where all act at once) are counted as
``race:<code>``.

Reported: connections held at the end (answering a ping), accepted moves per second,
latency from the intent sent to the event received by another seat of the match
(p50/p95/p99) and by the spectators (where seats act at once: to the first frame
carrying the move's last event), accepted moves, finished matches and errors per game
(``moves_by_game``, ``finished_by_game``, ``errors_by_game``), errors, and the CPU and
memory of the server processes and of the load client. The load client runs in
``--client-procs`` processes of its own (``--client-cpus`` pins them, e.g. ``1`` to
leave core 0 to the servers).

``pgbench`` measures PostgreSQL's own single-row commit rate (one INSERT per
transaction, ``--clients`` connections) in a schema of its own, so that the server's
rate can be given as a share of what the database itself commits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from harfiyen.client import GameSocket, HarfiyenClient

HARFIYEN = Path(sys.executable).parent / "harfiyen"
PG_URL = os.environ.get("HARFIYEN_TEST_POSTGRES_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("HARFIYEN_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# Hard bounds: this tool never makes a bigger load than this, whatever it is asked.
MAX_PAIRS, MAX_SPECTATORS, MAX_SECONDS = 500, 5000, 600


# --- the games a load player can play ------------------------------------------------------


def _crossword_options(n: int) -> dict[str, Any]:
    return {"rules": "tr" if n % 2 == 0 else "en"}


_GENERATORS: dict[tuple[str, str], Any] = {}


def _generator(family: str, lexicon: str) -> Any:
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.games import crossword as cw
    from harfiyen.lexicon.lexicon import load

    if (family, lexicon) not in _GENERATORS:
        _GENERATORS[(family, lexicon)] = MoveGenerator(load(lexicon), cw.ruleset(family))
    return _GENERATORS[(family, lexicon)]


def _crossword_warm() -> None:
    """Build the move generators before the clock starts (it takes seconds)."""
    _generator("tr", "TR-1")
    _generator("en", "ENABLE-1")


_FIRST_TILES = 4


def _crossword_move(view: dict[str, Any]) -> dict[str, Any]:
    """The best-scoring play of four of the rack's letters, else of all of them; else a
    pass."""
    from harfiyen.games import crossword as cw
    from harfiyen.games.crossword.board import Board, Placement

    gen = _generator(view["rules"].split("@")[0], view["lexicon"])
    if view.get("pending") is not None:
        return {"kind": "accept"} if view["pending"].get("seat") != view["seat"] else \
            {"kind": "pass"}
    board = Board().with_tiles([
        Placement(cw.parse_square(t["square"]), t["letter"], t["blank"]) for t in view["board"]
    ])
    bonus = None
    if view.get("bonus_square") and not view.get("bonus_square_used"):
        bonus = cw.parse_square(view["bonus_square"])
    # Blanks are kept back (a search with a blank costs the load client about 8x as much),
    # and four tiles are tried before the whole rack: the client shares the cores with the
    # server, and its search grows steeply with the tiles it may place.
    rack = [t for t in view["rack"] if t != "?"]
    scratch = gen.scratch(board)
    found: list[Any] = []
    for tiles in dict.fromkeys((tuple(rack[:_FIRST_TILES]), tuple(rack))):
        found = gen.best(scratch, tiles, 1, bonus) if tiles else []
        if found:
            break
    if found:
        return {"kind": "play", "tiles": [
            {"square": cw.square_name(p.square), "letter": p.letter, "blank": p.blank}
            for p in found[0].placements
        ]}
    return {"kind": "pass"}


def _crossword_fallback(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    return {"kind": "pass"}


# Clue words for Kelime Casusu: common words, used only when not on the board (a clue
# must not be a covered board word; whether it fits the cards does not matter here).
_CLUE_WORDS: dict[str, tuple[str, ...]] = {
    "tr": ("DENİZ", "GÜNEŞ", "KİTAP", "ORMAN", "ŞEHİR", "BAHÇE", "MÜZİK", "KAHVE", "YOLCU",
           "TOPRAK", "RÜZGAR", "BULUT", "KÖPRÜ", "PAZAR", "OKUL", "ÇİÇEK", "DAĞ", "MEYVE"),
    "en": ("OCEAN", "SUN", "BOOK", "FOREST", "CITY", "GARDEN", "MUSIC", "COFFEE", "TRAVEL",
           "SOIL", "WIND", "CLOUD", "BRIDGE", "MARKET", "SCHOOL", "FLOWER", "HILL", "FRUIT"),
}


def _codenames_options(n: int) -> dict[str, Any]:
    return {"language": "tr" if n % 2 == 0 else "en"}


def _codenames_clue(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """The spymaster's clue: a word off the board, a number 1-2 for its team's covered
    cards (the spymaster's view shows the key)."""
    team = view["viewer"]["team"]
    own = [c for c in view["cards"] if not c["revealed"] and c.get("colour") == team]
    board = {c["word"] for c in view["cards"]}
    words = [w for w in _CLUE_WORDS[view["language"]] if w not in board]
    if not own or not words:
        return None
    return {"kind": "clue", "word": rnd.choice(words),
            "number": rnd.randint(1, min(2, len(own)))}


def _codenames_move(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """From the seat's own view: a clue by the spymaster, else a guess of a covered card
    at random (a guesser's view has no key), ending the guessing (a pass, allowed after one
    guess) once as many cards were guessed as the clue's number."""
    if view["phase"] == "clue":
        return _codenames_clue(view, rnd)
    clue = view["current_clue"]
    if clue is not None and len(clue["guesses"]) >= clue["number"]:
        return {"kind": "pass"}
    covered = [c["index"] for c in view["cards"] if not c["revealed"]]
    return {"kind": "guess", "index": rnd.choice(covered)} if covered else None


def _codenames_fallback(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """After a refusal: another clue word, or the end of the guessing when allowed."""
    if view["phase"] == "clue":
        return _codenames_clue(view, rnd)
    clue = view["current_clue"]
    return {"kind": "pass"} if clue is not None and clue["guesses"] else None


def _letterjam_options(n: int) -> dict[str, Any]:
    return {"language": "tr", "players": 3}


def _letterjam_warm() -> None:
    from harfiyen.ai.letterjam import seat

    seat.warm("tr")


def _letterjam_move(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """What the Harf Takıl AI seat would do from this seat's own view (``None``: nothing
    to add now, wait for the table)."""
    from harfiyen.ai.letterjam import seat
    from harfiyen.ai.seats import unwrap
    from harfiyen.games.letterjam.game import LETTERJAM
    from harfiyen.games.letterjam.views import LetterJamView

    if view.get("outcome") is not None:
        return None
    chosen = unwrap(seat.choose(LetterJamView.from_json(view), "ai", 0, None)).move
    return None if chosen is None else LETTERJAM.move_to_json(chosen)


def _letterjam_fallback(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """The AI's safe move after a refusal (``None`` when even that changes nothing)."""
    from harfiyen.ai.letterjam import seat
    from harfiyen.games.letterjam.game import LETTERJAM
    from harfiyen.games.letterjam.views import LetterJamView

    if view.get("outcome") is not None:
        return None
    chosen = seat.fallback(LetterJamView.from_json(view), 0, None, True)
    return None if chosen is None else LETTERJAM.move_to_json(chosen)


def _no_warm() -> None:
    pass


@dataclass(frozen=True)
class LoadGame:
    """How the load client plays one online game at a table of ``seats`` guests: its
    creation options and the moves of a seat, chosen from that seat's own view
    (``fallback``: the move after a refusal; ``None``: nothing to send). ``together``:
    every seat may act at once (each seat plays on its own); else one seat of
    ``to_act`` (or ``to_move``) moves at a time."""

    seats: int
    options: Callable[[int], dict[str, Any]]
    move: Callable[[dict[str, Any], random.Random], dict[str, Any] | None]
    fallback: Callable[[dict[str, Any], random.Random], dict[str, Any] | None]
    warm: Callable[[], None] = _no_warm
    together: bool = False


GAMES: dict[str, LoadGame] = {
    "crossword": LoadGame(2, _crossword_options, lambda view, rnd: _crossword_move(view),
                          _crossword_fallback, _crossword_warm),
    "codenames": LoadGame(4, _codenames_options, _codenames_move, _codenames_fallback),
    "letterjam": LoadGame(3, _letterjam_options, _letterjam_move, _letterjam_fallback,
                          _letterjam_warm, together=True),
}


# --- servers ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Deployment:
    """``harfiyen serve`` processes sharing one database (and Redis when several)."""

    kind: str
    processes: int
    env: dict[str, str] = field(default_factory=dict)
    profile: str = ""  # a folder: each server runs under cProfile and writes its profile there
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    logs: list[Path] = field(default_factory=list)
    cleanup: list[Callable[[], None]] = field(default_factory=list)

    def start(self) -> None:
        env = {**os.environ, "HARFIYEN_ENV": "development",
               "HARFIYEN_SECRET_KEY": secrets.token_urlsafe(48),
               "HARFIYEN_ACCOUNTS_PER_ADDRESS": "1000000 per minute",
               "HARFIYEN_DEADLINE_SWEEP_SECONDS": "60", **self.env}
        if self.kind == "sqlite":
            folder = Path(tempfile.mkdtemp(prefix="harfiyen-load-"))
            env["HARFIYEN_DATABASE_URL"] = f"sqlite+aiosqlite:///{folder / 'load.sqlite3'}"
            self.cleanup.append(lambda: shutil.rmtree(folder, ignore_errors=True))
        else:
            schema = f"harfiyen_load_{secrets.token_hex(4)}"
            _psql(f'CREATE SCHEMA "{schema}"')
            self.cleanup.append(lambda: _psql(f'DROP SCHEMA "{schema}" CASCADE'))
            env.update({"HARFIYEN_DATABASE_URL": PG_URL, "HARFIYEN_DATABASE_SCHEMA": schema,
                        "HARFIYEN_REDIS_URL": REDIS_URL,
                        "HARFIYEN_REDIS_PREFIX": f"harfiyen-load-{secrets.token_hex(4)}:"})
            subprocess.run([str(HARFIYEN), "db", "upgrade"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        for _ in range(self.processes):
            port = _free_port()
            command = [str(HARFIYEN), "serve", "--host", "127.0.0.1", "--port", str(port)]
            if self.profile:
                command = [sys.executable, "-m", "cProfile", "-o",
                           f"{self.profile}/server-{port}.prof", *command]
            # The server's log goes to a file (a pipe nobody reads would block it).
            log_path = Path(tempfile.mkstemp(prefix=f"harfiyen-load-{port}-", suffix=".log")[1])
            self.cleanup.append(lambda path=log_path: path.unlink(missing_ok=True))
            with log_path.open("wb") as log_file:
                proc = subprocess.Popen(command, env=env,
                                        stdout=subprocess.DEVNULL, stderr=log_file)
            self.procs.append(proc)
            self.logs.append(log_path)
            self.urls.append(f"http://127.0.0.1:{port}")
        for proc, url, log_path in zip(self.procs, self.urls, self.logs, strict=True):
            _wait_healthy(proc, url, log_path)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT if self.profile else signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        for step in reversed(self.cleanup):
            with contextlib.suppress(Exception):
                step()


def _psql(sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


def _wait_healthy(proc: subprocess.Popen[bytes], url: str, log_path: Path) -> None:
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError(log_path.read_text(errors="replace") or "died")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not start")


# --- the players (one client process) --------------------------------------------------------


@dataclass
class Stats:
    accepted: int = 0
    plays: int = 0
    moves_by_game: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    errors_by_game: dict[str, dict[str, int]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    spectator_latencies: list[float] = field(default_factory=list)
    games_finished: int = 0
    finished_by_game: dict[str, int] = field(default_factory=dict)
    seated: int = 0
    held: int = 0
    opened: int = 0
    late: bool = False
    cpu_seconds: float = 0.0
    rss_mb: float = 0.0

    def error(self, code: str, game: str = "") -> None:
        self.errors[code] = self.errors.get(code, 0) + 1
        if game:
            mine = self.errors_by_game.setdefault(game, {})
            mine[code] = mine.get(code, 0) + 1

    def moved(self, game: str, move: dict[str, Any]) -> None:
        self.accepted += 1
        self.plays += move["kind"] == "play"
        self.moves_by_game[game] = self.moves_by_game.get(game, 0) + 1

    def finished(self, game: str) -> None:
        self.games_finished += 1
        self.finished_by_game[game] = self.finished_by_game.get(game, 0) + 1


class Watch:
    """When a frame numbered after ``after`` reaches a socket, record the time since ``t0``.

    Several intents may wait on one socket at once (games where every seat acts at
    once); a frame that already arrived after ``t0`` counts too (``expect`` made after
    the mover's ack)."""

    RECENT = 32

    def __init__(self) -> None:
        self.pending: dict[tuple[int, int], list[tuple[int, float, list[float]]]] = {}
        self.arrived: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def expect(self, sock: GameSocket, match: int, after: int, t0: float,
               into: list[float]) -> None:
        key = (id(sock), match)
        for seq, at in self.arrived.get(key, ()):
            if seq > after and at >= t0:
                into.append(at - t0)
                return
        self.pending.setdefault(key, []).append((after, t0, into))

    def cancel(self, socks: list[GameSocket], match: int, t0: float) -> None:
        """Forget the expectations of the intent sent at ``t0`` (it was refused)."""
        for sock in socks:
            waiting = self.pending.get((id(sock), match))
            if waiting:
                waiting[:] = [w for w in waiting if w[1] != t0]

    def forget(self, socks: list[GameSocket], match: int) -> None:
        for sock in socks:
            self.pending.pop((id(sock), match), None)
            self.arrived.pop((id(sock), match), None)

    def hook(self, sock: GameSocket) -> None:
        def on_frame(frame: dict[str, Any]) -> None:
            if frame.get("type") not in ("event", "state", "sync", "patch"):
                return
            now = time.perf_counter()
            key, seq = (id(sock), frame.get("match", -1)), frame["seq"]
            recent = self.arrived.setdefault(key, [])
            recent.append((seq, now))
            if len(recent) > self.RECENT:
                del recent[0]
            waiting = self.pending.get(key)
            if waiting:
                keep = []
                for after, t0, into in waiting:
                    if seq > after:
                        into.append(now - t0)
                    else:
                        keep.append((after, t0, into))
                waiting[:] = keep

        sock.on_frame = on_frame


async def _guest(url: str) -> HarfiyenClient:
    client = HarfiyenClient(url)
    for attempt in range(20):
        try:
            await client.guest()
            return client
        except Exception:
            await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError("could not make a guest")


# Refusals worth a retry of the same move (the server was busy), not a refused move.
_TRANSIENT = frozenset({"server.busy", "server.unavailable"})
# A seat refused this often in a row on one view gives the match up (a new one follows).
_MAX_REFUSALS = 3
# A table where no seat's move arrives for this long is stalled (the match is given up).
_STALL_SECONDS = 15.0
# How long a refused seat waits for the newer view that would make the refusal a race.
_RACE_SECONDS = 1.0


@dataclass
class Table:
    """One match in play at a table: the seats' sockets and clients, and the run's state."""

    game: str
    spec: LoadGame
    match: int
    seats: dict[int, GameSocket]
    clients: dict[int, HarfiyenClient]
    rnd: random.Random
    stop_at: float
    stats: Stats
    watch: Watch
    spectators: dict[int, list[GameSocket]]

    def over(self) -> bool:
        sock = next(iter(self.seats.values()))
        view = sock.views[self.match]
        return view.get("outcome") is not None or sock.status.get(self.match) != "active"

    def others(self, seat: int) -> list[GameSocket]:
        return [s for n, s in self.seats.items() if n != seat]

    async def give_up(self, code: str) -> None:
        """Count ``code`` and resign the match (a new one follows at the table)."""
        self.stats.error(code, self.game)
        with contextlib.suppress(Exception):
            await next(iter(self.clients.values())).resign(self.match)


async def _play_in_turn(t: Table) -> bool:
    """One seat of those to act moves at a time; True when the game ended."""
    socks = list(t.seats.values())
    last = max(s.view_seq.get(t.match, 0) for s in socks)
    refused = 0
    while time.time() < t.stop_at:
        if t.over():
            return True
        view = socks[0].views[t.match]
        acting = view.get("to_act") or [view["to_move"]]
        seat = t.rnd.choice(acting)
        mover = t.seats[seat]
        own = mover.views[t.match]
        move = (t.spec.fallback if refused else t.spec.move)(own, t.rnd)
        if move is None or refused > _MAX_REFUSALS:
            await t.give_up("load.no_move" if move is None else "load.refused_again")
            return False
        t0 = time.perf_counter()
        watchers = [*t.others(seat), *t.spectators.get(t.match, [])]
        for other in t.others(seat):
            t.watch.expect(other, t.match, last, t0, t.stats.latencies)
        for watcher in t.spectators.get(t.match, []):
            t.watch.expect(watcher, t.match, last, t0, t.stats.spectator_latencies)
        reply = await mover.move(t.match, move)
        if reply["type"] != "ack":
            t.watch.cancel(watchers, t.match, t0)
            code = str(reply.get("code"))
            t.stats.error(code, t.game)
            if code in _TRANSIENT:
                await asyncio.sleep(0.2)
            else:
                refused += 1
            continue
        refused = 0
        t.stats.moved(t.game, move)
        last = int(reply["seq"])
        for sock in socks:
            await sock.wait_seq(t.match, last, timeout=30)
    return False


async def _newer_view(sock: GameSocket, match: int, seen: int) -> bool:
    """Whether a view newer than ``seen`` reaches ``sock`` within a second (the frame of a
    move on another server process may come after the refusal it caused)."""
    try:
        await sock.wait_seq(match, seen + 1, timeout=_RACE_SECONDS)
    except TimeoutError:
        return False
    return True


async def _play_together(t: Table) -> bool:
    """Every seat plays on its own from its own view (all may act at once); True when the
    game ended."""
    socks = list(t.seats.values())
    stalled = False

    def newest() -> int:
        return max(s.view_seq.get(t.match, 0) for s in socks)

    async def seat_loop(seat: int, sock: GameSocket) -> None:
        nonlocal stalled
        refused = 0
        while time.time() < t.stop_at and not stalled:
            if t.over():
                return
            seen = sock.view_seq[t.match]
            move = None
            if refused < 2:  # the AI's move, then its safe move; then wait for news
                move = (t.spec.fallback if refused else t.spec.move)(sock.views[t.match], t.rnd)
            if move is None:
                table_seq = newest()
                try:
                    await sock.wait_seq(t.match, seen + 1, timeout=min(
                        _STALL_SECONDS, max(0.1, t.stop_at - time.time())))
                except TimeoutError:
                    if time.time() >= t.stop_at:
                        return
                    if newest() == table_seq:  # nobody moved for _STALL_SECONDS
                        stalled = True
                        return
                    continue
                refused = 0
                continue
            t0 = time.perf_counter()
            reply = await sock.move(t.match, move)
            if reply["type"] != "ack":
                code = str(reply.get("code"))
                if code in _TRANSIENT:
                    t.stats.error(code, t.game)
                    await asyncio.sleep(0.2)
                elif await _newer_view(sock, t.match, seen):
                    # Chosen on a view another seat's move made stale (e.g. a vote sent as
                    # the majority was reached): a race, counted apart; the seat chooses
                    # again on the newer view.
                    t.stats.error(f"race:{code}", t.game)
                else:
                    t.stats.error(code, t.game)
                    refused += 1
                continue
            refused = 0
            t.stats.moved(t.game, move)
            done = int(reply["seq"])
            # The move's last event is numbered ``done``: the first frame numbered from
            # ``done`` at another seat (or a spectator) carries it.
            for other in t.others(seat):
                t.watch.expect(other, t.match, done - 1, t0, t.stats.latencies)
            for watcher in t.spectators.get(t.match, []):
                t.watch.expect(watcher, t.match, done - 1, t0, t.stats.spectator_latencies)
            await sock.wait_seq(t.match, done, timeout=30)

    await asyncio.gather(*(seat_loop(seat, sock) for seat, sock in t.seats.items()))
    if stalled:
        await t.give_up("load.stalled")
        return False
    return t.over()


async def _table_loop(n: int, urls: list[str], game: str, start_at: float, stop_at: float,
                      stats: Stats, watch: Watch, matches: list[int],
                      spectators: dict[int, list[GameSocket]]) -> None:
    """Table ``n``: ``spec.seats`` guests, spread over the servers round-robin, playing one
    match after another (the first guest creates it, the others accept its invite)."""
    spec = GAMES[game]
    rnd = random.Random(n)
    clients: list[HarfiyenClient] = []
    try:
        for i in range(spec.seats):
            clients.append(await _guest(urls[(n + i) % len(urls)]))
        socks = [await client.connect(keep_frames=False) for client in clients]
        stats.opened += len(socks)
        stats.seated += len(socks)
        for sock in socks:
            watch.hook(sock)
        first = True
        while time.time() < stop_at:
            created = await clients[0].create_match(spec.options(n), game=game)
            match_id = created["match"]["id"]
            for client in clients[1:]:
                await client.accept(created["invite"]["code"])
            seats: dict[int, GameSocket] = {}
            by_seat: dict[int, HarfiyenClient] = {}
            for sock, client in zip(socks, clients, strict=True):
                seat = (await sock.subscribe(match_id))["seat"]
                seats[seat], by_seat[seat] = sock, client
            for sock in socks:
                await sock.wait_seq(match_id, 1, timeout=30)
            matches.append(match_id)
            if first:
                first = False
                while time.time() < start_at:  # every table starts together
                    await asyncio.sleep(0.05)
            table = Table(game, spec, match_id, seats, by_seat, rnd, stop_at, stats, watch,
                          spectators)
            if await (_play_together if spec.together else _play_in_turn)(table):
                stats.finished(game)
            for sock in socks:
                await sock.send({"type": "unsubscribe", "match": match_id})
            watch.forget(socks, match_id)
    except Exception as error:
        stats.error(type(error).__name__, game)
    finally:
        for client in clients:
            await client.close()


async def _spectate(url: str, count: int, matches: list[int], stats: Stats,
                    watch: Watch, spectators: dict[int, list[GameSocket]],
                    sockets: list[GameSocket]) -> None:
    """``count`` websocket connections of a few guests, each watching one live match."""
    per_user = 100
    for first in range(0, count, per_user):
        client = await _guest(url)
        for _ in range(min(per_user, count - first)):
            try:
                sock = await client.connect(keep_frames=False)
            except Exception as error:
                stats.error(f"connect:{type(error).__name__}")
                continue
            stats.opened += 1
            watch.hook(sock)
            sockets.append(sock)
            if matches:
                match_id = random.choice(matches)
                ack = await sock.subscribe(match_id)
                if ack["type"] == "ack":
                    spectators.setdefault(match_id, []).append(sock)


async def _held(sockets: list[GameSocket]) -> int:
    async def alive(sock: GameSocket) -> bool:
        try:
            return (await sock.reply_to({"type": "ping"}, timeout=15))["type"] == "pong"
        except Exception:
            return False

    return sum(await asyncio.gather(*(alive(s) for s in sockets)))


async def _client(job: dict[str, Any]) -> Stats:
    stats, watch = Stats(), Watch()
    matches: list[int] = []
    spectators: dict[int, list[GameSocket]] = {}
    watchers: list[GameSocket] = []
    urls = job["urls"]
    games = job["games"]
    pairs = [asyncio.create_task(_table_loop(n, urls, games[n % len(games)], job["start_at"],
                                             job["stop_at"], stats, watch, matches, spectators))
             for n in job["pairs"]]
    while len(matches) < len(pairs) and time.time() < job["start_at"]:
        await asyncio.sleep(0.1)
    per_server = job["spectators"] // len(urls)
    await asyncio.gather(*(
        _spectate(url, per_server + (i < job["spectators"] % len(urls)), matches, stats, watch,
                  spectators, watchers)
        for i, url in enumerate(urls)
    ))
    stats.late = time.time() > job["start_at"]
    cpu0 = time.process_time()
    await asyncio.gather(*pairs)
    stats.cpu_seconds = time.process_time() - cpu0
    stats.held = await _held(watchers) + stats.seated  # the players' sockets played on
    stats.rss_mb = _proc_rss_mb(os.getpid())
    for sock in watchers:
        with contextlib.suppress(Exception):
            await sock.close()
    return stats


def _client_process(job: dict[str, Any]) -> dict[str, Any]:
    if job.get("cpus"):
        os.sched_setaffinity(0, job["cpus"])
    for game in dict.fromkeys(job["games"]):
        GAMES[game].warm()
    return asyncio.run(_client(job)).__dict__


# --- the run ---------------------------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run_load(args: argparse.Namespace) -> dict[str, Any]:
    pairs = min(args.pairs, MAX_PAIRS)
    spectators = min(args.spectators, MAX_SPECTATORS)
    seconds = min(args.seconds, MAX_SECONDS)
    processes = 1 if args.mode == "sqlite" else args.processes
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown or not games:
        raise SystemExit(f"unknown games {unknown} (known: {', '.join(GAMES)})")
    deployment = Deployment(args.mode, processes, profile=args.profile)
    deployment.start()
    try:
        setup = args.setup_seconds or (10 + pairs * 0.2 + spectators * 0.03)
        start_at = time.time() + setup
        stop_at = start_at + seconds
        cpus = [int(c) for c in args.client_cpus.split(",")] if args.client_cpus else None
        jobs = [{"urls": deployment.urls, "pairs": list(range(k, pairs, args.client_procs)),
                 "spectators": spectators // args.client_procs
                 + (k < spectators % args.client_procs),
                 "start_at": start_at, "stop_at": stop_at, "cpus": cpus, "games": games}
                for k in range(args.client_procs)]
        pids = [p.pid for p in deployment.procs]
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.client_procs) as pool:
            pending = pool.map_async(_client_process, jobs)
            while time.time() < start_at:
                time.sleep(0.2)
            clients = [p.pid for p in pool._pool]  # type: ignore[attr-defined]
            cpu0 = {pid: _proc_cpu_seconds(pid) for pid in pids + clients}
            peak = dict.fromkeys(pids, 0.0)
            while time.time() < stop_at:
                for pid in pids:
                    peak[pid] = max(peak[pid], _proc_rss_mb(pid))
                time.sleep(1.0)
            cpu = {pid: _proc_cpu_seconds(pid) - cpu0[pid] for pid in pids + clients}
            results = pending.get(timeout=seconds + setup + 600)
    finally:
        deployment.stop()
    latencies = [x for r in results for x in r["latencies"]]
    watching = [x for r in results for x in r["spectator_latencies"]]
    errors: dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    accepted = sum(r["accepted"] for r in results)

    def by_game(name: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for r in results:
            for game, value in r[name].items():
                if isinstance(value, dict):
                    mine = out.setdefault(game, {})
                    for code, k in value.items():
                        mine[code] = mine.get(code, 0) + k
                else:
                    out[game] = out.get(game, 0) + value
        return out

    return {
        "mode": args.mode, "processes": processes, "pairs": pairs, "spectators": spectators,
        "seconds": seconds, "connections_opened": sum(r["opened"] for r in results),
        "connections_held": sum(r["held"] for r in results),
        "accepted_moves": accepted, "plays": sum(r["plays"] for r in results),
        "moves_per_second": round(accepted / seconds, 1),
        "latency_ms": {q: round(1000 * _percentile(latencies, v), 1)
                       for q, v in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))},
        "spectator_latency_ms": {q: round(1000 * _percentile(watching, v), 1)
                                 for q, v in (("p50", 0.5), ("p99", 0.99))},
        "errors": errors, "games_finished": sum(r["games_finished"] for r in results),
        "games": games, "moves_by_game": {g: by_game("moves_by_game").get(g, 0) for g in games},
        "finished_by_game": by_game("finished_by_game"),
        "errors_by_game": by_game("errors_by_game"),
        "late_start": any(r["late"] for r in results),
        "server_cpu_cores": [round(cpu[p] / seconds, 2) for p in pids],
        "server_peak_rss_mb": [round(peak[p]) for p in pids],
        "client_cpu_cores": round(sum(cpu[p] for p in clients) / seconds, 2),
        "client_rss_mb": [round(r["rss_mb"]) for r in results],
    }


def run_pgbench(args: argparse.Namespace) -> dict[str, Any]:
    """PostgreSQL's single-row commit rate: one INSERT per transaction."""
    schema = f"harfiyen_pgbench_{secrets.token_hex(4)}"
    _psql(f'CREATE SCHEMA "{schema}"; CREATE TABLE "{schema}".one_row '
          "(id bigserial PRIMARY KEY, v integer NOT NULL)")
    script = Path(tempfile.mkstemp(suffix=".sql")[1])
    script.write_text("\\set v random(1, 1000000)\nINSERT INTO one_row (v) VALUES (:v);\n")
    try:
        binary = shutil.which("pgbench") or "/usr/lib/postgresql/15/bin/pgbench"
        out = subprocess.run(
            [binary, "-n", "-h", "127.0.0.1", "-U", "postgres", "-c", str(args.clients),
             "-j", "2", "-T", str(int(min(args.seconds, MAX_SECONDS))), "-f", str(script),
             "test"],
            env={**os.environ, "PGOPTIONS": f"-c search_path={schema}"},
            capture_output=True, text=True, check=True,
        ).stdout
    finally:
        script.unlink()
        _psql(f'DROP SCHEMA "{schema}" CASCADE')
    tps = next(float(line.split()[2]) for line in out.splitlines() if line.startswith("tps ="))
    return {"mode": "pgbench", "clients": args.clients, "seconds": args.seconds,
            "single_row_commits_per_second": round(tps, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["sqlite", "postgres", "pgbench"])
    parser.add_argument("--pairs", type=int, default=50,
                        help="tables (the name is older than the party games): each a match "
                             "of the game's table size, games assigned round-robin")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma list of games to play (default: %(default)s)")
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=4)
    parser.add_argument("--client-cpus", default="", help="pin the load client, e.g. '1'")
    parser.add_argument("--setup-seconds", type=float, default=0)
    parser.add_argument("--clients", type=int, default=8, help="pgbench connections")
    parser.add_argument("--json", action="store_true", help="one JSON line only")
    parser.add_argument("--profile", default="", help="a folder for the servers' cProfile")
    args = parser.parse_args(argv)
    result = run_pgbench(args) if args.mode == "pgbench" else run_load(args)
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 2))


if __name__ == "__main__":
    main()

