"""Placeholder: filled in by its owner."""
import typer

app = typer.Typer(help="GCG game records.")


@app.command()
def check(files: list[str]) -> None:
    """Replay GCG records."""
