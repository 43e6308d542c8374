"""The Lexicon object, loading shipped lexicons, and the compiled-table disk cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.core.errors import GameError
from harfiyen.lexicon import lexicon as lexicon_module
from harfiyen.lexicon import wordlists
from harfiyen.lexicon.automaton import AutomatonFormatError
from harfiyen.lexicon.lexicon import (
    Lexicon,
    cache_path,
    compile_words,
    decode_cache,
    encode_cache,
    load,
)
from harfiyen.lexicon.normalize import TR_UPPER, tr_sort_key

TR_WORDS = ["KALEM", "KAL", "KALE", "İĞNE", "IŞIK", "KIR", "KİR", "ÇAM", "CAM", "ÜZÜM"]


@pytest.fixture
def tr_lexicon() -> Lexicon:
    return Lexicon.from_words("test-tr", "tr", TR_WORDS)


def test_membership(tr_lexicon: Lexicon) -> None:
    for word in TR_WORDS:
        assert word in tr_lexicon
    assert "KA" not in tr_lexicon
    assert "KALEMLER" not in tr_lexicon
    assert len(tr_lexicon) == len(TR_WORDS)


def test_dotted_and_dotless_i_are_different_letters(tr_lexicon: Lexicon) -> None:
    assert "KIR" in tr_lexicon and "KİR" in tr_lexicon
    assert "ISIK" not in tr_lexicon  # Only IŞIK.
    only_dotless = Lexicon.from_words("t", "tr", ["KIR"])
    assert "KİR" not in only_dotless


def test_non_words_are_not_members(tr_lexicon: Lexicon) -> None:
    assert "kalem" not in tr_lexicon  # lower case is not a word form of the lexicon
    assert "" not in tr_lexicon
    assert "KALEMQ" not in tr_lexicon  # Q is not a Turkish letter
    assert "KAL EM" not in tr_lexicon
    assert 5 not in tr_lexicon
    assert None not in tr_lexicon


def test_words_come_in_turkish_alphabet_order(tr_lexicon: Lexicon) -> None:
    assert list(tr_lexicon.words()) == sorted(TR_WORDS, key=tr_sort_key)


def test_alphabet_and_symbols(tr_lexicon: Lexicon) -> None:
    assert tr_lexicon.alphabet == TR_UPPER
    assert tr_lexicon.symbol("A") == 1 and tr_lexicon.symbol("Z") == len(TR_UPPER)
    assert tr_lexicon.symbol("Q") == 0
    assert tr_lexicon.letter(tr_lexicon.symbol("İ")) == "İ"
    assert tr_lexicon.encode("ÇAM") == (4, 1, 16)
    assert tr_lexicon.encode("QUIZ") is None
    assert tr_lexicon.decode((4, 1, 16)) == "ÇAM"
    assert tr_lexicon.automaton.stride == len(TR_UPPER) + 1
    with pytest.raises(IndexError):
        tr_lexicon.letter(0)


def test_words_of_length(tr_lexicon: Lexicon) -> None:
    assert tr_lexicon.words_of_length(3) == ["CAM", "ÇAM", "KAL", "KIR", "KİR"]
    assert tr_lexicon.words_of_length(0) == []
    assert tr_lexicon.words_of_length(20) == []


def test_english_lexicon_refuses_turkish_letters() -> None:
    lexicon = Lexicon.from_words("test-en", "en", ["QUIZ", "CAT"])
    assert "QUIZ" in lexicon and "CAT" in lexicon
    assert "ÇAT" not in lexicon
    assert list(lexicon.words()) == ["CAT", "QUIZ"]


@pytest.mark.parametrize("bad", ["kalem", "KAL EM", "", "QUIZ"])
def test_from_words_refuses_words_outside_the_alphabet(bad: str) -> None:
    with pytest.raises(ValueError):
        Lexicon.from_words("t", "tr", ["KALEM", bad])


def test_lexicon_checks_the_automaton_alphabet() -> None:
    automaton = compile_words("en", ["CAT"])
    with pytest.raises(ValueError, match="alphabet"):
        Lexicon("t", "tr", automaton)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.text(alphabet=TR_UPPER, min_size=1, max_size=7), max_size=30))
def test_random_turkish_sets(words: set[str]) -> None:
    lexicon = Lexicon.from_words("h", "tr", words)
    assert list(lexicon.words()) == sorted(words, key=tr_sort_key)
    for word in words:
        assert word in lexicon
        assert (word + "A" in lexicon) == (word + "A" in words)


# -- load() and the disk cache -----------------------------------------------------------

FAKE_SHA = "ab" * 32


@pytest.fixture
def fake_lists(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A fake ``wordlists`` with one lexicon ``FAKE-1``, and an empty cache directory."""
    state: dict[str, Any] = {"words": ["KALEM", "KAL", "İĞNE"], "reads": 0, "sha": FAKE_SHA}

    def read_words(lexicon_id: str) -> list[str]:
        assert lexicon_id == "FAKE-1"
        state["reads"] += 1
        return list(state["words"])

    def language_of(lexicon_id: str) -> str:
        if lexicon_id != "FAKE-1":
            raise wordlists.UNKNOWN_LEXICON.error(lexicon_id=lexicon_id)
        return "tr"

    def manifest() -> dict[str, Any]:
        return {"lexicons": {"FAKE-1": {"language": "tr", "sha256": state["sha"]}}}

    monkeypatch.setattr(wordlists, "read_words", read_words)
    monkeypatch.setattr(wordlists, "language_of", language_of)
    monkeypatch.setattr(wordlists, "manifest", manifest)
    monkeypatch.setenv("HARFIYEN_CACHE_DIR", str(tmp_path))
    load.cache_clear()
    yield state
    load.cache_clear()


def test_load_builds_once_then_reads_the_cache(fake_lists: dict[str, Any]) -> None:
    first = load("FAKE-1")
    assert not first.from_cache and fake_lists["reads"] == 1
    assert "KALEM" in first and first.sha256 == FAKE_SHA
    assert load("FAKE-1") is first  # cached per process
    assert cache_path("FAKE-1", FAKE_SHA).is_file()

    load.cache_clear()
    second = load("FAKE-1")
    assert second.from_cache and fake_lists["reads"] == 1  # no word list read
    assert list(second.words()) == list(first.words())
    assert second.automaton.table == first.automaton.table


def test_damaged_cache_is_rebuilt(fake_lists: dict[str, Any]) -> None:
    load("FAKE-1")
    path = cache_path("FAKE-1", FAKE_SHA)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    path.write_bytes(bytes(data))
    load.cache_clear()
    rebuilt = load("FAKE-1")
    assert not rebuilt.from_cache and "İĞNE" in rebuilt
    load.cache_clear()
    assert load("FAKE-1").from_cache  # the rebuild rewrote a good file


def test_truncated_cache_is_rebuilt(fake_lists: dict[str, Any]) -> None:
    load("FAKE-1")
    path = cache_path("FAKE-1", FAKE_SHA)
    path.write_bytes(path.read_bytes()[:20])
    load.cache_clear()
    assert not load("FAKE-1").from_cache


def test_changed_word_list_is_not_served_from_a_stale_cache(fake_lists: dict[str, Any]) -> None:
    assert "KALE" not in load("FAKE-1")
    fake_lists["words"] = ["KALE"]
    fake_lists["sha"] = "cd" * 32
    load.cache_clear()
    fresh = load("FAKE-1")
    assert not fresh.from_cache and "KALE" in fresh and "KALEM" not in fresh


def test_cache_file_for_another_list_is_refused() -> None:
    automaton = compile_words("tr", ["KALEM"])
    data = encode_cache(automaton, FAKE_SHA)
    assert decode_cache(data, FAKE_SHA).table == automaton.table
    with pytest.raises(AutomatonFormatError):
        decode_cache(data, "cd" * 32)


def test_unwritable_cache_still_loads(
    fake_lists: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("HARFIYEN_CACHE_DIR", str(blocker))
    assert "KALEM" in load("FAKE-1")


def test_unknown_lexicon(fake_lists: dict[str, Any]) -> None:
    with pytest.raises(GameError) as info:
        load("NOPE-9")
    assert info.value.code == "lexicon.unknown"


def test_cache_dir_default_and_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from harfiyen.lexicon.cache import cache_dir

    monkeypatch.setenv("HARFIYEN_CACHE_DIR", str(tmp_path))
    assert cache_dir() == tmp_path
    monkeypatch.delenv("HARFIYEN_CACHE_DIR")
    assert "harfiyen" in str(cache_dir())
    assert lexicon_module.cache_path("X-1", FAKE_SHA).name == f"X-1-{FAKE_SHA[:16]}.dawg"


# -- the shipped lexicons ----------------------------------------------------------------


def test_every_lexicon_is_shipped() -> None:
    """The word lists are committed: the manifest lists every lexicon id."""
    assert set(wordlists.manifest()["lexicons"]) == set(wordlists.LEXICON_IDS)


@pytest.mark.slow
@pytest.mark.parametrize("lexicon_id", ["TR-1", "ENABLE-1"])
def test_shipped_lexicon_matches_its_word_list(lexicon_id: str) -> None:
    lexicon = load(lexicon_id)
    entry = wordlists.manifest()["lexicons"][lexicon_id]
    words = wordlists.read_words(lexicon_id)
    assert len(lexicon) == len(words) == entry["words"]
    assert lexicon.language == wordlists.language_of(lexicon_id)
    assert lexicon.sha256 == entry["sha256"]
    # The automaton spells back exactly the list, in the list's (alphabet) order.
    assert list(lexicon.words()) == words
    for length in (2, 3):
        assert len(lexicon.words_of_length(length)) == entry["by_length"][str(length)]


def test_shipped_turkish_lexicon_knows_common_words() -> None:
    lexicon = load("TR-1")
    for word in ("KALEM", "KİTAP", "IŞIK", "ÇİÇEK", "AĞAÇ"):
        assert word in lexicon
    assert "kalem" not in lexicon
    assert "KALEMQ" not in lexicon
