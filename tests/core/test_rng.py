"""The seeded RNG is a value: the same seed and step give the same results."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from harfiyen.core.rng import Rng


@given(st.integers(), st.lists(st.integers(), max_size=30))
def test_same_seed_same_shuffle(seed: int, items: list[int]) -> None:
    a, next_a = Rng(seed).shuffled(items)
    b, next_b = Rng(seed).shuffled(items)
    assert a == b and next_a == next_b
    assert sorted(a) == sorted(items)
    assert next_a.step == 1


def test_steps_differ() -> None:
    rng = Rng(7)
    first, rng2 = rng.shuffled(range(50))
    second, _ = rng2.shuffled(range(50))
    assert first != second


def test_choice_and_randrange_stay_in_range() -> None:
    rng = Rng(3)
    for _ in range(100):
        value, rng = rng.randrange(5)
        assert 0 <= value < 5
    letter, _ = Rng(3).choice("abc")
    assert letter in "abc"
