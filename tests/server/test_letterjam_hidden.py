"""Property: whatever happens in a Harf Takıl game played through the real server, no seat
is ever sent its own letters before the reveal.

Hypothesis draws the table (2 to 6 seats, some of them AI teammates), the players' seed
and how often they do something beside a sensible move: a careless move (an offer of any
shape, a vote for anyone, a clue of random cards including one's own, an arrangement in
the wrong phase...; often refused), a try at the chat (refused while the game runs), a
read of the match, its events, the chat and the matches to watch over HTTP. The creator
also keeps the connection it subscribed with while the match was still waiting (a
spectator then, a seat once it starts). Every frame each person's connections receive
(views, events, errors, acks, notices) and every HTTP answer they get is checked until
the reveal: no letter of the seat's own stand or bonus card, no secret word, no deck, no
clue word the seat did not give, only ``?`` at its own cards in clues and records.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.client import ApiError, GameSocket, HarfiyenClient

from .conftest import Database, start_server, unique
from .letterjam_support import (
    RACE_CODES,
    ai_like,
    assert_no_own_letters,
    end_seq,
    follower,
    own_leaks,
    random_move,
    wait_for_ai,
)
from .support import register

# Expensive (a server and a whole game per example): a few, scaled from the profile.
EXAMPLES = max(2, settings.default.max_examples // 25)
MAX_STEPS = 1500


async def _read(client: HarfiyenClient, path: str, seat: int,
                answers: list[tuple[int, Any]], match_id: int | None = None) -> None:
    """GET ``path`` as ``seat``'s account and keep the answer (or the error); a list of
    matches (``match_id`` given) is kept for that match's entry only (the other games'
    public data, a Kelime Casusu match's word pack say, is not this seat's secret)."""
    try:
        answer = await client.get(path)
        if match_id is not None:
            answer = [m for m in answer["matches"] if m["id"] == match_id]
        answers.append((seat, answer))
    except ApiError as error:
        answers.append((seat, {"code": error.code, "message": str(error),
                               "details": error.details}))


def _before(answer: Any, end: int) -> Any:
    """The part of an HTTP answer that was about the game before its reveal at ``end``."""
    if isinstance(answer, dict) and isinstance(answer.get("events"), list):
        return [e for e in answer["events"] if e.get("seq", 0) < end]
    match = answer.get("match") if isinstance(answer, dict) else None
    if isinstance(match, dict) and isinstance(match.get("last_seq"), int):
        # The match row is read before its view: a view may be of the game just ended.
        view = match.get("view")
        if match["last_seq"] >= end or (isinstance(view, dict) and view["outcome"]):
            return None
    return answer


async def example(database: Database, players: int, ai: int, seed: int, extra: float,
                   language: str) -> None:
    rnd = random.Random(seed)
    people = players - ai
    server = await start_server(database.settings(chat_burst=1000))
    sockets: dict[int, GameSocket] = {}
    early: GameSocket | None = None
    try:
        clients = [await register(server.url, unique("h")) for _ in range(people)]
        created = await clients[0].post("/api/matches", {
            "game": "letterjam", "options": {"language": language, "players": players},
            "bots": ["ai"] * ai})
        match_id = created["match"]["id"]
        # The creator's first connection follows the match from before it starts.
        early = await clients[0].connect()
        assert (await early.subscribe(match_id))["type"] == "ack"
        for client in clients[1:]:
            await client.accept(created["invite"]["code"])
        by_seat: dict[int, HarfiyenClient] = {}
        for client in clients:
            sock = await client.connect()
            ack = await sock.subscribe(match_id)
            assert ack["type"] == "ack" and ack["seat"] is not None, ack
            await sock.wait_seq(match_id, 1)
            sockets[ack["seat"]] = sock
            by_seat[ack["seat"]] = client
        creator_seat = next(s for s, c in by_seat.items() if c is clients[0])
        policies = {s: (ai_like if rnd.random() < 0.5 else follower) for s in sockets}
        if ai == 0:
            policies[min(sockets)] = ai_like  # followers need someone to follow
        answers: list[tuple[int, Any]] = []
        for _ in range(MAX_STEPS):
            views = {s: sock.views[match_id] for s, sock in sockets.items()}
            if any(v["outcome"] is not None for v in views.values()):
                break
            seat = rnd.choice(sorted(sockets))
            sock, client = sockets[seat], by_seat[seat]
            if rnd.random() < extra:
                await _side_step(rnd, match_id, seat, sock, client, answers)
                continue
            moved = False
            for s in rnd.sample(sorted(sockets), len(sockets)):
                seen = sockets[s].view_seq[match_id]
                move = policies[s](sockets[s].views[match_id])
                if move is None:
                    continue
                reply = await sockets[s].move(match_id, move)
                if reply["type"] == "error":
                    last = (await by_seat[s].match(match_id))["last_seq"]
                    assert reply["code"] in RACE_CODES and last > seen, (reply, move)
                moved = True
                break
            if not moved:
                # No person has anything to do: an AI teammate must move.
                await wait_for_ai(sockets[seat], match_id)
            latest = (await client.match(match_id))["last_seq"]
            for other in sockets.values():
                await other.wait_seq(match_id, latest, timeout=120)
        else:
            raise AssertionError("the game did not end")
        end = await end_seq(server.app, match_id)
        for sock in (*sockets.values(), early):
            await sock.wait_seq(match_id, end, timeout=60)
        for seat, sock in sockets.items():
            assert_no_own_letters(sock.received, seat, end)
        assert_no_own_letters(early.received, creator_seat, end)
        for seat, answer in answers:
            part = _before(answer, end)
            leaks = own_leaks(part, seat)
            assert not leaks, (seat, leaks, str(part)[:400])
    finally:
        for sock in (*sockets.values(), *([early] if early else [])):
            await sock.close()
        await server.stop()


async def _side_step(rnd: random.Random, match_id: int, seat: int, sock: GameSocket,
                     client: HarfiyenClient, answers: list[tuple[int, Any]]) -> None:
    """Something beside a sensible move: a careless move, the chat or a read."""
    kind = rnd.choice(["careless", "careless", "chat", "read"])
    if kind == "careless":
        move = random_move(sock.views[match_id], rnd)
        await sock.move(match_id, move)  # accepted or refused: both are checked
        if rnd.random() < 0.3:
            try:
                await client.move(match_id, random_move(sock.views[match_id], rnd))
            except ApiError as error:
                answers.append((seat, {"code": error.code, "message": str(error),
                                       "details": error.details}))
    elif kind == "chat":
        reply = await sock.chat(match_id, rnd.choice(["bende K var mı?", "E mi?", "pas"]))
        if reply["type"] == "ack":
            # An AI teammate may have ended the game since this seat's view was read, and
            # the chat opens with the reveal: then the match must be over.
            assert (await client.match(match_id))["status"] == "finished", reply
        else:
            assert reply["code"] == "chat.not_allowed", reply
    else:
        await _read(client, f"/api/matches/{match_id}", seat, answers)
        await _read(client, f"/api/matches/{match_id}/events", seat, answers)
        await _read(client, f"/api/matches/{match_id}/chat", seat, answers)
        await _read(client, "/api/watch", seat, answers, match_id)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, int]:
    players = draw(st.integers(2, 6))
    return players, draw(st.integers(0, players - 1))


@settings(max_examples=EXAMPLES, deadline=None)
@given(table=tables(), seed=st.integers(0, 2**32 - 1), extra=st.floats(0.0, 0.5),
       language=st.sampled_from(["tr", "en"]))
@pytest.mark.slow
def test_no_seat_ever_receives_its_own_letters_before_the_reveal(
    database: Database, table: tuple[int, int], seed: int, extra: float, language: str,
) -> None:
    players, ai = table
    asyncio.run(example(database, players, ai, seed, extra, language))
