"""``harfiyen train leaves`` and ``harfiyen tournament`` with tiny game counts."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from harfiyen.ai.crossword.leaves import load_leaves
from harfiyen.cli import app

runner = CliRunner()


def test_train_leaves_writes_a_table(tmp_path: Path) -> None:
    out = tmp_path / "leaves.json"
    result = runner.invoke(app, [
        "train", "leaves", "--lang", "en", "--games", "2", "--seed", "3", "--workers", "1",
        "--generations", "1", "--out", str(out),
    ])
    assert result.exit_code == 0, result.output
    model = load_leaves(out)
    assert model.lang == "en" and model.games == 2
    assert "train leaves" in model.meta["command"]
    assert "2 oyun" in result.output


def test_tournament_prints_json_summary() -> None:
    result = runner.invoke(app, [
        "tournament", "--lang", "tr", "--a", "orta", "--b", "caylak", "--games", "2",
        "--seed", "1", "--workers", "1", "--json",
    ])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["a"] == "orta" and summary["b"] == "caylak"


def test_tournament_table_and_bad_level() -> None:
    result = runner.invoke(app, [
        "tournament", "--lang", "en", "--a", "expert", "--b", "usta", "--games", "1",
        "--workers", "1", "--b-leaves", "zero",
    ], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Usta / Expert" in result.output and "95%" in result.output
    bad = runner.invoke(app, ["tournament", "--a", "grandmaster"])
    assert bad.exit_code == 2


def test_training_is_reproducible_whatever_the_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"leaves{workers}.json"
        result = runner.invoke(app, [
            "train", "leaves", "--lang", "tr", "--games", "2", "--seed", "9",
            "--workers", workers, "--generations", "2", "--out", str(out),
        ])
        assert result.exit_code == 0, result.output
        outputs.append(out.read_text("utf-8"))
    assert outputs[0] == outputs[1]
