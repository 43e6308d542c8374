"""``harfiyen codenames ...``: AI self-play, AI-vs-AI matches and a terminal game."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Final

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from harfiyen.ai.codenames.embeddings import ProgressCallback
from harfiyen.ai.codenames.models import (
    GUESSER_KINDS,
    GUESSER_LANGUAGES,
    GuesserKind,
    make_guesser,
    use_guesser,
    use_spymaster,
    use_vectors,
)
from harfiyen.ai.codenames.selfplay import GameRecord, play_match, play_solo, summarise_solo
from harfiyen.ai.codenames.spymaster import SpymasterSettings
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _language
from harfiyen.games.codenames import (
    SOLO_SEATS,
    Clue,
    CodenamesConfig,
    CodenamesError,
    Guess,
    Pass,
    Phase,
    Seat,
    Team,
    apply,
    new_game,
    view,
)
from harfiyen.games.codenames.events import CardRevealed
from harfiyen.games.codenames.packs import load_pack
from harfiyen.games.codenames.views import CodenamesView
from harfiyen.lexicon.normalize import Language

app = typer.Typer(
    no_args_is_help=True,
    help="Kelime Casusu: AI self-play, matches, a terminal game. / Kelime Casusu: YZ oyunları.",
)

_COLOUR_STYLE: Final = {"red": "bold red", "blue": "bold blue", "neutral": "yellow",
                        "black": "bold white on black"}
_COLOUR_TR: Final = {"red": "kırmızı", "blue": "mavi", "neutral": "tarafsız", "black": "kara"}




def _guesser_kind(kind: str, lang: Language) -> GuesserKind:
    for known in GUESSER_KINDS:
        if kind == known:
            if lang not in GUESSER_LANGUAGES[known]:
                _console().print(
                    f"'{kind}' tahmincisi bu dilde yok / the '{kind}' guesser does not exist "
                    f"for {lang} ({', '.join(GUESSER_LANGUAGES[known])})"
                )
                raise typer.Exit(2)
            return known
    known_kinds = ", ".join(GUESSER_KINDS)
    _console().print(f"Bilinmeyen tahminci / unknown guesser: {kind!r} ({known_kinds})")
    raise typer.Exit(2)


@contextmanager
def _cache_progress(console: Console) -> Iterator[ProgressCallback]:
    """A Rich progress bar for building the embedding cache (shown only while it runs)."""
    with Progress(
        TextColumn("Kelime vektörleri / word vectors"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=console, transient=True,
    ) as progress:
        task = progress.add_task("encode", total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield update


def _load_vectors(lang: Language, console: Console) -> None:
    with _cache_progress(console) as progress:
        loaded = use_vectors(lang, progress=progress)
    if loaded.build_seconds is not None:
        console.print(
            f"Vektör önbelleği kuruldu / embedding cache built: {len(loaded.vectors.words):,} "
            f"words in {loaded.build_seconds:.1f} s"
        )


def _settings(margin_scale: float) -> SpymasterSettings:
    base = SpymasterSettings()
    return replace(
        base, black_margin=base.black_margin * margin_scale,
        opponent_margin=base.opponent_margin * margin_scale,
        neutral_margin=base.neutral_margin * margin_scale,
    )


def _explain(console: Console, record: GameRecord) -> None:
    console.print(f"[bold]seed {record.seed}[/]: {record.winner} ({record.reason}), "
                  f"{record.turns} clues")
    for clue in record.clues:
        console.print(f"  [{clue.team}] {clue.explain()}")


@app.command()
def selfplay(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    games: int = typer.Option(100, "--games", min=1, help="Boards to play. / Oynanacak tahta."),
    guesser: str = typer.Option("usem", "--guesser", help="usem | glove (en) | wordnet (tr)"),
    seed: int = typer.Option(0, "--seed", help="First board seed. / İlk tahta tohumu."),
    margin_scale: float = typer.Option(
        1.0, "--margin-scale", min=0.0, help="Scale the spymaster's safety margins."
    ),
    show: int = typer.Option(0, "--show", min=0, help="Explain the first N games' clues."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """One AI team against the board: win rate, turns, black word. / Tek takım tahtaya karşı."""
    language = _language(lang)
    kind = _guesser_kind(guesser, language)
    console = _console()
    _load_vectors(language, console)
    guesser_agent = make_guesser(kind, language)
    settings = _settings(margin_scale)
    pack = load_pack(language)
    records: list[GameRecord] = []
    started = time.perf_counter()
    with Progress(
        TextColumn("Oyunlar / games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, transient=True, disable=as_json,
    ) as progress:
        task = progress.add_task("games", total=games)
        for n in range(games):
            spymaster = use_spymaster(language, settings)
            records.append(play_solo(pack, language, seed + n, spymaster, guesser_agent))
            progress.advance(task)
    summary = summarise_solo(records)
    result = {"lang": language, "guesser": kind, "seed": seed, **summary.to_dict(),
              "seconds": round(time.perf_counter() - started, 1)}
    if as_json:
        console.print_json(json.dumps(result))
        return
    for record in records[:show]:
        _explain(console, record)
    table = Table(title=f"Kelime Casusu selfplay ({language}, guesser {kind})",
                  title_justify="left", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    table.add_row("Oyun / games", f"{summary.games}")
    table.add_row("Kazanma / win rate", f"{summary.win_rate:.1%}")
    table.add_row("Ort. tur (kazanılan) / avg turns (won)", f"{summary.turns_when_won:.2f}")
    table.add_row("Kara kelime / black word", f"{summary.black_rate:.1%}")
    table.add_row("İpucu başına kelime / words per clue", f"{summary.words_per_clue:.2f}")
    table.add_row("Süre / time", f"{result['seconds']} s")
    console.print(table)


@app.command()
def match(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    games: int = typer.Option(100, "--games", min=1),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Two AI teams (USE) against each other: wins per colour. / İki YZ takımı: renge göre."""
    language = _language(lang)
    console = _console()
    _load_vectors(language, console)
    pack = load_pack(language)
    guesser = use_guesser(language)
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns = 0
    for n in range(games):
        record = play_match(
            pack, language, seed + n,
            (use_spymaster(language), guesser), (use_spymaster(language), guesser),
        )
        wins[record.winner or "none"] += 1
        reasons[f"{record.winner}:{record.reason}"] += 1
        turns += record.turns
    result: dict[str, Any] = {
        "lang": language, "games": games,
        "red_win_rate": round(wins["red"] / games, 4),
        "blue_win_rate": round(wins["blue"] / games, 4),
        "avg_clues": round(turns / games, 2),
        "endings": dict(sorted(reasons.items())),
    }
    if as_json:
        console.print_json(json.dumps(result))
        return
    console.print(
        f"Kırmızı (başlar, 9) / red (starts, 9): {result['red_win_rate']:.1%}   "
        f"Mavi (8) / blue (8): {result['blue_win_rate']:.1%}   "
        f"ort. ipucu / avg clues: {result['avg_clues']}"
    )
    for ending, count in result["endings"].items():
        console.print(f"  {ending}: {count}")


def _board_table(game_view: CodenamesView) -> Table:
    table = Table(show_header=False, show_lines=True)
    for _ in range(5):
        table.add_column(justify="center", min_width=12)
    cells = []
    for card in game_view.cards:
        label = f"{card.index:>2} {card.word}"
        colour = card.colour
        if colour is not None and card.revealed:
            cells.append(f"[{_COLOUR_STYLE[colour]}]{label} ✓[/]")
        elif colour is not None:
            cells.append(f"[{_COLOUR_STYLE[colour]}]{label}[/]")
        else:
            cells.append(label)
    for row in range(5):
        table.add_row(*cells[row * 5:row * 5 + 5])
    return table


@app.command()
def play(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    role: str = typer.Option(
        "guesser", "--role", help="guesser: the AI gives clues; spymaster: the AI guesses."
    ),
    seed: int = typer.Option(0, "--seed", help="Board seed. / Tahta tohumu."),
) -> None:
    """Play red against the board with an AI partner. / YZ ortağıyla tahtaya karşı oyna."""
    language = _language(lang)
    if role not in ("guesser", "spymaster"):
        _console().print("--role: guesser | spymaster")
        raise typer.Exit(2)
    console = _console()
    _load_vectors(language, console)
    state = new_game(CodenamesConfig(load_pack(language), language, SOLO_SEATS, solo=True), seed)
    spymaster, guesser = use_spymaster(language), use_guesser(language)
    turns = 0
    console.print("Kırmızı takım tahtaya karşı: 9 kelimeyi bulun. / Red alone: find all 9 words.")
    while state.outcome is None:
        turns += 1
        if role == "guesser":
            decision = spymaster.give_clue(view(state, Seat(0)))
            state, _ = apply(state, 0, Clue(decision.word, decision.number))
            console.print(f"\n[bold]İpucu / clue: {decision.word} {decision.number}[/]")
        else:
            console.print(_board_table(view(state, Seat(0))))
            state = _human_clue(console, state)
        while state.outcome is None and state.team is Team.RED and state.phase is Phase.GUESS:
            if role == "guesser":
                console.print(_board_table(view(state, Seat(1))))
                move: Guess | Pass = _human_guess(console, state)
            else:
                move = guesser.choose(view(state, Seat(1)))
            try:
                state, events = apply(state, 1, move)
            except CodenamesError as err:
                console.print(f"[red]{err.message.tr} / {err.message.en}[/]")
                continue
            for event in events:
                if isinstance(event, CardRevealed):
                    colour = event.colour.value
                    console.print(f"  {event.word}: [{_COLOUR_STYLE[colour]}]"
                                  f"{_COLOUR_TR[colour]} / {colour}[/]")
    out = state.outcome
    won = out.winner is Team.RED
    console.print(_board_table(view(state, Seat(1))))
    console.print(
        f"{'Kazandınız' if won else 'Kaybettiniz'} / {'you won' if won else 'you lost'} "
        f"({out.reason}) — {turns} tur / turns"
    )
    if role == "guesser":
        console.print("İpuçlarının hedefleri / what each clue meant:")
        for decision in spymaster.history:
            console.print(f"  {decision.word} {decision.number}: {', '.join(decision.targets)}")


def _human_clue(console: Console, state: Any) -> Any:
    while True:
        text = typer.prompt("İpucu ve sayı / clue and number (ör. DENİZ 2)")
        parts = text.split()
        if len(parts) != 2 or not parts[1].isdigit():
            console.print("[red]Bir kelime ve bir sayı yazın / type one word and a number[/]")
            continue
        try:
            state, _ = apply(state, 0, Clue(parts[0], int(parts[1])))
            return state
        except CodenamesError as err:
            console.print(f"[red]{err.message.tr} / {err.message.en}[/]")


def _human_guess(console: Console, state: Any) -> Guess | Pass:
    clue = state.current_clue
    prompt = (f"{clue.word} {clue.number} — kart no ya da 'pas' / card number or 'pass' "
              f"({clue.guesses_left} left)")
    while True:
        text = typer.prompt(prompt).strip().lower()
        if text in ("pas", "pass", "p"):
            return Pass()
        if text.isdigit():
            return Guess(int(text))
        console.print("[red]0–24 arası bir sayı ya da 'pas' / a number 0–24 or 'pass'[/]")
