"""GCG positions, square names and move words ↔ placements."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import Board, Direction, Placement
from harfiyen.games.crossword.notation.coords import (
    NotationError,
    Position,
    format_move,
    format_position,
    parse_move,
    parse_position,
    parse_square_name,
    parse_word,
    placements_from_word,
)
from harfiyen.lexicon.normalize import EN_UPPER, TR_UPPER


def test_row_first_is_across_and_column_first_is_down() -> None:
    assert parse_position("8H") == Position((7, 7), Direction.ACROSS)
    assert parse_position("H8") == Position((7, 7), Direction.DOWN)
    assert parse_position("15o") == Position((14, 14), Direction.ACROSS)
    assert parse_position("a1") == Position((0, 0), Direction.DOWN)


@pytest.mark.parametrize("text", ["", "8", "H", "0H", "16A", "8P", "P8", "H16", "8HH", "?8"])
def test_bad_positions_are_refused_in_both_languages(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert info.value.code == "notation.bad_position"
    assert isinstance(info.value, GameError)
    assert "konum" in info.value.message.tr
    assert "position" in info.value.message.en


@given(st.integers(0, 14), st.integers(0, 14), st.sampled_from(list(Direction)))
def test_positions_round_trip(row: int, col: int, direction: Direction) -> None:
    position = Position((row, col), direction)
    assert parse_position(format_position(position)) == position
    assert str(position) == format_position(position)


def test_square_names_are_column_then_row() -> None:
    assert parse_square_name("C5") == (4, 2)
    assert parse_square_name("o15") == (14, 14)
    for bad in ("5C", "C0", "C16", "Z1", ""):
        with pytest.raises(NotationError) as info:
            parse_square_name(bad)
        assert info.value.code == "notation.bad_square"


def test_word_cells_dots_parentheses_and_blanks() -> None:
    cells = parse_word("a.(BC)D", "en")
    assert [(c.letter, c.blank, c.through) for c in cells] == [
        ("A", True, False), (None, False, True), ("B", False, True),
        ("C", False, True), ("D", False, False),
    ]


def test_turkish_lower_case_blanks_keep_dotted_and_dotless_i() -> None:
    cells = parse_word("iıİI", "tr")
    assert [(c.letter, c.blank) for c in cells] == [
        ("İ", True), ("I", True), ("İ", False), ("I", False),
    ]


@pytest.mark.parametrize("word", ["", "(AB", "AB)", "(.)", "A)B(", "AB1", "A-B"])
def test_unreadable_words(word: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_word(word, "en")
    assert info.value.code in {"notation.bad_word", "notation.bad_letter"}


def test_letters_outside_the_alphabet_are_refused() -> None:
    with pytest.raises(NotationError) as info:
        parse_word("ŞEKER", "en")
    assert info.value.code == "notation.bad_letter"
    assert parse_word("ŞEKER", "tr")[0].letter == "Ş"


def _board(move: str, lang: str = "en") -> Board:
    board = Board()
    return board.with_tiles(parse_move(move, board, lang))  # type: ignore[arg-type]


def test_first_move_placements() -> None:
    placements = parse_move("8H CAt", Board(), "en")
    assert placements == (
        Placement((7, 7), "C"), Placement((7, 8), "A"), Placement((7, 9), "T", blank=True),
    )


def test_tiles_on_the_board_in_all_three_forms() -> None:
    board = _board("8H CAT")
    for word in ("C.TS", "(CAT)S", "CATS", "...S"):
        placements = placements_from_word(board, parse_position("8H"), word, "en")
        assert placements == (Placement((7, 10), "S"),), word
    down = placements_from_word(board, parse_position("I7"), "x.E", "en")
    assert down == (Placement((6, 8), "X", blank=True), Placement((8, 8), "E"))


def test_a_dot_on_an_empty_square_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        parse_move("8G .CAT", _board("8H CAT"), "en")
    assert info.value.code == "notation.no_tile_there"
    assert info.value.details["square"] == "G8"


def test_a_letter_that_disagrees_with_the_board_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        parse_move("8H COTS", _board("8H CAT"), "en")
    assert info.value.code == "notation.tile_mismatch"
    assert info.value.details == {"square": "I8", "found": "A", "wanted": "O"}


def test_words_running_off_the_board_or_placing_nothing() -> None:
    with pytest.raises(NotationError) as info:
        parse_move("8L CATTY", Board(), "en")
    assert info.value.code == "notation.off_board"
    with pytest.raises(NotationError) as info:
        parse_move("8H ...", _board("8H CAT"), "en")
    assert info.value.code == "notation.no_new_tiles"
    with pytest.raises(NotationError) as info:
        parse_move("8H", Board(), "en")
    assert info.value.code == "notation.bad_move"


def test_format_move_spans_the_whole_main_word() -> None:
    board = _board("8H CAT")
    assert format_move(board, [Placement((7, 10), "S")], "en") == "8H ...S"
    assert format_move(board, [Placement((7, 6), "S", blank=True)], "en") == "8G s..."
    # A single tile that forms only a down word reads down.
    assert format_move(board, [Placement((8, 7), "H")], "en") == "H8 .H"
    down = [Placement((6, 8), "X"), Placement((8, 8), "E")]
    assert format_move(board, down, "en") == "I7 X.E"


def test_format_move_turkish_blanks() -> None:
    placements = [Placement((7, 7), "I", blank=True), Placement((7, 8), "İ", blank=True)]
    assert format_move(Board(), placements, "tr") == "8H ıi"
    assert parse_move("8H ıi", Board(), "tr") == tuple(placements)


@st.composite
def plays(draw: st.DrawFn) -> tuple[str, list[Placement]]:
    lang = draw(st.sampled_from(["tr", "en"]))
    alphabet = TR_UPPER if lang == "tr" else EN_UPPER
    direction = draw(st.sampled_from(list(Direction)))
    length = draw(st.integers(1, 7))
    fixed = draw(st.integers(0, 14))
    start = draw(st.integers(0, 15 - length))
    placements = []
    for i in range(length):
        square = (fixed, start + i) if direction is Direction.ACROSS else (start + i, fixed)
        placements.append(Placement(square, draw(st.sampled_from(alphabet)), draw(st.booleans())))
    return lang, placements


@given(plays())
def test_format_then_parse_gives_the_same_placements(play: tuple[str, list[Placement]]) -> None:
    lang, placements = play
    text = format_move(Board(), placements, lang)  # type: ignore[arg-type]
    assert parse_move(text, Board(), lang) == tuple(placements)  # type: ignore[arg-type]
