"""``harfiyen score MOVE --cgp POSITION``: the breakdown, or the refusal in both languages."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.cli.score_cmd import evaluate

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)


def test_turkish_move_with_bonus_square_and_breakdown() -> None:
    cgp = f"{EMPTY} KALEMİS/ 0/0 0 lex TR-1; ld turkish; rules tr@2; bonus25 I8;"
    result = runner.invoke(app, ["score", "8H KALEM", "--cgp", cgp])
    assert result.exit_code == 0, result.output
    assert "8H KALEM: 37 puan / points (tr@2)" in result.output
    assert "K1 A1 L1 E1 M2" in result.output
    assert "H8:K2" in result.output
    assert "★25" in result.output and "+25" in result.output


def test_evaluate_gives_words_and_breakdown() -> None:
    cgp = f"{EMPTY} DINNVWY/ 0/0 0 lex ENABLE-1;"
    rules, words, breakdown = evaluate("8D WINDY", cgp)
    assert rules.key == "en@2"
    assert [w.text for w in words] == ["WINDY"]
    assert breakdown.total == 32


def test_english_bingo_is_shown() -> None:
    cgp = f"{EMPTY} AEINRST/ 0/0 0"
    result = runner.invoke(app, ["score", "8H RETAINS", "--cgp", cgp])
    assert result.exit_code == 0, result.output
    assert "Bingo" in result.output and "+50" in result.output
    assert "RETAINS" in result.output


def test_lang_option_reads_turkish_letters() -> None:
    cgp = f"{EMPTY} / 0/0 0"
    result = runner.invoke(app, ["score", "8H kalem", "--cgp", cgp, "--lang", "tr"])
    assert result.exit_code == 0, result.output
    assert "k0 a0 l0 e0 m0" in result.output


@pytest.mark.parametrize(
    ("move", "cgp", "code"),
    [
        ("8H WINDX", f"{EMPTY} DINNVWX/ 0/0 0", "unknown_words"),
        ("8H WINDY", f"{EMPTY} AEIRST/ 0/0 0", "tile_not_on_rack"),
        ("8A WINDY", f"{EMPTY} DINNVWY/ 0/0 0", "first_move_off_centre"),
        ("8Z WINDY", f"{EMPTY} DINNVWY/ 0/0 0", "notation.bad_position"),
        ("8H WINDY", "15/15 A/B 0/0 0", "cgp.bad_position"),
    ],
)
def test_refusals_print_code_and_both_messages(move: str, cgp: str, code: str) -> None:
    result = runner.invoke(app, ["score", move, "--cgp", cgp])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == code
    assert lines[1].startswith("tr: ") and lines[2].startswith("en: ")
