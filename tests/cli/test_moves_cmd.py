"""``harfiyen moves --cgp POSITION [--top N] [--json]``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.cli.moves_cmd import find_moves
from harfiyen.cli.score_cmd import evaluate

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)


def test_json_lists_every_first_move_with_gcg_fields() -> None:
    cgp = f"{EMPTY} DINNVWY/ 0/0 0 lex ENABLE-1;"
    result = runner.invoke(app, ["moves", "--cgp", cgp, "--json"])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.output)
    assert moves and {"position", "word", "score"} <= set(moves[0])
    assert moves == sorted(moves, key=lambda m: -m["score"])
    gcg = {(m["position"], m["word"]) for m in moves}
    assert ("8D", "WINDY") in gcg and ("H4", "WINDY") in gcg
    # Every listed play scores what ``harfiyen score`` gives it.
    for move in moves[:: max(1, len(moves) // 20)]:
        _, _, breakdown = evaluate(f"{move['position']} {move['word']}", cgp)
        assert breakdown.total == move["score"]


def test_top_n_with_blank_and_turkish_bonus_square() -> None:
    cgp = f"{EMPTY} KALEMİ?/ 0/0 0 lex TR-1; ld turkish; rules tr@2; bonus25 I8;"
    result = runner.invoke(app, ["moves", "--cgp", cgp, "--top", "3", "--json"])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.output)
    assert len(moves) == 3
    best = find_moves(cgp)
    assert [m["score"] for m in moves] == [m.score for m in best[:3]]
    # A blank is written in lower case (Turkish-aware) and used as "?".
    assert all("?" in m["tiles"] for m in moves if any(c.islower() for c in m["word"]))


def test_through_tiles_are_dots_and_table_output() -> None:
    board = "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15"
    cgp = f"{board} S/ 0/0 0 lex ENABLE-1;"
    moves = find_moves(cgp)
    assert ("8G", "...S") in {(m.position, m.word) for m in moves}
    result = runner.invoke(app, ["moves", "--cgp", cgp, "--top", "2"])
    assert result.exit_code == 0, result.output
    assert "...S" in result.output


def test_bad_position_is_refused_in_both_languages() -> None:
    result = runner.invoke(app, ["moves", "--cgp", "15/15 ABC 0/0 0"])
    assert result.exit_code == 1
    assert "tr:" in result.output and "en:" in result.output
