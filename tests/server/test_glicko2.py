"""Glicko-2 against the worked example of Glickman's paper, and the match wrapper."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.server.glicko2 import Rating, expected_score, rate, rate_match


def test_glickman_worked_example() -> None:
    # 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300 (tau 0.5):
    # the paper ends at 1464.06 / 151.52 / 0.05999 (it rounds intermediate steps).
    after = rate(Rating(1500, 200, 0.06),
                 [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_inactive_player_only_grows_uncertain() -> None:
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert after.rd > 100
    assert rate(Rating(1500, 350, 0.06), []).rd == 350  # never above the starting deviation


def test_a_draw_between_equals_changes_no_rating() -> None:
    a, b = rate_match([Rating(), Rating()], [1, 1])
    assert a.rating == pytest.approx(1500) and b.rating == pytest.approx(1500)
    assert a.rd < 350


def test_winner_gains_what_an_equal_loser_loses() -> None:
    winner, loser = rate_match([Rating(), Rating()], [1, 2])
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)


@given(st.floats(1000, 2200), st.floats(40, 350), st.floats(1000, 2200), st.floats(40, 350))
def test_winning_never_lowers_a_rating(r1: float, d1: float, r2: float, d2: float) -> None:
    before = Rating(r1, d1), Rating(r2, d2)
    winner, loser = rate_match(before, [1, 2])
    assert winner.rating >= r1 and loser.rating <= r2
    assert 0 < expected_score(*before) < 1
