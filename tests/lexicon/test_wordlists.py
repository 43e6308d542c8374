"""The shipped word lists and block lists (no source packages needed)."""

from __future__ import annotations

import doctest
import hashlib
from collections import Counter
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.core.errors import GameError
from harfiyen.lexicon import wordlists
from harfiyen.lexicon.normalize import TR_VOWELS, in_alphabet, tr_lower, tr_sort_key, tr_upper
from harfiyen.lexicon.wordlists import (
    DEFAULT_LEXICON,
    LEXICON_IDS,
    blocklist,
    is_blocked,
    language_of,
    manifest,
    read_words,
)

# Pinned so that a change in the sources cannot shift the lists unnoticed (RULES.md,
# "Lexicon hygiene"). A deliberate change ships as a new lexicon id, not an edit here.
PINNED_COUNTS = {
    # id: (total, 2-letter words, 3-letter words)
    "TR-1": (50_337, 107, 771),
    "ENABLE-1": (168_548, 96, 972),
}

MUST_CONTAIN_TR = [
    "ev",
    "su",
    "at",
    "el",
    "göz",
    "kalem",
    "kitap",
    "ağaç",
    "çiçek",
    "ışık",
    "insan",
    "öğretmen",
    "şeker",
    "üzüm",
    "yoğurt",
    "çalışkan",
    "güzel",
    "okul",
    "bilgisayar",
    "kelime",
    "harf",
    "oyun",
]
MUST_NOT_CONTAIN_TR = [
    "kitaplar",
    "evler",
    "geliyorum",
    "evde",
    "kitabı",
    "okula",
    "ankara",
    "istanbul",
    "ahmet",
    "türkiye",
    "cc",
    "dvd",
    "gsmh",
    "kg",
    "ph",
    "tv",
    "vs",
]


def _data_bytes(relative: str) -> bytes:
    return resources.files("harfiyen.lexicon").joinpath("data", relative).read_bytes()


@pytest.fixture(scope="module")
def tr_words() -> frozenset[str]:
    return frozenset(read_words("TR-1"))


@pytest.fixture(scope="module")
def en_words() -> frozenset[str]:
    return frozenset(read_words("ENABLE-1"))


def test_ids_defaults_and_manifest_agree() -> None:
    assert set(manifest()["lexicons"]) == set(LEXICON_IDS)
    assert DEFAULT_LEXICON == {"tr": "TR-1", "en": "ENABLE-1"}
    for lang, lexicon_id in DEFAULT_LEXICON.items():
        assert language_of(lexicon_id) == lang


@pytest.mark.parametrize("lexicon_id", LEXICON_IDS)
def test_pinned_counts(lexicon_id: str) -> None:
    words = read_words(lexicon_id)
    by_length = Counter(len(w) for w in words)
    assert (len(words), by_length[2], by_length[3]) == PINNED_COUNTS[lexicon_id]


@pytest.mark.parametrize("lexicon_id", LEXICON_IDS)
def test_manifest_describes_the_file(lexicon_id: str) -> None:
    entry = manifest()["lexicons"][lexicon_id]
    data = _data_bytes(entry["file"])
    words = read_words(lexicon_id)
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert entry["words"] == len(words)
    counts = Counter(len(w) for w in words)
    assert entry["by_length"] == {str(n): counts[n] for n in sorted(counts)}
    assert entry["sources"], "the manifest names the source package versions"
    assert entry["rules"], "the manifest summarises the build rules"


@pytest.mark.parametrize("lexicon_id", LEXICON_IDS)
def test_words_are_unique_sorted_upper_case_and_2_to_15_letters(lexicon_id: str) -> None:
    lang = language_of(lexicon_id)
    words = read_words(lexicon_id)
    assert len(set(words)) == len(words)
    assert all(2 <= len(w) <= 15 and in_alphabet(w, lang) for w in words)
    expected = sorted(words, key=tr_sort_key) if lang == "tr" else sorted(words)
    assert words == expected


def test_every_turkish_word_has_a_vowel(tr_words: frozenset[str]) -> None:
    assert all(any(ch in TR_VOWELS for ch in w) for w in tr_words)


@pytest.mark.parametrize("lexicon_id", LEXICON_IDS)
@pytest.mark.parametrize("length", [2, 3])
def test_review_files_hold_the_short_words(lexicon_id: str, length: int) -> None:
    review = _data_bytes(f"review/{lexicon_id}.{length}.txt").decode("utf-8").split()
    assert review == [w for w in read_words(lexicon_id) if len(w) == length]


@pytest.mark.parametrize("word", MUST_CONTAIN_TR)
def test_turkish_headwords_are_in(word: str, tr_words: frozenset[str]) -> None:
    assert tr_upper(word) in tr_words


@pytest.mark.parametrize("word", MUST_NOT_CONTAIN_TR)
def test_inflections_names_and_abbreviations_are_out(word: str, tr_words: frozenset[str]) -> None:
    assert tr_upper(word) not in tr_words


def test_turkish_verbs_are_infinitives_not_stems(tr_words: frozenset[str]) -> None:
    assert {"GELMEK", "OKUMAK", "YAZMAK", "GİTMEK", "KEMİRMEK"} <= tr_words
    assert not {"GEL", "OKU", "GİT", "KEMİR"} & tr_words  # bare stems are imperatives
    assert not {"GELEBİLMEK", "ABANABİLMEK", "ABANIVERMEK"} & tr_words  # generated forms
    assert "AT" in tr_words and "ATMAK" in tr_words  # noun and verb share a stem


def test_circumflexes_are_folded(tr_words: frozenset[str]) -> None:
    assert "KAĞIT" in tr_words and "HALA" in tr_words
    assert not any(ch in "ÂÎÛ" for w in tr_words for ch in w)


def test_english_is_enable(en_words: frozenset[str]) -> None:
    assert {"AA", "CWM", "AARDVARK", "QUIXOTIC", "ZYZZYVA"} <= en_words
    assert not {"QI", "ZA"} & en_words  # ENABLE predates these tournament additions
    assert all(len(w) <= 15 for w in en_words)


def test_read_words_returns_a_fresh_list() -> None:
    first = read_words("TR-1")
    first.clear()
    assert read_words("TR-1")


@pytest.mark.parametrize("call", [read_words, language_of])
def test_unknown_lexicon_is_a_game_error(call: object) -> None:
    assert callable(call)
    with pytest.raises(GameError) as caught:
        call("XX-9")
    assert caught.value.code == "lexicon.unknown"
    assert "XX-9" in caught.value.message.tr and "XX-9" in caught.value.message.en


# ------------------------------------------------------------------------ block lists


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_block_lists_are_canonical_and_in_the_manifest(lang: str) -> None:
    text = _data_bytes(f"blocklist/{lang}.txt")
    words = text.decode("utf-8").split()
    assert words, "a block list is never empty"
    assert len(set(words)) == len(words)
    assert words == (sorted(words, key=tr_sort_key) if lang == "tr" else sorted(words))
    assert all(in_alphabet(w, "tr" if lang == "tr" else "en") for w in words)
    entry = manifest()["blocklists"][lang]
    assert entry["words"] == len(words)
    assert entry["sha256"] == hashlib.sha256(text).hexdigest()


def test_blocked_words_stay_valid_in_the_lexicon(
    tr_words: frozenset[str], en_words: frozenset[str]
) -> None:
    # Blocking only stops the product choosing a word; a human may still play it.
    for word in ("OROSPU", "PİÇ", "GÖT", "PEZEVENK"):
        assert is_blocked(word, "tr") and word in tr_words
    for word in ("FUCK", "SHIT", "CUNT", "NIGGER"):
        assert is_blocked(word, "en") and word in en_words
    assert len(blocklist("tr") & tr_words) >= 30
    assert len(blocklist("en") & en_words) >= 80


def test_is_blocked_uses_turkish_casing() -> None:
    assert is_blocked("piç", "tr") and is_blocked("PİÇ", "tr")
    assert is_blocked("ibne", "tr")
    assert not is_blocked("kitap", "tr")
    assert is_blocked("Fuck", "en")
    assert not is_blocked("kitten", "en")


def test_common_words_are_not_blocked(tr_words: frozenset[str]) -> None:
    for word in [*MUST_CONTAIN_TR, "SİKKE", "GÖTÜRMEK", "AMA", "AMCA", "SİKLON"]:
        assert not is_blocked(word, "tr"), word
    for word in ("COCKATOO", "DICKENS", "SCUNTHORPE", "TITMOUSE", "SHITAKE"):
        assert not is_blocked(word, "en"), word


@given(st.sampled_from(sorted(blocklist("tr"))))
def test_turkish_blocking_ignores_case(word: str) -> None:
    assert is_blocked(tr_lower(word), "tr")
    assert is_blocked(word, "tr")


def test_doctests() -> None:
    result = doctest.testmod(wordlists)
    assert result.failed == 0 and result.attempted > 0
