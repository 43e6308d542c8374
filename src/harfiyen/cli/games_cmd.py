"""``harfiyen games``: the registered games and the options a new game of each takes."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from harfiyen.cli.console import console
from harfiyen.games import games


def games_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON output. / JSON çıktı."),
) -> None:
    """List the registered games. / Kayıtlı oyunları listele."""
    specs = list(games())
    if as_json:
        typer.echo(json.dumps(
            [{"name": s.name, "title": {"tr": s.title.tr, "en": s.title.en},
              "options": s.option_table()} for s in specs],
            ensure_ascii=False, indent=1,
        ))
        return
    table = Table("game / oyun", "title / ad", "options / seçenekler")
    for spec in specs:
        options = json.dumps(spec.option_table(), ensure_ascii=False)
        table.add_row(spec.name, f"{spec.title.tr} / {spec.title.en}", options)
    console().print(table)
