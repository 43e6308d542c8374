"""``harfiyen play``: a crossword game against a bot in the terminal (Rich).

The human is seat 0 (``en`` draws who starts), the bot seat 1. Moves are typed
in GCG notation (``8H KALEM`` across, ``H8 KALEM`` down, lower case for a
blank, ``.`` for a tile already on the board) or as a command:

* ``pass`` / ``pas``; ``exchange`` / ``değiş`` (``tr``: the whole rack; ``en``:
  ``exchange ABC``); ``shuffle`` / ``karıştır``; ``hint`` / ``ipucu`` (the
  Expert's choice, not played); ``challenge`` / ``itiraz`` and ``accept`` /
  ``kabul`` (``en`` with double challenges); ``resign`` / ``çekil`` (asks to
  confirm); ``quit`` / ``çık`` (stops and saves); ``help`` / ``yardım``.

Input is read line by line from stdin, so a script can drive a whole game.
Refused moves show the engine's message in Turkish and English and the
player tries again. ``--save FILE.gcg`` writes the game as a GCG record (with
``#rules``, ``#bonus25`` and ``#lexicon``) when it ends or is left.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.levels import Level
from harfiyen.core.errors import GameError
from harfiyen.core.rng import Rng
from harfiyen.core.viewers import Seat
from harfiyen.games.crossword import (
    Accept,
    Challenge,
    CrosswordConfig,
    Exchange,
    GameState,
    Pass,
    Play,
    Resign,
    apply,
    new_game,
    shuffle_rack,
    view,
)
from harfiyen.games.crossword.events import (
    Event,
    Exchanged,
    GameEnded,
    Passed,
    PlayChallenged,
    PlayMade,
)
from harfiyen.games.crossword.moves import Move
from harfiyen.games.crossword.notation import gcg
from harfiyen.games.crossword.notation.coords import format_move, parse_move, tile_text
from harfiyen.games.crossword.rules import BLANK, CENTER, SIZE, Premium, square_name
from harfiyen.lexicon.normalize import Language, in_alphabet, lower, upper

HUMAN, BOT = 0, 1

# -- words of the interface ----------------------------------------------------------

_UI: dict[str, dict[str, str]] = {
    "tr": {
        "you": "Sen", "bot": "Bot", "score": "Puan", "bag": "Torbada", "rack": "Istakan",
        "unseen": "Görülmeyen taşlar", "prompt": "Hamlen (yardım: help)",
        "bot_played": "Bot oynadı", "bot_passed": "Bot pas geçti",
        "bot_exchanged": "Bot taş değiştirdi", "hint": "İpucu", "no_hint": "Öneri yok",
        "over": "Oyun bitti", "won": "Kazandın!", "lost": "Bot kazandı.", "draw": "Berabere.",
        "saved": "Kaydedildi", "confirm": "Çekilmek istiyor musun? (evet/hayır)",
        "left": "Oyundan çıkıldı.", "challenged_ok": "İtiraz haklı: hamle geri alındı.",
        "challenged_bad": "İtiraz haksız: sıra kaybedildi.",
        "pending": "Bekleyen hamle (itiraz edilebilir)", "star": "★25",
        "to_move": "Sıra",
        "you_played": "Oynadın", "your_score": "Puanın",
        "as_blanks": "Küçük harfler joker olarak oynanıyor",
        "no_blanks": (
            "Küçük harf joker demektir, ıstakanda {have} joker var ({need} gerekiyor). "
            "Jokersiz oynamak için büyük harfle yaz: {upper}"
        ),
    },
    "en": {
        "you": "You", "bot": "Bot", "score": "Score", "bag": "In the bag", "rack": "Your rack",
        "unseen": "Unseen tiles", "prompt": "Your move (help: help)",
        "bot_played": "Bot played", "bot_passed": "Bot passed",
        "bot_exchanged": "Bot exchanged", "hint": "Hint", "no_hint": "No suggestion",
        "over": "Game over", "won": "You win!", "lost": "The bot wins.", "draw": "A draw.",
        "saved": "Saved", "confirm": "Do you want to resign? (yes/no)",
        "left": "Game left.", "challenged_ok": "Challenge upheld: the play comes off.",
        "challenged_bad": "Challenge failed: a turn is lost.",
        "pending": "Play awaiting a challenge", "star": "★25",
        "to_move": "To move",
        "you_played": "You played", "your_score": "Your score",
        "as_blanks": "Lower-case letters are played as blanks",
        "no_blanks": (
            "Lower case means a blank, and your rack has {have} blank(s) ({need} needed). "
            "To play without blanks, write it in capitals: {upper}"
        ),
    },
}

HELP = {
    "tr": (
        "Kelime: konum ve kelime, ör. 8H KALEM (yatay), H8 KALEM (dikey). Küçük harf joker "
        "demektir (8H KALEm: M joker); nokta tahtadaki taş.\n"
        "Komutlar: pas, değiş, karıştır, ipucu, itiraz, kabul, çekil, çık."
    ),
    "en": (
        "Word: position and word, e.g. 8H CAT (across), H8 CAT (down). Lower case means a "
        "blank (8H CAt: the T is a blank); a dot is a tile already on the board.\n"
        "Commands: pass, exchange ABC, shuffle, hint, "
        "challenge, accept, resign, quit."
    ),
}

COMMANDS = {
    "pass": "pass", "pas": "pass", "-": "pass",
    "exchange": "exchange", "değiş": "exchange", "degis": "exchange", "swap": "exchange",
    "shuffle": "shuffle", "karıştır": "shuffle", "karistir": "shuffle",
    "hint": "hint", "ipucu": "hint",
    "challenge": "challenge", "itiraz": "challenge",
    "accept": "accept", "kabul": "accept",
    "resign": "resign", "çekil": "resign", "cekil": "resign",
    "quit": "quit", "çık": "quit", "cik": "quit", "exit": "quit",
    "help": "help", "yardım": "help", "yardim": "help", "?": "help",
}

_PREMIUM_STYLE = {
    Premium.TW: "bold white on red",
    Premium.DW: "black on magenta",
    Premium.TL: "bold white on blue",
    Premium.DL: "black on cyan",
}
_EN_LABEL = {Premium.DL: "DL", Premium.TL: "TL", Premium.DW: "DW", Premium.TW: "TW"}


# -- the GCG record kept while playing ------------------------------------------------


@dataclass
class Recorder:
    """Builds the GCG record of a game from the engine's events, move by move."""

    nicks: tuple[str, str]
    language: Language
    totals: list[int] = field(default_factory=lambda: [0, 0])
    events: list[gcg.Event] = field(default_factory=list)

    def rack_text(self, rack: Iterable[str]) -> str:
        return "".join(rack)

    def add(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        """Record what one ``apply`` from ``before`` to ``after`` produced."""
        racks = [self.rack_text(r) for r in before.racks]
        for event in events:
            if isinstance(event, PlayMade):
                seat = event.seat
                position, word = format_move(
                    before.board, event.placements, self.language
                ).split()
                self._line(gcg.Event(
                    gcg.EventKind.PLAY, self.nicks[seat], event.total, 0, rack=racks[seat],
                    position=position, word=word,
                ), seat)
            elif isinstance(event, Passed):
                self._line(gcg.Event(gcg.EventKind.PASS, self.nicks[event.seat], 0, 0,
                                     rack=racks[event.seat]), event.seat)
            elif isinstance(event, Exchanged):
                self._line(gcg.Event(
                    gcg.EventKind.EXCHANGE, self.nicks[event.seat], 0, 0,
                    rack=racks[event.seat], exchanged=self.rack_text(event.tiles),
                ), event.seat)
            elif isinstance(event, PlayChallenged) and event.upheld:
                seat = event.seat
                rack = self.rack_text(before.pending.rack_before) if before.pending else ""
                self._line(gcg.Event(gcg.EventKind.WITHDRAWN, self.nicks[seat],
                                     -event.points_removed, 0, rack=rack), seat)
            elif isinstance(event, GameEnded):
                self._end(event, after)

    def _line(self, event: gcg.Event, seat: int) -> None:
        self.totals[seat] += event.score
        self.events.append(gcg.Event(
            event.kind, event.nick, event.score, self.totals[seat], rack=event.rack,
            position=event.position, word=event.word, exchanged=event.exchanged,
            end_rack=event.end_rack,
        ))

    def _end(self, event: GameEnded, after: GameState) -> None:
        outcome = event.outcome
        # The racks left at the end (a pending play's refill happened in this apply).
        racks = [self.rack_text(r) for r in after.racks]
        finisher = outcome.finisher
        penalties = [] if outcome.reason not in ("went_out", "two_passes", "no_play") else [
            seat for seat, rack in enumerate(racks) if rack and seat != finisher
        ]
        for seat in penalties:
            self._line(gcg.Event(
                gcg.EventKind.END_RACK_PENALTY, self.nicks[seat], outcome.adjustments[seat], 0,
                rack=racks[seat], end_rack=racks[seat],
            ), seat)
        if outcome.reason == "went_out" and finisher is not None:
            others = "".join(racks[s] for s in range(len(racks)) if s != finisher)
            self._line(gcg.Event(
                gcg.EventKind.END_RACK_GAIN, self.nicks[finisher],
                outcome.adjustments[finisher], 0, end_rack=others,
            ), finisher)

    def record(self, state: GameState, names: tuple[str, str]) -> gcg.GameRecord:
        tr = state.rules.family == "tr"
        head = gcg.header(
            list(zip(self.nicks, names, strict=True)),
            title=f"harfiyen play {state.rules.key}",
            lexicon=state.config.lexicon_id,
            rules=state.rules.key if tr else None,
            bonus25=square_name(state.bonus_square) if state.bonus_square else None,
        )
        return gcg.GameRecord(head, tuple(self.events))


# -- drawing ---------------------------------------------------------------------------


def board_table(state: GameState) -> Table:
    """The board with premium labels (H2/H3/K2/K3 in tr, DL/TL/DW/TW in en) and ★25."""
    rules = state.rules
    lang = rules.language
    table = Table(show_header=True, show_lines=False, box=None, padding=(0, 0), pad_edge=False)
    table.add_column("", justify="left", no_wrap=True, min_width=3)
    for col in range(SIZE):
        table.add_column(f" {chr(ord('A') + col)} ", justify="center", no_wrap=True)
    bonus = state.active_bonus_square
    for row in range(SIZE):
        cells: list[Text] = [Text(f"{row + 1:>2}")]
        for col in range(SIZE):
            square = (row, col)
            tile = state.board[square]
            if tile is not None:
                letter = tile_text(tile.letter, tile.blank, lang)
                cells.append(Text(f" {letter} ", style="bold black on yellow"))
                continue
            premium = rules.layout.get(square)
            if square == CENTER:
                cells.append(Text(" ★ ", style="bold black on magenta"))
            elif square == bonus:
                cells.append(Text("25 ", style="bold black on green"))
            elif premium is not None:
                label = premium.value if lang == "tr" else _EN_LABEL[premium]
                cells.append(Text(f"{label} ", style=_PREMIUM_STYLE[premium]))
            else:
                cells.append(Text(" · ", style="dim"))
        table.add_row(*cells)
    return table


def status_lines(state: GameState, rack: Sequence[str], ui: dict[str, str]) -> list[str]:
    """Scores, bag, rack and the unseen-tile tracker as plain lines."""
    seat_view = view(state, Seat(HUMAN))
    values = state.rules.tiles
    rack_text = " ".join(f"{t}{_sub(values.value(t))}" for t in rack)
    unseen = seat_view.unseen or {}
    tracker = " ".join(f"{t}×{n}" if n > 1 else t for t, n in unseen.items())
    lines = [
        f"{ui['you']}: {state.scores[HUMAN]}   {ui['bot']}: {state.scores[BOT]}   "
        f"{ui['bag']}: {len(state.bag)}   {ui['to_move']}: "
        f"{ui['you'] if state.to_move == HUMAN else ui['bot']}",
        f"{ui['rack']}: {rack_text}",
        f"{ui['unseen']} ({sum(unseen.values())}): {tracker}",
    ]
    if state.active_bonus_square is not None:
        lines.append(f"{ui['star']}: {square_name(state.active_bonus_square)}")
    if state.pending is not None:
        who = ui["you"] if state.pending.seat == HUMAN else ui["bot"]
        lines.append(
            f"{ui['pending']}: {who} {' '.join(state.pending.words)} "
            f"+{state.pending.breakdown.total}"
        )
    return lines


_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _sub(value: int) -> str:
    return str(value).translate(_SUBSCRIPT)


def describe(state: GameState, move: Move, lang: Language) -> str:
    """A move in GCG-like text: ``8H KALEM``, ``pass``, ``exchange ABC``..."""
    if isinstance(move, Play):
        return format_move(state.board, move.placements, lang)
    if isinstance(move, Exchange):
        return f"exchange {''.join(move.tiles)}"
    return type(move).__name__.lower()


# -- reading the human's input -------------------------------------------------------------


class Quit(Exception):
    """The human left the game (``quit`` or the end of the input)."""


def parse_input(text: str, state: GameState, rack: Sequence[str]) -> str | Move:
    """A command name (``hint``, ``shuffle``, ``help``, ``resign``) or an engine move.

    Raises ``GameError`` for a move that cannot be read.
    """
    lang = state.rules.language
    words = text.split()
    head = lower(words[0], lang) if words else ""
    command = COMMANDS.get(head)
    if command == "pass":
        return Pass()
    if command == "exchange":
        if state.rules.exchange_whole_rack or len(words) == 1:
            return Exchange(tuple(rack))
        return Exchange(tuple(_tiles("".join(words[1:]), lang)))
    if command == "challenge":
        return Challenge()
    if command == "accept":
        return Accept()
    if command is not None:
        return command
    return Play(parse_move(text, state.board, lang))


def _tiles(text: str, lang: Language) -> list[str]:
    out: list[str] = []
    for ch in text:
        if ch == BLANK:
            out.append(BLANK)
        elif in_alphabet(upper(ch, lang), lang):
            out.append(upper(ch, lang))
    return out


def hint_text(state: GameState, helper: Any) -> str | None:
    """The Expert's move for the human's seat, in GCG text with its score."""
    if state.to_move != HUMAN or state.outcome is not None:
        return None
    move = helper.choose(view(state, Seat(HUMAN)))
    if isinstance(move, Play):
        from harfiyen.games.crossword.scoring import score_move

        points = score_move(state.board, move.placements, state.rules,
                            state.active_bonus_square).total
        return f"{format_move(state.board, move.placements, state.rules.language)} (+{points})"
    return describe(state, move, state.rules.language)


# -- the game loop ---------------------------------------------------------------------------


@dataclass
class Session:
    """One game in the terminal: the state, the bot, the record and the console."""

    state: GameState
    level: Level
    seed: int
    console: Console
    lines: Iterator[str]
    time_budget: float | None = None
    recorder: Recorder = field(init=False)
    rack: list[str] = field(init=False)  # the human's rack in display order
    shuffle_rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        lang = self.state.rules.language
        self.ui = _UI[lang]
        self.recorder = Recorder(("sen", "bot") if lang == "tr" else ("you", "bot"), lang)
        self.bot = make_agent(self.level, lang=lang, seed=self.seed,
                              time_budget=self.time_budget)
        self.helper = make_agent(Level.EXPERT, lang=lang, seed=self.seed + 1)
        self.rack = list(self.state.racks[HUMAN])
        self.shuffle_rng = Rng(self.seed ^ 0x5F)

    # -- display --

    def sync_rack(self) -> None:
        """Keep the human's tile order across moves, adding new tiles at the end."""
        actual = list(self.state.racks[HUMAN])
        kept: list[str] = []
        for tile in self.rack:
            if tile in actual:
                actual.remove(tile)
                kept.append(tile)
        self.rack = kept + actual

    def show(self) -> None:
        self.console.print(board_table(self.state))
        for line in status_lines(self.state, self.rack, self.ui):
            self.console.print(line)

    def read(self, prompt: str) -> str:
        self.console.print(f"{prompt}> ", end="")
        try:
            line = next(self.lines)
        except StopIteration:
            self.console.print()
            raise Quit from None
        line = line.strip()
        self.console.print(line, highlight=False)
        return line

    # -- moves --

    def apply(self, seat: int, move: Move) -> None:
        before = self.state
        self.state, events = apply(before, seat, move)
        self.recorder.add(before, self.state, events)
        self.sync_rack()
        for event in events:
            if isinstance(event, PlayChallenged):
                self.console.print(
                    self.ui["challenged_ok"] if event.upheld else self.ui["challenged_bad"]
                )

    def bot_turn(self) -> None:
        state = self.state
        move = self.bot.choose(view(state, Seat(BOT)))
        lang = state.rules.language
        if isinstance(move, Play):
            text = describe(state, move, lang)
        elif isinstance(move, Exchange):
            text = f"{self.ui['bot_exchanged']} ({len(move.tiles)})"
        else:
            text = type(move).__name__.lower()
        self.apply(BOT, move)
        if isinstance(move, Play):
            gained = self.state.scores[BOT] - state.scores[BOT]
            self.console.print(f"[bold]{self.ui['bot_played']}:[/] {text} (+{gained})")
        elif isinstance(move, Pass):
            self.console.print(self.ui["bot_passed"])
        else:
            self.console.print(f"{self.ui['bot']}: {text}")

    def human_turn(self) -> None:
        lang = self.state.rules.language
        while True:
            text = self.read(self.ui["prompt"])
            if not text:
                continue
            try:
                parsed = parse_input(text, self.state, self.rack)
            except GameError as error:
                self.error(error)
                continue
            if parsed == "help":
                self.console.print(HELP[lang])
                continue
            if parsed == "quit":
                raise Quit
            if parsed == "shuffle":
                shuffled, self.shuffle_rng = shuffle_rack(self.rack, self.shuffle_rng)
                self.rack = list(shuffled)
                self.console.print(f"{self.ui['rack']}: {' '.join(self.rack)}")
                continue
            if parsed == "hint":
                hint = hint_text(self.state, self.helper)
                self.console.print(f"{self.ui['hint']}: {hint or self.ui['no_hint']}")
                continue
            if parsed == "resign":
                answer = lower(self.read(self.ui["confirm"]), lang)
                if answer in ("evet", "e", "yes", "y"):
                    self.apply(HUMAN, Resign())
                    return
                continue
            assert not isinstance(parsed, str)
            if isinstance(parsed, Play) and not self.blanks_ok(parsed, text):
                continue
            before = self.state.scores[HUMAN]
            try:
                self.apply(HUMAN, parsed)
            except GameError as error:
                self.error(error)
                continue
            if isinstance(parsed, Play):
                self.echo_play(parsed, before)
            return

    def blanks_ok(self, play: Play, text: str) -> bool:
        """Lower case means a blank: say so, and refuse (with the capitals spelled out)
        when the rack has fewer blanks than the lower-case letters typed."""
        lang = self.state.rules.language
        need = sum(p.blank for p in play.placements)
        if not need:
            return True
        have = self.state.racks[HUMAN].count(BLANK)
        if need > have:
            self.console.print(self.ui["no_blanks"].format(
                have=have, need=need, upper=upper(text, lang)), style="bold red")
            return False
        letters = ", ".join(tile_text(p.letter, True, lang) for p in play.placements if p.blank)
        self.console.print(f"{self.ui['as_blanks']}: {letters}")
        return True

    def echo_play(self, play: Play, before: int) -> None:
        """The player's own move and score, as the bot's are shown."""
        gained = self.state.scores[HUMAN] - before
        last = next((e for e in reversed(self.state.events) if isinstance(e, PlayMade)), None)
        words = ", ".join(last.words) if last is not None else ""
        self.console.print(
            f"[bold]{self.ui['you_played']}:[/] {words} (+{gained}) · "
            f"{self.ui['your_score']}: {self.state.scores[HUMAN]}"
        )

    def error(self, error: GameError) -> None:
        """One message, once, in the game's language."""
        self.console.print(error.message.in_language(self.state.rules.language),
                           style="bold red", markup=False)

    def run(self) -> GameState:
        """Play until the game ends or the human leaves; return the last state."""
        try:
            while self.state.outcome is None:
                if self.state.to_move == BOT:
                    self.bot_turn()
                    continue
                self.show()
                self.human_turn()
        except Quit:
            self.console.print(self.ui["left"])
            return self.state
        self.finish()
        return self.state

    def finish(self) -> None:
        outcome = self.state.outcome
        assert outcome is not None
        self.show()
        ui = self.ui
        final = outcome.final_scores
        self.console.print(
            f"[bold]{ui['over']}[/] ({outcome.reason}): {ui['you']} {final[HUMAN]}, "
            f"{ui['bot']} {final[BOT]}"
        )
        if outcome.is_draw:
            self.console.print(ui["draw"])
        else:
            self.console.print(ui["won"] if HUMAN in outcome.winners else ui["lost"])

    def save(self, path: Path) -> None:
        names = ("Sen", f"Bot {self.level.tr_name}") if self.state.rules.language == "tr" else (
            "You", f"Bot {self.level.en_name}")
        record = self.recorder.record(self.state, names)
        path.write_text(gcg.write_gcg(record), encoding="utf-8")
        self.console.print(f"{self.ui['saved']}: {path}")


def start(
    rules: str,
    level: Level | str,
    seed: int,
    lines: Iterable[str],
    console: Console,
    *,
    lexicon: str | None = None,
    time_budget: float | None = None,
) -> Session:
    """A new game session (the game is not played until :meth:`Session.run`)."""
    config = CrosswordConfig(rules, lexicon=lexicon)
    state = new_game(config, seed)
    return Session(state, Level.parse(level), seed, console, iter(lines), time_budget)


def _stdin_lines() -> Iterator[str]:
    for line in sys.stdin:
        yield line.rstrip("\n")


def play(
    rules: str = typer.Option("tr", "--rules", help="tr or en. / tr ya da en."),
    level: str = typer.Option(
        "usta", "--level",
        help="caylak/beginner, orta/intermediate, usta/expert, sampiyon/champion.",
    ),
    seed: int | None = typer.Option(None, "--seed", help="Game seed. / Oyun tohumu."),
    save: Path | None = typer.Option(  # noqa: B008
        None, "--save", help="Write the game as GCG. / Oyunu GCG olarak kaydet."
    ),
    lexicon: str | None = typer.Option(None, "--lexicon", help="Lexicon id. / Sözlük."),
    time_budget: float | None = typer.Option(
        None, "--time", help="Bot seconds per move. / Botun hamle başına saniyesi."
    ),
) -> None:
    """Play against the bot in the terminal. / Terminalde bota karşı oyna."""
    console = Console(highlight=False)
    if rules not in ("tr", "en"):
        console.print(f"[bold red]bilinmeyen kural / unknown rules: {rules}[/]")
        raise typer.Exit(2)
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        session = start(rules, level, seed, _stdin_lines(), console, lexicon=lexicon,
                        time_budget=time_budget)
    except ValueError as error:
        console.print(f"[bold red]{error}[/]")
        raise typer.Exit(2) from None
    console.print(f"seed {seed} · {session.state.rules.key} · {session.level.display(rules)}")
    session.run()
    if save is not None:
        session.save(save)


__all__ = ["Recorder", "Session", "board_table", "parse_input", "play", "start"]
