"""Hidden-information audit: random full games over the wire, every frame to every kind of
viewer checked against the secrets of its moment.

For each online game (``AUDITS``; issue 12's games add theirs) a random game is played
to the end by its seats (legal and illegal intents mixed) while a spectator watches.
Afterwards the log is replayed to get the whole state after every stored event; each
frame numbered ``n`` that a viewer received is checked against what that viewer may
not know after event ``n``: the seed, the bag's order, another seat's rack, tiles
another seat drew. REST answers the players fetch along the way are checked too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from harfiyen.client import GameSocket, HarfiyenClient
from harfiyen.games import crossword as cw
from harfiyen.server.models import Match

from .conftest import LiveServer, unique
from .support import assert_no_hidden, best_move, register

pytestmark = pytest.mark.anyio


@dataclass
class Played:
    match_id: int
    frames: dict[int | None, list[dict[str, Any]]]  # by seat; None: the spectator
    answers: dict[int | None, list[dict[str, Any]]]  # REST bodies fetched by each viewer
    moves: int


async def _crossword_game(server: LiveServer, rng: random.Random) -> Played:
    a, b, w = [await register(server.url, unique(p)) for p in "abw"]
    created = await a.create_match({"rules": rng.choice(["tr", "en"])})
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    sockets: dict[int | None, GameSocket] = {}
    clients: dict[int | None, HarfiyenClient] = {}
    for client in (a, b, w):
        sock = await client.connect()
        seat = (await sock.subscribe(match_id))["seat"]
        sockets[seat], clients[seat] = sock, client
        await sock.wait_seq(match_id, 1)
    answers: dict[int | None, list[dict[str, Any]]] = {s: [] for s in sockets}
    moves = 0
    for _ in range(300):
        view = sockets[0].views[match_id]
        if view["outcome"] is not None:
            break
        seat = view["to_move"]
        own = sockets[seat].views[match_id]
        roll = rng.random()
        if roll < 0.08:
            intent: dict[str, Any] = {"kind": "exchange", "tiles": list(own["rack"])}
        elif roll < 0.12:
            intent = {"kind": "pass"}
        elif roll < 0.2:  # illegal: a tile that is not on the rack, or the wrong seat moving
            intent = {"kind": "play", "tiles": [{"square": "H8", "letter": "Q", "blank": False}]}
            reply = await sockets[1 - seat].move(match_id, best_move(own))
            assert reply["type"] == "error"
        else:
            intent = best_move(own)
        reply = await sockets[seat].move(match_id, intent)
        if reply["type"] == "ack":
            moves += 1
            for sock in sockets.values():
                await sock.wait_seq(match_id, reply["seq"])
        if rng.random() < 0.1:
            for viewer, client in clients.items():
                answers[viewer].append(await client.get(f"/api/matches/{match_id}"))
                answers[viewer].append(await client.get(f"/api/matches/{match_id}/events"))
    if sockets[0].views[match_id]["outcome"] is None:
        await sockets[0].move(match_id, {"kind": "resign"})
    final = (await a.match(match_id))["last_seq"]
    for sock in sockets.values():
        await sock.wait_seq(match_id, final)
    frames = {s: list(sock.received) for s, sock in sockets.items()}
    for sock in sockets.values():
        await sock.close()
    for client in (a, b, w):
        await client.close()
    return Played(match_id, frames, answers, moves)


async def _crossword_states(server: LiveServer, match_id: int) -> tuple[str, dict[int, Any]]:
    """The seed, and the whole state after each stored event number (a command's events
    all map to the state after that command)."""
    service = server.app.state.service
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        final = await service.state(db, match)
    config = cw.CrosswordConfig.from_dict(match.config)
    state = cw.new_game(config, match.seed, final.lexicon)
    after: dict[int, Any] = dict.fromkeys(range(1, len(state.events) + 1), state)
    for seat, move in cw.moves_of(final.events):
        start = len(state.events)
        state, _ = cw.apply(state, seat, move)
        for seq in range(start + 1, len(state.events) + 1):
            after[seq] = state
    return str(match.seed), after


def _crossword_secrets(state: Any, viewer: int | None) -> list[Any]:
    """What ``viewer`` may not know in ``state``: the bag's order and other seats' racks
    (while the game runs: the end shows the racks left)."""
    out: list[Any] = []
    if len(state.bag) >= 4:
        out.append("".join(state.bag))
    if state.outcome is None:
        for seat, rack in enumerate(state.racks):
            if seat != viewer and len(rack) >= 3:
                out += [list(rack), sorted(rack), "".join(rack)]
    return out


@dataclass(frozen=True)
class Audit:
    play: Callable[[LiveServer, random.Random], Awaitable[Played]]
    states: Callable[[LiveServer, int], Awaitable[tuple[str, dict[int, Any]]]]
    secrets: Callable[[Any, int | None], list[Any]]


AUDITS: dict[str, Audit] = {
    "crossword": Audit(_crossword_game, _crossword_states, _crossword_secrets),
}


def _values(node: Any) -> list[Any]:
    """Every list and string inside ``node``."""
    out: list[Any] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            out.append(item)
            stack.extend(item)
        elif isinstance(item, str):
            out.append(item)
    return out


@pytest.mark.parametrize("game", sorted(AUDITS))
@pytest.mark.parametrize("seed", [1, 2])
async def test_no_frame_shows_a_secret_of_its_moment(live: LiveServer, game: str,
                                                     seed: int) -> None:
    audit = AUDITS[game]
    played = await audit.play(live, random.Random(seed))
    assert played.moves >= 5
    match_seed, after = await audit.states(live, played.match_id)
    checked = 0
    for viewer, frames in played.frames.items():
        assert_no_hidden(frames, viewer, [match_seed])
        assert_no_hidden(played.answers[viewer], viewer, [match_seed])
        for frame in frames:
            seq = frame.get("seq")
            if frame.get("match") != played.match_id or not isinstance(seq, int) or seq < 1:
                continue
            secrets = audit.secrets(after[seq], viewer)
            found = [v for v in _values(frame) if v in secrets]
            assert not found, f"{viewer} saw {found} at {seq}: {json.dumps(frame)[:300]}"
            checked += 1
    assert checked > 3 * played.moves
