"""Leave values: the feature model, its JSON form, the fit, the shipped tables, equity."""

from __future__ import annotations

import random

import pytest

from harfiyen.ai.crossword.equity import GO_OUT_FACTOR, EquityContext, move_record
from harfiyen.ai.crossword.leaves import FeatureSpace, LeaveModel, shipped_leaves
from harfiyen.ai.crossword.movegen import BLANK_CODE, GeneratedPlay
from harfiyen.ai.crossword.selfplay import fit_leaves
from harfiyen.games.crossword.board import Direction, Placement
from harfiyen.games.crossword.rules import ruleset


def test_features_ignore_order_and_mark_duplicates_balance_and_pairs() -> None:
    space = FeatureSpace("en")
    names = {space.names[i] for i in space.features("SEE?")}
    assert names == {"S", "E", "?", "EE", "v2c1", "ES", "E?", "S?"}
    assert sorted(space.features("SEE?")) == sorted(space.features("?ESE"))
    assert {space.names[i] for i in space.features("")} == {"v0c0"}
    tr = FeatureSpace("tr")
    assert {tr.names[i] for i in tr.features("İIİ")} >= {"İ", "I", "İİ", "v3c0", "Iİ"}


def test_values_are_relative_to_the_empty_leave_and_round_trip_json() -> None:
    rng = random.Random(1)
    space = FeatureSpace("tr")
    model = LeaveModel("tr", [rng.uniform(-3, 3) for _ in range(len(space))], {"games": 7})
    assert model.value("") == 0
    assert model.value("KAL") == pytest.approx(model.value("LAK"))
    again = LeaveModel.from_json(model.to_json())
    assert again.games == 7
    for leave in ("", "?", "ĞĞ", "AEİKLMN"[:6]):
        assert again.value(leave) == pytest.approx(model.value(leave), abs=1e-3)
    assert LeaveModel.zero("en").value("QQ?") == 0


def test_fit_recovers_a_planted_leave_effect() -> None:
    rng = random.Random(3)
    letters = "AEIOURSTLN?Q"
    samples = []
    for _ in range(4000):
        leave = "".join(sorted(rng.sample(letters, rng.randint(0, 5))))
        target = 30 + 20 * ("?" in leave) - 8 * ("Q" in leave) + rng.gauss(0, 5)
        samples.append((leave, round(target)))
    model = fit_leaves("en", samples, {"games": 0})
    assert model.value("?") == pytest.approx(20, abs=3)
    assert model.value("Q") == pytest.approx(-8, abs=3)
    assert model.meta["samples"] == 4000


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_shipped_tables_are_trained_and_sensible(lang: str) -> None:
    model = shipped_leaves(lang)
    assert model.games > 0, "run harfiyen train leaves"
    assert "command" in model.meta
    assert model.value("?") > 5  # a blank is worth keeping
    assert model.value("?") > model.value("E")
    heavy = "Q" if lang == "en" else "Ğ"
    assert model.value(heavy) < model.value("?")
    # Duplicates hurt: three of a vowel are worse than one.
    assert model.value("AAA" if lang == "tr" else "III") < model.value("A" if lang == "tr" else "I")


def _move(score: int, placements: tuple[Placement, ...], word: str) -> GeneratedPlay:
    tiles = "".join("?" if p.blank else p.letter for p in placements)
    return GeneratedPlay(
        placements, score, "8H", word, tiles, Direction.ACROSS, placements[0].square
    )


def test_equity_adds_leave_and_endgame_terms() -> None:
    rules = ruleset("en")
    leaves = LeaveModel.zero("en")
    rack = tuple("QUIZ")
    quiz = _move(50, tuple(Placement((7, 7 + k), ch) for k, ch in enumerate("QUIZ")), "QUIZ")
    qi = _move(22, (Placement((7, 7), "Q"), Placement((7, 8), "I")), "QI")
    mid = EquityContext(rules, rack, 50, 40, False, leaves)
    assert mid.move_equity(quiz) == 50 and mid.move_equity(qi) == 22
    end = EquityContext(rules, rack, 0, 7, False, leaves)
    assert end.move_equity(quiz) == 50 + GO_OUT_FACTOR * 7  # going out takes their tiles
    assert end.move_equity(qi) == 22 - (1 + 10)  # U and Z stay on the rack
    half = EquityContext(rules, rack, 3, 40, False, leaves)
    assert 22 - 11 < half.move_equity(qi) < 22
    record = move_record(quiz, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert record[4] == [17, 21, 9, 26]
    blank = _move(0, (Placement((7, 7), "Q", True),), "q")
    assert move_record(blank, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")[4] == [17 | BLANK_CODE]
