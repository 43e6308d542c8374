"""The word index the AI reads clues with: weights and pattern likelihoods."""

from __future__ import annotations

import pytest

from harfiyen.ai.letterjam.words import WordIndex

WORDS = ("KALEM", "KALEN", "HALEM", "MASAL", "ELMAS", "KİTAP", "ANANE", "ADANA")


@pytest.fixture(scope="module")
def index() -> WordIndex:
    return WordIndex("demo", lang="tr", words=WORDS)


def test_single_place_pattern_sums_the_words_per_letter(index: WordIndex) -> None:
    like = index.likelihood("KALE?")
    assert set(like) == {"M", "N"}
    assert like["M"] == pytest.approx(index.weight("KALEM"))
    assert index.likelihood("?ALEM").keys() == {"K", "H"}
    assert index.likelihood("ZZZZ?") == {}


def test_common_words_weigh_more(index: WordIndex) -> None:
    assert index.weight("KALEM") > index.weight("HALEM")
    like = index.likelihood("?ALEM")
    assert like["K"] > like["H"]


def test_own_card_twice_wildcard_and_unknown_places(index: WordIndex) -> None:
    # The same own card twice: both places hold one letter.
    assert index.likelihood("A?A?E").keys() == {"N"}
    assert index.likelihood("?D?N?").keys() == {"A"}
    assert index.likelihood("?DA?A") == {}
    # The wildcard is one letter wherever it is; "_" is anything.
    assert index.likelihood("*ALE?").keys() == {"M", "N"}
    assert index.likelihood("MA*A?").keys() == {"L"}
    assert index.likelihood("_ALE?").keys() == {"M", "N"}
    # Without an own card the total weight is under the empty key.
    assert set(index.likelihood("KAL*M")) == {""}


def test_secret_candidates_come_from_the_shipped_list() -> None:
    index = WordIndex("demo", lang="tr", words=("KADAR", "SONRA", "ZZZZZ"))
    assert index.secret_candidates(5) == ("KADAR", "SONRA")


def test_ai_clue_words_and_secret_words_pass_the_vocabulary_rule() -> None:
    from harfiyen.games.letterjam.decks import secret_word_table
    from harfiyen.lexicon.vocabulary import in_vocabulary

    for lexicon, lang in (("TR-1", "tr"), ("ENABLE-1", "en")):
        index = WordIndex(lexicon)
        clue_words = [w for w, _ in index.clue_words()]
        assert len(clue_words) > 3000
        assert all(in_vocabulary(w, lang) for w in clue_words)  # type: ignore[arg-type]
        assert all(in_vocabulary(w, lang) for w, _ in secret_word_table(lang))  # type: ignore[arg-type]
    # A teammate's clue is still read against the whole lexicon.
    assert "VERDİ" in WordIndex("TR-1") and WordIndex("TR-1").likelihood("VERD?")
