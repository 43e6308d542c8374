"""``harfiyen lexicon ...`` (the shipped word lists) and ``harfiyen define WORD``."""

from __future__ import annotations

from typing import Final

import typer
from rich.table import Table

from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _language
from harfiyen.core.errors import GameError
from harfiyen.lexicon.lexicon import Lexicon, load
from harfiyen.lexicon.meanings import define as lookup_meanings
from harfiyen.lexicon.normalize import Language, upper
from harfiyen.lexicon.wordlists import LEXICON_IDS

app = typer.Typer(
    no_args_is_help=True,
    help="Word lists (lexicons). / Kelime listeleri (sözlükler).",
)

_LANGUAGES: Final[tuple[Language, ...]] = ("tr", "en")




def _load(lexicon_id: str) -> Lexicon:
    try:
        return load(lexicon_id)
    except GameError as err:
        _console().print(f"{err.message.tr} / {err.message.en}")
        raise typer.Exit(2) from None


@app.command()
def info(
    lexicon_ids: list[str] = typer.Argument(  # noqa: B008 - Typer's declaration style
        None, help="Lexicon ids (default: all shipped). / Sözlük kimlikleri (varsayılan: hepsi)."
    ),
) -> None:
    """Show the shipped lexicons. / Gelen sözlükleri gösterir."""
    console = _console()
    for lexicon_id in lexicon_ids or LEXICON_IDS:
        lexicon = _load(lexicon_id)
        automaton = lexicon.automaton
        source = "önbellekten / from cache" if lexicon.from_cache else "derlendi / built"
        table = Table(title=lexicon.id, show_header=False, title_justify="left")
        table.add_column("", style="bold")
        table.add_column("", justify="right")
        table.add_row("dil / language", lexicon.language)
        table.add_row("kelime / words", f"{len(lexicon):,}")
        table.add_row("2 harfli / 2-letter", f"{len(lexicon.words_of_length(2)):,}")
        table.add_row("3 harfli / 3-letter", f"{len(lexicon.words_of_length(3)):,}")
        table.add_row("sha256", (lexicon.sha256 or "-")[:16])
        table.add_row("düğüm / nodes", f"{automaton.node_count:,}")
        table.add_row("kenar / edges", f"{automaton.edge_count:,}")
        table.add_row("yükleme / load", f"{lexicon.load_seconds * 1000:.0f} ms, {source}")
        console.print(table)


@app.command()
def check(
    words: list[str] = typer.Argument(..., help="Words to look up. / Aranacak kelimeler."),  # noqa: B008
    lexicon_id: str = typer.Option("TR-1", "--lexicon", "-l", help="Lexicon id. / Sözlük."),
) -> None:
    """Say whether words are in a lexicon; exit 1 if any is not.
    / Kelimeler sözlükte mi; biri yoksa çıkış kodu 1."""
    lexicon = _load(lexicon_id)
    console = _console()
    missing = False
    for word in words:
        normal = upper(word, lexicon.language)
        if normal in lexicon:
            console.print(
                f"[green]✓[/green] {normal}: {lexicon.id} sözlüğünde var / is in {lexicon.id}"
            )
        else:
            missing = True
            console.print(
                f"[red]✗[/red] {normal}: {lexicon.id} sözlüğünde yok / is not in {lexicon.id}"
            )
    if missing:
        raise typer.Exit(1)


@app.command()
def words(
    lexicon_id: str = typer.Argument(..., help="Lexicon id. / Sözlük."),
    length: int = typer.Option(2, "--length", "-n", help="Word length. / Kelime uzunluğu."),
) -> None:
    """List the words of one length (e.g. the 2-letter words for review).
    / Bir uzunluktaki kelimeleri listeler."""
    lexicon = _load(lexicon_id)
    found = lexicon.words_of_length(length)
    console = _console()
    for word in found:
        console.print(word)
    console.print(f"# {len(found)} kelime / words", style="dim")


def define(
    word: str = typer.Argument(..., help="The word. / Kelime."),
    lang: str = typer.Option("tr", "--lang", help="tr or en. / tr veya en."),
) -> None:
    """Meaning of a word (a dictionary, separate from the lexicon).
    / Bir kelimenin anlamı (sözlükten ayrı bir kaynaktan)."""
    language = _language(lang)
    meanings = lookup_meanings(word, language)
    console = _console()
    if not meanings:
        console.print(
            f"Anlam bulunamadı: {word!r} / No meaning found: {word!r}"
            if language == "tr"
            else f"No meaning found: {word!r} / Anlam bulunamadı: {word!r}"
        )
        raise typer.Exit(1)
    console.print(f"[bold]{upper(word, language)}[/bold]")
    for number, meaning in enumerate(meanings, 1):
        head = f"{number}. [italic]{meaning.pos_name(language)}[/italic]"
        if meaning.word != word and upper(meaning.word, language) != upper(word, language):
            head += f" ({meaning.word})"
        console.print(f"{head} {meaning.definition}")
        for example in meaning.examples:
            console.print(f"     [dim]“{example}”[/dim]")
        if meaning.synonyms:
            label = "eş anlamlılar" if language == "tr" else "synonyms"
            console.print(f"     [dim]{label}: {', '.join(meaning.synonyms)}[/dim]")
