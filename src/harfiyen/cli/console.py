"""What the commands share: one console and the check of a language argument."""

from __future__ import annotations

import typer
from rich.console import Console

from harfiyen.lexicon.normalize import Language

#: Tables printed into a file or a pipe are not cut to the 80 columns Rich assumes there.
PIPE_WIDTH = 140


def console(*, stderr: bool = False) -> Console:
    """A console without syntax highlighting, wide enough for tables when not a terminal."""
    out = Console(highlight=False, stderr=stderr)
    if not out.is_terminal:
        out.width = max(out.width, PIPE_WIDTH)
    return out


def language(lang: str) -> Language:
    """``tr`` or ``en``; anything else ends the command with exit code 2 and a bilingual message."""
    if lang == "tr":
        return "tr"
    if lang == "en":
        return "en"
    console().print(f"Bilinmeyen dil / unknown language: {lang!r} (tr, en)")
    raise typer.Exit(2)


__all__ = ["PIPE_WIDTH", "console", "language"]
