"""``harfiyen train winprob``: a tiny seeded run writes a table with its command and
its held-out calibration."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from harfiyen.ai.crossword.winprob import WinModel
from harfiyen.cli import app

runner = CliRunner()


def test_a_tiny_run_writes_a_table(tmp_path: Path) -> None:
    out = tmp_path / "winprob_en.json"
    result = runner.invoke(app, ["train", "winprob", "--lang", "en", "--games", "5",
                                 "--seed", "3", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    model = WinModel.from_json(out.read_text(encoding="utf-8"))
    assert model.meta["command"] == "harfiyen train winprob --lang en --games 5 --seed 3"
    assert model.meta["held_out_games"] == 1
    assert model.meta["calibration"]["samples"] > 0
    assert model.win(40, 30) > model.win(-40, 30)
