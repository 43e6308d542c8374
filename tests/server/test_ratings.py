"""Ranked matches update Glicko-2 ratings once; profiles show ratings and history."""

from __future__ import annotations

import pytest

from harfiyen.server.settings import Settings

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio


async def test_ranked_result_updates_ratings_and_history(live: LiveServer) -> None:
    a = await register(live.url, unique("a"))
    b = await register(live.url, unique("b"))
    created = await a.create_match({"rules": "tr"}, ranked=True)
    match_id = created["match"]["id"]
    await b.accept(created["invite"]["code"])
    await b.resign(match_id)
    info = await a.match(match_id)
    assert info["status"] == "finished" and info["result"]["reason"] == "resigned"

    winner = (await a.get(f"/api/users/{a.user['username']}/ratings"))  # type: ignore[index]
    loser = (await a.get(f"/api/users/{b.user['username']}/ratings"))  # type: ignore[index]
    (w,), (lo,) = winner["ratings"], loser["ratings"]
    assert (w["game"], w["language"], w["rules"], w["games"]) == ("crossword", "tr", "tr", 1)
    assert w["rating"] > 1500 > lo["rating"]
    assert w["rating"] - 1500 == pytest.approx(1500 - lo["rating"], abs=0.2)
    assert w["rd"] < 350
    assert winner["history"][0]["match"] == match_id
    assert winner["history"][0]["rating_before"] == 1500
    profile = (await b.get(f"/api/users/{a.user['username']}"))["user"]  # type: ignore[index]
    assert profile["ratings"] == winner["ratings"]

    # A casual match leaves ratings alone.
    casual = await a.create_match({"rules": "tr"})
    await b.accept(casual["invite"]["code"])
    await a.resign(casual["match"]["id"])
    again = (await a.get(f"/api/users/{a.user['username']}/ratings"))  # type: ignore[index]
    assert again["ratings"] == winner["ratings"] and len(again["history"]) == 1
    for client in (a, b):
        await client.close()


def test_no_pair_is_ranked_unless_approved() -> None:
    assert not Settings(env="test").ranked_allowed("crossword", "tr", "tr@2")
    by_version = Settings(env="test", ranked_approved=["crossword:tr@2"])
    assert by_version.ranked_allowed("crossword", "tr", "tr@2")
    assert not by_version.ranked_allowed("crossword", "tr", "tr@1")
    assert not by_version.ranked_allowed("crossword", "en", "en@1")
    assert Settings(env="test", ranked_approved=["crossword:en"]).ranked_allowed(
        "crossword", "en", "en@1"
    )
