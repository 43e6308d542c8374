"""Game analysis: for every turn of a GCG record, the best move and the equity lost.

The record is replayed on a board (plays placed, withdrawn phonies taken off,
the ★25 square paying once). At every turn whose rack the record gives, every
legal play of that rack is generated and valued by static equity (score +
leave + endgame terms, :mod:`harfiyen.ai.crossword.equity`; plain score when
that module or the leave values are unavailable), exchanges included while
the bag allows them. The turn reports the best move found, its equity, the
equity of the move played and the difference (the *loss*). Totals per player
sum the losses and count the turns where the played move was the best.

**Win chances.** Each turn also gives both moves' probability of winning from
the language's win table (:mod:`harfiyen.ai.crossword.winprob`): the spread
before the move (from the record's running totals) plus the move's equity,
with the bag the player faced. Both moves are looked up at the same bag size,
so the table ranks them as equity does and the *win chances lost* is never
negative. A turn is a mistake by the win chances it lost
(:func:`mistake_class`); the totals count mistakes per class.

What the analyst cannot see is estimated as a player would: the bag holds the
tiles not on the board, not on the rack and not on the other players' racks
(assumed full while the bag lasts). The analysis reads records only; it never
judges a word (a phony is valued like any play, with its recorded placement).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from typing import Any

from harfiyen.ai.crossword.leaves import shipped_leaves
from harfiyen.ai.crossword.movegen import GeneratedPlay, MoveGenerator
from harfiyen.ai.crossword.winprob import WinModel, shipped_win_model
from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.notation.coords import (
    format_move,
    parse_position,
    parse_square_name,
    placements_from_word,
)
from harfiyen.games.crossword.notation.gcg import Event, EventKind, GameRecord
from harfiyen.games.crossword.notation.replay import rules_for
from harfiyen.games.crossword.rules import BLANK, DEFAULT_LEXICON, RuleSet, Square
from harfiyen.games.crossword.scoring import score_move
from harfiyen.lexicon.lexicon import Lexicon, load
from harfiyen.lexicon.normalize import Language, in_alphabet, upper

#: Rounding of reported equities (they are sums of learned floats).
DIGITS = 1
#: Rounding of win probabilities (fractions; 4 digits are a hundredth of a percent).
WIN_DIGITS = 4

#: Lower bounds of the mistake classes, in win chances lost (fractions), largest first.
#: Below 1% a move is as good as the best: the shipped tables' held-out calibration
#: is off by 1-3 points in some bins, so smaller differences mean little. In an even
#: middle game the tables give about 1% per point of equity (0.6-1.3% by language and
#: bag), so a *small* mistake (1-3%) is a few points, a *big* one (3-10%) a clearly
#: better play or leave missed, a *blunder* (10% or more) a bingo missed or, near the
#: end (3.5% per point with an empty bag), a game thrown away.
MISTAKE_CLASSES: tuple[tuple[str, float], ...] = (
    ("blunder", 0.10), ("large", 0.03), ("small", 0.01),
)


def mistake_class(win_lost: float | None) -> str:
    """The class of a move that lost ``win_lost`` win chances: ``""`` for none.

    >>> [mistake_class(x) for x in (None, 0.0, 0.005, 0.01, 0.05, 0.25)]
    ['', '', '', 'small', 'large', 'blunder']
    """
    if win_lost is None:
        return ""
    for name, bound in MISTAKE_CLASSES:
        if win_lost >= bound - 1e-12:
            return name
    return ""


@dataclass(frozen=True, slots=True)
class TurnAnalysis:
    """One analysed turn.

    ``played`` is the move in GCG text (``8H KALEM``, ``pass``, ``exchange
    ABC``); ``best`` the best move found. ``loss = best_equity -
    played_equity`` (``None`` when the turn could not be analysed, e.g. no
    rack in the record; ``note`` then says why). ``spread`` is the mover's
    lead before the move; ``played_win`` and ``best_win`` the moves' chances of
    winning (0..1), ``win_lost`` their difference and ``mistake`` its class
    (``None`` / ``""`` when there is no win table or no analysis).
    """

    number: int
    nick: str
    seat: int
    rack: str
    played: str
    played_score: int
    played_equity: float | None
    best: str | None
    best_score: int | None
    best_equity: float | None
    loss: float | None
    moves_considered: int
    note: str = ""
    #: Tiles in the bag as the mover can tell (unseen tiles less the other racks).
    bag: int = 0
    spread: int = 0
    played_win: float | None = None
    best_win: float | None = None
    win_lost: float | None = None
    mistake: str = ""

    @property
    def is_best(self) -> bool:
        return self.loss is not None and self.loss <= 1e-9


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """Per player: turns analysed, equity and win chances lost, best moves, mistakes."""

    nick: str
    turns: int
    analysed: int
    equity_lost: float
    best_moves: int
    win_lost: float = 0.0
    #: Mistakes per class (every class of :data:`MISTAKE_CLASSES`, zeros included).
    mistakes: dict[str, int] = field(default_factory=dict)

    @property
    def average_loss(self) -> float:
        return self.equity_lost / self.analysed if self.analysed else 0.0

    @property
    def average_win_lost(self) -> float:
        return self.win_lost / self.analysed if self.analysed else 0.0


@dataclass(frozen=True)
class GameAnalysis:
    """A record's analysis: the turns in order, the totals by player, what was used."""

    turns: tuple[TurnAnalysis, ...]
    totals: tuple[PlayerTotals, ...]
    rules: str
    lexicon: str
    valuation: str  # "equity" or "score"
    notes: tuple[str, ...] = field(default=())
    #: Whether win chances were computed (a win table ships for the language).
    win_chances: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "lexicon": self.lexicon,
            "valuation": self.valuation,
            "notes": list(self.notes),
            "win_chances": self.win_chances,
            "mistake_classes": {name: bound for name, bound in MISTAKE_CLASSES},
            "turns": [asdict(t) for t in self.turns],
            "totals": [
                {**asdict(t), "average_loss": round(t.average_loss, 2),
                 "average_win_lost": round(t.average_win_lost, WIN_DIGITS)}
                for t in self.totals
            ],
        }


# -- valuation --------------------------------------------------------------------------


class Valuer:
    """Values the moves of one turn: static equity if available, else score."""

    def __init__(self, rules: RuleSet, use_equity: bool = True) -> None:
        self.rules = rules
        self.kind = "score"
        self._leaves: Any = None
        if use_equity:
            # The leave tables ship with the package (one per language): a missing one is
            # a packaging bug, never a reason to fall back to scores silently.
            self._leaves = shipped_leaves(rules.language)
            self.kind = "equity"

    def context(self, rack: Sequence[str], bag: int, unseen_value: int, board_empty: bool) -> Any:
        if self._leaves is None:
            return None
        from harfiyen.ai.crossword.equity import EquityContext

        return EquityContext(
            rules=self.rules, rack=tuple(rack), bag_count=bag, unseen_value=unseen_value,
            board_empty=board_empty, leaves=self._leaves,
        )

    @staticmethod
    def play(ctx: Any, move: GeneratedPlay) -> float:
        return float(move.score) if ctx is None else float(ctx.move_equity(move))

    @staticmethod
    def exchange(ctx: Any, kept: Sequence[str]) -> float:
        return 0.0 if ctx is None else float(ctx.exchange_equity(tuple(sorted(kept))))

    @staticmethod
    def passing(ctx: Any) -> float:
        return 0.0 if ctx is None else float(ctx.pass_equity())

    def leave_only(self, ctx: Any, score: int, kept: Sequence[str], used: int) -> float:
        """Equity of a play known only by score and leave (not generated: a phony)."""
        if ctx is None:
            return float(score)
        return float(score + ctx.leave_term(tuple(sorted(kept)), used))


# -- the replay ---------------------------------------------------------------------------


def _rack(text: str, lang: Language) -> list[str] | None:
    """A record's rack as tiles, or ``None`` when it is missing or unreadable."""
    if not text:
        return None
    out: list[str] = []
    for ch in text:
        if ch == BLANK:
            out.append(BLANK)
            continue
        up = upper(ch, lang)
        if not in_alphabet(up, lang):
            return None
        out.append(up)
    return out


def _minus(rack: Sequence[str], used: Sequence[str]) -> list[str] | None:
    left = list(rack)
    for tile in used:
        if tile not in left:
            return None
        left.remove(tile)
    return left


def _kept_options(rack: Sequence[str], rules: RuleSet, bag: int) -> list[tuple[str, ...]]:
    needed = len(rack) if rules.exchange_min_bag is None else rules.exchange_min_bag
    if not rack or bag < needed:
        return []
    if rules.exchange_whole_rack:
        return [()]
    return sorted({tuple(sorted(c)) for n in range(len(rack)) for c in combinations(rack, n)})


def lexicon_for_record(record: GameRecord, rules: RuleSet) -> tuple[Lexicon, str | None]:
    """The record's ``#lexicon`` if shipped, else the rule set's default (with a note)."""
    wanted = record.lexicon
    if wanted:
        try:
            lexicon = load(wanted)
            if lexicon.language == rules.language:
                return lexicon, None
        except (GameError, ValueError, OSError):
            pass
    default = DEFAULT_LEXICON[rules.family]
    note = f"lexicon {wanted} not available; analysed with {default}" if wanted else None
    return load(default), note


def analyze(
    record: GameRecord,
    *,
    lexicon: Lexicon | None = None,
    generator: MoveGenerator | None = None,
    use_equity: bool = True,
    win_model: WinModel | bool | None = True,
    progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Analyse every turn of ``record`` (see the module docstring).

    ``win_model``: the win table (``True``: the language's shipped one; ``None`` or
    ``False``: no win chances). ``progress(done, total)`` is called after each
    analysed turn (a server shows it). Raises ``ValueError`` for an unknown rule set in the record.
    """
    rules = rules_for(record)
    notes: list[str] = []
    if lexicon is None:
        lexicon, note = lexicon_for_record(record, rules)
        if note:
            notes.append(note)
    gen = generator if generator is not None else MoveGenerator(lexicon, rules)
    valuer = Valuer(rules, use_equity)
    lang = rules.language
    wins = shipped_win_model(lang) if win_model is True else (win_model or None)
    # The running totals the record gives, by nick: the spread before each turn.
    totals_by_nick: dict[str, int] = {p.nick: 0 for p in record.players}
    players = record.players
    nick_seat = {p.nick: p.seat for p in players}
    seat_count = max(2, len(players))
    bonus_square: Square | None = (
        parse_square_name(record.bonus25) if record.bonus25 else None
    )
    bonus_used = False
    board = Board()
    scratch = gen.scratch(board)
    history: list[tuple[Board, bool]] = []
    turns: list[TurnAnalysis] = []
    full_bag = Counter(rules.tiles.bag())
    number = 0
    total_turns = sum(e.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
                      for e in record.events)

    for event in record.events:
        before = dict(totals_by_nick)
        totals_by_nick[event.nick] = event.total
        if event.kind is EventKind.WITHDRAWN:
            if history:
                board, bonus_used = history.pop()
                scratch = gen.scratch(board)
            continue
        if event.kind not in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE):
            continue
        number += 1
        seat = nick_seat.setdefault(event.nick, len(nick_seat))
        rack = _rack(event.rack, lang)
        placements: tuple[Placement, ...] = ()
        played_text = "pass"
        if event.kind is EventKind.PLAY:
            try:
                placements = placements_from_word(
                    board, parse_position(event.position), event.word, lang
                )
            except GameError as error:
                notes.append(f"turn {number}: {event.position} {event.word}: {error.code}")
                break
            played_text = format_move(board, placements, lang)
        elif event.kind is EventKind.EXCHANGE:
            played_text = f"exchange {event.exchanged}".strip()

        bonus = None if bonus_used else bonus_square
        others = [v for nick, v in before.items() if nick != event.nick]
        spread = before.get(event.nick, 0) - max(others, default=0)
        turns.append(_with_wins(_turn(
            number, event, seat, rack, board, scratch, placements, played_text, bonus,
            gen, valuer, rules, full_bag, seat_count,
        ), spread, wins))
        if progress is not None:
            progress(number, total_turns)

        if placements:
            history.append((board, bonus_used))
            bonus_used = bonus_used or (bonus is not None and any(
                p.square == bonus for p in placements))
            board = board.with_tiles(placements)
            scratch.place(
                (p.square[0], p.square[1], lexicon.symbol(p.letter), p.blank) for p in placements
            )

    totals = []
    for nick, seat in sorted(nick_seat.items(), key=lambda kv: kv[1]):
        mine = [t for t in turns if t.seat == seat]
        done = [t for t in mine if t.loss is not None]
        mistakes = {name: sum(t.mistake == name for t in done) for name, _ in MISTAKE_CLASSES}
        totals.append(PlayerTotals(
            nick, len(mine), len(done), round(sum(t.loss or 0.0 for t in done), DIGITS),
            sum(t.is_best for t in done),
            round(sum(t.win_lost or 0.0 for t in done), WIN_DIGITS), mistakes,
        ))
    return GameAnalysis(tuple(turns), tuple(totals), rules.key, lexicon.id, valuer.kind,
                        tuple(notes), wins is not None)


def _with_wins(turn: TurnAnalysis, spread: int, wins: WinModel | None) -> TurnAnalysis:
    """``turn`` with its spread and, when there is a table, both moves' win chances."""
    if wins is None or turn.played_equity is None or turn.best_equity is None:
        return replace(turn, spread=spread)
    bag = turn.bag
    played = wins.win(spread + turn.played_equity, bag)
    best = wins.win(spread + turn.best_equity, bag)
    lost = round(max(0.0, best - played), WIN_DIGITS)
    return replace(
        turn, spread=spread, played_win=round(played, WIN_DIGITS),
        best_win=round(best, WIN_DIGITS), win_lost=lost, mistake=mistake_class(lost),
    )


def _turn(
    number: int,
    event: Event,
    seat: int,
    rack: list[str] | None,
    board: Board,
    scratch: Any,
    placements: tuple[Placement, ...],
    played_text: str,
    bonus: Square | None,
    gen: MoveGenerator,
    valuer: Valuer,
    rules: RuleSet,
    full_bag: Counter[str],
    seats: int,
) -> TurnAnalysis:
    """Analyse one turn (its board is the position before the move)."""
    played_score = event.score if event.kind is EventKind.PLAY else 0

    def skipped(note: str) -> TurnAnalysis:
        return TurnAnalysis(number, event.nick, seat, event.rack, played_text, played_score,
                            None, None, None, None, None, 0, note)

    if rack is None:
        return skipped("no rack in the record")
    used = [BLANK if p.blank else p.letter for p in placements]
    if event.kind is EventKind.EXCHANGE:
        # An exchange may be recorded as a count only: the tiles given are then unknown.
        exchanged = None if event.exchanged.isdigit() else _rack(event.exchanged, rules.language)
        used = exchanged if exchanged is not None else []
    leave = _minus(rack, used)
    if leave is None:
        return skipped("the move uses tiles not on the recorded rack")

    # What this player cannot see: the tiles not on the board and not on the rack.
    unseen = Counter(full_bag)
    unseen.subtract(BLANK if t.blank else t.letter for _, t in board.occupied())
    unseen.subtract(rack)
    unseen_count = sum(n for n in unseen.values() if n > 0)
    bag = max(0, unseen_count - rules.rack_size * (seats - 1))
    unseen_value = sum(rules.tiles.value(t) * n for t, n in unseen.items() if n > 0)
    ctx = valuer.context(rack, bag, unseen_value, board.is_empty())

    try:
        moves = gen.moves(scratch, rack, bonus)
    except ValueError:
        return skipped("the rack has tiles outside the rule set")
    candidates: list[tuple[float, int, str]] = [
        (valuer.play(ctx, m), m.score, m.gcg) for m in moves
    ]
    played_equity: float | None = None
    note = ""
    if placements:
        wanted = frozenset(placements)
        match = next((m for m in moves if frozenset(m.placements) == wanted), None)
        if match is not None:
            played_equity = valuer.play(ctx, match)
        else:  # not generated: a phony or a play outside the lexicon used here
            note = "the move played is not a legal play in the lexicon used here"
            score = score_move(board, placements, rules, bonus).total
            played_equity = valuer.leave_only(ctx, score, leave, len(placements))
    for kept in _kept_options(rack, rules, bag):
        given = Counter(rack)
        given.subtract(kept)
        text = "exchange" if rules.exchange_whole_rack else (
            "exchange " + "".join(sorted(given.elements())))
        candidates.append((valuer.exchange(ctx, kept), 0, text))
    candidates.append((valuer.passing(ctx), 0, "pass"))
    if event.kind is EventKind.EXCHANGE:
        played_equity = valuer.exchange(ctx, leave)
    elif event.kind is EventKind.PASS:
        played_equity = valuer.passing(ctx)
    best_equity, best_score, best_text = max(candidates, key=lambda c: (c[0], c[1]))
    assert played_equity is not None
    loss = max(0.0, best_equity - played_equity)
    return TurnAnalysis(
        number, event.nick, seat, event.rack, played_text, played_score,
        round(played_equity, DIGITS), best_text, best_score, round(best_equity, DIGITS),
        round(loss, DIGITS), len(moves), note, bag,
    )


def analyze_text(text: str, **kw: Any) -> GameAnalysis:
    """:func:`analyze` of GCG text."""
    from harfiyen.games.crossword.notation.gcg import parse_gcg

    return analyze(parse_gcg(text), **kw)


__all__ = [
    "MISTAKE_CLASSES", "GameAnalysis", "PlayerTotals", "TurnAnalysis", "analyze",
    "analyze_text", "lexicon_for_record", "mistake_class",
]
