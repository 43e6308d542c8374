"""Clue rules: one word of letters, a number 1–9, never a covered board word (Turkish case)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.games.codenames.clues import check_clue
from harfiyen.games.codenames.engine import apply
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import ClueGiven
from harfiyen.games.codenames.moves import Clue, Pass
from harfiyen.games.codenames.stems import shares_root
from harfiyen.lexicon.normalize import TR_UPPER

from .helpers import EN_BOARD, RED_GUESS, RED_SPY, TR_BOARD, arranged, guesses, play


def _refusal(word: str, number: int = 1, **kwargs: object) -> str:
    state = arranged(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(CodenamesError) as excinfo:
        apply(state, RED_SPY, Clue(word, number))
    return excinfo.value.code


def test_clue_is_recorded_in_normal_form() -> None:
    state, events = apply(arranged(), RED_SPY, Clue("  ılgın ", 2))
    assert events == (ClueGiven(RED_SPY, state.team, "ILGIN", 2),)
    assert state.current_clue is not None and state.current_clue.word == "ILGIN"


@pytest.mark.parametrize("number", [1, 5, 9])
def test_clue_number_from_1_to_9_is_accepted(number: int) -> None:
    state, _ = apply(arranged(), RED_SPY, Clue("SU", number))
    assert state.current_clue is not None and state.current_clue.guesses_left == number + 1


@pytest.mark.parametrize("number", [0, 10, -1, 99])
def test_clue_number_outside_1_to_9_is_refused(number: int) -> None:
    assert _refusal("SU", number) == "number_out_of_range"


def test_clue_number_must_be_an_integer() -> None:
    assert _refusal("SU", True) == "number_out_of_range"
    assert _refusal("SU", 2.0) == "number_out_of_range"  # type: ignore[arg-type]


@pytest.mark.parametrize("word", ["deniz feneri", "DENİZ-FENERİ", "Ankara'da", "su.", "a/b"])
def test_clue_must_be_a_single_word(word: str) -> None:
    assert _refusal(word) == "clue_not_one_word"


@pytest.mark.parametrize("word", ["SU2", "42", "WEB", "ÆON"])
def test_clue_must_be_letters_of_the_games_alphabet(word: str) -> None:
    assert _refusal(word) == "clue_not_letters"


def test_empty_clue_is_refused() -> None:
    assert _refusal("   ") == "clue_empty"
    assert _refusal("") == "clue_empty"


def test_clue_equal_to_a_covered_board_word_is_refused_ignoring_case() -> None:
    assert _refusal("denİz") == "clue_is_board_word"
    assert _refusal("deniz") == "clue_is_board_word"
    assert _refusal("DENİZ") == "clue_is_board_word"


def test_turkish_dotted_i_folds_to_dotted_capital() -> None:
    # İLİK (bone marrow) is on the board: "ilik" is that word, "ılık" (lukewarm) is not.
    assert "İLİK" in TR_BOARD
    assert _refusal("ilik") == "clue_is_board_word"
    state, _ = apply(arranged(), RED_SPY, Clue("ılık", 1))
    assert state.current_clue is not None and state.current_clue.word == "ILIK"


def test_turkish_dotless_i_folds_to_dotless_capital() -> None:
    board = tuple("ILIK" if w == "İLİK" else w for w in TR_BOARD)
    assert _refusal("ılık", words=board) == "clue_is_board_word"
    assert _refusal("ILIK", words=board) == "clue_is_board_word"
    state, _ = apply(arranged(board), RED_SPY, Clue("ilik", 1))
    assert state.current_clue is not None and state.current_clue.word == "İLİK"


def test_circumflex_is_folded_before_comparing() -> None:
    board = tuple("KAR" if w == "KIŞ" else w for w in TR_BOARD)
    with pytest.raises(CodenamesError, match="clue_is_board_word"):
        check_clue("kâr", 1, board, "tr")


def test_english_games_use_english_case() -> None:
    state = arranged(EN_BOARD, lang="en")
    with pytest.raises(CodenamesError, match="clue_is_board_word"):
        apply(state, RED_SPY, Clue("star", 1))
    with pytest.raises(CodenamesError, match="clue_not_letters"):
        apply(state, RED_SPY, Clue("GÖL", 1))
    after, _ = apply(state, RED_SPY, Clue("istanbul", 1))
    assert after.current_clue is not None and after.current_clue.word == "ISTANBUL"


def test_a_revealed_board_word_may_be_a_clue() -> None:
    state = play(arranged(), (RED_SPY, Clue("SU", 1)), *guesses(RED_GUESS, 20))  # ŞEHİR, neutral
    state = play(state, (2, Clue("HAVA", 1)), *guesses(3, 21))  # TREN, neutral
    after, _ = apply(state, RED_SPY, Clue("şehir", 1))
    assert after.current_clue is not None and after.current_clue.word == "ŞEHİR"


def test_strict_clues_refuse_a_shared_root() -> None:
    assert _refusal("gölgelik", strict=True) == "clue_shares_root"
    assert _refusal("kitabı", strict=True) == "clue_shares_root"  # KİTAP, p → b
    assert _refusal("ağacın", strict=True) == "clue_shares_root"  # AĞAÇ, ç → c
    assert _refusal("köpeği", strict=True) == "clue_shares_root"  # KÖPEK, k → ğ
    assert _refusal("rengi", strict=True) == "clue_shares_root"  # RENK, nk → ng
    assert _refusal("DENİ", strict=True) == "clue_shares_root"  # a prefix of DENİZ


def test_without_strict_clues_a_shared_root_is_allowed() -> None:
    state, _ = apply(arranged(), RED_SPY, Clue("gölgelik", 1))
    assert state.current_clue is not None and state.current_clue.word == "GÖLGELİK"


def test_strict_root_rule_needs_four_letters() -> None:
    # DAĞ is on the board; DAĞCI begins with it but DAĞ is only 3 letters long.
    state, _ = apply(arranged(strict=True), RED_SPY, Clue("dağcı", 1))
    assert state.current_clue is not None
    assert not shares_root("EVLİ", "EV", "tr")
    assert shares_root("STARFISH", "STAR", "en")
    assert not shares_root("KİTABI", "KİTAP", "en")  # softening is Turkish only


def test_strict_root_rule_ignores_revealed_words() -> None:
    state = play(arranged(strict=True), (RED_SPY, Clue("SU", 1)), *guesses(RED_GUESS, 5))
    assert state.words[5] == "GÖLGE" and state.revealed[5]
    state = play(state, (RED_GUESS, Pass()), (2, Clue("HAVA", 1)), *guesses(3, 18))
    after, _ = apply(state, RED_SPY, Clue("gölgelik", 1))
    assert after.current_clue is not None


_LETTERS = st.text(alphabet=TR_UPPER + "abcçdefgğhıijklmnoöprsştuüvyz -'1", max_size=12)


@given(_LETTERS, st.integers(-2, 12))
def test_check_clue_returns_a_normal_word_or_raises_a_coded_error(word: str, number: int) -> None:
    try:
        normal = check_clue(word, number, TR_BOARD, "tr")
    except CodenamesError as error:
        assert error.code.startswith(("clue_", "number_"))
        assert error.message.tr and error.message.en
    else:
        assert normal and all(ch in TR_UPPER for ch in normal)
        assert normal not in TR_BOARD and 1 <= number <= 9
