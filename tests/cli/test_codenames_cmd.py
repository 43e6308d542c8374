"""``harfiyen codenames selfplay | match | play`` with the real model and a small vocabulary."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harfiyen.ai.codenames import models
from harfiyen.cli import app

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def small_vocabulary() -> Iterator[None]:
    patch = pytest.MonkeyPatch()
    patch.setenv(models.VOCABULARY_ENV, "1500")
    models.forget_vectors()
    yield
    models.forget_vectors()
    patch.undo()


def test_selfplay_json() -> None:
    result = runner.invoke(app, ["codenames", "selfplay", "--lang", "tr", "--games", "2",
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["games"] == 2 and summary["guesser"] == "use+wordnet+glove"
    assert 0 <= summary["win_rate"] <= 1 and summary["black_rate"] <= 1


def test_selfplay_table_and_explanations() -> None:
    result = runner.invoke(app, ["codenames", "selfplay", "--lang", "en", "--games", "1",
                                 "--show", "1"])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "targets" in result.output


def test_selfplay_refuses_an_unknown_reader() -> None:
    result = runner.invoke(app, ["codenames", "selfplay", "--lang", "tr", "--guesser", "bert"])
    assert result.exit_code == 2 and "bert" in result.output


def test_matrix_writes_its_cells(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    result = runner.invoke(app, ["codenames", "matrix", "--lang", "en", "--boards", "2",
                                 "--spymasters", "use+glove", "--guessers", "use,wordnet",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    cells = json.loads(out.read_text())["cells"]
    assert [(c["guesser"], c["shared"]) for c in cells] == [("use", True), ("wordnet", False)]
    assert all(c["games"] == 2 for c in cells)


def test_agreement_counts_what_the_left_out_reader_agrees_with() -> None:
    result = runner.invoke(app, ["codenames", "agreement", "--lang", "tr", "--boards", "5",
                                 "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output[result.output.index("["):])
    assert {(r["left_out"], r["margin"]) for r in rows} == {
        (name, m) for name in models.SIGNALS for m in (0.5, 1.0, 2.0)}
    for row in rows:
        assert 0 <= row["agree"] <= row["clues"]
    by_margin = {(r["left_out"], r["margin"]): r["clues"] for r in rows}
    assert all(by_margin[(n, 0.5)] >= by_margin[(n, 1.0)] >= by_margin[(n, 2.0)]
               for n in models.SIGNALS)  # a wider margin keeps fewer clues


def test_pack_report_finds_no_deal_with_a_pair() -> None:
    result = runner.invoke(app, ["codenames", "pack-report", "--lang", "tr", "--deals", "300",
                                 "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["words"] == report["in_vocabulary"] == 400
    assert report["deals_with_a_pair"] == 0 and report["pairs_kept_apart"]


def test_match_reports_both_colours() -> None:
    result = runner.invoke(app, ["codenames", "match", "--lang", "tr", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert data["red_win_rate"] + data["blue_win_rate"] == pytest.approx(1.0)


def test_play_as_guesser_then_as_spymaster() -> None:
    # The human touches cards 0, 1, 2, ... in order: the game ends before the input does.
    guesses = "\n".join(str(i) for i in range(25)) + "\n"
    result = runner.invoke(app, ["codenames", "play", "--lang", "tr", "--seed", "1"],
                           input=guesses)
    assert result.exit_code == 0, result.output
    assert "İpucu / clue" in result.output and "turns" in result.output
    # The key reads without colour (a mark per colour, a legend) and a clue log keeps score.
    assert "▲ kırmızı / red" in result.output and "Kalan / left" in result.output
    # A neutral card's sign is as visible as the others (the web board's "●", not a dot).
    assert "● tarafsız / neutral" in result.output and "·" not in result.output
    clues = "\n".join(["x", "DENİZCİLİK 1"] * 30) + "\n"
    result = runner.invoke(app, ["codenames", "play", "--lang", "tr", "--role", "spymaster",
                                 "--seed", "1"], input=clues)
    assert result.exit_code == 0, result.output
    assert "type one word and a number" in result.output
