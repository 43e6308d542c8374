"""``harfiyen analyze GAME.gcg [--json]``: the best move of every turn and the equity lost.

Reads a GCG record (English records from other programs, Turkish games saved by
``harfiyen play``), replays it and, for every turn whose rack is recorded,
prints the move played, the best move found, their equities and the loss;
then totals per player. ``--json`` prints one JSON object instead.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from harfiyen.ai.crossword.analysis import GameAnalysis, analyze
from harfiyen.cli.console import console as _console
from harfiyen.core.errors import GameError
from harfiyen.games.crossword.notation.gcg import decode_gcg, parse_gcg
from harfiyen.lexicon.lexicon import load


def analyze_file(path: Path, lexicon: str | None = None, use_equity: bool = True) -> GameAnalysis:
    """Analyse the record in ``path``; raises ``OSError``, ``GameError`` or ``ValueError``."""
    record = parse_gcg(decode_gcg(path.read_bytes()))
    return analyze(record, lexicon=load(lexicon) if lexicon else None, use_equity=use_equity)


def _fmt(value: float | int | None) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def print_analysis(result: GameAnalysis, console: Console) -> None:
    """The turn table and the totals, in Turkish and English headings."""
    table = Table(title=f"{result.rules} · {result.lexicon} · {result.valuation}")
    # Two-line headings (Turkish over English) keep the table narrow.
    for heading in ("#", "Oyuncu\nPlayer", "Istaka\nRack", "Oynanan\nPlayed", "Puan\nPts",
                    "Değer\nEquity", "En iyi\nBest", "Puan\nPts", "Değer\nEquity",
                    "Kayıp\nLoss"):
        table.add_column(heading, overflow="fold")
    for t in result.turns:
        loss = _fmt(t.loss) if t.loss is not None else t.note
        style = "bold red" if t.loss is not None and t.loss >= 10 else None
        table.add_row(
            str(t.number), t.nick, t.rack, t.played, str(t.played_score),
            _fmt(t.played_equity), t.best or "", _fmt(t.best_score), _fmt(t.best_equity),
            loss, style=style,
        )
    console.print(table)
    totals = Table(title="Toplam / Totals")
    for heading in ("Oyuncu\nPlayer", "Sıra\nTurns", "İncelenen\nAnalysed",
                    "Kayıp\nEquity lost", "Ortalama\nAverage", "En iyi\nBest moves"):
        totals.add_column(heading, overflow="fold")
    for p in result.totals:
        totals.add_row(p.nick, str(p.turns), str(p.analysed), f"{p.equity_lost:g}",
                       f"{p.average_loss:.2f}", str(p.best_moves))
    console.print(totals)
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
) -> None:
    """Best move and equity lost for every turn. / Her hamlenin en iyisi ve kaybı."""
    console = _console()
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
    print_analysis(result, console)
