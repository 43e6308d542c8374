"""The web app's view patches (js/match/patch.js) on the cases harfiyen.core.view_patch is
tested on (tests/core/view_patch_cases.json), run by node (no browser needed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .test_static import WEB

HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "core" / "view_patch_cases.json"


def test_the_web_app_applies_every_shared_case() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    # A file named .mjs is an ES module to node whatever the package says.
    result = subprocess.run(
        [node, "--experimental-default-type=module", str(HERE / "view_patch_cases.mjs"),
         str(WEB / "js" / "match" / "patch.js"), str(CASES)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
