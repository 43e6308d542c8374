"""Word packs: saved per account in normal form (Turkish casing), every bad line named,
and a room's Kelime Casusu board drawn from the host's pack."""

from __future__ import annotations

import pytest

from harfiyen.client import ApiError
from harfiyen.server.packs import entries, parse_pack

from .conftest import LiveServer, unique
from .support import register

pytestmark = pytest.mark.anyio

TR_WORDS = ["ılık", "istanbul", "IRMAK", "iğne", "kâr", "çiçek", "şeker", "öykü", "üzüm",
            "gölge", "bulut", "dağ", "deniz", "elma", "fincan", "halı", "kapı", "kedi",
            "lamba", "masa", "nehir", "orman", "pencere", "saat", "tavan", "yastık", "zeytin"]


def test_turkish_casing_lines_and_commas() -> None:
    text = "ılık, istanbul\n\nIRMAK\n" + ",".join(TR_WORDS[3:]) + ",\nİLIK"
    words = parse_pack(text, "tr")
    assert words[:4] == ("ILIK", "İSTANBUL", "IRMAK", "İĞNE")
    assert "KAR" in words and words.count("ILIK") == 1 and "İLIK" in words
    assert [(e.line, e.text) for e in entries("a, b\n\n c ,")] == [(1, "a"), (1, "b"), (3, "c")]


def test_every_bad_line_is_named_in_both_languages() -> None:
    lines = ["elma", "iki kelime", "kedi", "quiz", "ev-kedisi", *TR_WORDS]
    with pytest.raises(Exception) as caught:
        parse_pack("\n".join(lines), "tr")
    error = caught.value
    assert getattr(error, "code", None) == "pack.bad_lines"
    bad = error.details["lines"]  # type: ignore[attr-defined]
    assert [(x["line"], x["text"], x["reason"]) for x in bad] == [
        (2, "iki kelime", "pack.not_one_word"), (4, "quiz", "pack.not_letters"),
        (5, "ev-kedisi", "pack.not_one_word")]
    assert "Q" in bad[1]["message"]["tr"] and bad[1]["message"]["en"].startswith("it has")
    message = error.message  # type: ignore[attr-defined]
    assert "2. satır “iki kelime”" in message.tr and "line 4 “quiz”" in message.en


async def test_packs_over_the_api_and_in_a_room(live: LiveServer) -> None:
    host = await register(live.url, unique("p"))
    other = await register(live.url, unique("o"), language="en")
    with pytest.raises(ApiError) as small:
        await host.post("/api/packs", {"name": "az", "text": "elma\nkedi\nELMA"})
    assert small.value.code == "pack.too_small" and small.value.details["count"] == 2
    with pytest.raises(ApiError) as bad:
        await other.post("/api/packs", {"name": "bad", "language": "en",
                                        "text": "apple, two words\nçay\n" + "\n".join(
                                            f"word{'x' * n}" for n in range(30))})
    assert bad.value.code == "pack.bad_lines" and bad.value.status == 400
    assert [x["line"] for x in bad.value.details["lines"]] == [1, 2]
    assert "line 1 “two words”" in bad.value.message
    assert (await host.get("/api/packs"))["packs"] == []  # nothing was saved

    created = await host.post("/api/packs", {"name": "Evim", "text": "\n".join(TR_WORDS)})
    assert created["count"] == len(TR_WORDS) and created["words"][0] == "ILIK"
    with pytest.raises(ApiError) as twice:
        await host.post("/api/packs", {"name": "Evim", "text": "\n".join(TR_WORDS)})
    assert twice.value.code == "pack.name_taken"
    assert [p["id"] for p in (await host.get("/api/packs"))["packs"]] == [created["id"]]
    assert (await other.get("/api/packs"))["packs"] == []

    # Only the host's own pack, in the game's language.
    with pytest.raises(ApiError) as foreign:
        await other.post("/api/rooms", {"game": "codenames", "options": {"pack": created["id"]}})
    assert foreign.value.code == "pack.not_found"
    with pytest.raises(ApiError) as language:
        await host.post("/api/rooms", {"game": "codenames",
                                       "options": {"pack": created["id"], "language": "en"}})
    assert language.value.code == "pack.wrong_language"
    room = await host.post("/api/rooms", {"game": "codenames",
                                          "options": {"pack": created["id"], "solo": True}})
    code = room["code"]
    # The host leaves; the next host plays the pack the first one chose.
    await other.join_room(code)
    await host.post(f"/api/rooms/{code}/leave")
    for slot in (1, 2):
        await other.set_slot(code, slot, ai="ai")
    await other.take_seat(code, 0)
    started = await other.start_room(code)
    match = await other.match(started["match"])
    board = {card["word"] for card in match["view"]["cards"]}
    assert len(board) == 25 and board <= set(created["words"])

    with pytest.raises(ApiError) as not_mine:
        await other.request("DELETE", f"/api/packs/{created['id']}")
    assert not_mine.value.code == "pack.not_found" and not_mine.value.status == 404
    assert (await host.request("DELETE", f"/api/packs/{created['id']}")) == {
        "deleted": created["id"]}
    assert (await host.get("/api/packs"))["packs"] == []
