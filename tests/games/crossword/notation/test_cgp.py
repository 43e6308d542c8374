"""Reading and writing CGP positions, Turkish letters included."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.games.crossword.board import Board, Placement, Tile
from harfiyen.games.crossword.notation.cgp import (
    CgpError,
    CgpPosition,
    opcodes_for,
    parse_cgp,
    write_cgp,
)
from harfiyen.lexicon.normalize import EN_UPPER, TR_UPPER

EMPTY = "/".join(["15"] * 15)


def test_english_position() -> None:
    text = (
        "15/15/15/15/15/15/15/3WINDy7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 "
        "lex ENABLE-1; ld english;"
    )
    position = parse_cgp(text)
    assert position.board[(7, 3)] == Tile("W")
    assert position.board[(7, 7)] == Tile("Y", blank=True)
    assert position.board.tile_count() == 5
    assert position.racks == ("ADEEGIL", "")
    assert position.scores == (0, 32)
    assert position.zero_turns == 0
    assert position.lexicon == "ENABLE-1"
    assert position.language() == "en"
    assert write_cgp(position) == text


def test_turkish_position_keeps_i_and_dotless_i() -> None:
    text = (
        "15/15/15/15/15/15/15/5IŞIk6/6i8/6ı8/15/15/15/15/15 AEİIĞ?Ş/IİÇ 37/4 2 "
        "lex TR-1; ld turkish; rules tr@2; bonus25 C5;"
    )
    position = parse_cgp(text)
    board = position.board
    assert [board[(7, c)] for c in range(5, 9)] == [
        Tile("I"), Tile("Ş"), Tile("I"), Tile("K", blank=True),
    ]
    assert board[(8, 6)] == Tile("İ", blank=True)
    assert board[(9, 6)] == Tile("I", blank=True)
    assert position.racks == ("AEİIĞ?Ş", "IİÇ")
    assert (position.rules, position.bonus25, position.language()) == ("tr@2", "C5", "tr")
    assert write_cgp(position) == text
    assert parse_cgp(write_cgp(position)) == position


def test_language_from_rules_or_lexicon_or_default() -> None:
    assert parse_cgp(f"{EMPTY} / 0/0 0 rules tr@1;").language() == "tr"
    assert parse_cgp(f"{EMPTY} / 0/0 0 lex TR-1;").language() == "tr"
    assert parse_cgp(f"{EMPTY} / 0/0 0").language() == "en"
    assert parse_cgp(f"{EMPTY} / 0/0 0", default_language="tr").language("tr") == "tr"
    # Without a Turkish marker, lower-case i is an English blank I.
    assert parse_cgp(EMPTY.replace("15", "i14", 1) + " / 0/0 0").board[(0, 0)] == Tile("I", True)
    turkish = parse_cgp(EMPTY.replace("15", "i14", 1) + " / 0/0 0 ld turkish;")
    assert turkish.board[(0, 0)] == Tile("İ", True)


def test_unknown_opcodes_are_kept() -> None:
    text = f"{EMPTY} AB/CD 1/2 3 lex X; bdn 40; note hello there;"
    position = parse_cgp(text)
    assert position.opcodes == (("lex", "X"), ("bdn", "40"), ("note", "hello there"))
    assert write_cgp(position) == text


@pytest.mark.parametrize(
    "text",
    [
        "15/15 A/B 0/0 0",  # too few rows
        EMPTY.replace("15", "14", 1) + " / 0/0 0",  # short row
        EMPTY.replace("15", "15A", 1) + " / 0/0 0",  # long row
        EMPTY.replace("15", "1-13", 1) + " / 0/0 0",  # bad character
        f"{EMPTY} A1/B 0/0 0",  # bad rack
        f"{EMPTY} A/B x/0 0",  # bad score
        f"{EMPTY} A/B 0 0",  # one score for two racks
        f"{EMPTY} A/B 0/0",  # missing field
        f"{EMPTY} Ş/B 0/0 0",  # a Turkish letter in an English position
    ],
)
def test_malformed_positions(text: str) -> None:
    with pytest.raises(CgpError) as info:
        parse_cgp(text)
    assert info.value.code == "cgp.bad_position"
    assert "CGP" in info.value.message.tr and "CGP" in info.value.message.en


@st.composite
def positions(draw: st.DrawFn) -> CgpPosition:
    lang = draw(st.sampled_from(["tr", "en"]))
    alphabet = TR_UPPER if lang == "tr" else EN_UPPER
    squares = draw(st.sets(st.tuples(st.integers(0, 14), st.integers(0, 14)), max_size=40))
    placements = [
        Placement(sq, draw(st.sampled_from(alphabet)), draw(st.booleans())) for sq in squares
    ]
    rack_letters = st.sampled_from(alphabet + "?")
    racks = tuple(
        "".join(draw(st.lists(rack_letters, max_size=7))) for _ in range(draw(st.integers(2, 4)))
    )
    scores = tuple(draw(st.integers(-50, 700)) for _ in racks)
    opcodes = opcodes_for(
        lexicon="TR-1" if lang == "tr" else "ENABLE-1",
        language=lang,  # type: ignore[arg-type]
        rules="tr@2" if lang == "tr" else None,
        bonus25="D7" if lang == "tr" else None,
    )
    return CgpPosition(Board().with_tiles(placements), racks, scores,
                       draw(st.integers(0, 6)), opcodes)


@given(positions())
def test_positions_round_trip(position: CgpPosition) -> None:
    assert parse_cgp(write_cgp(position)) == position
