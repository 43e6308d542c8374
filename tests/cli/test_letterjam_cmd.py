"""``harfiyen letterjam selfplay | play``: statistics, and a whole terminal game."""

from __future__ import annotations

from typer.testing import CliRunner

from harfiyen.cli import app

runner = CliRunner()


def test_selfplay_prints_team_and_player_rates() -> None:
    result = runner.invoke(
        app, ["letterjam", "selfplay", "--lang", "tr", "--players", "2", "--games", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "team win rate" in result.output
    assert "player 1" in result.output and "player 2" in result.output
    assert "clues used" in result.output
    assert "decision time offer" in result.output


def test_selfplay_refuses_bad_options() -> None:
    result = runner.invoke(app, ["letterjam", "selfplay", "--players", "7", "--games", "1"])
    assert result.exit_code == 2
    assert "2–6" in result.output
    result = runner.invoke(app, ["letterjam", "selfplay", "--lang", "fr", "--games", "1"])
    assert result.exit_code == 2


def test_play_a_whole_game_taking_the_suggestions() -> None:
    # Enter takes every default: the AI's choice for the human's own view.
    result = runner.invoke(
        app, ["letterjam", "play", "--lang", "tr", "--players", "2", "--seed", "4"],
        input="\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "Sonuç / result" in result.output
    assert "The team wins!" in result.output or "The team loses." in result.output
    assert "suggestion" in result.output


def test_play_with_typed_answers_and_refusals() -> None:
    # The first answers: stay on the card, then an offer using one's own card,
    # which the engine refuses when the clue is given; the rest are defaults.
    script = "\n" + "P0 N0\n" + "\n" * 400
    result = runner.invoke(
        app, ["letterjam", "play", "--lang", "en", "--players", "2", "--seed", "1"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    assert "Sonuç / result" in result.output
