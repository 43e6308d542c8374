"""Turkish text handling: casing, alphabets, vowels and sort order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from harfiyen.lexicon.normalize import (
    EN_LOWER,
    EN_UPPER,
    TR_LOWER,
    TR_UPPER,
    TR_VOWELS,
    fold_circumflex,
    in_alphabet,
    lower,
    tr_lower,
    tr_sort_key,
    tr_upper,
    upper,
)

tr_words = st.text(alphabet=TR_LOWER + TR_UPPER, min_size=1, max_size=15)


def test_dotted_and_dotless_i_map_the_turkish_way() -> None:
    assert tr_upper("i") == "İ"
    assert tr_upper("ı") == "I"
    assert tr_lower("I") == "ı"
    assert tr_lower("İ") == "i"
    assert tr_upper("istanbul ılık") == "İSTANBUL ILIK"


def test_every_letter_pairs_with_its_case() -> None:
    for low, up in zip(TR_LOWER, TR_UPPER, strict=True):
        assert tr_upper(low) == up
        assert tr_lower(up) == low
        assert len(tr_upper(low)) == 1 and len(tr_lower(up)) == 1


def test_alphabets_have_their_sizes() -> None:
    assert len(TR_UPPER) == 29 and len(set(TR_UPPER)) == 29
    assert "Q" not in TR_UPPER and "W" not in TR_UPPER and "X" not in TR_UPPER
    assert len(EN_UPPER) == 26
    assert set("AEIİOÖUÜ") == TR_VOWELS


def test_english_casing_is_plain() -> None:
    assert upper("quiz", "en") == "QUIZ"
    assert lower("QUIZ", "en") == "quiz"
    assert all(upper(c, "en") in EN_UPPER for c in EN_LOWER)


@given(tr_words)
def test_case_round_trips(word: str) -> None:
    assert tr_lower(tr_upper(word)) == tr_lower(word)
    assert tr_upper(tr_lower(word)) == tr_upper(word)
    assert len(tr_upper(word)) == len(word)
    assert in_alphabet(tr_upper(word), "tr")


@given(tr_words, tr_words)
def test_sort_key_is_case_insensitive_and_follows_the_alphabet(a: str, b: str) -> None:
    assert tr_sort_key(a) == tr_sort_key(tr_upper(a))
    ranks_a = [TR_UPPER.index(c) for c in tr_upper(a)]
    ranks_b = [TR_UPPER.index(c) for c in tr_upper(b)]
    assert (tr_sort_key(a) < tr_sort_key(b)) == (ranks_a < ranks_b)


def test_sort_order_examples() -> None:
    words = ["şeker", "su", "ılık", "ikinci", "çay", "cam", "ödev", "okul", "üzüm", "uzun"]
    assert sorted(words, key=tr_sort_key) == [
        "cam", "çay", "ılık", "ikinci", "okul", "ödev", "su", "şeker", "uzun", "üzüm",
    ]


def test_circumflex_folds_to_plain_letters() -> None:
    assert fold_circumflex("kâr hâlâ îmân Ûmit") == "kar hala iman Umit"
    assert tr_upper(fold_circumflex("kâğıt")) == "KAĞIT"
