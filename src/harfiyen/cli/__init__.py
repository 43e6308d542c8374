"""The ``harfiyen`` command line (Typer + Rich)."""

from __future__ import annotations

import typer

from harfiyen.cli import gcg_cmd, lexicon_cmd, moves_cmd, score_cmd, server_cmd

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Harfiyen: Turkish-first word games. / Harfiyen: önce Türkçe kelime oyunları.",
)
app.add_typer(lexicon_cmd.app, name="lexicon")
app.add_typer(gcg_cmd.app, name="gcg")
app.command("define")(lexicon_cmd.define)
app.command("score")(score_cmd.score)
app.command("moves")(moves_cmd.moves)
app.command("serve")(server_cmd.serve)
app.add_typer(server_cmd.db_app, name="db")


def main() -> None:
    """Entry point of the console script."""
    app()
