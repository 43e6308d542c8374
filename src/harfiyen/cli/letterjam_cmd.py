"""``harfiyen letterjam selfplay | play``: Harf Takıl with AI teammates.

``selfplay`` plays seeded games with AI teammates at every seat and prints
the team win rate, each seat's success, clues used and the AI's decision
times. ``play`` seats a human at the terminal with AI teammates; every prompt
has a default (the AI's own choice for the human's seat, computed from the
human's view only), so pressing Enter plays along.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

import typer
from rich.console import Console
from rich.table import Table

from harfiyen.ai.letterjam import GameStats, LetterJamAI, Timings, game_stats, play_game
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _language
from harfiyen.games.letterjam import (
    Arrange,
    GameState,
    GiveClue,
    LetterJamConfig,
    LetterJamError,
    MoveOn,
    NameBonus,
    Offer,
    Vote,
    Withdraw,
    parse_refs,
    parse_slots,
    ref_label,
)
from harfiyen.games.letterjam.clues import shape
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.views import LetterJamView
from harfiyen.lexicon.normalize import Language, upper
from harfiyen.lexicon.vocabulary import MIN_ZIPF, in_vocabulary, zipf_table

app = typer.Typer(
    no_args_is_help=True,
    help="Harf Takıl with AI teammates. / Yapay zekâ takım arkadaşlarıyla Harf Takıl.",
)

View = LetterJamView
_DECISIONS: Final = ("offer", "clue", "move_on", "arrange")




def _check_players(players: int) -> None:
    if not 2 <= players <= 6:
        _console().print(f"Oyuncu sayısı 2–6 olmalı / players must be 2–6: {players}")
        raise typer.Exit(2)


# --- selfplay ---------------------------------------------------------------------------------


def play_seeds(
    lang: Language, players: int, length: int, seeds: Sequence[int]
) -> tuple[list[GameStats], dict[str, list[float]]]:
    """Play one selfplay game per seed; the statistics and the decision times."""
    ai = LetterJamAI()
    timings = Timings()
    config = LetterJamConfig(lang, players=players, word_length=length)
    stats = []
    for seed in seeds:
        state = play_game(config, seed, [ai] * players, timings=timings)
        stats.append(game_stats(state, seed))
    return stats, timings.samples


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


@app.command()
def selfplay(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    players: int = typer.Option(4, "--players", help="2–6"),
    games: int = typer.Option(20, "--games", help="Games to play. / Oyun sayısı."),
    length: int = typer.Option(5, "--length", help="Secret word length (3–7). / Kelime boyu."),
    seed: int = typer.Option(0, "--seed", help="First seed. / İlk tohum."),
    workers: int = typer.Option(1, "--workers", help="Processes. / Süreç sayısı."),
) -> None:
    """AI teammates at every seat: team win rate, success per seat, clues, decision times.
    / Her koltukta yapay zekâ: takım başarısı, oyuncu başarısı, ipuçları, karar süreleri."""
    language = _language(lang)
    _check_players(players)
    if not 3 <= length <= 7:
        _console().print(f"Kelime boyu 3–7 olmalı / length must be 3–7: {length}")
        raise typer.Exit(2)
    seeds = list(range(seed, seed + games))
    stats: list[GameStats] = []
    samples: dict[str, list[float]] = {}
    if workers <= 1:
        stats, samples = play_seeds(language, players, length, seeds)
    else:
        chunks = [seeds[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(play_seeds, language, players, length, c) for c in chunks]
            for future in futures:
                part, times = future.result()
                stats.extend(part)
                for kind, values in times.items():
                    samples.setdefault(kind, []).extend(values)
    stats.sort(key=lambda s: s.seed)
    _report(language, players, length, stats, samples)


def _report(lang: Language, players: int, length: int, stats: Sequence[GameStats],
            samples: Mapping[str, Sequence[float]]) -> None:
    console = _console()
    zipf = zipf_table(lang)
    n = len(stats)
    if n == 0:
        console.print("Oyun oynanmadı / no games played")
        return
    table = Table(title=f"Harf Takıl selfplay: {lang}, {players} oyuncu / players, "
                        f"{length} harf / letters, {n} oyun / games", title_justify="left")
    table.add_column("ölçü / measure")
    table.add_column("değer / value", justify="right")
    team = sum(s.team_success for s in stats) / n
    table.add_row("takım başarısı / team win rate", f"{team:.1%}")
    for seat in range(players):
        rate = sum(s.success[seat] for s in stats) / n
        table.add_row(f"oyuncu / player {seat + 1} başarı / success", f"{rate:.1%}")
    every = sum(sum(s.success) for s in stats) / (n * players)
    table.add_row("oyuncu başarısı (tümü) / player success (all)", f"{every:.1%}")
    mean_clues = statistics.mean(s.clues for s in stats)
    table.add_row("ipucu (ort.) / clues used (mean)", f"{mean_clues:.2f}")
    table.add_row("ipucu (en çok) / clues used (max)", str(max(s.clues for s in stats)))
    right = sum(s.letters_right for s in stats) / max(1, sum(s.letters for s in stats))
    table.add_row("doğru tahmin edilen harf / letters guessed right", f"{right:.1%}")
    table.add_row("kullanılmayan yeşil (ort.) / unused greens (mean)",
                  f"{statistics.mean(s.unused_greens for s in stats):.2f}")
    clue_words = [w for s in stats for w in s.clue_words]
    if clue_words:
        passing = sum(in_vocabulary(w, lang) for w in clue_words)
        common = sum(zipf.get(w, 0.0) >= MIN_ZIPF[lang] for w in clue_words)
        table.add_row("kelime kuralına uyan ipucu / clue words passing the vocabulary rule",
                      f"{passing / len(clue_words):.1%} of {len(clue_words)}")
        table.add_row(f"Zipf ≥ {MIN_ZIPF[lang]} ipucu / clue words at Zipf ≥ {MIN_ZIPF[lang]}",
                      f"{common / len(clue_words):.1%}")
    secrets = [w for s in stats for w in s.secret_words]
    table.add_row("kelime kuralına uyan gizli kelime / secret words passing the rule",
                  f"{sum(in_vocabulary(w, lang) for w in secrets) / len(secrets):.1%}")
    agreed = sum(s.reason == "agreed" for s in stats) / n
    table.add_row("anlaşmayla biten / ended by agreement", f"{agreed:.1%}")
    for kind in _DECISIONS:
        values = samples.get(kind, [])
        if values:
            p50, p95 = _percentile(values, 0.5) * 1000, _percentile(values, 0.95) * 1000
            table.add_row(f"karar süresi / decision time {kind} p50 / p95",
                          f"{p50:.1f} / {p95:.1f} ms")
    console.print(table)


# --- a human at the terminal ------------------------------------------------------------------


class TerminalTeammate:
    """A human seat: shows the seat's view and asks for each decision.

    Every prompt defaults to what :class:`LetterJamAI` would do with the same view.
    """

    def __init__(self, console: Console, ask: Callable[[str, str], str],
                 advisor: LetterJamAI) -> None:
        self.console = console
        self.ask = ask
        self.advisor = advisor
        self.planned: tuple[Any, ...] | None = None

    def show(self, view: View) -> None:
        console = self.console
        me = view.seat
        tokens = view.tokens
        red = list(tokens.red_left)
        console.rule(f"Sen / you: P{me} · ipucu / clue {view.clue_number} · "
                     f"kırmızı / red {red} · yeşil / green {tokens.green_open} "
                     f"(+{tokens.green_centre} merkez / centre)")
        parts = []
        for stand in view.stands:
            seat = stand.seat
            if seat == me:
                parts.append(f"P{seat}: ? ({stand.position + 1}/{stand.cards})")
            else:
                card = stand.card or "-"
                bonus = f" B{seat}:{stand.bonus}" if stand.bonus else ""
                parts.append(f"P{seat}: {card}{bonus}")
        for pile in view.piles:
            parts.append(f"N{pile.index}: {pile.top or '-'} ({pile.cards})")
        parts.append("*: joker / wildcard")
        parts += [f"S{i}: {x}" for i, x in enumerate(view.shared)]
        console.print("  ".join(parts))
        for record in view.records or ():
            console.print(f"  #{record.number} (P{record.cluegiver}): {record.text}"
                          f"  [{' '.join(record.cards)}]")
        if view.guesses:
            guesses = " ".join(g or "_" for g in view.guesses)
            console.print(f"  tahminlerin / your guesses: {guesses}")

    def move_on(self, view: View) -> MoveOn | None:
        self.show(view)
        hint = self.advisor.move_on(view)
        default = "" if hint is None else (hint.guess or "-")
        answer = self.ask(
            "Sonraki karta geç: harf yaz (tahmin), '-' boş, Enter kal / "
            "Move on: type a letter (guess), '-' blank, Enter stay", default)
        if not answer.strip():
            return None
        if answer.strip() == "-":
            return MoveOn(None)
        return MoveOn(upper(answer.strip(), view.language))

    def offer(self, view: View) -> Offer | None:
        self.planned = None
        hint = self.advisor.best_clue(view)
        suggestion = ""
        if hint is not None:
            suggestion = " ".join(ref_label(r) for r in hint.refs)
            self.console.print(f"  öneri / suggestion: {suggestion} = {hint.word}")
        answer = self.ask(
            "İpucun: kartlar (ör. 'P1 N0 * P2'), Enter teklif yok / "
            "Your clue: cards (e.g. 'P1 N0 * P2'), Enter no offer", "")
        if not answer.strip():
            return None
        try:
            refs = parse_refs(answer)
        except ValueError as error:
            self.console.print(f"  geçersiz / invalid: {error}")
            return None
        self.planned = refs
        return Offer(*shape(refs))

    def vote(self, view: View) -> Vote | None:
        hint = self.advisor.vote(view)
        offers = [f"P{s}: {o.length} harf / letters, {o.players} oyuncu / players, "
                  f"{o.nonplayers} sehpa / stands"
                  for s, o in enumerate(view.offers) if o is not None]
        self.console.print("  teklifler / offers: " + "; ".join(offers))
        default = "" if hint is None or hint.seat is None else str(hint.seat)
        answer = self.ask("Oyun: teklif sahibinin numarası / Vote: the offering seat", default)
        try:
            return Vote(int(answer)) if answer.strip() else None
        except ValueError:
            return None

    def clue(self, view: View) -> GiveClue | Withdraw:
        refs = self.planned
        if refs is None:
            hint = self.advisor.clue(view)
            default = "" if isinstance(hint, Withdraw) else " ".join(
                ref_label(r) for r in hint.cards)
            answer = self.ask("İpucu kartları / clue cards", default)
            if not answer.strip():
                return Withdraw()
            try:
                refs = parse_refs(answer)
            except ValueError:
                return Withdraw()
        self.planned = None
        wildcard = None
        if any(ref_label(r) == "*" for r in refs):
            wildcard = self.ask("Joker hangi harf? / Which letter is the wildcard?", "A")
        return GiveClue(tuple(refs), wildcard)

    def name_bonus(self, view: View) -> NameBonus:
        self.show(view)
        hint = self.advisor.name_bonus(view)
        answer = self.ask("Bonus harfin ne? / Name your bonus letter", hint.letter)
        return NameBonus(upper(answer.strip() or hint.letter, view.language))

    def agrees_end(self, view: View) -> bool:
        answer = self.ask("Kimse ipucu önermedi; bitirelim mi? (e/h) / "
                          "Nobody offers a clue; end? (y/n)", "e")
        return answer.strip().lower()[:1] in ("e", "y")

    def arrange(self, view: View) -> Arrange:
        self.show(view)
        hint = self.advisor.arrange(view)
        default = " ".join(ref_label(s) for s in hint.slots)
        answer = self.ask("Kartlarının sırası (ör. 'O2 O0 O1 O3 O4') / "
                          "Order of your cards (e.g. 'O2 O0 O1 O3 O4')", default)
        try:
            return Arrange(parse_slots(answer or default))
        except ValueError:
            return hint


def _prompt(text: str, default: str) -> str:
    answer: str = typer.prompt(text, default=default, show_default=bool(default))
    return answer


def _show_outcome(console: Console, state: GameState) -> None:
    outcome = state.outcome
    assert outcome is not None
    table = Table(title="Sonuç / result", title_justify="left")
    for column in ("oyuncu / player", "gizli / secret", "dizilen / arranged", "başarı / success"):
        table.add_column(column)
    for p in outcome.players:
        table.add_row(f"P{p.seat}", p.secret, p.arranged, "✓" if p.success else "✗")
    console.print(table)
    won = "Takım kazandı! / The team wins!" if outcome.team_success else \
        "Takım kaybetti. / The team loses."
    console.print(f"{won} ({state.clue_number} ipucu / clues)")


@app.command()
def play(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    players: int = typer.Option(4, "--players", help="2–6"),
    seat: int = typer.Option(0, "--seat", help="Your seat. / Koltuğun."),
    length: int = typer.Option(5, "--length", help="Secret word length. / Kelime boyu."),
    seed: int = typer.Option(0, "--seed", help="Game seed. / Oyun tohumu."),
) -> None:
    """Play in the terminal with AI teammates. / Terminalde yapay zekâ arkadaşlarla oyna."""
    language = _language(lang)
    _check_players(players)
    if not 0 <= seat < players:
        _console().print(f"Koltuk 0–{players - 1} olmalı / seat must be 0–{players - 1}")
        raise typer.Exit(2)
    console = _console()
    ai = LetterJamAI()
    human = TerminalTeammate(console, _prompt, ai)
    seats = [human if s == seat else ai for s in range(players)]

    def told(state: GameState, who: int, move: Move) -> None:
        if who != seat and isinstance(move, GiveClue):
            console.print(f"P{who} ipucu verdi / gave a clue: "
                          f"{' '.join(ref_label(r) for r in move.cards)}")
        elif who != seat and isinstance(move, MoveOn):
            console.print(f"P{who} sonraki karta geçti / moved on")

    def refused(who: int, move: Move, error: LetterJamError) -> None:
        if who == seat:
            console.print(f"[red]{error.message.tr} / {error.message.en}[/red]")

    config = LetterJamConfig(language, players=players, word_length=length)
    state = play_game(config, seed, seats, on_move=told, on_refusal=refused)
    _show_outcome(console, state)


__all__ = ["TerminalTeammate", "app", "play", "play_seeds", "selfplay"]
