"""``harfiyen gcg check``: one line per file, a closing count, exit code 1 on failure."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from harfiyen.cli import app

runner = CliRunner()

GOOD = """\
#character-encoding UTF-8
#player1 ayşe Ayşe
#player2 ılgın Ilgın
#rules tr@2
#bonus25 I8
>ayşe: AEKLMİŞ 8H KALEM +37 37
>ılgın: ?IİNRŞU H4 çİLE. +4 4
"""

ENGLISH = """\
#player1 ann Ann
#player2 bob Bob
>ann: DINNVWY 8D WINDY +32 32
>bob: ADEEGIL 7C GALE +16 16
>ann: (DEIL) +10 42
"""


def test_check_passes_and_fails(tmp_path: Path) -> None:
    good = tmp_path / "good.gcg"
    good.write_text(GOOD, encoding="utf-8")
    english = tmp_path / "english.gcg"
    english.write_text(ENGLISH, encoding="utf-8")
    bad = tmp_path / "bad.gcg"
    bad.write_text(ENGLISH.replace("GALE +16 16", "GALE +18 18"), encoding="utf-8")
    result = runner.invoke(app, ["gcg", "check", "--no-words", str(good), str(english), str(bad)])
    lines = result.output.splitlines()
    assert lines[0] == "PASS good.gcg (2 moves, unknown words: ?)"
    assert lines[1] == "PASS english.gcg (3 moves, unknown words: ?)"
    assert lines[2] == "FAIL bad.gcg: move 2 (bob 7C GALE): score expected 18, got 16"
    assert lines[-1] == "2 passed, 1 failed"
    assert result.exit_code == 1


def test_all_passing_exits_zero_and_latin1_files_are_read(tmp_path: Path) -> None:
    latin = tmp_path / "latin.gcg"
    latin.write_bytes(ENGLISH.replace("ann", "jos\xe9").encode("iso-8859-1"))
    result = runner.invoke(app, ["gcg", "check", "--no-words", str(latin)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "1 passed, 0 failed"


def test_unreadable_files_fail(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gcg"
    broken.write_text("#player1 a A\n>a: what is this\n", encoding="utf-8")
    missing = tmp_path / "missing.gcg"
    result = runner.invoke(app, ["gcg", "check", "--no-words", str(broken), str(missing)])
    lines = result.output.splitlines()
    assert lines[0].startswith("FAIL broken.gcg: gcg.bad_line")
    assert lines[1].startswith("FAIL missing.gcg: cannot read")
    assert lines[-1] == "0 passed, 2 failed"
    assert result.exit_code == 1


def test_unknown_words_are_counted_with_the_lexicon(tmp_path: Path) -> None:
    english = tmp_path / "english.gcg"
    english.write_text(ENGLISH.replace("WINDY", "WINDX").replace("DINNVWY", "DINNVWX")
                       .replace("+32 32", "+40 40").replace("+10 42", "+10 50"),
                       encoding="utf-8")
    result = runner.invoke(app, ["gcg", "check", str(english)])
    line = result.output.splitlines()[0]
    assert line.startswith("PASS english.gcg (3 moves, unknown words: ")
    assert line != "PASS english.gcg (3 moves, unknown words: 0)"
