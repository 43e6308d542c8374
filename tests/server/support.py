"""Helpers for server tests: a greedy crossword player over the wire, hidden-information checks."""

from __future__ import annotations

import functools
import json
from typing import Any

from harfiyen.client import GameSocket, HarfiyenClient
from harfiyen.games import crossword as cw
from harfiyen.games import game
from harfiyen.games.crossword.views import CrosswordView, GameFacts
from harfiyen.server.bots import FALLBACK_BUDGET_SECONDS

PASSWORD = "correct horse battery"
# The longest a crossword bot may take to move: its budget, then its fallback's (on a
# loaded machine the AI may use all of it; the fallback's move still comes).
BOT_MOVE_SECONDS = max(level.budget_seconds for level in game("crossword").ai.levels) \
    + FALLBACK_BUDGET_SECONDS + 15


@functools.cache
def _generator(facts: GameFacts) -> Any:
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.lexicon.lexicon import load

    return MoveGenerator(load(facts.lexicon), facts.ruleset())


def best_move(view: dict[str, Any]) -> dict[str, Any]:
    """The highest-scoring play for the rack in ``view`` (a seat's view), else a pass."""
    seen = CrosswordView.from_json(view)
    assert seen.rack is not None, "a seat's view"
    gen = _generator(seen.facts)
    found = gen.best(gen.scratch(seen.board), seen.rack, 1, seen.active_bonus_square)
    if not found:
        return {"kind": "pass"}
    return {"kind": "play", "tiles": [
        {"square": cw.square_name(p.square), "letter": p.letter, "blank": p.blank}
        for p in found[0].placements
    ]}


async def match_secrets(app: Any, match_id: int) -> list[str]:
    """The seed and every bag order of the match (strings that must never be sent)."""
    from harfiyen.server.models import Match

    service = app.state.service
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        state = await service.state(db, match)
    config = cw.CrosswordConfig.from_dict(match.config)
    replayed = cw.new_game(config, match.seed, state.lexicon)
    bags = ["".join(replayed.bag)]
    for seat, move in cw.moves_of(state.events):
        replayed, _ = cw.apply(replayed, seat, move)
        if len(replayed.bag) >= 8:
            bags.append("".join(replayed.bag))
    return [str(match.seed), *bags]


async def register(base_url: str, name: str, language: str = "tr") -> HarfiyenClient:
    client = HarfiyenClient(base_url)
    await client.register(name, PASSWORD, language)
    return client


def assert_no_hidden(frames: list[dict[str, Any]], seat: int | None, secrets: list[str]) -> None:
    """No frame sent to ``seat`` (``None``: a spectator) shows what that viewer may not see.

    Structural: no ``bag``/``racks``/``seed`` keys anywhere; a view's ``rack``
    only in the viewer's own view; drawn or exchanged tiles only to their
    owner. Textual: none of ``secrets`` (the seed, bag orders) appears in any
    frame's text. A ``patch`` frame's view edit names keys without the view around
    them (``rack`` without ``seat``): the structure checked is the view it gives, the
    ``state`` frame the client made of it, which ``frames`` hold after it.
    """
    for frame in frames:
        _walk(frame.get("events") if frame.get("type") == "patch" else frame, seat)
        text = json.dumps(frame, ensure_ascii=False)
        for secret in secrets:
            assert secret not in text, f"secret {secret!r} leaked in {text[:200]}"


def _walk(node: Any, seat: int | None) -> None:
    if isinstance(node, dict):
        for key in ("bag", "racks", "seed"):
            assert key not in node, f"hidden key {key!r} in {node}"
        if "rack" in node:
            assert seat is not None and node.get("seat") == seat, f"foreign rack in {node}"
        if node.get("kind") in ("tiles_drawn", "exchanged") and node.get("seat") != seat:
            assert "tiles" not in node, f"foreign tiles in {node}"
        for value in node.values():
            _walk(value, seat)
    elif isinstance(node, list):
        for value in node:
            _walk(value, seat)


async def play_to_end(
    match_id: int, sockets: dict[int, GameSocket], max_turns: int = 200
) -> dict[str, Any]:
    """Both seats play greedy moves through their websockets until the game ends."""
    any_socket = next(iter(sockets.values()))
    for _ in range(max_turns):
        view = any_socket.views[match_id]
        if view["outcome"] is not None:
            return view  # type: ignore[no-any-return]
        seat = view["to_move"]
        sock = sockets[seat]
        own = sock.views[match_id]
        reply = await sock.move(match_id, best_move(own))
        assert reply["type"] == "ack", reply
        for s in sockets.values():
            await s.wait_seq(match_id, reply["seq"])
    raise AssertionError("the game did not end")


async def seat_sockets(match_id: int, clients: list[HarfiyenClient]
                       ) -> tuple[dict[int, GameSocket], dict[int, HarfiyenClient]]:
    """A subscribed websocket per person (each client) and the client of each seat."""
    sockets: dict[int, GameSocket] = {}
    by_seat: dict[int, HarfiyenClient] = {}
    for client in clients:
        sock = await client.connect()
        ack = await sock.subscribe(match_id)
        assert ack["type"] == "ack", ack
        await sock.wait_seq(match_id, 1)
        sockets[ack["seat"]] = sock
        by_seat[ack["seat"]] = client
    return sockets, by_seat
