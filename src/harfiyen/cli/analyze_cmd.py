"""``harfiyen analyze GAME.gcg [--json] [--lang tr|en]``: every turn's best move, the
equity and the win chances lost.

Reads a GCG record (English records from other programs, Turkish games saved by
``harfiyen play``), replays it and, for every turn whose rack is recorded,
prints the move played, the best move found, their equities and win chances,
the losses and the mistake's class; then totals per player (mistakes per
class). ``--json`` prints one JSON object instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

import typer
from rich.console import Console
from rich.table import Table

from harfiyen.ai.crossword.analysis import MISTAKE_CLASSES, GameAnalysis, analyze
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _check_lang
from harfiyen.core.errors import GameError
from harfiyen.games.crossword.notation.gcg import decode_gcg, parse_gcg
from harfiyen.lexicon.lexicon import load


def analyze_file(path: Path, lexicon: str | None = None, use_equity: bool = True) -> GameAnalysis:
    """Analyse the record in ``path``; raises ``OSError``, ``GameError`` or ``ValueError``."""
    record = parse_gcg(decode_gcg(path.read_bytes()))
    return analyze(record, lexicon=load(lexicon) if lexicon else None, use_equity=use_equity)


#: What the tables say, per language (GLOSSARY: ıstaka, hamle, pas, değiştir).
TEXTS: Final[dict[str, dict[str, str]]] = {
    "tr": {
        "player": "Oyuncu", "rack": "Istaka", "played": "Oynanan", "points": "Puan",
        "equity": "Değer", "win": "Kazanma şansı", "best": "En iyi", "win_lost": "Şans kaybı",
        "mistake": "Hata", "loss": "Değer kaybı", "totals": "Oyuncu başına", "turns": "Hamle",
        "analysed": "İncelenen", "average": "Ortalama kayıp", "best_moves": "En iyi hamle",
        "average_win": "Ortalama şans kaybı", "small": "küçük hata", "large": "büyük hata",
        "blunder": "vahim hata", "no_table": "Bu dil için kazanma şansı tablosu yok.",
        "classes": "Hatalar kaybedilen kazanma şansına göre: küçük hata {small} ile {large} "
                   "arası, büyük hata {large} ile {blunder} arası, vahim hata {blunder} ve üstü.",
    },
    "en": {
        "player": "Player", "rack": "Rack", "played": "Played", "points": "Pts",
        "equity": "Equity", "win": "Win chance", "best": "Best", "win_lost": "Win chance lost",
        "mistake": "Mistake", "loss": "Equity lost", "totals": "Per player", "turns": "Turns",
        "analysed": "Analysed", "average": "Average loss", "best_moves": "Best moves",
        "average_win": "Average win chance lost", "small": "small mistake",
        "large": "big mistake", "blunder": "blunder",
        "no_table": "There is no win-chance table for this language.",
        "classes": "Mistakes by the win chance lost: a small mistake {small} to {large}, "
                   "a big mistake {large} to {blunder}, a blunder {blunder} or more.",
    },
}


def number(value: float | int | None, lang: str, digits: int = 1) -> str:
    """``value`` the way ``lang`` writes it: ``1.234,5`` in Turkish, ``1,234.5`` in English."""
    if value is None:
        return ""
    text = f"{value:,.{digits}f}" if isinstance(value, float) else f"{value:,}"
    if lang == "tr":
        text = text.translate(str.maketrans(",.", ".,"))
    return text


def percent(fraction: float | None, lang: str, digits: int = 1) -> str:
    """A probability as a percentage: ``%67,9`` in Turkish, ``67.9%`` in English."""
    if fraction is None:
        return ""
    text = number(100 * fraction, lang, digits)
    return f"%{text}" if lang == "tr" else f"{text}%"


def print_analysis(result: GameAnalysis, console: Console, lang: str = "tr") -> None:
    """The turn table and the totals, in ``lang``."""
    say = TEXTS["tr" if lang == "tr" else "en"]
    table = Table(title=f"{result.rules} · {result.lexicon} · {result.valuation}")
    for heading in ("#", say["player"], say["rack"], say["played"], say["points"],
                    say["equity"], say["win"], say["best"], say["points"], say["equity"],
                    say["win"], say["loss"], say["win_lost"], say["mistake"]):
        table.add_column(heading, overflow="fold")
    styles = {"blunder": "bold red", "large": "red", "small": "yellow"}
    for t in result.turns:
        loss = number(t.loss, lang) if t.loss is not None else t.note
        table.add_row(
            str(t.number), t.nick, t.rack, t.played, str(t.played_score),
            number(t.played_equity, lang), percent(t.played_win, lang), t.best or "",
            number(t.best_score, lang), number(t.best_equity, lang), percent(t.best_win, lang),
            loss, percent(t.win_lost, lang), say.get(t.mistake, ""),
            style=styles.get(t.mistake),
        )
    console.print(table)
    totals = Table(title=say["totals"])
    headings = [say["player"], say["turns"], say["analysed"], say["loss"], say["average"],
                say["best_moves"]]
    if result.win_chances:
        headings += [say["average_win"], say["small"], say["large"], say["blunder"]]
    for heading in headings:
        totals.add_column(heading, overflow="fold")
    for p in result.totals:
        row = [p.nick, str(p.turns), str(p.analysed), number(p.equity_lost, lang),
               number(p.average_loss, lang, 2), str(p.best_moves)]
        if result.win_chances:
            row += [percent(p.average_win_lost, lang),
                    *(str(p.mistakes.get(name, 0)) for name in ("small", "large", "blunder"))]
        totals.add_row(*row)
    console.print(totals)
    bounds = {name: percent(bound, lang, 0) for name, bound in MISTAKE_CLASSES}
    console.print(say["classes"].format(**bounds) if result.win_chances else say["no_table"])
    for note in result.notes:
        console.print(f"[yellow]{note}[/]")


def analyze_cmd(
    game: Path = typer.Argument(..., help="A GCG game record. / Bir GCG oyun kaydı."),  # noqa: B008
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object. / JSON yaz."),
    lexicon: str | None = typer.Option(
        None, "--lexicon", help="Lexicon id (default: the record's, else the rule set's)."
    ),
    score_only: bool = typer.Option(
        False, "--score-only", help="Value moves by score only. / Yalnız puana göre değerlendir."
    ),
    lang: str = typer.Option("tr", "--lang", help="Language of the tables: tr or en. / Dil."),
) -> None:
    """Best move and equity lost for every turn. / Her hamlenin en iyisi ve kaybı."""
    console = _console()
    lang = _check_lang(lang)
    try:
        result = analyze_file(game, lexicon, use_equity=not score_only)
    except OSError as error:
        console.print(f"[bold red]okunamadı / cannot read: {game} ({error.strerror or error})[/]")
        raise typer.Exit(1) from None
    except GameError as error:
        console.print(f"[bold red]{error.code}[/]\ntr: {error.message.tr}\nen: {error.message.en}")
        raise typer.Exit(1) from None
    except ValueError as error:
        console.print(f"[bold red]{error}[/]")
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(result.as_json(), ensure_ascii=False))
        return
    print_analysis(result, console, lang)
