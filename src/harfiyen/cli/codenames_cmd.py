"""``harfiyen codenames ...``: AI self-play, AI-vs-AI matches and a terminal game."""

from __future__ import annotations

import csv
import json
import statistics
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from harfiyen.ai.codenames import models, people_data
from harfiyen.ai.codenames import people as people_model
from harfiyen.ai.codenames.embeddings import ProgressCallback
from harfiyen.ai.codenames.evaluate import Cell, Tally, clue_sample, run_cell
from harfiyen.ai.codenames.evaluate import agreement as reader_agreement
from harfiyen.ai.codenames.guesser import Guesser, GuesserSettings
from harfiyen.ai.codenames.models import (
    PRODUCT_SIGNALS,
    SignalName,
    make_guesser,
    make_spymaster,
    parse_signals,
    use_vectors,
)
from harfiyen.ai.codenames.selfplay import GameRecord, play_match, play_solo, summarise_solo
from harfiyen.ai.codenames.spymaster import SpymasterSettings
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _language
from harfiyen.core.rng import Rng
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
from harfiyen.games.codenames.key import draw_board
from harfiyen.games.codenames.packs import load_pack, pack_pairs
from harfiyen.lexicon import vocabulary as people
from harfiyen.lexicon.normalize import Language

app = typer.Typer(
    no_args_is_help=True,
    help="Kelime Casusu: AI self-play, matches, a terminal game. / Kelime Casusu: YZ oyunları.",
)

_COLOUR_STYLE: Final = {"red": "bold red", "blue": "bold blue", "neutral": "yellow",
                        "black": "bold white on black"}
_COLOUR_TR: Final = {"red": "kırmızı", "blue": "mavi", "neutral": "tarafsız", "black": "kara"}




def _signals(text: str) -> tuple[SignalName, ...]:
    try:
        return parse_signals(text)
    except ValueError as err:
        _console().print(f"Bilinmeyen okuyucu / unknown reader: {err}")
        raise typer.Exit(2) from err


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


_PRODUCT: Final = models.label(PRODUCT_SIGNALS)
_SIGNALS_HELP: Final = "Readers joined by '+': use, wordnet, glove. / Okuyucular."


def _explain(console: Console, record: GameRecord) -> None:
    console.print(f"[bold]seed {record.seed}[/]: {record.winner} ({record.reason}), "
                  f"{record.turns} clues")
    for clue in record.clues:
        console.print(f"  [{clue.team}] {clue.explain()}")


@app.command()
def selfplay(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    games: int = typer.Option(100, "--games", min=1, help="Boards to play. / Oynanacak tahta."),
    spymaster: str = typer.Option(_PRODUCT, "--spymaster", help=_SIGNALS_HELP),
    guesser: str = typer.Option(_PRODUCT, "--guesser", help=_SIGNALS_HELP),
    seed: int = typer.Option(0, "--seed", help="First board seed. / İlk tahta tohumu."),
    margin_scale: float = typer.Option(
        1.0, "--margin-scale", min=0.0, help="Scale the spymaster's safety margins."
    ),
    show: int = typer.Option(0, "--show", min=0, help="Explain the first N games' clues."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """One AI team against the board: win rate, turns, black word. / Tek takım tahtaya karşı."""
    language = _language(lang)
    spy_signals, guess_signals = _signals(spymaster), _signals(guesser)
    console = _console()
    _load_vectors(language, console)
    guesser_agent = make_guesser(language, guess_signals)
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
            agent = make_spymaster(language, spy_signals, settings)
            records.append(play_solo(pack, language, seed + n, agent, guesser_agent))
            progress.advance(task)
    summary = summarise_solo(records)
    result = {"lang": language, "spymaster": models.label(spy_signals),
              "guesser": models.label(guess_signals), "seed": seed, **summary.to_dict(),
              "seconds": round(time.perf_counter() - started, 1)}
    if as_json:
        console.print_json(json.dumps(result))
        return
    for record in records[:show]:
        _explain(console, record)
    table = Table(title=f"Kelime Casusu selfplay ({language}, {result['spymaster']} → "
                        f"{result['guesser']})",
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
    ai: str = typer.Option("people", "--ai", help="people (the product) | readers (before "
                           "the people model: the readers' own spymaster and guesser)"),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Two AI teams against each other: wins per colour, words per clue, black words.
    / İki YZ takımı: renge göre kazanma, ipucu başına kelime, kara kelime."""
    language = _language(lang)
    if ai not in ("people", "readers"):
        _console().print(f"--ai: people | readers, not {ai!r}")
        raise typer.Exit(2)
    console = _console()
    _load_vectors(language, console)
    pack = load_pack(language)

    def spymaster() -> Any:
        if ai == "people":
            return make_spymaster(language)
        return make_spymaster(language, PRODUCT_SIGNALS, SpymasterSettings())

    guesser = (make_guesser(language) if ai == "people"
               else make_guesser(language, PRODUCT_SIGNALS, GuesserSettings()))
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns = clues = own = multi = black = won_clues = 0
    with Progress(TextColumn("Maçlar / matches"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True,
                  disable=as_json) as progress:
        task = progress.add_task("matches", total=games)
        for n in range(games):
            record = play_match(pack, language, seed + n, (spymaster(), guesser),
                                (spymaster(), guesser))
            wins[record.winner or "none"] += 1
            reasons[f"{record.winner}:{record.reason}"] += 1
            turns += record.turns
            black += record.black
            for clue in record.clues:
                clues += 1
                multi += clue.decision.number >= 2
                own += sum(1 for _, colour in clue.revealed if colour == clue.team)
                won_clues += clue.team == record.winner
            progress.advance(task)
    result: dict[str, Any] = {
        "lang": language, "ai": ai, "games": games, "seeds": f"{seed}–{seed + games - 1}",
        "red_win_rate": round(wins["red"] / games, 4),
        "blue_win_rate": round(wins["blue"] / games, 4),
        "avg_clues": round(turns / games, 2),
        "words_per_clue": round(own / clues, 3) if clues else 0.0,
        "multi_word_clues": round(multi / clues, 4) if clues else 0.0,
        "black_games": black,
        "winner_clues": round(won_clues / games, 2),
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
    console.print(
        f"İpucu başına kelime / words per clue: {result['words_per_clue']:.2f}   "
        f"2+ kelimelik ipucu / clues for 2+ words: {result['multi_word_clues']:.1%}   "
        f"kara kelime / black word: {black} of {games}   "
        f"kazananın ipucu / winner's clues: {result['winner_clues']}"
    )
    for ending, count in result["endings"].items():
        console.print(f"  {ending}: {count}")


#: Each colour has a mark of its own, so the key reads without colour (and in print).
# The web board's signs (codenames/board.js CUES): each readable without colour.
_MARK: Final = {"red": "▲", "blue": "■", "neutral": "●", "black": "✖"}
_LEGEND: Final = ("▲ kırmızı / red   ■ mavi / blue   ● tarafsız / neutral   ✖ kara / black"
                  "   ✓ açıldı / revealed")


def _wire(game_view: Any) -> Mapping[str, Any]:
    """A view's JSON form (the CLI prints from it)."""
    wire: Mapping[str, Any] = game_view.to_json() if hasattr(game_view, "to_json") else game_view
    return wire


def _board_table(game_view: Any) -> Table:
    """The 25 cards: number, word and, where the viewer may see it, the colour's mark."""
    game_view = _wire(game_view)
    table = Table(show_header=False, show_lines=True, caption=_LEGEND)
    for _ in range(5):
        table.add_column(justify="center", min_width=14)
    cells = []
    for card in game_view["cards"]:
        colour = card.get("colour")
        mark = _MARK[colour] if colour is not None else " "
        label = f"{card['index']:>2} {mark} {card['word']}{' ✓' if card['revealed'] else ''}"
        cells.append(f"[{_COLOUR_STYLE[colour]}]{label}[/]" if colour is not None else label)
    for row in range(5):
        table.add_row(*cells[row * 5:row * 5 + 5])
    return table


def _clue_log(game_view: Any) -> Table:
    """Every clue so far with the cards guessed under it, and the words left per team."""
    game_view = _wire(game_view)
    left = game_view["remaining"]
    table = Table(title="İpuçları / clues", title_justify="left",
                  caption=f"Kalan / left: ▲ kırmızı / red {left['red']}   "
                          f"■ mavi / blue {left['blue']}", caption_justify="left")
    table.add_column("takım / team")
    table.add_column("ipucu / clue")
    table.add_column("tahminler / guesses")
    for clue in game_view["clues"]:
        guesses = ", ".join(f"{g['word']} {_MARK[g['colour']]}" for g in clue["guesses"]) or "-"
        team = f"{_MARK[clue['team']]} {_COLOUR_TR[clue['team']]} / {clue['team']}"
        table.add_row(team, f"{clue['word']} {clue['number']}", guesses)
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
    spymaster, guesser = make_spymaster(language), make_guesser(language)
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
                    console.print(f"  {event.word}: [{_COLOUR_STYLE[colour]}]{_MARK[colour]} "
                                  f"{_COLOUR_TR[colour]} / {colour}[/]")
        console.print(_clue_log(view(state, Seat(1))))
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


# --- evaluation -------------------------------------------------------------------------------

_ALL_SPYMASTERS: Final = "use,wordnet,glove,use+wordnet,use+glove,wordnet+glove,use+wordnet+glove"
_ALL_GUESSERS: Final = "use,wordnet,glove,use+wordnet+glove"


def _matrix_chunk(lang: Language, spymaster: str, guesser: str, start: int, stop: int
                  ) -> tuple[int, ...]:
    """One chunk of boards of one cell (run in a worker process)."""
    cell = Cell(parse_signals(spymaster), parse_signals(guesser))
    return run_cell(lang, cell, range(start, stop)).astuple()


def _prepare(lang: Language, names: Sequence[SignalName], console: Console) -> None:
    """Build every table once (and its disk caches) before workers start."""
    _load_vectors(lang, console)
    with console.status("Okuyucular hazırlanıyor / preparing the readers"):
        for name in names:
            models.table(lang, name)


@app.command()
def agreement(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    boards: int = typer.Option(150, "--boards", min=1, help="Boards. / Tahta sayısı."),
    seed: int = typer.Option(0, "--seed", help="Seed of the boards. / Tahta tohumu."),
    as_json: bool = typer.Option(False, "--json", help="Print the rows as JSON."),
) -> None:
    """How often the reader a spymaster leaves out agrees with the two it consults.
    / Anlatıcının danışmadığı okuyucu, danıştığı ikisine ne sıklıkla katılıyor."""
    language = _language(lang)
    console = _console()
    _prepare(language, models.SIGNALS, console)
    rows = reader_agreement(language, boards, seed)
    if as_json:
        console.print_json(json.dumps(rows))
        return
    table = Table(title=f"Okuyucu uyumu / reader agreement ({language}, {boards} boards, "
                        f"seed {seed})", title_justify="left")
    for name in ("dışarıda / left out", "margin (z)", "clues", "agrees"):
        table.add_column(name, justify="left" if "/" in name else "right")
    for row in rows:
        rate = "-" if row["rate"] is None else f"{row['rate']:.1%}"
        table.add_row(row["left_out"], f"{row['margin']:.1f}", f"{row['clues']:,}", rate)
    console.print(table)


@app.command()
def matrix(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    boards: int = typer.Option(1000, "--boards", min=1, help="Boards per cell. / Hücre başına."),
    seed: int = typer.Option(0, "--seed", help="First board seed. / İlk tahta tohumu."),
    spymasters: str = typer.Option(_ALL_SPYMASTERS, "--spymasters",
                                   help="Comma-separated reader sets. / Anlatıcılar."),
    guessers: str = typer.Option(_ALL_GUESSERS, "--guessers",
                                 help="Comma-separated reader sets. / Tahminciler."),
    workers: int = typer.Option(1, "--workers", min=1, help="Processes. / Süreç sayısı."),
    chunk: int = typer.Option(100, "--chunk", min=1, help="Boards per job. / İş başına tahta."),
    out: Path | None = typer.Option(None, "--out", help="Write the results as JSON."),  # noqa: B008
) -> None:
    """The cross-reader matrix: each spymaster reader set × each guesser reader set, solo
    boards: win %, turns, black word %. / Okuyucu matrisi."""
    language = _language(lang)
    console = _console()
    cells = [Cell(_signals(a), _signals(b)) for a in spymasters.split(",")
             for b in guessers.split(",")]
    _prepare(language, sorted({n for c in cells for n in (*c.spymaster, *c.guesser)}), console)
    jobs = [(i, start, min(start + chunk, seed + boards)) for i in range(len(cells))
            for start in range(seed, seed + boards, chunk)]
    totals = [Tally() for _ in cells]
    started = time.perf_counter()
    with Progress(TextColumn("Tahtalar / boards"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console) as progress:
        task = progress.add_task("boards", total=len(cells) * boards)
        if workers == 1:
            for i, start, stop in jobs:
                totals[i] = totals[i] + run_cell(language, cells[i], range(start, stop))
                progress.advance(task, stop - start)
        else:
            with ProcessPoolExecutor(workers) as pool:
                futures = {
                    pool.submit(_matrix_chunk, language, models.label(cells[i].spymaster),
                                models.label(cells[i].guesser), start, stop): (i, stop - start)
                    for i, start, stop in jobs
                }
                for future in as_completed(futures):
                    i, size = futures[future]
                    totals[i] = totals[i] + Tally(*future.result())
                    progress.advance(task, size)
    rows = [{"spymaster": models.label(c.spymaster), "guesser": models.label(c.guesser),
             "shared": c.shared, **t.to_dict()} for c, t in zip(cells, totals, strict=True)]
    table = Table(title=f"Kelime Casusu: okuyucu matrisi / cross-reader matrix ({language}, "
                        f"{boards} boards per cell, seeds {seed}–{seed + boards - 1})",
                  title_justify="left")
    for name in ("anlatıcı / spymaster", "tahminci / guesser", "ortak / shared", "win %",
                 "turns (won)", "black %", "words/clue"):
        table.add_column(name, justify="left" if "/" in name else "right")
    for row in rows:
        table.add_row(row["spymaster"], row["guesser"], "yes" if row["shared"] else "no",
                      f"{row['win_rate']:.1%}", f"{row['avg_turns'] or 0:.2f}",
                      f"{row['black_rate']:.1%}", f"{row['words_per_clue']:.2f}")
    console.print(table)
    seconds = round(time.perf_counter() - started, 1)
    console.print(f"{seconds} s")
    if out is not None:
        out.write_text(json.dumps({"lang": language, "boards": boards, "seed": seed,
                                   "seconds": seconds, "cells": rows}, indent=2) + "\n")


def _read_verdicts(path: Path) -> dict[tuple[int, str], tuple[str, str]]:
    """(seed, clue) → (verdict, why) from a TSV a reader filled in."""
    if not path.exists():
        return {}
    found = {}
    with path.open(encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t"):
            if row and row[0].isdigit():
                found[(int(row[0]), row[1])] = (row[3], row[4] if len(row) > 4 else "")
    return found


@app.command("clue-sample")
def clue_sample_cmd(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    boards: int = typer.Option(50, "--boards", min=1),
    seed: int = typer.Option(5000, "--seed", help="First board seed. / İlk tahta tohumu."),
    out: Path = typer.Option(Path("docs/evaluation"), "--out", help="Folder of the files."),  # noqa: B008
) -> None:
    """The first AI clue of seeded boards, for people to judge: writes
    ``clue_sample_<lang>.md`` with the verdicts of ``verdicts_<lang>.tsv``. / İpucu örneği."""
    language = _language(lang)
    console = _console()
    _prepare(language, PRODUCT_SIGNALS, console)
    with console.status("İpuçları / clues"):
        sample = clue_sample(language, boards, seed)
    verdicts = _read_verdicts(out / f"verdicts_{language}.tsv")
    lines = [
        f"# Kelime Casusu: {boards} AI clues ({language}), judged by a fluent reader", "",
        f"`harfiyen codenames clue-sample --lang {language} --boards {boards} --seed {seed}`: "
        "the first clue of each seeded solo board (red's spymaster, readers "
        f"{models.label(PRODUCT_SIGNALS)}), its intended words, and what the AI guesser "
        f"touched. Verdicts come from `verdicts_{language}.tsv`.", "",
        "| seed | clue | targets | guesser touched | black | verdict | why |",
        "|---|---|---|---|---|---|---|",
    ]
    count: Counter[str] = Counter()
    for item in sample:
        verdict, why = verdicts.get((item["seed"], item["clue"]), ("?", "not judged yet"))
        count[verdict] += 1
        touched = ", ".join(f"{w} ({c})" for w, c in item["touched"])
        lines.append(f"| {item['seed']} | {item['clue']} {item['number']} | "
                     f"{', '.join(item['targets'])} | {touched} | {item['board']['black'][0]} | "
                     f"{verdict} | {why} |")
    judged = sum(count.values())
    lines += ["", "Verdicts: " + ", ".join(f"{k} {v} ({v / judged:.0%})"
                                           for k, v in sorted(count.items())), ""]
    out.mkdir(parents=True, exist_ok=True)
    (out / f"clue_sample_{language}.md").write_text("\n".join(lines), encoding="utf-8")
    (out / f"clue_sample_{language}.json").write_text(
        json.dumps(sample, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    console.print(f"{out / f'clue_sample_{language}.md'}: " + ", ".join(
        f"{k} {v}" for k, v in sorted(count.items())))


_DATA_HELP: Final = "The people's data folder (default ../shared/testdata/kelime-casusu)."


def _people_folder(data: Path | None) -> Path:
    folder = data or people_data.default_folder()
    if not (folder / "clues_tr.jsonl").exists():
        _console().print(f"Veri yok / people's data not found: {folder}")
        raise typer.Exit(2)
    return folder


@app.command("people-fit")
def people_fit(
    data: Path | None = typer.Option(None, "--data", help=_DATA_HELP),  # noqa: B008
    l2: float = typer.Option(people_data.L2, "--l2", min=0.0, help="L2 penalty."),
) -> None:
    """Fit the people model of both languages on the boards with even numbers and write
    its coefficients to the package (``ai/codenames/data/people_model.json``).
    / İnsan okuma modelini uydur."""
    folder = _people_folder(data)
    console = _console()
    out: dict[str, Any] = {
        "about": "Kelime Casusu people model (harfiyen.ai.codenames.people): conditional "
                 "logit weights of a person's next touch, written by `harfiyen codenames "
                 "people-fit`.",
        "split": "fitted on the boards with an even number (tr-1000, tr-1002 ..., en-2000 ...) "
                 "of both languages together; odd boards are held out. A language's model "
                 "leaves out the features that are 0 on all its clues (weight 0).",
        "l2": l2, "models": {},
    }
    for lang in ("tr", "en"):
        _load_vectors(lang, console)
    with console.status("Uyduruluyor / fitting"):
        weights, about = people_data.fit_languages(("tr", "en"), folder, l2)
    models_ = {lang: people_model.PeopleModel(lang, tuple(float(w) for w in found))
               for lang, found in weights.items()}
    out["models"] = {lang: {**m.to_dict(), "fitted_on": about} for lang, m in models_.items()}
    table = Table(title="İnsan modeli / people model (tr+en)", title_justify="left")
    table.add_column("feature")
    for lang in models_:
        table.add_column(f"weight ({lang})", justify="right")
    for n, name in enumerate(people_model.FEATURES):
        table.add_row(name, *(f"{m.weights[n]:+.3f}" for m in models_.values()))
    console.print(table)
    path = Path(people_model.__file__).resolve().parent / "data" / people_model.MODEL_FILE
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    console.print(f"{path}")


@app.command("people-eval")
def people_eval(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    data: Path | None = typer.Option(None, "--data", help=_DATA_HELP),  # noqa: B008
    part: str = typer.Option("held", "--part", help="held | fit"),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """The people's clues read by the current readers and by the people model, on the
    held-out boards (odd numbers). / İnsanların ipuçları: okuyucular ve insan modeli."""
    language = _language(lang)
    folder = _people_folder(data)
    console = _console()
    _load_vectors(language, console)
    items = [i for i in people_data.load(language, folder)
             if people_data.part(i.board_id) == part]
    scores = people_data.product_scores(language)
    rows: dict[str, dict[str, Any]] = {}
    reads: dict[str, dict[str, Any]] = {}
    readers = [models.reader(language, name) for name in PRODUCT_SIGNALS]
    with Progress(TextColumn("İpuçları / clues"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True,
                  disable=as_json) as progress:
        signals = (*PRODUCT_SIGNALS, *people_model.EXTRA)
        task = progress.add_task("clues", total=(4 + len(signals)) * len(items))
        alone = {}
        for n, name in enumerate(signals):
            alone[name] = people_data.rank_by_signal(items, scores, n).to_dict()
            progress.advance(task, len(items))
        for name, model in (("readers", None), ("people model", people_model.load_model(language))):
            rows[name] = people_data.rank_board(items, scores, model).to_dict()
            progress.advance(task, len(items))
        guessers: tuple[tuple[str, people_data.Chooser], ...] = (
            ("readers' guesser", Guesser(readers)),
            ("people guesser", models.make_people_guesser(language)),
        )
        for name, guesser in guessers:
            reads[name] = people_data.guesser_readings(items, guesser).to_dict()
            progress.advance(task, len(items))
    result = {"lang": language, "part": part, "boards": len({i.board_id for i in items}),
              "ranking": rows, "guesser": reads, "signals_alone": alone}
    if as_json:
        console.print_json(json.dumps(result))
        return
    table = Table(title=f"İnsanların ipuçları / people's clues ({language}, {part} part, "
                        f"{result['boards']} boards): the board ranked", title_justify="left")
    for name in ("ranked by", "first intended", "first = reader's", "2–3 words on top",
                 "black first"):
        table.add_column(name, justify="left" if name == "ranked by" else "right")
    for name, row in rows.items():
        table.add_row(name, f"{row['first_intended']:.1%} of {row['clues']}",
                      f"{row['first_as_reader']:.1%} of {row['readings']}",
                      f"{row['multi_top']:.1%} of {row['multi']}", f"{row['black_first']}")
    console.print(table)
    table = Table(title="Tek başına her sinyal / each signal alone, on the clues it knows",
                  title_justify="left")
    for name in ("signal", "first intended", "first = reader's", "2–3 words on top",
                 "black first"):
        table.add_column(name, justify="left" if name == "signal" else "right")
    for name, row in alone.items():
        def share(value: float | None, of: int) -> str:
            return "–" if value is None else f"{value:.1%} of {of}"

        table.add_row(name, share(row["first_intended"], row["clues"]),
                      share(row["first_as_reader"], row["readings"]),
                      share(row["multi_top"], row["multi"]), f"{row['black_first']}")
    console.print(table)
    table = Table(title="Tahminci / the guesser under each clue (fresh board)",
                  title_justify="left")
    for name in ("guesser", "first guess hit", "first = reader's", "2–3 words read fully",
                 "intended found", "stops as reader", "black (first)"):
        table.add_column(name, justify="left" if name == "guesser" else "right")
    for name, row in reads.items():
        table.add_row(name, f"{row['first_hit']:.1%} of {row['clues']}",
                      f"{row['first_as_reader']:.1%} of {row['readings']}",
                      f"{row['full']:.1%} of {row['multi']}", row["found"],
                      f"{row['stops_as_reader']:.1%}", f"{row['black']} ({row['black_first']})")
    console.print(table)


@app.command("pack-report")
def pack_report(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    deals: int = typer.Option(10_000, "--deals", min=1, help="Seeded deals to check."),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """The built-in pack's properties: frequency spread, parts of speech, vocabulary rule,
    the pairs kept apart and whether a deal ever holds one. / Paket raporu."""
    language = _language(lang)
    console = _console()
    pack = load_pack(language)
    pairs = pack_pairs(language)
    zipf = people.zipf_table(language)
    entries = {e.word: e for e in people.entries(language)}
    freqs = sorted(zipf.get(w, 0.0) for w in pack)
    quart = statistics.quantiles(freqs, n=4)
    pos: Counter[str] = Counter(p for w in pack if w in entries for p in entries[w].pos)
    manifest = json.loads((Path(__file__).resolve().parents[1] / "games" / "codenames" / "data"
                           / "packs.json").read_text(encoding="utf-8"))["packs"][language]
    partners: dict[str, set[str]] = {}
    for a, b in pairs:
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    bad_deals = 0
    for n in range(seed, seed + deals):
        words, _, _ = draw_board(pack, Rng(n), pairs)
        board = set(words)
        bad_deals += any(partners.get(w, set()) & board for w in words)
    report = {
        "lang": language, "words": len(pack),
        "in_vocabulary": sum(people.in_vocabulary(w, language) for w in pack),
        "zipf": {"min": freqs[0], "q1": round(quart[0], 2), "median": round(quart[1], 2),
                 "q3": round(quart[2], 2), "max": freqs[-1]},
        "parts_of_speech": dict(sorted(pos.items())),
        "categories": manifest["categories"],
        "two_or_more_categories": manifest["two_or_more_categories"],
        "pairs_kept_apart": [list(p) for p in pairs],
        "deals": deals, "deals_with_a_pair": bad_deals,
    }
    if as_json:
        console.print_json(json.dumps(report, ensure_ascii=False))
        return
    table = Table(title=f"Kelime Casusu paketi / pack ({language})", title_justify="left",
                  show_header=False)
    table.add_column("", style="bold")
    table.add_column("")
    table.add_row("kelime / words", str(report["words"]))
    table.add_row("kelime kuralına uyan / pass the vocabulary rule",
                  f"{report['in_vocabulary']} / {report['words']}")
    z = report["zipf"]
    table.add_row("Zipf (min, Q1, median, Q3, max)",
                  f"{z['min']}, {z['q1']}, {z['median']}, {z['q3']}, {z['max']}")
    table.add_row("sözcük türü / parts of speech", ", ".join(
        f"{k} {v}" for k, v in report["parts_of_speech"].items()))
    table.add_row("kategori / WordNet categories", ", ".join(
        f"{k} {v}" for k, v in report["categories"].items()))
    table.add_row("iki kategorili / in two or more categories",
                  str(report["two_or_more_categories"]))
    table.add_row("ayrı tutulan çiftler / pairs kept apart",
                  f"{len(pairs)}: " + ", ".join(f"{a}/{b}" for a, b in pairs))
    table.add_row("çiftli dağıtım / deals holding a pair",
                  f"{bad_deals} of {deals} (seeds {seed}–{seed + deals - 1})")
    console.print(table)
