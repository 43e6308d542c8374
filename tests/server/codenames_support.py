"""Helpers for Kelime Casusu server tests: a table of four over HTTP, random play over
websockets, and the check that no frame shows a guesser or a spectator the key."""

from __future__ import annotations

import json
import random
from typing import Any

from harfiyen.client import GameSocket, HarfiyenClient

from .conftest import unique
from .support import register

# Letters for made-up clue words: never a board word of the built-in packs.
CLUE_LETTERS = "BCDFGHKLMNPRSTVYZ"


async def codenames_table(
    url: str, options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None, seats: int = 4,
) -> tuple[list[HarfiyenClient], int]:
    """``seats`` users at one Kelime Casusu match (created by the first), started."""
    clients = [await register(url, unique("k")) for _ in range(seats)]
    body: dict[str, Any] = {"game": "codenames", "options": options or {"language": "tr"}}
    if time_control is not None:
        body["time_control"] = time_control
    created = await clients[0].post("/api/matches", body)
    for client in clients[1:]:
        await client.accept(created["invite"]["code"])
    return clients, created["match"]["id"]


def random_clue(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    board = {card["word"] for card in view["cards"]}
    while True:
        word = "".join(rnd.choice(CLUE_LETTERS) for _ in range(rnd.randint(4, 7)))
        if word not in board:
            return {"kind": "clue", "word": word, "number": rnd.randint(1, 3)}


def random_guess(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    clue = view["current_clue"]
    if clue is not None and clue["guesses"] and rnd.random() < 0.25:
        return {"kind": "pass"}
    covered = [card["index"] for card in view["cards"] if not card["revealed"]]
    return {"kind": "guess", "index": rnd.choice(covered)}


async def play_one(match_id: int, sockets: dict[int, GameSocket], rnd: random.Random
                   ) -> dict[str, Any]:
    """One random move by a seat to act, through its websocket; waits until every socket
    has the new state. Returns the ack."""
    view = next(iter(sockets.values())).views[match_id]
    seat = rnd.choice(view["to_act"])
    own = sockets[seat].views[match_id]
    move = random_clue(own, rnd) if own["phase"] == "clue" else random_guess(own, rnd)
    reply = await sockets[seat].move(match_id, move)
    assert reply["type"] == "ack", reply
    for sock in sockets.values():
        await sock.wait_seq(match_id, reply["seq"])
    return reply


async def play_to_end(match_id: int, sockets: dict[int, GameSocket], rnd: random.Random,
                      max_moves: int = 300) -> dict[str, Any]:
    for _ in range(max_moves):
        view = next(iter(sockets.values())).views[match_id]
        if view["outcome"] is not None:
            return view
        await play_one(match_id, sockets, rnd)
    raise AssertionError("the game did not end")


def key_leaks(node: Any, revealed_at: dict[int, int], seq: int | None, path: str = ""
              ) -> list[str]:
    """Where ``node`` (part of a frame or an HTTP answer numbered ``seq``; ``None``: not
    numbered, an error, chat or mark) shows a covered card's colour: a ``key`` anywhere, a
    colour on a card marked as covered, or a colour for a card index that was not yet
    revealed at ``seq`` (``revealed_at``: the seq of each card's reveal in the log)."""
    out: list[str] = []
    if isinstance(node, dict):
        if "key" in node:
            out.append(f"{path}.key")
        if "colour" in node:
            index = node.get("index")
            shown = revealed_at.get(index) if isinstance(index, int) else None
            if node.get("revealed") is False or shown is None or seq is None or shown > seq:
                out.append(f"{path}.colour (card {index})")
        for name, value in node.items():
            out += key_leaks(value, revealed_at, seq, f"{path}.{name}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += key_leaks(value, revealed_at, seq, f"{path}[{i}]")
    return out


def frame_seq(frame: dict[str, Any]) -> int | None:
    return frame.get("seq") if frame.get("type") in ("event", "state", "sync") else None


def assert_no_key(frames: list[dict[str, Any]], revealed_at: dict[int, int],
                  end_seq: int | None) -> None:
    """No frame before the game's end (``end_seq``: the seq of its ``game_ended``) shows
    a covered card's colour. A ``patch`` frame's view edit names a card's changed keys
    without the card (its index): the view it gives is checked, the ``state`` frame the
    client made of it (after it in ``frames``), and its events one by one."""
    for frame in frames:
        if frame.get("type") == "patch":
            assert_no_key([{"type": "event", **e} for e in frame.get("events", [])],
                          revealed_at, end_seq)
            continue
        seq = frame_seq(frame)
        if end_seq is not None and seq is not None and seq >= end_seq:
            continue  # the end reveals the key to everyone
        leaks = key_leaks(frame, revealed_at, seq)
        assert not leaks, (leaks, json.dumps(frame, ensure_ascii=False)[:400])


async def reveal_log(app: Any, match_id: int) -> tuple[dict[int, int], int | None]:
    """From the stored log: the seq each card was revealed at, and the seq of the end."""
    from sqlalchemy import select

    from harfiyen.server.models import MatchEvent

    async with app.state.service.sessions() as db:
        rows = (await db.execute(
            select(MatchEvent.seq, MatchEvent.data).where(MatchEvent.match_id == match_id)
            .order_by(MatchEvent.seq)
        )).all()
    revealed = {data["index"]: seq for seq, data in rows if data["kind"] == "card_revealed"}
    ends = [seq for seq, data in rows if data["kind"] == "game_ended"]
    return revealed, (ends[0] if ends else None)
