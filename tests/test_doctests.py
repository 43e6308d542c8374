"""Run the doctest examples of the pure layers (core, lexicon, games)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import harfiyen

PURE_LAYERS = ("harfiyen.core", "harfiyen.lexicon", "harfiyen.games")
# Build-time only: imports the word-source packages, which the runtime does not need.
SKIP = {"harfiyen.lexicon.sources"}


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(harfiyen.__path__, "harfiyen."):
        if info.name.startswith(PURE_LAYERS) and info.name not in SKIP:
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
