"""Access control as data: every HTTP route and websocket intent × every kind of caller, with
the exact set of callers let through.

Callers (``ROLES``): the ``participant`` (the seat to move), the ``other`` participant, a
``spectator`` (signed in, watching a public match), a ``stranger`` (signed in, the match
is private) and ``anonymous`` (no session). A caller is *let through* unless the answer
is one of the gates' own refusals (``GATES``: sign in, CSRF, origin, not a player, not
for you); a refusal by the game's rules (not your turn, not finished yet), a wrong
password or a missing row means the gate opened. Every route of the OpenAPI schema must
have a row here, so a new route cannot go unchecked; a new game adds its own world
builder (and roles, e.g. the party games' teams) to ``GAMES``.

The whole matrix runs on a pool of ONE database connection: a route that held two at a
time would stall (the pool-deadlock finding), so every cell also checks that.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from harfiyen.client import GameSocket, HarfiyenClient

from .conftest import Database, LiveServer, start_server

pytestmark = pytest.mark.anyio

ROLES = ("participant", "other", "spectator", "stranger", "anonymous")
SIGNED_IN = frozenset(ROLES) - {"anonymous"}
EVERYONE = frozenset(ROLES)
PLAYERS = frozenset({"participant", "other"})
# The refusals of the gates themselves (a wrong password, say, is the route's own answer).
GATES = frozenset({"auth.required", "auth.csrf", "auth.bad_origin", "match.not_a_player",
                   "invite.not_for_you", "match.hand_not_allowed"})
WATCHERS = frozenset({"participant", "other", "spectator"})


@dataclass
class World:
    """A public and a private match of one game, their players, and the callers."""

    server: LiveServer
    clients: dict[str, HarfiyenClient | None]
    public: int  # the match the participants, the spectator and anonymous use
    private: int  # the match the stranger tries
    codes: dict[int, str]
    names: dict[str, str]
    seats: dict[str, int]  # the players' seats in the public match

    def match_for(self, role: str) -> int:
        return self.private if role == "stranger" else self.public


async def _guest(url: str) -> HarfiyenClient:
    client = HarfiyenClient(url)
    await client.guest()
    return client


async def crossword_world(server: LiveServer) -> World:
    p0, p1, watcher = [await _guest(server.url) for _ in range(3)]
    public = await p0.create_match({"rules": "tr"})
    await p1.accept(public["invite"]["code"])
    made = await p0.post("/api/matches", {"game": "crossword", "options": {"rules": "tr"},
                                          "public": False})
    await p1.accept(made["invite"]["code"])
    info = await p0.match(public["match"]["id"])
    mover_id = next(p["id"] for p in info["players"] if p["seat"] == info["to_move"])
    participant, other = (p0, p1) if p0.user["id"] == mover_id else (p1, p0)  # type: ignore[index]
    clients: dict[str, HarfiyenClient | None] = {
        "participant": participant, "other": other, "spectator": watcher,
        "stranger": watcher, "anonymous": HarfiyenClient(server.url),
    }
    return World(server, clients, public["match"]["id"], made["match"]["id"],
                 {public["match"]["id"]: public["invite"]["code"],
                  made["match"]["id"]: made["invite"]["code"]},
                 {r: c.user["username"] for r, c in clients.items() if c and c.user},
                 {"participant": info["to_move"], "other": 1 - info["to_move"]})


GAMES: dict[str, Callable[[LiveServer], Awaitable[World]]] = {"crossword": crossword_world}


@dataclass(frozen=True)
class Row:
    """One route: its path (``{match}``, ``{code}``, ``{user}`` filled per caller), a body,
    whether it changes state (then it runs in a world of the caller's own, after the reads),
    and who gets through."""

    method: str
    path: str
    allowed: frozenset[str]
    body: Any = None
    mutates: bool = False


HTTP: list[Row] = [
    Row("GET", "/api/health", EVERYONE),
    Row("GET", "/api/config", EVERYONE),
    Row("GET", "/api/bots", EVERYONE),
    Row("GET", "/api/rules/{game}", EVERYONE),
    Row("GET", "/api/push/key", EVERYONE),
    Row("GET", "/api/lexicons", EVERYONE),
    Row("GET", "/api/lexicons/TR-1/check?words=kalem", EVERYONE),
    Row("GET", "/api/meanings/xx/kalem", EVERYONE),
    Row("GET", "/api/users/{user}", EVERYONE),
    Row("GET", "/api/users/{user}/ratings", EVERYONE),
    Row("GET", "/api/users/{user}/stats", EVERYONE),
    Row("POST", "/api/auth/register", EVERYONE,
        {"username": "x!", "password": "correct horse battery"}),
    Row("POST", "/api/auth/login", EVERYONE, {"username": "nobody-here", "password": "x"}),
    Row("POST", "/api/auth/guest", EVERYONE, mutates=True),
    Row("GET", "/api/auth/csrf", SIGNED_IN),
    Row("POST", "/api/auth/logout", SIGNED_IN, mutates=True),
    Row("POST", "/api/auth/claim", SIGNED_IN, {"username": "x!", "password": "correct horse"}),
    Row("GET", "/api/me", SIGNED_IN),
    Row("PATCH", "/api/me", SIGNED_IN, {"board_theme": "dark"}),
    Row("GET", "/api/friends", SIGNED_IN),
    Row("PUT", "/api/friends/{user}", SIGNED_IN, mutates=True),
    Row("DELETE", "/api/friends/{user}", SIGNED_IN),
    Row("GET", "/api/blocks", SIGNED_IN),
    Row("PUT", "/api/blocks/{user}", SIGNED_IN, mutates=True),
    Row("DELETE", "/api/blocks/{user}", SIGNED_IN),
    Row("GET", "/api/opponents/recent", SIGNED_IN),
    Row("GET", "/api/invites", SIGNED_IN),
    Row("GET", "/api/invites/{code}", SIGNED_IN),
    Row("POST", "/api/invites/{code}/accept", SIGNED_IN),
    Row("POST", "/api/invites/{code}/decline", SIGNED_IN),
    Row("GET", "/api/matches", SIGNED_IN),
    Row("POST", "/api/matches", SIGNED_IN, {"options": {"rules": "tr"}}, mutates=True),
    Row("GET", "/api/matchmaking", SIGNED_IN),
    Row("POST", "/api/matchmaking", SIGNED_IN, {"options": {"rules": "tr"}}, mutates=True),
    Row("DELETE", "/api/matchmaking", SIGNED_IN),
    Row("POST", "/api/push/subscriptions", SIGNED_IN,
        {"endpoint": "https://127.0.0.1/x", "keys": {"p256dh": "B" * 87, "auth": "A" * 22}}),
    Row("DELETE", "/api/push/subscriptions", SIGNED_IN, {"endpoint": "https://8.8.8.8/x"}),
    Row("POST", "/api/analyses", SIGNED_IN, {"gcg": "#character-encoding UTF-8\n"}),
    Row("GET", "/api/analyses/no-such-key", SIGNED_IN),
    Row("GET", "/api/analyses/no-such-key/gcg", SIGNED_IN),
    Row("GET", "/api/watch", SIGNED_IN),
    # The match: watchers see it; only its players act in it.
    Row("GET", "/api/matches/{match}", WATCHERS),
    Row("GET", "/api/matches/{match}/events", WATCHERS),
    Row("GET", "/api/matches/{match}/gcg", WATCHERS),
    Row("GET", "/api/matches/{match}/analysis", WATCHERS),
    Row("POST", "/api/matches/{match}/analysis", WATCHERS),
    Row("GET", "/api/matches/{match}/chat", PLAYERS),
    Row("POST", "/api/matches/{match}/chat", PLAYERS, {"text": "merhaba"}, mutates=True),
    Row("POST", "/api/matches/{match}/preview", PLAYERS,
        {"kind": "play", "tiles": [{"square": "H8", "letter": "A"}]}),
    Row("POST", "/api/matches/{match}/moves", PLAYERS, {"move": {"kind": "pass"}},
        mutates=True),
    Row("POST", "/api/matches/{match}/resign", PLAYERS, mutates=True),
    # Either player (refused by the rules here: nobody has waited abandon_hours).
    Row("POST", "/api/matches/{match}/claim_win", PLAYERS),
    Row("POST", "/api/matches/{match}/rematch", PLAYERS),
    # A player's own seat (others try seat 0); the room's host is the rooms' test's.
    Row("POST", "/api/matches/{match}/seats/{seat}/ai", PLAYERS, {"level": None}),
    # Harf Takıl guess sheets (a crossword match has none: sheet.not_available, past the
    # gates): watchers read, players write.
    Row("GET", "/api/matches/{match}/sheet", WATCHERS),
    Row("PUT", "/api/matches/{match}/sheet", PLAYERS,
        {"guesses": [{"position": 0, "letter": "A"}]}),
    # Rooms and word packs: any signed-in caller (the host's controls refuse others by the
    # room's own rule, room.not_host; {code} here names no room).
    Row("POST", "/api/rooms", SIGNED_IN, {"game": "codenames", "options": {}}),
    Row("GET", "/api/rooms", SIGNED_IN),
    Row("GET", "/api/rooms/{code}", SIGNED_IN),
    Row("PATCH", "/api/rooms/{code}", SIGNED_IN, {"public": True}),
    Row("POST", "/api/rooms/{code}/join", SIGNED_IN),
    Row("POST", "/api/rooms/{code}/seat", SIGNED_IN, {"slot": 0}),
    Row("POST", "/api/rooms/{code}/chat", SIGNED_IN, {"text": "merhaba"}),
    Row("POST", "/api/rooms/{code}/leave", SIGNED_IN),
    Row("POST", "/api/rooms/{code}/slots/0", SIGNED_IN, {"locked": True}),
    Row("POST", "/api/rooms/{code}/kick", SIGNED_IN, {"user": 1}),
    Row("POST", "/api/rooms/{code}/start", SIGNED_IN),
    Row("POST", "/api/rooms/{code}/rematch", SIGNED_IN),
    Row("POST", "/api/quickplay", SIGNED_IN, {"game": "codenames", "options": {}}),
    Row("POST", "/api/packs", SIGNED_IN, {"name": "x", "text": "elma"}),
    Row("GET", "/api/packs", SIGNED_IN),
    Row("DELETE", "/api/packs/1", SIGNED_IN),
]

# Websocket intents (anonymous callers are refused at the door, so never let through).
WS: dict[str, tuple[Callable[[int], dict[str, Any]], frozenset[str]]] = {
    "ping": (lambda m: {"type": "ping"}, SIGNED_IN),
    "subscribe": (lambda m: {"type": "subscribe", "match": m}, WATCHERS),
    "unsubscribe": (lambda m: {"type": "unsubscribe", "match": m}, SIGNED_IN),
    "chat": (lambda m: {"type": "chat", "match": m, "text": "merhaba"}, PLAYERS),
    "move": (lambda m: {"type": "move", "match": m, "move": {"kind": "pass"}}, PLAYERS),
    "watch_room": (lambda m: {"type": "watch_room", "code": "NOROOM"}, SIGNED_IN),
    "unwatch_room": (lambda m: {"type": "unwatch_room", "code": "NOROOM"}, SIGNED_IN),
}


def _fill(path: str, world: World, role: str) -> str:
    match = world.match_for(role)
    return (path.replace("{match}", str(match)).replace("{code}", world.codes[match])
            .replace("{user}", world.names["other"]).replace("{game}", "crossword")
            .replace("{seat}", str(world.seats.get(role, 0))))


async def _through(world: World, role: str, row: Row) -> tuple[bool, int]:
    client = world.clients[role]
    assert client is not None
    headers = {}
    token = client.http.cookies.get("harfiyen_csrf")
    if token:
        headers["X-CSRF-Token"] = token
    response = await client.http.request(row.method, _fill(row.path, world, role),
                                         json=row.body, headers=headers)
    code = ""
    if response.status_code in (401, 403):
        code = response.json()["error"]["code"]
    return code not in GATES, response.status_code


async def _intent(world: World, role: str, intent: str) -> bool:
    client = world.clients[role]
    assert client is not None
    if role == "anonymous":
        return False
    sock: GameSocket = await client.connect()
    try:
        reply = await sock.reply_to(WS[intent][0](world.match_for(role)))
    finally:
        await sock.close()
    return reply["type"] != "error" or reply["code"] not in GATES


MUTATING_INTENTS = ("move", "chat")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_route_and_intent_lets_through_exactly_its_callers(
    database: Database, game: str,
) -> None:
    server = await start_server(database.settings(db_pool_size=1, db_max_overflow=0,
                                                  db_pool_timeout=10.0))
    try:
        schema = server.app.openapi()["paths"]
        routes = {(m.upper(), p) for p, ops in schema.items() for m in ops}
        covered = {(r.method, r.path.split("?")[0].replace("{match}", "{match_id}")
                    .replace("{user}", "{username}").replace("TR-1", "{lexicon_id}")
                    .replace("xx/kalem", "{lang}/{word}").replace("no-such-key", "{key}")
                    .replace("/slots/0", "/slots/{slot}").replace("/packs/1", "/packs/{pack_id}"))
                   for r in HTTP}
        assert routes - covered == set(), "routes without a row in the access matrix"
        # Reads share one world; what changes state runs in a world of the caller's own,
        # built once per role, after the reads. The gates ask who calls, not what the
        # match has become (a resignation before a move changes no cell's answer). Who
        # calls changes only by logging out and by taking a guest session: those rows come
        # last, in that order (anonymous must still be anonymous when it logs out).
        shared = await GAMES[game](server)
        own = {role: await GAMES[game](server) for role in ROLES}
        identity = ("/api/auth/logout", "/api/auth/guest")
        reads = [row for row in HTTP if not row.mutates]
        writes = [row for row in HTTP if row.mutates and row.path not in identity]
        last = sorted((row for row in HTTP if row.path in identity),
                      key=lambda row: identity.index(row.path))
        wrong: list[Any] = []
        cells = 0
        for rows, intents in ((reads, [i for i in WS if i not in MUTATING_INTENTS]),
                              (writes, list(MUTATING_INTENTS)), (last, [])):
            for row in rows:
                for role in ROLES:
                    world = own[role] if row.mutates else shared
                    through, status = await _through(world, role, row)
                    cells += 1
                    assert status != 500, (row.method, row.path, role)
                    if through != (role in row.allowed):
                        wrong.append((row.method, row.path, role, status))
            for intent in intents:
                for role in ROLES:
                    world = own[role] if intent in MUTATING_INTENTS else shared
                    cells += 1
                    if await _intent(world, role, intent) != (role in WS[intent][1]):
                        wrong.append(("ws", intent, role, None))
        assert not wrong, wrong
        assert cells == len(ROLES) * (len(HTTP) + len(WS))
    finally:
        await server.stop()
