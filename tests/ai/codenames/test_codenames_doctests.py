"""The doctest examples of the Kelime Casusu AI modules."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["spymaster", "vocabulary", "wordnet_relations"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"harfiyen.ai.codenames.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
