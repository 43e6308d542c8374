"""Placeholder: filled in by its owner."""
import typer

app = typer.Typer(help="Word lists.")


@app.command()
def info() -> None:
    """Show the shipped lexicons."""


def define(word: str) -> None:
    """Meaning of a word."""
