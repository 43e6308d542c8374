"""The ``harfiyen`` command line (Typer + Rich)."""

from __future__ import annotations

import typer

from harfiyen.cli import (
    ai_cmd,
    analyze_cmd,
    codenames_cmd,
    games_cmd,
    gcg_cmd,
    letterjam_cmd,
    lexicon_cmd,
    moves_cmd,
    play_cmd,
    score_cmd,
    server_cmd,
    vocabulary_cmd,
)

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Harfiyen: Turkish-first word games. / Harfiyen: önce Türkçe kelime oyunları.",
)
app.add_typer(lexicon_cmd.app, name="lexicon")
app.add_typer(gcg_cmd.app, name="gcg")
app.add_typer(codenames_cmd.app, name="codenames")
app.add_typer(letterjam_cmd.app, name="letterjam")
app.add_typer(vocabulary_cmd.app, name="vocabulary")
app.command("define")(lexicon_cmd.define)
app.command("score")(score_cmd.score)
app.command("moves", help=moves_cmd.HELP)(moves_cmd.moves)
app.command("serve")(server_cmd.serve)
app.add_typer(server_cmd.db_app, name="db")
app.add_typer(ai_cmd.train_app, name="train")
app.command("tournament")(ai_cmd.tournament)
app.command("play")(play_cmd.play)
app.command("analyze")(analyze_cmd.analyze_cmd)
app.command("games")(games_cmd.games_cmd)


def main() -> None:
    """Entry point of the console script."""
    app()
