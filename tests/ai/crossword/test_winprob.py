"""The win-probability table: its shape, its file, and its fit on self-play samples."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from harfiyen.ai.crossword.winprob import Bucket, WinModel, shipped_win_model
from harfiyen.ai.crossword.winprob_training import Sample, calibration, fit_curve, fit_model

MODEL = WinModel("en", (
    Bucket(0, 0, 0, 0.0, 4.0),
    Bucket(1, 20, 10, 2.0, 15.0),
    Bucket(21, 200, 60, 8.0, 40.0),
))


def test_monotone_in_spread_at_every_bag_size() -> None:
    for bag in range(0, 100, 3):
        chances = [MODEL.win(spread, bag) for spread in range(-200, 201, 5)]
        assert all(a < b or b == 1.0 for a, b in pairwise(chances))
        assert 0.0 <= chances[0] < 0.5 < chances[-1] <= 1.0


def test_smooth_between_bucket_centres_and_a_lead_counts_more_late() -> None:
    # Between centres 10 and 60 the curve is blended: no jump at a bucket's edge.
    assert abs(MODEL.win(20, 20) - MODEL.win(20, 21)) < 0.01
    # The same lead is worth more with fewer tiles left.
    assert MODEL.win(30, 0) > MODEL.win(30, 10) > MODEL.win(30, 60)
    # An empty bag uses its own curve only.
    assert MODEL.win(0, 0) == pytest.approx(0.5)


def test_extreme_spreads_do_not_overflow() -> None:
    assert MODEL.win(10**6, 0) == 1.0 and MODEL.win(-(10**6), 0) == 0.0


def test_json_round_trip() -> None:
    again = WinModel.from_json(MODEL.to_json())
    assert again.buckets == MODEL.buckets and again.lang == "en"


def test_scale_must_be_positive() -> None:
    with pytest.raises(ValueError):
        Bucket(0, 0, 0, 0.0, 0.0)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_shipped_tables_load_with_their_calibration(lang: str) -> None:
    model = shipped_win_model(lang)
    assert model is not None and model.lang == lang
    meta = model.meta
    assert meta["command"].startswith(f"harfiyen train winprob --lang {lang}")
    cal = meta["calibration"]
    # Better than always saying the average.
    assert cal["brier"] < cal["brier_constant"]
    assert model.win(0, 0) < model.win(50, 0)


def test_fit_recovers_a_known_curve() -> None:
    rng = random.Random(4)
    truth = WinModel("en", (Bucket(0, 0, 0, 3.0, 6.0), Bucket(1, 200, 50, 10.0, 30.0)))
    samples = []
    for _ in range(6000):
        bag = rng.choice([0, 50])
        spread = rng.randint(-120, 120)
        samples.append(Sample(bag, spread, 1.0 if rng.random() < truth.win(spread, bag) else 0.0))
    offset, scale = fit_curve([s for s in samples if s.bag == 50])
    assert offset == pytest.approx(10.0, abs=4.0) and scale == pytest.approx(30.0, rel=0.15)
    model = fit_model("en", samples, {})
    cal = calibration(model, samples)
    assert cal["brier"] < cal["brier_constant"]
    for row in cal["bins"]:
        assert abs(row["predicted"] - row["observed"]) < 0.1
