"""Placement checks: every refusal, its code, and a message that says what and where."""

from __future__ import annotations

import pytest

from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.rules import ruleset
from harfiyen.games.crossword.validate import check_play, check_rack, take_tiles

from .helpers import place

TR = ruleset("tr")
EN = ruleset("en")
AL = Board().with_tiles(place("H8=A I8=L"))


def refusal(
    board: Board, spec: str | tuple[Placement, ...], lexicon: object = None
) -> CrosswordError:
    placements = place(spec) if isinstance(spec, str) else spec
    with pytest.raises(CrosswordError) as info:
        check_play(board, placements, TR, lexicon)  # type: ignore[arg-type]
    return info.value


def test_every_error_code_is_unique_and_has_both_languages() -> None:
    codes = [kind.code for kind in crossword_errors.CATALOGUE]
    assert len(codes) == len(set(codes))
    for kind in crossword_errors.CATALOGUE:
        assert kind.tr and kind.en and kind.tr != kind.en


def test_errors_are_game_errors_with_json_form() -> None:
    error = refusal(Board(), ())
    assert error.code == "empty_move"
    assert error.to_dict()["message"]["tr"] == "Tahtaya hiç taş koymadın."


def test_off_board() -> None:
    error = refusal(Board(), (Placement((7, 7), "A"), Placement((7, 15), "L")))
    assert error.code == "off_board" and error.details["squares"] == ["P8"]
    assert "P8" in error.message.en


def test_blank_needs_a_letter() -> None:
    error = refusal(Board(), (Placement((7, 7), "?", blank=True), Placement((7, 8), "L")))
    assert error.code == "blank_needs_letter" and "H8" in error.message.tr


def test_bad_letter_outside_the_alphabet() -> None:
    error = refusal(Board(), (Placement((7, 7), "Q"), Placement((7, 8), "L")))
    assert error.code == "bad_letter" and error.details == {"square": "H8", "letter": "Q"}
    lower = refusal(Board(), (Placement((7, 7), "a"), Placement((7, 8), "L")))
    assert lower.code == "bad_letter"
    with pytest.raises(CrosswordError):
        check_play(Board(), (Placement((7, 7), "Ş"), Placement((7, 8), "L")), EN)


def test_duplicate_square() -> None:
    error = refusal(Board(), "H8=A H8=L")
    assert error.code == "duplicate_square" and error.details["squares"] == ["H8"]


def test_square_occupied() -> None:
    error = refusal(AL, "H8=K H9=A")
    assert error.code == "square_occupied" and error.details["squares"] == ["H8"]
    assert "H8" in error.message.tr


def test_not_in_one_line() -> None:
    error = refusal(Board(), "H8=A I9=L")
    assert error.code == "not_in_line" and error.details["squares"] == ["H8", "I9"]


def test_gap_in_the_word_names_the_empty_squares() -> None:
    error = refusal(Board(), "G8=A H8=L K8=A")
    assert error.code == "gap_in_word" and error.details["squares"] == ["I8", "J8"]
    assert "I8, J8" in error.message.en


def test_existing_tiles_may_fill_the_gap() -> None:
    words = check_play(AL, place("G8=K J8=E"), TR)
    assert [w.text for w in words] == ["KALE"]


def test_first_move_must_cover_the_centre() -> None:
    error = refusal(Board(), "A1=A B1=L")
    assert error.code == "first_move_off_centre" and "H8" in error.message.tr


def test_first_word_has_at_least_two_letters() -> None:
    assert refusal(Board(), "H8=A").code == "first_word_too_short"


def test_later_moves_must_touch_the_board() -> None:
    error = refusal(AL, "A1=A B1=L")
    assert error.code == "not_connected" and error.details["squares"] == ["A1", "B1"]


def test_single_tile_forming_a_word_is_a_move() -> None:
    words = check_play(AL, place("J8=E"), TR)
    assert [w.text for w in words] == ["ALE"]
    words = check_play(AL, place("H9=K"), TR)
    assert [w.text for w in words] == ["AK"]


def test_unknown_words_lists_main_and_cross_words() -> None:
    board = Board().with_tiles(place("H8=A I8=L H9=K"))
    error = refusal(board, "I9=Z", lexicon={"AL"})
    assert error.code == "unknown_words"
    assert error.details["words"] == ["KZ", "LZ"]
    assert "KZ, LZ" in error.message.tr


def test_no_lexicon_skips_the_word_check() -> None:
    assert [w.text for w in check_play(AL, place("J8=Z"), TR)] == ["ALZ"]


def test_order_geometry_before_words() -> None:
    # An occupied square is reported even though the words are unknown too.
    assert refusal(AL, "H8=Z", lexicon=set()).code == "square_occupied"


def test_check_rack_and_missing_tiles() -> None:
    assert check_rack(tuple("ALE?"), place("H8=A I8=l")) == ("L", "E")
    with pytest.raises(CrosswordError) as info:
        check_rack(tuple("AL"), place("H8=A I8=A J8=e"))
    assert info.value.code == "tile_not_on_rack" and info.value.details["tiles"] == ["A", "?"]
    assert take_tiles(tuple("AAB"), ["A"]) == ("A", "B")
