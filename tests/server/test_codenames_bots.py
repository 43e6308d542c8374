"""Kelime Casusu AI seats through the real server: an AI spymaster for a person, AI guessers
for a person's clues, and a table of six AIs, each seat acting from its own view through the
same command path as a person. The models load once per process (counted here) with a small
clue vocabulary (the honest readers, fewer candidates), and what an AI clue meant is stored as
a note that is never sent while the match runs."""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import select

from harfiyen.ai.codenames import models, seat
from harfiyen.client import GameSocket, HarfiyenClient
from harfiyen.server import bots
from harfiyen.server.models import Match, MatchEvent, MatchNote

from .conftest import Database, LiveServer, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio

# Room slots: red spymaster 0, red guessers 1-4, blue spymaster 5, blue guessers 6-9.
RED_SPY, RED_GUESS, BLUE_SPY, BLUE_GUESS = 0, 1, 5, 6
# Clues a person gives in these tests (any word not on the board is a legal clue).
PERSON_CLUES = ("ÖZGÜRLÜK", "MUTLULUK", "SEVGİ", "UMUT", "BARIŞ", "DOSTLUK", "SABIR", "CESARET")


@pytest.fixture(scope="module", autouse=True)
def small_models() -> Iterator[Counter[str]]:
    """A small clue vocabulary, loaded afresh for this module; every load counted."""
    patch = pytest.MonkeyPatch()
    patch.setenv(models.VOCABULARY_ENV, "1500")
    seat.forget()
    loads: Counter[str] = Counter()
    real_signal, real_vectors = models.make_signal, models.load_or_build

    def counted_signal(lang: Any, name: Any) -> Any:
        loads[f"{lang}:{name}"] += 1
        return real_signal(lang, name)

    def counted_vectors(lang: Any, *args: Any, **kwargs: Any) -> Any:
        loads[f"{lang}:vectors"] += 1
        return real_vectors(lang, *args, **kwargs)

    patch.setattr(models, "make_signal", counted_signal)
    patch.setattr(models, "load_or_build", counted_vectors)
    try:
        yield loads
    finally:
        seat.forget()
        patch.undo()


def loaded_once(loads: Counter[str]) -> None:
    assert loads and set(loads.values()) == {1}, loads


async def seated_match(host: HarfiyenClient, solo: bool, people: dict[int, HarfiyenClient],
                       ai: list[int]) -> int:
    """A Kelime Casusu room with ``people`` (slot -> client) and AIs in the ``ai`` slots,
    started by its host; the match id."""
    room = await host.request("POST", "/api/rooms", {
        "game": "codenames", "options": {"language": "tr", "solo": solo}})
    base = f"/api/rooms/{room['code']}"
    for slot, person in people.items():
        if person is not host:
            await person.request("POST", f"{base}/join", {})
        await person.request("POST", f"{base}/seat", {"slot": slot})
    for slot in ai:
        await host.request("POST", f"{base}/slots/{slot}", {"ai": "ai"})
    started = await host.request("POST", f"{base}/start", {})
    return int(started["match"])


async def next_view(sock: GameSocket, match_id: int, timeout: float = 60,
                    after: int | None = None) -> dict[str, Any]:
    """The first view newer than the one at ``after`` (default: the newest one now)."""
    seen = sock.view_seq.get(match_id, 0) if after is None else after
    await sock.wait_seq(match_id, seen + 1, timeout=timeout)
    return sock.views[match_id]


def person_move(view: dict[str, Any], me: int) -> dict[str, Any] | None:
    """A person's simple play: a clue word not on the board (1), or the first covered card,
    then a pass."""
    if view["outcome"] is not None or me not in view["to_act"]:
        return None
    if view["phase"] == "clue":
        board = {c["word"] for c in view["cards"]}
        return {"kind": "clue", "word": next(w for w in PERSON_CLUES if w not in board),
                "number": 1}
    if view["current_clue"]["guesses"]:
        return {"kind": "pass"}
    return {"kind": "guess", "index": next(c["index"] for c in view["cards"]
                                           if not c["revealed"])}


async def play_as(sock: GameSocket, match_id: int, me: int, max_views: int = 400
                  ) -> dict[str, Any]:
    """Play seat ``me`` (a person) until the game ends; the AI seats move meanwhile."""
    view = sock.views[match_id]
    for _ in range(max_views):
        if view["outcome"] is not None:
            return view
        move = person_move(view, me)
        if move is not None:
            ack = await sock.move(match_id, move)
            assert ack["type"] == "ack", ack
            await sock.wait_seq(match_id, ack["seq"])
            view = sock.views[match_id]
        else:
            view = await next_view(sock, match_id)
    raise AssertionError("the game did not end")


def assert_key_hidden(frames: list[dict[str, Any]]) -> None:
    """No frame a guesser or spectator got while the game ran shows a covered card's colour
    or an AI's note."""
    for frame in frames:
        text = json.dumps(frame, ensure_ascii=False)
        assert "meant" not in text and "notes" not in text, text[:300]
        view = frame.get("view")
        if frame.get("type") in ("state", "sync") and view and view["outcome"] is None:
            assert not view["key_visible"]
            assert all("colour" not in c for c in view["cards"] if not c["revealed"])
        event = frame.get("event") or {}
        if event.get("kind") == "board_drawn":
            assert "key" not in event


async def notes_and_clues(live: LiveServer, match_id: int
                          ) -> tuple[list[MatchNote], dict[int, dict[str, Any]]]:
    async with live.app.state.service.sessions() as db:
        notes = list((await db.execute(
            select(MatchNote).where(MatchNote.match_id == match_id).order_by(MatchNote.seq)
        )).scalars().all())
        clues = {seq: data for seq, data in (await db.execute(
            select(MatchEvent.seq, MatchEvent.data)
            .where(MatchEvent.match_id == match_id, MatchEvent.kind == "clue_given")
        )).all()}
    return notes, clues


def check_notes(notes: list[MatchNote], clues: dict[int, dict[str, Any]], ai_seats: set[int],
                board: set[str]) -> None:
    """One note per AI clue, at the clue's event, naming the clue and board words it meant."""
    ai_clues = {seq: c for seq, c in clues.items() if c["seat"] in ai_seats}
    assert ai_clues and {n.seq for n in notes} == set(ai_clues)
    for note in notes:
        clue = ai_clues[note.seq]
        assert note.seat == clue["seat"]
        assert note.data["kind"] == "clue" and note.data["word"] == clue["word"]
        assert note.data["number"] == clue["number"] == len(note.data["meant"])
        assert set(note.data["meant"]) <= board


async def test_a_person_guesses_with_an_ai_spymaster(
    live: LiveServer, small_models: Counter[str]
) -> None:
    person = await register(live.url, unique("cg"))
    match_id = await seated_match(person, True, {RED_GUESS: person}, [RED_SPY])
    sock = await person.connect()
    assert (await sock.subscribe(match_id))["seat"] == 1
    await sock.wait_seq(match_id, 1)
    assert "notes" not in await person.match(match_id)  # never while it runs
    final = await play_as(sock, match_id, 1)
    assert final["outcome"] is not None
    clues = [c for c in final["clues"] if c["seat"] == 0]
    assert clues, "the AI spymaster gave clues"
    assert_key_hidden(sock.received)
    notes, stored = await notes_and_clues(live, match_id)
    check_notes(notes, stored, {0}, {c["word"] for c in final["cards"]})
    # Once the match is over, its JSON tells what each AI clue meant.
    shown = (await person.match(match_id))["notes"]
    assert shown == [{"seq": n.seq, "seat": n.seat, **n.data} for n in notes]
    loaded_once(small_models)
    await sock.close()
    await person.close()


async def test_a_person_gives_clues_to_ai_guessers(
    live: LiveServer, small_models: Counter[str]
) -> None:
    person = await register(live.url, unique("cs"))
    match_id = await seated_match(person, True, {RED_SPY: person}, [RED_GUESS])
    sock = await person.connect()
    assert (await sock.subscribe(match_id))["seat"] == 0
    await sock.wait_seq(match_id, 1)
    final = await play_as(sock, match_id, 0)
    guesses = [g for c in final["clues"] for g in c["guesses"]]
    assert guesses, "the AI guesser guessed"
    notes, _ = await notes_and_clues(live, match_id)
    assert notes == []  # a person's clue has no note
    loaded_once(small_models)
    await sock.close()
    await person.close()


async def test_a_table_of_six_ais_plays_a_whole_game(
    live: LiveServer, small_models: Counter[str]
) -> None:
    host = await register(live.url, unique("ch"))
    # Two AI guessers per team: the seats that may act are several bots at once.
    match_id = await seated_match(host, False, {}, [RED_SPY, RED_GUESS, RED_GUESS + 1,
                                                    BLUE_SPY, BLUE_GUESS, BLUE_GUESS + 1])
    sock = await host.connect()
    assert (await sock.subscribe(match_id))["seat"] is None  # the host watches
    await sock.wait_seq(match_id, 1)
    view = sock.views[match_id]
    for _ in range(400):
        if view["outcome"] is not None:
            break
        # The view in hand is the one to move on from: more may arrive during the read.
        seen = sock.view_seq[match_id]
        info = await host.match(match_id)
        assert info["status"] != "active" or "notes" not in info  # notes only at the end
        view = await next_view(sock, match_id, after=seen)
    else:
        raise AssertionError("the AI game did not end")
    assert_key_hidden(sock.received)
    assert {c["team"] for c in view["clues"]} == {"red", "blue"}
    notes, stored = await notes_and_clues(live, match_id)
    spymasters = {s["seat"] for s in view["seats"] if s["role"] == "spymaster"}
    check_notes(notes, stored, spymasters, {c["word"] for c in view["cards"]})
    players = (await host.match(match_id))["players"]
    assert sorted(p["display_name"] for p in players) == [
        "Yapay zekâ", *(f"Yapay zekâ {n}" for n in range(2, 7))]
    loaded_once(small_models)
    timings = [t for t in live.app.state.bots.timings if t.match_id == match_id]
    assert timings and not any(t.fallback for t in timings)
    await sock.close()
    await host.close()


async def test_a_failing_ai_spymaster_falls_back_to_a_clue_the_engine_accepts(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch, small_models: Counter[str]
) -> None:
    """An AI that overruns its budget: the fallback clue keeps the match moving."""
    runner = live.app.state.bots
    ai = bots.seat_ai("codenames")
    assert ai is not None
    real = ai.choose

    def slow(view: Any, level: str, seed: int, lexicons: Any) -> Any:
        if view.viewer.role.value == "spymaster":
            time.sleep(3)
        return real(view, level, seed, lexicons)

    monkeypatch.setitem(bots._SEAT_AIS, "codenames",
                        replace(ai, choose=slow, budgets={"ai": 0.5}))
    person = await register(live.url, unique("cf"))
    match_id = await seated_match(person, True, {RED_GUESS: person}, [RED_SPY])
    sock = await person.connect()
    await sock.subscribe(match_id)
    await sock.wait_seq(match_id, 1)
    view = sock.views[match_id]
    while view["phase"] != "guess":
        view = await next_view(sock, match_id, timeout=20)
    assert view["current_clue"]["seat"] == 0 and view["current_clue"]["number"] == 1
    assert any(t.fallback for t in runner.timings if t.match_id == match_id)
    await person.resign(match_id)
    await sock.close()
    await person.close()


async def test_a_person_guessing_beside_an_ai_guesser_goes_first(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch, small_models: Counter[str]
) -> None:
    """The AI guesser leaves the people of its team time to guess, then guesses itself."""
    monkeypatch.setattr(live.app.state.bots, "pace_seconds", 1.5)
    person = await register(live.url, unique("cp"))
    match_id = await seated_match(person, True, {RED_GUESS: person}, [RED_SPY, RED_GUESS + 1])
    sock = await person.connect()
    assert (await sock.subscribe(match_id))["seat"] == 1
    await sock.wait_seq(match_id, 1)
    view = sock.views[match_id]
    while view["phase"] != "guess":
        view = await next_view(sock, match_id)
    assert view["to_act"] == [1, 2]
    # The person guesses one of the team's cards (the test reads the key from the server),
    # so the turn goes on and the AI guesser has its turn after it.
    service = live.app.state.service
    async with service.sessions() as db:
        state = await service.state(db, await db.get(Match, match_id))
    red = next(i for i, c in enumerate(state.key) if c.value == "red" and not state.revealed[i])
    ack = await sock.move(match_id, {"kind": "guess", "index": red})  # at once: the AI waits
    assert ack["type"] == "ack", ack
    await sock.wait_seq(match_id, ack["seq"])
    assert sock.views[match_id]["clues"][-1]["guesses"][0]["index"] == red
    assert sock.views[match_id]["phase"] == "guess"
    # Left alone, the AI guesser moves: a guess or a pass.
    seq = sock.view_seq[match_id]
    await sock.wait_seq(match_id, seq + 1, timeout=30)
    moved = [f["event"] for f in sock.received if f.get("type") == "event" and f["seq"] == seq + 1]
    assert moved and moved[0]["kind"] in ("card_revealed", "passed") and moved[0]["seat"] == 2
    await sock.close()
    await person.close()


async def test_a_table_of_ais_alone_moves_at_a_pace_people_can_watch(
    database: Database, small_models: Counter[str]
) -> None:
    """With no person seated, each AI move waits ``ai_table_pace_seconds``: at the AI's own
    speed a watcher would find the game already over."""
    pace = 0.4
    server = await start_server(database.settings(ai_table_pace_seconds=pace))
    try:
        host = await register(server.url, unique("cw"))
        match_id = await seated_match(host, True, {}, [RED_SPY, RED_GUESS])
        sock = await host.connect()
        await sock.subscribe(match_id)
        await sock.wait_seq(match_id, 1)
        arrived = [time.monotonic()]
        view = sock.views[match_id]
        while len(arrived) < 5 and view["outcome"] is None:
            view = await next_view(sock, match_id)
            arrived.append(time.monotonic())
        gaps = [b - a for a, b in itertools.pairwise(arrived)]
        # Each pause counts from when the table began to wait, so a view that reached us
        # late makes the next gap look shorter: the pauses add up, and none is skipped.
        assert len(gaps) >= 3 and sum(gaps) >= pace * len(gaps) * 0.85, gaps
        assert min(gaps) >= pace * 0.5, gaps
        await sock.close()
        await host.close()
    finally:
        await server.stop()
