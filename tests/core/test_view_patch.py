"""View patches (harfiyen.core.view_patch): the shared cases, which the web app's
``match/patch.js`` is tested on too (tests/web/test_view_patch_js.py), and round trips."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from harfiyen.core.view_patch import PatchError, apply_patch, diff, same

CASES = json.loads((Path(__file__).with_name("view_patch_cases.json")).read_text("utf-8"))


def _name(case: dict[str, Any]) -> str:
    return str(case["name"])


@pytest.mark.parametrize("case", [c for c in CASES if not c.get("error")], ids=_name)
def test_a_case_applies_to_its_new_value_and_the_old_one_is_kept(case: dict[str, Any]) -> None:
    old = copy.deepcopy(case["old"])
    events = case.get("events", [])
    assert same(apply_patch(old, case["patch"], events), case["new"])
    assert same(old, case["old"]), "applying changed the old value"


@pytest.mark.parametrize("case", [c for c in CASES if not c.get("error")], ids=_name)
def test_the_diff_of_a_case_gives_its_new_value(case: dict[str, Any]) -> None:
    events = case.get("events", [])
    patch = diff(case["old"], case["new"], events)
    assert same(apply_patch(case["old"], patch, events), case["new"])
    assert len(json.dumps(patch)) <= len(json.dumps(case["patch"]))


@pytest.mark.parametrize("case", [c for c in CASES if c.get("error")], ids=_name)
def test_a_patch_that_does_not_fit_is_refused(case: dict[str, Any]) -> None:
    with pytest.raises(PatchError):
        apply_patch(case["old"], case["patch"], case.get("events", []))


def test_types_count_as_changes() -> None:
    assert not same(1, True) and not same(1, 1.0) and not same(0, None)
    assert same({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})


def _random_value(rnd: random.Random, depth: int = 0) -> Any:
    kind = rnd.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rnd.choice([None, True, False])
    if kind == 1:
        return rnd.randrange(-3, 4)
    if kind == 2:
        return rnd.choice(["", "<", "=", "-", "[]", "Ş", "a", "b"])
    if kind == 3:
        return rnd.choice([[], {}, ["-"], ["=", 1], ["<", 0]])
    if kind in (4, 5):
        return [_random_value(rnd, depth + 1) for _ in range(rnd.randrange(6))]
    return {rnd.choice("abcde"): _random_value(rnd, depth + 1) for _ in range(rnd.randrange(5))}


def _mutate(value: Any, rnd: random.Random) -> Any:
    if isinstance(value, list) and value and rnd.random() < 0.7:
        out = [_mutate(v, rnd) if rnd.random() < 0.3 else v for v in value]
        for _ in range(rnd.randrange(3)):
            at = rnd.randrange(len(out) + 1)
            if rnd.random() < 0.5 and out:
                del out[min(at, len(out) - 1)]
            else:
                out.insert(at, _random_value(rnd, 2))
        return out
    if isinstance(value, dict) and value and rnd.random() < 0.7:
        out = {k: _mutate(v, rnd) if rnd.random() < 0.4 else v for k, v in value.items()}
        if rnd.random() < 0.3:
            out.pop(rnd.choice(list(out)))
        if rnd.random() < 0.3:
            out[rnd.choice("vwxyz")] = _random_value(rnd, 2)
        return out
    return _random_value(rnd)


@pytest.mark.parametrize("seed", range(3))
def test_random_values_round_trip_also_through_json(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(400):
        old = _random_value(rnd)
        new = _mutate(old, rnd)
        events = [_random_value(rnd), {"x": new}]
        patch = json.loads(json.dumps(diff(old, new, events)))
        kept = copy.deepcopy(old)
        assert same(apply_patch(old, patch, events), new), (old, new, patch)
        assert same(old, kept)
