"""``harfiyen analyze GAME.gcg [--json]``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.games.crossword.notation.gcg import EventKind, parse_gcg

runner = CliRunner()
OUTSIDE = Path(__file__).resolve().parents[2] / ".." / "shared" / "testdata" / "gcg"


def test_game_saved_by_play_is_analysed_in_json(tmp_path: Path) -> None:
    path = tmp_path / "tr.gcg"
    played = runner.invoke(
        app, ["play", "--rules", "tr", "--level", "orta", "--seed", "21", "--save", str(path)],
        input="pass\n" * 80,
    )
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rules"] == "tr@2" and data["lexicon"] == "TR-1"
    record = parse_gcg(path.read_text(encoding="utf-8"))
    moves = [e for e in record.events
             if e.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)]
    assert len(data["turns"]) == len(moves)
    human = [t for t in data["turns"] if t["nick"] == "sen"]
    # Passing with a playable rack loses equity.
    assert all(t["played"] == "pass" for t in human)
    assert sum(t["loss"] for t in human if t["loss"] is not None) > 0
    totals = {t["nick"]: t for t in data["totals"]}
    assert set(totals) == {"sen", "bot"}
    assert totals["sen"]["equity_lost"] > totals["bot"]["equity_lost"]


@pytest.mark.skipif(not OUTSIDE.is_dir() and os.environ.get("CI") != "true",
                    reason="outside GCG records not present (CI requires them)")
def test_outside_english_record_table() -> None:
    path = OUTSIDE / "liwords__stats__combined_low_scoring.gcg"
    result = runner.invoke(app, ["analyze", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Per player" in result.output and "Marlon_Hill" in result.output
    assert "a blunder 10% or more" in result.output
    turkish = runner.invoke(app, ["analyze", str(path)]).output
    assert "Oyuncu başına" in turkish and "vahim hata %10 ve üstü" in turkish
    assert "%1 ile %3 arası" in turkish
    data = json.loads(runner.invoke(app, ["analyze", str(path), "--json"]).output)
    assert len(data["turns"]) >= 5
    assert data["win_chances"] is True
    for turn in data["turns"]:
        assert turn["loss"] is None or turn["loss"] >= 0
        assert turn["win_lost"] is None or 0 <= turn["win_lost"] <= 1


def test_missing_file_is_an_error() -> None:
    result = runner.invoke(app, ["analyze", "/nonexistent/game.gcg"])
    assert result.exit_code == 1
    assert "cannot read" in result.output
