"""Team games are rated player by player against the other team as one composite opponent;
a game of one team is never rated."""

from __future__ import annotations

import math

import pytest

from harfiyen.client import HarfiyenClient
from harfiyen.core.outcome import Result, TeamResult
from harfiyen.server.glicko2 import Rating, rate
from harfiyen.server.ratings import composite, rate_teams

from .conftest import Database, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio


def test_composite_is_the_mean_rating_and_rms_deviation() -> None:
    team = composite([Rating(1400, 100), Rating(1600, 300)])
    assert team.rating == 1500 and team.rd == pytest.approx(math.sqrt((100**2 + 300**2) / 2))


def test_each_player_is_rated_against_the_other_team() -> None:
    ratings = [Rating(1500, 200), Rating(1700, 50), Rating(1400, 300), Rating(1500, 350)]
    teams = [TeamResult("red", (0, 1), Result.WIN), TeamResult("blue", (2, 3), Result.LOSS)]
    after = rate_teams(ratings, teams)
    blue, red = composite(ratings[2:]), composite(ratings[:2])
    assert after[0] == rate(ratings[0], [(blue, 1.0)])
    assert after[1] == rate(ratings[1], [(blue, 1.0)])
    assert after[2] == rate(ratings[2], [(red, 0.0)])
    assert after[0].rating > 1500 and after[3].rating < 1500
    # One player a side: plain Glicko-2.
    duel = rate_teams(ratings[:2], [TeamResult("a", (0,), Result.DRAW),
                                    TeamResult("b", (1,), Result.DRAW)])
    assert duel[0] == rate(ratings[0], [(ratings[1], 0.5)])


async def test_ranked_codenames_rates_teams_and_solo_is_never_rated(
    database: Database,
) -> None:
    server = await start_server(database.settings(ranked_approved=["codenames:tr"]))
    try:
        clients, match_id = await _ranked_table(server.url)
        info = await clients[0].match(match_id)
        assert info["ranked"] is True
        seats = {p["seat"]: p["username"] for p in info["players"]}
        team_of = {s["seat"]: s["team"] for s in info["view"]["seats"]}
        loser_seat = next(s for s, t in team_of.items() if t == "blue")
        by_name = {c.user["username"]: c for c in clients}  # type: ignore[index]
        await by_name[seats[loser_seat]].resign(match_id)
        for seat, name in seats.items():
            got = (await clients[0].get(f"/api/users/{name}/ratings"))["ratings"]
            (row,) = got
            assert row["game"] == "codenames" and row["games"] == 1
            assert (row["rating"] > 1500) is (team_of[seat] == "red")
        solo = {"language": "tr", "solo": True,
                "seats": [["red", "spymaster"], ["red", "guesser"]]}
        pair, solo_id = await _ranked_table(server.url, solo, seats=2)
        await pair[0].resign(solo_id)
        assert (await pair[0].match(solo_id))["status"] == "finished"
        for client in pair:
            name = client.user["username"]  # type: ignore[index]
            assert (await client.get(f"/api/users/{name}/ratings"))["ratings"] == []
    finally:
        await server.stop()


async def _ranked_table(url: str, options: dict[str, object] | None = None, seats: int = 4
                        ) -> tuple[list[HarfiyenClient], int]:
    clients = [await register(url, unique("r")) for _ in range(seats)]
    created = await clients[0].post("/api/matches", {
        "game": "codenames", "options": options or {"language": "tr"}, "ranked": True})
    for client in clients[1:]:
        await client.accept(created["invite"]["code"])
    return clients, created["match"]["id"]
