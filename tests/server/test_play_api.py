"""The match screen's REST reads: the projected event log and the move preview."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from sqlalchemy import func, select

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.lexicon.lexicon import load
from harfiyen.server.models import Match, MatchEvent

from .conftest import LiveServer, unique
from .support import assert_no_hidden, best_move, match_secrets, register

pytestmark = pytest.mark.anyio


async def _pair(live: LiveServer, options: dict[str, Any], language: str = "tr"
                ) -> tuple[dict[int, HarfiyenClient], int]:
    """Two players of a new active match, by seat."""
    a = await register(live.url, unique("a"), language)
    b = await register(live.url, unique("b"), language)
    created = await a.create_match(options)
    await b.accept(created["invite"]["code"])
    match_id = created["match"]["id"]
    seats = {(await c.match(match_id))["view"]["seat"]: c for c in (a, b)}
    return seats, match_id


async def _view(client: HarfiyenClient, match_id: int) -> dict[str, Any]:
    view: dict[str, Any] = (await client.match(match_id))["view"]
    return view


async def _preview(client: HarfiyenClient, match_id: int, body: Any) -> Any:
    return await client.post(f"/api/matches/{match_id}/preview", body)


def _tiles(*placed: tuple[str, str]) -> dict[str, Any]:
    return {"tiles": [{"square": sq, "letter": letter, "blank": False} for sq, letter in placed]}


def _non_word(rack: list[str], lexicon_id: str) -> str:
    """Two rack letters that do not make a word (the lexicon is the judge)."""
    lexicon = load(lexicon_id)
    letters = [t for t in rack if t != "?"]
    for x, y in itertools.permutations(letters, 2):
        if x + y not in lexicon:
            return x + y
    raise AssertionError(f"every pair of {rack} is a word")


async def _stored(live: LiveServer, match_id: int) -> tuple[int, int]:
    async with live.app.state.service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        rows = (await db.execute(
            select(func.count()).select_from(MatchEvent).where(MatchEvent.match_id == match_id)
        )).scalar_one()
        return match.last_seq, int(rows)


async def _close(*clients: HarfiyenClient) -> None:
    for client in clients:
        await client.close()


# --- preview ------------------------------------------------------------------------------


async def test_preview_scores_without_changing_anything(live: LiveServer) -> None:
    seats, match_id = await _pair(live, {"rules": "tr"})
    mover = (await _view(seats[0], match_id))["to_move"]
    waiting = 1 - mover
    before_views = {s: await _view(c, match_id) for s, c in seats.items()}
    before = await _stored(live, match_id)
    play = best_move(before_views[mover])
    assert play["kind"] == "play"
    body = {"tiles": play["tiles"]}
    got = await _preview(seats[mover], match_id, body)
    assert got["valid"] is True and got["problem"] is None
    assert got["words"] and got["total"] == got["breakdown"]["total"] > 0
    assert set(got["breakdown"]) == {"words", "bingo", "bonus_square", "total"}
    # Planning while it is the other player's turn is allowed, with one's own rack.
    plan = best_move(before_views[waiting])
    planned = await _preview(seats[waiting], match_id, {"kind": "play", "tiles": plan["tiles"]})
    assert planned["valid"] is True and planned["total"] > 0
    # Nothing was written, nobody's view changed.
    assert await _stored(live, match_id) == before
    for seat, client in seats.items():
        assert await _view(client, match_id) == before_views[seat]
    # The preview is exactly what the play then scores.
    await seats[mover].move(match_id, {"kind": "play", "tiles": play["tiles"]})
    events = (await seats[mover].get(f"/api/matches/{match_id}/events?after={before[0]}"))
    made = next(e["event"] for e in events["events"] if e["event"]["kind"] == "play_made")
    assert made["total"] == got["total"] and made["words"] == got["words"]
    assert made["breakdown"] == got["breakdown"]
    await _close(*seats.values())


async def test_preview_problems_are_the_engines_refusals(live: LiveServer) -> None:
    seats, match_id = await _pair(live, {"rules": "tr"})
    mover = (await _view(seats[0], match_id))["to_move"]
    client = seats[mover]
    view = await _view(client, match_id)
    rack = [t for t in view["rack"] if t != "?"]
    before = await _stored(live, match_id)

    off_centre = await _preview(client, match_id, _tiles(("A1", rack[0]), ("B1", rack[1])))
    assert off_centre["problem"]["code"] == "first_move_off_centre"
    assert off_centre["problem"]["message"].startswith("İlk kelime")
    assert off_centre["words"] is None and off_centre["total"] is None
    assert off_centre["breakdown"] is None and off_centre["valid"] is None

    gap = await _preview(client, match_id, _tiles(("H8", rack[0]), ("J8", rack[1])))
    assert gap["problem"]["code"] == "gap_in_word" and gap["problem"]["details"]["squares"] == [
        "I8"
    ]
    bent = await _preview(client, match_id, _tiles(("H8", rack[0]), ("I9", rack[1])))
    assert bent["problem"]["code"] == "not_in_line"

    missing = next(x for x in "JĞFVÖ" if x not in view["rack"])
    not_mine = await _preview(client, match_id, _tiles(("H8", missing), ("I8", missing)))
    assert not_mine["problem"]["code"] == "tile_not_on_rack"
    assert not_mine["problem"]["details"]["tiles"] == [missing, missing]

    # tr refuses an unknown word at submit without penalty: the preview may say so.
    word = _non_word(view["rack"], view["lexicon"])
    invalid = await _preview(client, match_id, _tiles(("H8", word[0]), ("I8", word[1])))
    assert invalid["valid"] is False and invalid["words"] == [word]
    assert invalid["total"] is not None and invalid["problem"]["code"] == "unknown_words"
    assert invalid["problem"]["details"]["words"] == [word]
    assert await _preview(client, match_id, {"gcg": f"8H {word}"}) == invalid
    with pytest.raises(ApiError) as refused:
        await client.move(match_id, {"kind": "play", "tiles": _tiles(
            ("H8", word[0]), ("I8", word[1]))["tiles"]})
    assert refused.value.message == invalid["problem"]["message"]
    assert await _stored(live, match_id) == before
    await _close(*seats.values())


async def test_preview_speaks_the_users_language(live: LiveServer) -> None:
    seats, match_id = await _pair(live, {"rules": "tr"}, language="en")
    client = seats[0]
    rack = [t for t in (await _view(client, match_id))["rack"] if t != "?"]
    got = await _preview(client, match_id, _tiles(("A1", rack[0]), ("B1", rack[1])))
    assert got["problem"]["message"] == "The first word must cover the centre star (H8)."
    await _close(*seats.values())


@pytest.mark.parametrize("challenge", ["double", "void"])
async def test_preview_in_a_challenge_game_never_reveals_validity(
    live: LiveServer, challenge: str
) -> None:
    for _ in range(10):  # an opening rack with a word to play (a few racks have none)
        seats, match_id = await _pair(live, {"rules": "en", "challenge": challenge}, "en")
        mover = (await _view(seats[0], match_id))["to_move"]
        client = seats[mover]
        view = await _view(client, match_id)
        best = best_move(view)
        if best["kind"] == "play":
            break
        await _close(*seats.values())
    before = await _stored(live, match_id)
    word = _non_word(view["rack"], view["lexicon"])
    invalid = await _preview(client, match_id, _tiles(("H8", word[0]), ("I8", word[1])))
    good = await _preview(client, match_id, {"tiles": best["tiles"]})
    for got in (invalid, good):
        assert got["valid"] is None and got["problem"] is None
        assert got["total"] is not None and got["words"]
    assert invalid["words"] == [word]
    assert set(invalid) == set(good)
    assert await _stored(live, match_id) == before
    await _close(*seats.values())


async def test_preview_refuses_spectators_bad_bodies_and_inactive_matches(
    live: LiveServer,
) -> None:
    seats, match_id = await _pair(live, {"rules": "tr"})
    client = seats[0]
    watcher = await register(live.url, unique("w"))
    body = _tiles(("H8", "A"), ("I8", "L"))
    with pytest.raises(ApiError) as spectator:
        await _preview(watcher, match_id, body)
    assert spectator.value.status == 403 and spectator.value.code == "match.not_a_player"
    malformed_bodies: list[Any] = [
        {}, {"tiles": []}, {"tiles": [{"square": "H8"}]}, {"kind": "pass"},
        {"tiles": [{"square": "H8", "letter": "A"}], "gcg": "8H AL"},
        {"tiles": [{"square": "H8", "letter": "A", "colour": "red"}]}, [1, 2],
    ]
    for bad in malformed_bodies:
        with pytest.raises(ApiError) as malformed:
            await _preview(client, match_id, bad)
        assert malformed.value.status == 422 and malformed.value.code == "request.invalid"
        assert malformed.value.message.startswith("İstek geçersiz")
    with pytest.raises(ApiError) as square:
        await _preview(client, match_id, _tiles(("Z99", "A"),))
    assert square.value.status == 400 and square.value.code.startswith("notation.")
    with pytest.raises(ApiError) as csrf:
        await client.request("POST", f"/api/matches/{match_id}/preview", body, csrf=False)
    assert csrf.value.code == "auth.csrf"
    anonymous = HarfiyenClient(live.url)
    with pytest.raises(ApiError) as signed_out:
        await _preview(anonymous, match_id, body)
    assert signed_out.value.status == 401
    with pytest.raises(ApiError) as unknown:
        await _preview(client, 10**9, body)
    assert unknown.value.code == "match.not_found"
    waiting = await client.create_match({"rules": "tr"})
    with pytest.raises(ApiError) as not_active:
        await _preview(client, waiting["match"]["id"], body)
    assert not_active.value.code == "match.not_active"
    await seats[1].resign(match_id)
    with pytest.raises(ApiError) as finished:
        await _preview(client, match_id, body)
    assert finished.value.code == "match.not_active"
    await _close(*seats.values(), watcher, anonymous)


# --- the event log ------------------------------------------------------------------------


async def test_events_are_projected_for_each_audience(live: LiveServer) -> None:
    seats, match_id = await _pair(live, {"rules": "tr"})
    for _ in range(4):
        view = await _view(seats[0], match_id)
        mover = seats[view["to_move"]]
        await mover.move(match_id, best_move(await _view(mover, match_id)))
    watcher = await register(live.url, unique("w"))
    secrets = await match_secrets(live.app, match_id)
    last_seq = (await seats[0].match(match_id))["last_seq"]
    for seat, client in [*seats.items(), (None, watcher)]:
        got = await client.get(f"/api/matches/{match_id}/events")
        assert got["match"] == match_id and got["last_seq"] == last_seq
        seqs = [e["seq"] for e in got["events"]]
        assert seqs == list(range(1, last_seq + 1))
        assert_no_hidden(got["events"], seat, secrets)
        drawn = [e["event"] for e in got["events"] if e["event"]["kind"] == "tiles_drawn"]
        assert drawn and all(
            ("tiles" in d) if d["seat"] == seat else ("count" in d and "tiles" not in d)
            for d in drawn
        )
        later = await client.get(f"/api/matches/{match_id}/events?after={last_seq - 2}")
        assert [e["seq"] for e in later["events"]] == [last_seq - 1, last_seq]
        assert later["events"] == got["events"][-2:]
    # The seat's own first rack is in its log, the other seat's never is.
    first = (await seats[0].get(f"/api/matches/{match_id}/events"))["events"]
    racks = {e["event"]["seat"]: e["event"] for e in first[:3]
             if e["event"]["kind"] == "tiles_drawn"}
    assert "tiles" in racks[0] and "tiles" not in racks[1]
    for bad in ("after=-1", "after=x"):
        with pytest.raises(ApiError) as invalid:
            await seats[0].get(f"/api/matches/{match_id}/events?{bad}")
        assert invalid.value.status == 422 and invalid.value.code == "request.invalid"
    anonymous = HarfiyenClient(live.url)
    with pytest.raises(ApiError) as signed_out:
        await anonymous.get(f"/api/matches/{match_id}/events")
    assert signed_out.value.status == 401
    waiting = await seats[0].create_match({"rules": "tr"})
    empty = await seats[0].get(f"/api/matches/{waiting['match']['id']}/events")
    assert empty["events"] == [] and empty["last_seq"] == 0
    await _close(*seats.values(), watcher, anonymous)

