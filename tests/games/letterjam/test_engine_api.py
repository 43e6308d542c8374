"""The engine contract: to_act, legal_moves, notation of card references."""

from __future__ import annotations

import pytest

from harfiyen.games.letterjam import (
    AgreeEnd,
    Arrange,
    LetterJamError,
    MoveOn,
    NameBonus,
    Offer,
    Vote,
    Withdraw,
    apply,
    legal_moves,
    parse_refs,
    parse_slots,
    ref_label,
    to_act,
)
from harfiyen.games.letterjam.errors import CATALOGUE

from .helpers import choose, game


def test_everyone_acts_in_a_round_then_the_cluegiver() -> None:
    state = game(4)
    assert to_act(state) == (0, 1, 2, 3)
    state = choose(state, 2, parse_refs("P1"))
    assert to_act(state) == (2,)


def test_legal_moves_are_accepted() -> None:
    state, _ = apply(game(3), 1, Offer(2, 1, 0))
    moves = list(legal_moves(state, 0))
    assert Vote(1) in moves and MoveOn(None) in moves and AgreeEnd(True) in moves
    assert Withdraw() not in moves and not any(isinstance(m, NameBonus) for m in moves)
    for move in moves:
        apply(state, 0, move)
    assert list(legal_moves(state, 5)) == []


def test_unknown_moves_and_seats_are_refused() -> None:
    with pytest.raises(LetterJamError) as info:
        apply(game(2), 0, "pass")  # type: ignore[arg-type]
    assert info.value.code == "unknown_move"
    with pytest.raises(LetterJamError) as info:
        apply(game(2), 2, MoveOn(None))
    assert info.value.code == "unknown_seat"


def test_error_codes_are_unique_and_bilingual() -> None:
    codes = [kind.code for kind in CATALOGUE]
    assert len(codes) == len(set(codes))
    assert all(kind.tr != kind.en for kind in CATALOGUE)


def test_card_reference_notation() -> None:
    refs = parse_refs("P1 b2 N0 * S3")
    assert [ref_label(r) for r in refs] == ["P1", "B2", "N0", "*", "S3"]
    assert [ref_label(s) for s in parse_slots(["O1", "O0", "*", "S0"])] == ["O1", "O0", "*", "S0"]
    for bad in ("X1", "P", "Pa"):
        with pytest.raises(ValueError):
            parse_refs(bad)
    with pytest.raises(ValueError):
        parse_refs("O1")
    with pytest.raises(ValueError):
        parse_slots("P1")
    assert Arrange(parse_slots("O0")).slots == parse_slots("O0")
