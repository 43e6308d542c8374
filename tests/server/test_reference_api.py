"""Reference data for the web app: crossword rules from the engine, config, bots, meanings."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from urllib.parse import quote

import pytest

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.games.crossword import rules as R

from .conftest import Database, LiveServer, start_server, unique
from .support import register

pytestmark = pytest.mark.anyio


async def test_crossword_rules_are_the_engines(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as anonymous:
        data = await anonymous.get("/api/rules/crossword")
    assert data["size"] == R.SIZE
    assert data["center"] == R.square_name(R.CENTER) == "H8"
    assert data["blank"] == R.BLANK
    assert data["versions"] == {k: list(v) for k, v in R.RULE_VERSIONS.items()}
    assert data["default_version"] == dict(R.DEFAULT_VERSION)
    for family, tiles, layout in (("tr", R.TR_TILES, R.TR_LAYOUT), ("en", R.EN_TILES, R.EN_LAYOUT)):
        got = data["families"][family]
        assert got["alphabet"] == list(tiles.values)
        assert got["values"] == dict(tiles.values)
        assert got["counts"] == dict(tiles.counts) and got["blanks"] == tiles.blanks
        assert got["total_tiles"] == tiles.total == 100
        assert got["premiums"] == {R.square_name(sq): p.value for sq, p in layout.items()}
        assert got["rack_size"] == 7
    tr = data["families"]["tr"]
    assert tr["bonus_square_points"] == 25 and tr["bingo_bonus"] == 30
    assert "H8" not in tr["bonus_square_candidates"]
    assert not set(tr["bonus_square_candidates"]) & set(tr["premiums"])
    assert data["families"]["en"]["variants"]["nine-tile"]["rack_size"] == 9
    assert data["rulesets"]["tr@1"]["balanced_first_deal"] is False
    assert data["rulesets"]["tr@2"]["balanced_first_deal"] is True
    assert data["rulesets"]["en@1"]["challenge"] == "double"


async def test_config_lists_what_the_server_allows(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as anonymous:
        config = await anonymous.get("/api/config")
    assert config["ranked_approved"] == ["crossword:tr", "crossword:en"]
    assert config["languages"] == ["tr", "en"]
    assert config["push"] is True


async def test_bots_are_the_levels_each_game_offers(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as anonymous:
        bots = await anonymous.get("/api/bots")
    assert bots["crossword"] == [
        {"id": "caylak", "tr": "Çaylak", "en": "Beginner"},
        {"id": "orta", "tr": "Orta", "en": "Intermediate"},
        {"id": "usta", "tr": "Usta", "en": "Expert"},
        {"id": "sampiyon", "tr": "Şampiyon", "en": "Champion"},
    ]  # the stand-ins (greedy, random) are not offered
    for party in ("codenames", "letterjam"):
        assert bots[party] == [{"id": "ai", "tr": "Yapay zekâ", "en": "AI"}]


def test_bot_levels_import_no_lexicon_or_move_generator() -> None:
    code = (
        "import sys, harfiyen.ai.crossword.levels\n"
        "heavy = [m for m in sys.modules if m.startswith(('harfiyen.lexicon.lexicon',"
        " 'harfiyen.ai.crossword.movegen', 'harfiyen.ai.crossword.agent'))]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


async def test_meanings_in_the_users_language(live: LiveServer) -> None:
    tr_user = await register(live.url, unique("m"), "tr")
    en_user = await register(live.url, unique("m"), "en")
    kalem = await tr_user.get("/api/meanings/tr/KALEM")
    assert kalem["word"] == "KALEM" and kalem["meanings"]
    first = kalem["meanings"][0]
    assert first["pos"] == "isim" and first["pos_code"] == "n" and first["definition"]
    houses = await en_user.get("/api/meanings/en/houses")
    assert houses["meanings"][0]["pos"] == "noun" and houses["meanings"][0]["word"] == "house"
    in_turkish = await tr_user.get("/api/meanings/en/houses")
    assert in_turkish["meanings"][0]["pos"] == "isim"
    assert (await tr_user.get(f"/api/meanings/tr/{quote('ŞŞŞQX')}"))["meanings"] == []
    with pytest.raises(ApiError) as lang:
        await tr_user.get("/api/meanings/de/haus")
    assert lang.value.code == "meanings.bad_language" and "“de”" in lang.value.message
    with pytest.raises(ApiError) as long:
        await en_user.get(f"/api/meanings/en/{'a' * 65}")
    assert long.value.code == "meanings.word_too_long"
    assert long.value.message == "The word is too long (65 characters; at most 64)."
    async with HarfiyenClient(live.url, language="en") as anonymous:
        assert (await anonymous.get("/api/meanings/tr/kalem"))["meanings"][0]["pos"] == "noun"
    for client in (tr_user, en_user):
        await client.close()


async def test_the_meanings_load_in_the_background_at_start(
    database: Database, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``warm_meanings`` the server loads every language's meanings in a thread
    after it starts (CW-7: a cold WordNet kept the first meaning seconds away)."""
    from harfiyen.lexicon import meanings

    warmed: list[str] = []
    monkeypatch.setattr(meanings, "warm", warmed.append)
    server = await start_server(database.settings(warm_meanings=True))
    try:
        done = server.app.state.meanings_warmed
        assert await asyncio.to_thread(done.wait, 30)
        assert warmed == ["tr", "en"]
    finally:
        await server.stop()
    off = await start_server(database.settings())
    try:
        assert off.app.state.meanings_warmed is None
    finally:
        await off.stop()
