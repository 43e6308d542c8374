"""Clue candidates and the built-in word packs."""

from __future__ import annotations

import hashlib
import json
from importlib import resources

import pytest

from harfiyen.ai.codenames.vocabulary import (
    build_clue_vocabulary,
    clue_vocabulary,
    is_english_form,
)
from harfiyen.games.codenames.packs import load_pack, validate_pack
from harfiyen.games.codenames.stems import shares_root
from harfiyen.lexicon.wordlists import is_blocked


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_clue_vocabulary(lang: str) -> None:
    words = clue_vocabulary(lang)  # type: ignore[arg-type]
    assert len(words) > 5000 and len(set(words)) == len(words)
    assert not any(is_blocked(w, lang) for w in words)  # type: ignore[arg-type]
    if lang == "en":
        assert "DOG" in words and "DOGS" not in words


def test_shipped_clue_vocabulary_is_what_the_rules_give() -> None:
    pytest.importorskip("wordfreq")
    assert clue_vocabulary("en") == build_clue_vocabulary("en")


def test_english_forms() -> None:
    assert is_english_form("CITIES", frozenset({"CITY"}))
    assert not is_english_form("CITY", frozenset({"CIT"}))


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_built_in_packs(lang: str) -> None:
    pack = load_pack(lang)  # type: ignore[arg-type]
    assert len(pack) == 400 and validate_pack(pack, lang) == pack  # type: ignore[arg-type]
    assert not any(is_blocked(w, lang) for w in pack)  # type: ignore[arg-type]
    for i, word in enumerate(pack):
        assert not any(shares_root(word, other, lang) for other in pack[i + 1:])  # type: ignore[arg-type]


def test_pack_manifest_matches_the_files() -> None:
    data = resources.files("harfiyen.games.codenames").joinpath("data")
    manifest = json.loads(data.joinpath("packs.json").read_text(encoding="utf-8"))
    for lang, entry in manifest["packs"].items():
        text = data.joinpath(entry["file"]).read_bytes()
        assert hashlib.sha256(text).hexdigest() == entry["sha256"], lang
        assert sum(entry["categories"].values()) == entry["words"]
        clues = data.joinpath(entry["clue_vocabulary"]["file"]).read_bytes()
        assert hashlib.sha256(clues).hexdigest() == entry["clue_vocabulary"]["sha256"]
