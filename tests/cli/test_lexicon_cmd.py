"""``harfiyen lexicon ...`` and ``harfiyen define``."""

from __future__ import annotations

from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.lexicon import wordlists

runner = CliRunner()


def test_info_shows_every_lexicon() -> None:
    result = runner.invoke(app, ["lexicon", "info"])
    assert result.exit_code == 0, result.output
    for lexicon_id in wordlists.LEXICON_IDS:
        assert lexicon_id in result.output
    entry = wordlists.manifest()["lexicons"]["TR-1"]
    assert f"{entry['words']:,}" in result.output
    assert entry["sha256"][:16] in result.output


def test_info_for_one_lexicon() -> None:
    result = runner.invoke(app, ["lexicon", "info", "ENABLE-1"])
    assert result.exit_code == 0
    assert "ENABLE-1" in result.output and "TR-1" not in result.output


def test_info_unknown_lexicon() -> None:
    result = runner.invoke(app, ["lexicon", "info", "NOPE-1"])
    assert result.exit_code == 2
    assert "NOPE-1" in result.output


def test_check_words() -> None:
    ok = runner.invoke(app, ["lexicon", "check", "kalem", "ışık", "--lexicon", "TR-1"])
    assert ok.exit_code == 0, ok.output
    assert "KALEM" in ok.output and "IŞIK" in ok.output
    missing = runner.invoke(app, ["lexicon", "check", "kalemqq", "-l", "TR-1"])
    assert missing.exit_code == 1


def test_words_of_one_length() -> None:
    result = runner.invoke(app, ["lexicon", "words", "ENABLE-1", "--length", "2"])
    assert result.exit_code == 0
    lines = result.output.split()
    assert "AA" in lines and "OX" in lines and "QI" not in lines  # ENABLE predates QI


def test_define_turkish() -> None:
    result = runner.invoke(app, ["define", "kalem"])
    assert result.exit_code == 0, result.output
    assert "KALEM" in result.output and "Yazma" in result.output
    assert "isim" in result.output


def test_define_english() -> None:
    result = runner.invoke(app, ["define", "house", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "building" in result.output and "noun" in result.output


def test_define_unknown_word_exits_1() -> None:
    result = runner.invoke(app, ["define", "qxzqxz"])
    assert result.exit_code == 1
    assert "Anlam bulunamadı" in result.output and "No meaning found" in result.output


def test_define_unknown_language_exits_2() -> None:
    result = runner.invoke(app, ["define", "kalem", "--lang", "fr"])
    assert result.exit_code == 2
