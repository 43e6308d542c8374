"""Usernames: Turkish and English letters (NFC), one account per name read case- and
look-alike-insensitively with Turkish casing, other scripts refused with the rule explained."""

from __future__ import annotations

import unicodedata

import pytest

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.server import usernames
from harfiyen.server.errors import Refused

from .conftest import LiveServer, unique
from .support import PASSWORD

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("name", ["ayşe_öz", "İlkerÇ", "GÜLŞEN.1", "ali-veli", "kâğıt", "abc"])
def test_turkish_and_english_letters_are_allowed(name: str) -> None:
    assert usernames.validated(name) == name


@pytest.mark.parametrize(("name", "reason"), [
    ("ab", "length"), ("a" * 33, "length"), ("ayşe öz", "characters"),
    ("аyse", "characters"),  # a Cyrillic а
    ("αλφα", "characters"), ("ali!", "characters"), ("_ali", "edges"), ("ali.", "edges"),
    ("al__i", "edges"), ("bot_orta", "reserved"), ("BOT_usta", "reserved"),
])
def test_refused_names_say_why(name: str, reason: str) -> None:
    assert usernames.reason(usernames.normalize(name)) == reason
    with pytest.raises(Refused):
        usernames.validated(name)


def test_names_are_stored_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "ayşe")
    assert decomposed != "ayşe" and usernames.validated(decomposed) == "ayşe"


def test_the_key_folds_turkish_case_and_look_alikes() -> None:
    key = usernames.key
    assert key("ALİ") == key("Ali") == key("ali") == key("ALI") == key("a1i")
    assert key("ışık") == key("IŞIK")
    assert key("ayşe") != key("ayse")  # ş and s are different letters
    assert key("ali.veli") == key("ali_veli") == key("Ali-Veli")
    assert key("moon") == key("rnoon") and key("w1n") == key("vvin")


async def test_register_a_turkish_name_then_its_look_alikes_are_refused(live: LiveServer) -> None:
    name = "şükrü_" + unique("")[:6]
    async with HarfiyenClient(live.url) as first:
        assert (await first.register(name, PASSWORD))["username"] == name
    for other in (name.upper().replace("I", "İ"), "Ş" + name[1:], name.replace("_", ".")):
        async with HarfiyenClient(live.url) as second:
            with pytest.raises(ApiError) as refused:
                await second.register(other, PASSWORD)
        assert refused.value.status == 409
        assert refused.value.code in ("auth.username_taken", "auth.username_look_alike")
        assert name in refused.value.message
    # Signing in finds the account by the same key.
    async with HarfiyenClient(live.url) as again:
        assert (await again.login(name.upper(), PASSWORD))["username"] == name


async def test_a_refused_name_explains_the_rule_in_the_users_language(live: LiveServer) -> None:
    for language, words in (("tr", "Türkçe ya da İngilizce harfler"),
                            ("en", "Turkish or English letters")):
        async with HarfiyenClient(live.url, language=language) as client:
            with pytest.raises(ApiError) as refused:
                await client.register("аyşe", PASSWORD, language)  # a Cyrillic а
        assert refused.value.status == 422 and refused.value.code == "auth.username_invalid"
        assert words in refused.value.message and refused.value.details["reason"] == "characters"


async def test_profiles_are_found_by_the_key(live: LiveServer) -> None:
    name = "gül" + unique("")[:6]
    async with HarfiyenClient(live.url) as client:
        await client.register(name, PASSWORD)
        assert (await client.get(f"/api/users/{name.upper()}"))["user"]["username"] == name


# Display names: the bot-name reservation reads a name's skeleton.
BOT_LOOK_ALIKES = [
    "Ayşe (bot)", "Ayşe（bot）", "Ayşe (b0t)", "Ayşe (B0T)", "Ayşe ( b o t )", "Ayşe [bot]",
    "Ayşe (b\u034fot)", "Ayşe (bo\u0336t)", "Ayşe (bot\u0301)", "Ayşe (ʙᴏᴛ)", "Ayşe (вот)",
    "Ayşe (bot) 2", "Bot (orta)", "Yapay Zeka", "yapay zekâ 3",
]
REAL_NAMES = ["Ayşe", "Çağrı", "İlknur", "Gülşen", "Ayşe Öz", "IŞIL", "Robot Ali",
              "Abbot (Bottom)", "Nguyễn", "मोहन", "Ayşe ❤️"]


@pytest.mark.parametrize("name", BOT_LOOK_ALIKES)
def test_display_names_that_read_as_a_bot_are_reserved(name: str) -> None:
    with pytest.raises(Refused) as refused:
        usernames.check_display_name(unicodedata.normalize("NFC", name))
    assert refused.value.code in ("user.display_name_reserved", "user.display_name_marks")
    assert usernames.bot_like(name)


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_are_display_names(name: str) -> None:
    assert usernames.check_display_name(name) == name and not usernames.bot_like(name)


def test_every_name_the_server_gives_its_ai_players_is_reserved() -> None:
    from harfiyen.games import games
    from harfiyen.server.bot_users import bot_display_name

    levels = {level.key for spec in games() if spec.ai is not None for level in spec.ai.levels}
    assert {"caylak", "sampiyon", "greedy", "ai"} <= levels
    for level in levels:
        for index in (1, 2, 10):
            assert usernames.bot_like(bot_display_name(level, index)), (level, index)


@pytest.mark.parametrize(("name", "code"), [
    ("Ay\u034fşe", "034F"),  # the combining grapheme joiner draws nothing
    ("\u0301Ayşe", "0301"), ("Ayşe \u0301", "0301"),  # on no letter
    ("Ayşe\u0301\u0302\u0303\u0304", "0304"),  # a fourth mark stacked on one letter
    ("Ayşe\ufe0f", "FE0F"),  # a variation selector after a letter
])
def test_combining_marks_that_render_nothing_are_refused(name: str, code: str) -> None:
    with pytest.raises(Refused) as refused:
        usernames.check_display_name(name)
    assert refused.value.code == "user.display_name_marks"
    assert refused.value.details["code"] == code


async def test_a_display_name_posing_as_a_bot_is_refused_over_the_api(live: LiveServer) -> None:
    async with HarfiyenClient(live.url, language="en") as client:
        name = "ayse_" + unique("")[:6]
        await client.register(name, PASSWORD, "en")
        for bad in ("Ayşe（bot）", "Ayşe (b0t)", "Ayşe (b\u034fot)", "Ayşe (bo\u0336t)"):
            with pytest.raises(ApiError) as refused:
                await client.update_me(display_name=bad)
            assert refused.value.status == 422, bad
            assert refused.value.code in ("user.display_name_reserved",
                                          "user.display_name_marks"), bad
            assert "display name" in refused.value.message or "AI players" in refused.value.message
            assert (await client.me())["display_name"] == name  # nothing changed
        for real in ("Ayşe", "Çağrı", "İlknur", "Gülşen"):
            assert (await client.update_me(display_name=real))["display_name"] == real
    async with HarfiyenClient(live.url) as other:  # in Turkish, and at registration too
        with pytest.raises(ApiError) as refused:
            await other.post("/api/auth/register", {
                "username": "mehmet_" + unique("")[:6], "password": PASSWORD,
                "display_name": "Mehmet (b0t)"})
        assert refused.value.code == "user.display_name_reserved"
        assert "yapay zekâ oyuncularının" in refused.value.message
