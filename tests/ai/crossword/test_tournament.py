"""Self-play games and tournaments (tiny game counts: the real runs are commands)."""

from __future__ import annotations

import pytest

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.levels import Level
from harfiyen.ai.crossword.selfplay import play_game
from harfiyen.ai.crossword.tournament import percentiles_ms, run_match, wilson


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 400)
    assert low == pytest.approx(0.451, abs=1e-3) and high == pytest.approx(0.549, abs=1e-3)
    assert wilson(1.0, 10)[1] == 1.0 and wilson(0.0, 10)[0] == 0.0
    assert wilson(0.5, 0) == (0.0, 1.0)


def test_percentiles() -> None:
    assert percentiles_ms([0.001 * k for k in range(1, 101)]) == [50.5, 95.0]
    assert percentiles_ms([]) == [0.0, 0.0]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_self_play_game_ends_and_collects_samples(lang: str) -> None:
    agents = [make_agent("orta", lang=lang, seed=k) for k in range(2)]
    result = play_game(agents, lang, 12, collect=True)
    assert result.places in ((1, 2), (2, 1), (1, 1))
    assert result.moves > 10
    assert result.samples and all(len(leave) <= 6 for leave, _ in result.samples)
    assert all(len(t) > 0 for t in result.think)


def test_match_is_seeded_and_alternates_seats() -> None:
    first = run_match("tr", "orta", "caylak", 2, 5)
    again = run_match("tr", Level.INTERMEDIATE, "beginner", 2, 5)
    assert [g.a_seat for g in first.games] == [0, 1]
    strip = [(g.seed, g.a_score, g.b_score, g.a_points) for g in first.games]
    assert strip == [(g.seed, g.a_score, g.b_score, g.a_points) for g in again.games]
    summary = first.summary()
    assert summary["games"] == 2 and 0 <= summary["a_win_rate"] <= 1
    low, high = summary["a_win_rate_95"]
    assert low <= summary["a_win_rate"] <= high


def test_score_only_override() -> None:
    result = run_match("en", "usta", "usta", 1, 2, a_leaves="zero")
    assert result.count == 1
