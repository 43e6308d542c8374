"""Usernames: Turkish and English letters (NFC), one account per name read case- and
look-alike-insensitively with Turkish casing, other scripts refused with the rule explained."""

from __future__ import annotations

import unicodedata

import pytest

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.core.errors import GameError
from harfiyen.server import usernames

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
    with pytest.raises(GameError):
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
