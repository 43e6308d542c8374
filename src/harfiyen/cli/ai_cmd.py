"""Crossword bot commands: ``harfiyen train leaves|winprob`` and ``harfiyen tournament``.

``train leaves`` learns the leave table of a language from seeded self-play
(in parallel, with a progress bar) and writes it where the bots read it;
``train winprob`` fits the win-probability table the analysis reads.
``tournament`` plays one level against another in seeded games and prints a
table: win rate with a 95% interval, average score and bingos per game, and
move times.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from harfiyen.ai.crossword.leaves import shipped_path
from harfiyen.ai.crossword.levels import Level
from harfiyen.ai.crossword.selfplay import train_leaves
from harfiyen.ai.crossword.tournament import MatchGame, run_match
from harfiyen.ai.crossword.winprob import shipped_winprob_path
from harfiyen.ai.crossword.winprob_training import train_winprob
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _check_lang

train_app = typer.Typer(
    no_args_is_help=True,
    help="Train the crossword bots. / Kelime oyunu botlarını eğit.",
)



def _workers(workers: int | None) -> int:
    return workers if workers and workers > 0 else (os.cpu_count() or 1)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=console, transient=False,
    )


@train_app.command("leaves")
def leaves(
    lang: str = typer.Option(..., "--lang", help="tr or en. / tr ya da en."),
    games: int = typer.Option(1000, "--games", min=1, help="Self-play games. / Oyun sayısı."),
    seed: int = typer.Option(1, "--seed", help="Seed of the run. / Tohum."),
    workers: int | None = typer.Option(
        None, "--workers", help="Processes (default: all cores). / Süreç sayısı."
    ),
    generations: int = typer.Option(
        2, "--generations", min=1, help="Rounds of play-then-fit. / Oyna-uydur turları."
    ),
    out: str | None = typer.Option(
        None, "--out", help="Output JSON (default: the shipped table). / Çıktı dosyası."
    ),
) -> None:
    """Learn leave values from seeded self-play. / Öz-oyundan ıstaka değerleri öğren."""
    lang = _check_lang(lang)
    console = _console()
    # The result depends on these options only (not on --workers).
    command = (
        f"harfiyen train leaves --lang {lang} --games {games} --seed {seed} "
        f"--generations {generations}"
    )
    with _progress(console) as progress:
        task = progress.add_task(f"{lang}: öz-oyun / self-play", total=games)
        model = train_leaves(
            lang, games, seed, workers=_workers(workers), generations=generations,
            progress=lambda done: progress.update(task, completed=done), command=command,
        )
    target = Path(out) if out else shipped_path(lang)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(model.to_json() + "\n", encoding="utf-8")
    console.print(
        f"{model.meta['games']} oyun, {model.meta['samples']} örnek → {target} "
        f"/ {model.meta['games']} games, {model.meta['samples']} samples"
    )
    table = Table("Bırakılan / Leave", "Değer / Value")
    for leave in ("?", "S", "E", "Q", "QU", "EEE", "AEINST", "K", "Ğ", "J"):
        try:
            table.add_row(leave, f"{model.value(leave):+.1f}")
        except KeyError:
            continue
    console.print(table)


@train_app.command("winprob")
def winprob(
    lang: str = typer.Option(..., "--lang", help="tr or en. / tr ya da en."),
    games: int = typer.Option(2000, "--games", min=5, help="Self-play games. / Oyun sayısı."),
    seed: int = typer.Option(1, "--seed", help="Seed of the run. / Tohum."),
    workers: int | None = typer.Option(
        None, "--workers", help="Processes (default: all cores). / Süreç sayısı."
    ),
    out: str | None = typer.Option(
        None, "--out", help="Output JSON (default: the shipped table). / Çıktı dosyası."
    ),
) -> None:
    """Fit the win-probability table from seeded self-play. / Öz-oyundan kazanma olasılığı
    tablosunu çıkar."""
    lang = _check_lang(lang)
    console = _console()
    # The result depends on these options only (not on --workers).
    command = f"harfiyen train winprob --lang {lang} --games {games} --seed {seed}"
    with _progress(console) as progress:
        task = progress.add_task(f"{lang}: öz-oyun / self-play", total=games)
        model = train_winprob(
            lang, games, seed, workers=_workers(workers),
            progress=lambda done: progress.update(task, completed=done), command=command,
        )
    target = Path(out) if out else shipped_winprob_path(lang)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(model.to_json() + "\n", encoding="utf-8")
    cal = model.meta["calibration"]
    console.print(
        f"{games} oyun → {target}; ayrılmış oyunlarda Brier {cal['brier']} "
        f"(sabit tahmin {cal['brier_constant']}) / {games} games; held-out Brier {cal['brier']}"
    )
    table = Table("Torba / Bag", "Eşitlik / Even at", "Ölçek / Scale")
    for b in model.buckets:
        table.add_row(f"{b.low}-{b.high}", f"{b.offset:+.1f}", f"{b.scale:.1f}")
    console.print(table)
    bins = Table("Tahmin / Predicted", "Gözlenen / Observed", "Örnek / Samples")
    for row in cal["bins"]:
        bins.add_row(f"{row['predicted']:.3f}", f"{row['observed']:.3f}", str(row["samples"]))
    console.print(bins)


def tournament(
    lang: str = typer.Option("tr", "--lang", help="tr or en. / tr ya da en."),
    a: str = typer.Option("usta", "--a", help="Level A (e.g. usta/expert). / A seviyesi."),
    b: str = typer.Option("orta", "--b", help="Level B. / B seviyesi."),
    games: int = typer.Option(400, "--games", min=1, help="Games. / Oyun sayısı."),
    seed: int = typer.Option(1, "--seed", help="Seed. / Tohum."),
    workers: int | None = typer.Option(
        None, "--workers", help="Processes (default: all cores). / Süreç sayısı."
    ),
    a_budget: float | None = typer.Option(None, "--a-time", help="Seconds per move for A."),
    b_budget: float | None = typer.Option(None, "--b-time", help="Seconds per move for B."),
    a_leaves: str | None = typer.Option(
        None, "--a-leaves", help="Leave table for A: 'zero' (score-only) or a JSON file."
    ),
    b_leaves: str | None = typer.Option(
        None, "--b-leaves", help="Leave table for B: 'zero' (score-only) or a JSON file."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Play level A against level B. / A seviyesini B seviyesine karşı oynat."""
    lang = _check_lang(lang)
    try:
        la, lb = Level.parse(a), Level.parse(b)
    except ValueError as error:
        _console().print(f"[bold red]{error}[/]")
        raise typer.Exit(2) from None
    console = _console(stderr=as_json)
    wins = [0.0]

    def advance(game: MatchGame) -> None:
        wins[0] += game.a_points
        progress.update(task, advance=1, description=f"{la.value}–{lb.value}: {wins[0]:g}")

    with _progress(console) as progress:
        task = progress.add_task(f"{la.value}–{lb.value}", total=games)
        result = run_match(
            lang, la, lb, games, seed, workers=_workers(workers), a_budget=a_budget,
            b_budget=b_budget, a_leaves=a_leaves, b_leaves=b_leaves, progress=advance,
        )
    summary = result.summary()
    if as_json:
        typer.echo(json.dumps(summary))
        return
    low, high = summary["a_win_rate_95"]
    table = Table(title=f"{lang}: {games} oyun / games, seed {seed}")
    for header in (
        "Seviye / Level", "Kazanma / Win rate", "95% aralık / CI", "Ort. puan / Avg score",
        "Bingo/oyun / per game", "Hamle ms p50/p95",
    ):
        table.add_column(header)
    for side, level, rate, ci in (
        ("a", la, summary["a_win_rate"], f"{low:.1%}–{high:.1%}"),
        ("b", lb, 1 - summary["a_win_rate"], f"{1 - high:.1%}–{1 - low:.1%}"),
    ):
        p50, p95 = summary[f"{side}_move_ms_p50_p95"]
        name = f"{level.tr_name} / {level.en_name}"
        extra = (a_leaves if side == "a" else b_leaves)
        if extra:
            name += f" (leaves: {extra})"
        table.add_row(
            name, f"{rate:.1%}", ci, f"{summary[f'{side}_avg_score']:.1f}",
            f"{summary[f'{side}_bingos_per_game']:.2f}", f"{p50:.0f}/{p95:.0f}",
        )
    console.print(table)


__all__ = ["tournament", "train_app"]
