"""``harfiyen games`` lists every registered game with its options."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from harfiyen.cli import app


def test_games_lists_the_registry() -> None:
    result = CliRunner().invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = {g["name"]: g for g in json.loads(result.output)}
    assert set(listed) == {"crossword", "codenames", "letterjam"}
    families = listed["crossword"]["options"]["families"]
    assert families["en"]["variants"] == ["standard", "nine-tile", "finish-line"]
    assert listed["letterjam"]["title"]["tr"] == "Harf Takıl"
    table = CliRunner().invoke(app, ["games"])
    assert table.exit_code == 0 and "Kelime Casusu" in table.output
