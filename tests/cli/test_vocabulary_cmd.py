"""``harfiyen vocabulary report``: what the rule for AI words admits and refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.lexicon.fitness import unfit

runner = CliRunner()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_report_runs_and_counts_every_context(lang: str) -> None:
    result = runner.invoke(app, ["vocabulary", "report", "--lang", lang, "--samples", "3"])
    assert result.exit_code == 0, result.output
    text = result.output
    spans = ("common", "everyday", "wide", "whole")
    for heading in (*(f"## play / {span}" for span in spans), "## say", "## deal"):
        assert heading in text
    assert f"| **all** | {len(unfit(lang))} |" in text  # type: ignore[arg-type]
    assert "| slur |" in text and "| unfit:sexual |" in text and "| rare |" in text
    assert "| not_vocabulary |" in text


def test_report_lists_the_vocabulary_words_it_refuses(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    result = runner.invoke(app, ["vocabulary", "report", "--lang", "tr", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    refused = text.split("Refused although in the people's vocabulary", 1)[1].split("\n", 1)[0]
    for word in ("SEKS", "EROTİK", "SAPIK", "KÜRTAJ", "ÖZÜRLÜ"):
        assert f" {word}" in refused


def test_report_refuses_an_unknown_language() -> None:
    result = runner.invoke(app, ["vocabulary", "report", "--lang", "de"])
    assert result.exit_code == 2
