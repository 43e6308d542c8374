"""Game analysis: best move per turn, equity lost, totals per player."""

from __future__ import annotations

from functools import cache

import pytest

from harfiyen.ai.crossword.analysis import analyze_text
from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.notation.coords import parse_move
from harfiyen.games.crossword.rules import ruleset
from harfiyen.lexicon.lexicon import load

EN_GAME = """#character-encoding UTF-8
#player1 ann Ann
#player2 bob Bob
#lexicon ENABLE-1
>ann: DOGCATS 8H DOG +10 10
>bob: EQUIRTS - +0 0
>ann: CATSAIE 9H AT +8 18
>ann: CATSIE -- -8 10
>ann: CATSIE 9H AT +8 18
>bob: (CATSIE) +14 14
>bob: AB 10A AB +99 113
"""


@cache
def en_generator() -> MoveGenerator:
    return MoveGenerator(load("ENABLE-1"), ruleset("en"))


def test_score_only_loss_is_best_score_minus_played_score() -> None:
    result = analyze_text(EN_GAME, use_equity=False)
    assert result.valuation == "score" and result.lexicon == "ENABLE-1"
    gen = en_generator()
    first, passed = result.turns[0], result.turns[1]
    best = gen.best(gen.scratch(Board()), "DOGCATS", 1)[0]
    assert first.best_score == best.score and first.best_equity == best.score
    assert first.played == "8H DOG" and first.played_equity == 10
    assert first.loss == best.score - 10
    board = Board().with_tiles(parse_move("8H DOG", Board(), "en"))
    reply = gen.best(gen.scratch(board), "EQUIRTS", 1)[0]
    assert passed.played == "pass" and passed.loss == reply.score
    assert passed.best == reply.gcg


def test_withdrawn_phony_is_taken_off_and_end_lines_are_skipped() -> None:
    result = analyze_text(EN_GAME, use_equity=False)
    # The play after the withdrawn line is analysed on the board without it.
    assert [t.played for t in result.turns] == ["8H DOG", "pass", "9H AT", "9H AT", "10A AB"]
    assert result.turns[3].loss is not None
    # 10A AB does not touch anything: it cannot be generated, and is still valued
    # (by the score the rules give it, not the one recorded).
    last = result.turns[4]
    assert "not a legal play" in last.note and last.played_equity != 99
    assert last.loss == last.best_equity - last.played_equity


def test_totals_per_player() -> None:
    result = analyze_text(EN_GAME, use_equity=False)
    ann, bob = result.totals
    assert (ann.nick, ann.turns, bob.nick, bob.turns) == ("ann", 3, "bob", 2)
    assert ann.equity_lost == round(sum(t.loss or 0 for t in result.turns if t.seat == 0), 1)
    assert ann.best_moves == sum(t.is_best for t in result.turns if t.seat == 0)
    data = result.as_json()
    assert data["totals"][0]["nick"] == "ann" and len(data["turns"]) == 5


def test_equity_valuation_never_reports_a_negative_loss() -> None:
    result = analyze_text(EN_GAME)
    assert result.valuation in ("equity", "score")
    for turn in result.turns:
        assert turn.loss is not None and turn.loss >= 0
        assert turn.best_equity is not None and turn.played_equity is not None


def test_turkish_record_with_bonus_square_and_missing_rack() -> None:
    text = """#player1 sen Sen
#player2 bot Bot
#rules tr@2
#bonus25 I9
#lexicon TR-1
>sen: KALEMİA 8D KALEM +20 20
>bot: H8 .A +3 3
"""
    result = analyze_text(text)
    assert result.rules == "tr@2" and result.lexicon == "TR-1"
    first, second = result.turns
    assert first.best is not None and first.loss is not None and first.moves_considered > 10
    assert second.loss is None and second.note == "no rack in the record"


def test_unknown_lexicon_falls_back_with_a_note() -> None:
    result = analyze_text(EN_GAME.replace("ENABLE-1", "NWL99"), use_equity=False)
    assert result.lexicon == "ENABLE-1"
    assert any("NWL99" in note for note in result.notes)


def test_win_chances_from_the_spread_and_mistake_classes() -> None:
    from harfiyen.ai.crossword.analysis import MISTAKE_CLASSES, mistake_class
    from harfiyen.ai.crossword.winprob import Bucket, WinModel

    model = WinModel("en", (Bucket(0, 0, 0, 0.0, 5.0), Bucket(1, 200, 50, 5.0, 30.0)))
    result = analyze_text(EN_GAME, win_model=model)
    assert result.win_chances and result.as_json()["win_chances"] is True
    first, passed = result.turns[:2]
    # The spread before the move comes from the record's running totals.
    assert first.spread == 0 and passed.spread == -10
    for turn in result.turns:
        assert turn.played_win is not None and turn.best_win is not None
        assert turn.win_lost == pytest.approx(max(0.0, turn.best_win - turn.played_win), abs=2e-4)
        assert turn.mistake == mistake_class(turn.win_lost)
        expected = model.win(turn.spread + turn.played_equity, turn.bag)
        assert turn.played_win == pytest.approx(expected, abs=1e-4)
    # Passing with a playable rack early on loses win chances.
    assert passed.win_lost > 0.01 and passed.mistake in ("small", "large", "blunder")
    ann, bob = result.totals
    for player in (ann, bob):
        assert set(player.mistakes) == {name for name, _ in MISTAKE_CLASSES}
        mine = [t for t in result.turns if t.nick == player.nick]
        assert sum(player.mistakes.values()) == sum(bool(t.mistake) for t in mine)


def test_without_a_win_table_there_are_no_win_chances() -> None:
    result = analyze_text(EN_GAME, win_model=None)
    assert not result.win_chances
    assert all(t.played_win is None and t.mistake == "" for t in result.turns)
