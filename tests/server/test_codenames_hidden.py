"""Property: whatever happens in a Kelime Casusu game played through the real server, no
guesser and no spectator is ever sent the colour of a covered card.

Hypothesis draws the table (4 to 6 seats), the random player's seed and how often the
players do something beside moving: a guesser marks a card (covered or not) or talks to
the team, a spymaster or a spectator tries to talk or mark, a seat sends a refused move,
a guesser and a spectator read the match, its events and the chat over HTTP. Every
frame a guesser's or a spectator's websocket receives, and every HTTP answer they get,
is checked until the game ends: no ``key``, no colour on a card shown covered, and no
colour for a card index before the event that revealed it (views, events, errors, chat,
marks alike).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.client import ApiError, HarfiyenClient

from .codenames_support import (
    assert_no_key,
    key_leaks,
    random_clue,
    random_guess,
    reveal_log,
)
from .conftest import Database, start_server, unique
from .support import register, seat_sockets

SEATINGS = {
    4: None,
    5: [["red", "spymaster"], ["red", "guesser"], ["red", "guesser"], ["blue", "spymaster"],
        ["blue", "guesser"]],
    6: [["red", "spymaster"], ["red", "guesser"], ["red", "guesser"], ["blue", "spymaster"],
        ["blue", "guesser"], ["blue", "guesser"]],
}
# Expensive (a server and a whole game per example): a few, scaled from the profile.
EXAMPLES = max(2, settings.default.max_examples // 25)


async def _http(client: HarfiyenClient, path: str, answers: list[tuple[Any, int | None]],
                seq: int | None = None) -> None:
    """GET ``path`` and keep the answer (or the error) with the seq it is about."""
    try:
        body = await client.get(path)
    except ApiError as error:
        answers.append(({"code": error.code, "message": str(error),
                         "details": error.details}, None))
        return
    last = body.get("match", {}).get("last_seq") if isinstance(body.get("match"), dict) \
        else body.get("last_seq")
    answers.append((body, last if last is not None else seq))


async def _example(database: Database, seats: int, seed: int, extra: float) -> None:
    rnd = random.Random(seed)
    server = await start_server(database.settings(chat_burst=1000))
    sockets: dict[int, Any] = {}
    try:
        clients = [await register(server.url, unique("h")) for _ in range(seats)]
        options: dict[str, Any] = {"language": rnd.choice(["tr", "en"])}
        if SEATINGS[seats] is not None:
            options["seats"] = SEATINGS[seats]
        created = await clients[0].post("/api/matches", {"game": "codenames",
                                                         "options": options})
        match_id = created["match"]["id"]
        for client in clients[1:]:
            await client.accept(created["invite"]["code"])
        sockets, by_seat = await seat_sockets(match_id, clients)
        viewer = await register(server.url, unique("w"))
        watcher = await viewer.connect()
        await watcher.subscribe(match_id)
        table = sockets[0].views[match_id]["seats"]
        guessers = [s["seat"] for s in table if s["role"] == "guesser"]
        spymasters = [s["seat"] for s in table if s["role"] == "spymaster"]
        answers: list[tuple[Any, int | None]] = []  # what guessers and the spectator read
        for _ in range(400):
            view = sockets[guessers[0]].views[match_id]
            if view["outcome"] is not None:
                break
            if rnd.random() < extra:
                await _side_step(rnd, match_id, view, sockets, by_seat, viewer, watcher,
                                 guessers, spymasters, answers)
            seat = rnd.choice(view["to_act"])
            own = sockets[seat].views[match_id]
            move = random_clue(own, rnd) if own["phase"] == "clue" else random_guess(own, rnd)
            reply = await sockets[seat].move(match_id, move)
            assert reply["type"] == "ack", reply
            for sock in (*sockets.values(), watcher):
                await sock.wait_seq(match_id, reply["seq"])
        else:
            raise AssertionError("the game did not end")
        revealed, end = await reveal_log(server.app, match_id)
        for seat in guessers:
            assert_no_key(sockets[seat].received, revealed, end)
        assert_no_key(watcher.received, revealed, end)
        for answer, seq in answers:
            if end is not None and seq is not None and seq >= end:
                continue
            leaks = key_leaks(answer, revealed, seq)
            assert not leaks, (leaks, str(answer)[:300])
        sockets[-1] = watcher
    finally:
        for sock in sockets.values():
            await sock.close()
        await server.stop()


async def _side_step(rnd: random.Random, match_id: int, view: dict[str, Any],
                     sockets: dict[int, Any], by_seat: dict[int, HarfiyenClient],
                     viewer: HarfiyenClient, watcher: Any, guessers: list[int],
                     spymasters: list[int], answers: list[tuple[Any, int | None]]) -> None:
    """Something beside the move: a mark, talk, a refused move or a read."""
    kind = rnd.choice(["mark", "chat", "spy_chat", "watch", "bad_move", "read", "unmark"])
    guesser = rnd.choice(guessers)
    index = rnd.randrange(25)
    if kind == "mark":
        await sockets[guesser].reply_to({"type": "mark", "match": match_id, "index": index})
    elif kind == "unmark":
        await sockets[guesser].reply_to({"type": "mark", "match": match_id, "index": None})
    elif kind == "chat":
        await sockets[guesser].chat(match_id, rnd.choice(["bence bu", "kırmızı mı?", "pas"]))
    elif kind == "spy_chat":
        await sockets[rnd.choice(spymasters)].chat(match_id, "mavi olanlar")
        await sockets[rnd.choice(spymasters)].reply_to(
            {"type": "mark", "match": match_id, "index": index})
    elif kind == "watch":
        await watcher.chat(match_id, "izliyorum")
        await watcher.reply_to({"type": "mark", "match": match_id, "index": index})
        await _http(viewer, f"/api/matches/{match_id}/chat", answers)
    elif kind == "bad_move":
        # A guesser who may not act now (the other team's): every one of these is refused
        # (a pass by an acting guesser after a guess would be a legal move).
        idle = rnd.choice([g for g in guessers if g not in view["to_act"]])
        revealed = [c["index"] for c in view["cards"] if c["revealed"]]
        bad = rnd.choice([{"kind": "guess", "index": rnd.choice(revealed or [99])},
                          {"kind": "clue", "word": view["cards"][index]["word"], "number": 2},
                          {"kind": "pass"}, {"kind": "timeout"}])
        refused = await sockets[idle].move(match_id, bad)
        assert refused["type"] == "error", refused
        try:
            await by_seat[idle].move(match_id, bad)
        except ApiError as error:
            answers.append(({"code": error.code, "message": str(error),
                             "details": error.details}, None))
        else:
            raise AssertionError(f"{bad} was accepted from seat {idle}")
    else:
        for client in (by_seat[guesser], viewer):
            await _http(client, f"/api/matches/{match_id}", answers)
            await _http(client, f"/api/matches/{match_id}/events", answers)
        await _http(by_seat[guesser], f"/api/matches/{match_id}/chat", answers)


@settings(max_examples=EXAMPLES, deadline=None)
@given(seats=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**32 - 1),
       extra=st.floats(0.0, 0.6))
def test_no_guesser_or_spectator_ever_sees_a_covered_colour(
    database: Database, seats: int, seed: int, extra: float,
) -> None:
    asyncio.run(_example(database, seats, seed, extra))
