"""Replay a GCG record on a board and check every figure it records.

Each play is placed and scored again with ``scoring.score_move`` under the
record's rule set (``#rules``, classic ``en`` by default; the ★25 square from
``#bonus25`` pays once). The recorded score and the player's running total
must match. Other lines are applied by the record's own figures, after their
arithmetic is checked:

* a withdrawn phony (``--``) takes the player's last play off the board and
  must cost exactly what that play scored; Quackle writes such lines as
  ``-- +0`` with the total already lowered, which is accepted;
* a pass or an exchange scores 0; a challenge bonus is not negative and a
  time penalty not positive;
* end-of-game rack lines are worth the rack's letter values: a penalty line
  subtracts one's own rack; a gain line credits the others' racks, doubled
  when a two-player record credits the finisher in one line instead of
  writing a penalty line for the other player.

Word validity is reported apart (words missing from the given lexicon) and
never fails a replay. The first mismatch stops the replay.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass, field

from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import Board, Placement, words_formed
from harfiyen.games.crossword.notation.coords import (
    parse_position,
    parse_square_name,
    placements_from_word,
)
from harfiyen.games.crossword.notation.gcg import Event, EventKind, GameRecord
from harfiyen.games.crossword.rules import BLANK, RuleSet, Square, Variant, ruleset
from harfiyen.games.crossword.scoring import score_move
from harfiyen.lexicon.normalize import upper


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first figure of a record that the replay does not reproduce.

    ``move`` counts event lines from 1; ``what`` names the figure (``score``,
    ``total``, ``notation``, ...); ``expected`` is what the record says and
    ``got`` what the replay computed.
    """

    move: int
    line: str
    what: str
    expected: str
    got: str

    def __str__(self) -> str:
        return (
            f"move {self.move} ({self.line}): "
            f"{self.what} expected {self.expected}, got {self.got}"
        )


@dataclass(frozen=True)
class ReplayResult:
    """What a replay found: moves checked, the first mismatch, unknown words."""

    moves: int
    mismatch: Mismatch | None
    board: Board
    totals: tuple[int, ...]
    unknown_words: tuple[str, ...] | None = None  # None: no lexicon to check with
    scores: tuple[int, ...] = field(default=())  # every play's computed score

    @property
    def passed(self) -> bool:
        return self.mismatch is None


def rules_for(record: GameRecord) -> RuleSet:
    """The rule set a record is played by: ``#rules family@version``, else ``en``; an
    ``en`` record may name its variant (``#variant nine-tile``)."""
    key = record.rules
    players = max(2, len(record.players))
    family, _, version = (key or "en").partition("@")
    if family != "en":
        return ruleset(family, int(version) if version else None, players=2)
    named = record.pragma("variant")
    variant: Variant = "nine-tile" if named == "nine-tile" else (
        "finish-line" if named == "finish-line" else "standard")
    return ruleset("en", int(version) if version else None, players=min(players, 4),
                   variant=variant)


def rack_value(letters: str, rules: RuleSet) -> int:
    """Sum of the letter values of rack ``letters`` (``?`` is a blank, worth 0)."""
    lang = rules.language
    return sum(
        0 if ch == BLANK else rules.tiles.values.get(upper(ch, lang), 0) for ch in letters
    )


def _line(event: Event) -> str:
    if event.kind is EventKind.PLAY:
        return f"{event.nick} {event.position} {event.word}"
    return f"{event.nick} {event.kind.value}"


@dataclass
class _Play:
    seat: int
    board_before: Board
    score: int
    bonus_used_before: bool


@dataclass
class _Replay:
    """Mutable scratch state of one replay (private to ``replay``)."""

    record: GameRecord
    rules: RuleSet
    lexicon: Container[str] | None
    board: Board = field(default_factory=Board)
    totals: list[int] = field(default_factory=list)
    seats: dict[str, list[int]] = field(default_factory=dict)
    last_seat: int = -1
    last_play: _Play | None = None
    bonus_square: Square | None = None
    bonus_used: bool = False
    unknown: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for player in self.record.players:
            while len(self.totals) <= player.seat:
                self.totals.append(0)
            self.seats.setdefault(player.nick, []).append(player.seat)

    def seat_of(self, event: Event) -> int:
        """The seat that ``event`` belongs to.

        A nick the header does not declare gets the next free seat. When
        several seats share a nick, the seat whose running total the line
        continues is taken, else the next seat in turn order.
        """
        candidates = self.seats.get(event.nick)
        if not candidates:
            self.totals.append(0)
            candidates = self.seats[event.nick] = [len(self.totals) - 1]
        if len(candidates) == 1:
            return candidates[0]
        fitting = [s for s in candidates if self.totals[s] + event.score == event.total]
        if len(fitting) == 1:
            return fitting[0]
        pool = fitting or candidates
        count = len(self.totals)
        return min(pool, key=lambda s: (s - self.last_seat - 1) % count)

    def play(self, event: Event, seat: int) -> tuple[int, str | None]:
        """Place and score a play: (points gained, a mismatch text or None)."""
        lang = self.rules.language
        placements = placements_from_word(
            self.board, parse_position(event.position), event.word, lang
        )
        bonus = None if self.bonus_used else self.bonus_square
        breakdown = score_move(self.board, placements, self.rules, bonus)
        self.check_words(placements)
        self.last_play = _Play(seat, self.board, breakdown.total, self.bonus_used)
        self.board = self.board.with_tiles(placements)
        self.bonus_used = self.bonus_used or breakdown.bonus_square > 0
        self.scores.append(breakdown.total)
        if breakdown.total != event.score:
            return breakdown.total, "score"
        return breakdown.total, None

    def check_words(self, placements: Sequence[Placement]) -> None:
        if self.lexicon is None:
            return
        for word in words_formed(self.board, placements):
            if word.text not in self.lexicon:
                self.unknown.append(word.text)

    def withdraw(self, event: Event, seat: int) -> tuple[int, str | None, str]:
        """Take back the last play: (points gained, mismatch figure, what was expected)."""
        last = self.last_play
        if last is None or last.seat != seat:
            return 0, "withdrawn play", "a play by this player just before"
        self.board = last.board_before
        self.bonus_used = last.bonus_used_before
        self.last_play = None
        if event.score not in (-last.score, 0):
            return event.score, "score", str(-last.score)
        return -last.score, None, ""

    def end_rack(self, event: Event) -> tuple[int, str | None, str]:
        value = rack_value(event.end_rack, self.rules)
        if event.kind is EventKind.END_RACK_PENALTY:
            expected = {-value}
        else:
            separate = any(e.kind is EventKind.END_RACK_PENALTY for e in self.record.events)
            expected = {value} if separate or len(self.totals) > 2 else {2 * value}
        if event.score not in expected:
            return event.score, "score", " or ".join(str(v) for v in sorted(expected))
        return event.score, None, ""


def replay(record: GameRecord, lexicon: Container[str] | None = None) -> ReplayResult:
    """Replay ``record`` and compare every recorded score and running total.

    ``lexicon`` (upper-case words), when given, lists the words formed that it
    does not contain in ``unknown_words``; it never fails the replay.
    Raises ``ValueError`` when the record names an unknown rule set.
    """
    rules = rules_for(record)
    state = _Replay(record, rules, lexicon)
    if record.bonus25:
        state.bonus_square = parse_square_name(record.bonus25)
    moves = 0
    for number, event in enumerate(record.events, 1):
        moves = number
        seat = state.seat_of(event)
        mismatch: tuple[str, str, str] | None = None
        gained = event.score
        try:
            if event.kind is EventKind.PLAY:
                gained, what = state.play(event, seat)
                if what:
                    mismatch = (what, str(event.score), str(gained))
            elif event.kind in (EventKind.PASS, EventKind.EXCHANGE):
                if event.score != 0:
                    mismatch = ("score", "0", str(event.score))
            elif event.kind is EventKind.WITHDRAWN:
                gained, what, expected = state.withdraw(event, seat)
                if what:
                    mismatch = (what, expected, str(event.score))
            elif event.kind is EventKind.CHALLENGE_BONUS:
                if event.score < 0:
                    mismatch = ("challenge bonus", "≥ 0", str(event.score))
            elif event.kind is EventKind.TIME_PENALTY:
                if event.score > 0:
                    mismatch = ("time penalty", "≤ 0", str(event.score))
            else:
                gained, what, expected = state.end_rack(event)
                if what:
                    mismatch = ("end rack " + what, expected, str(event.score))
        except GameError as error:
            mismatch = ("notation", f"a readable move ({error.code})", error.message.en)
        except KeyError as error:  # a letter the rule set's tile values lack
            mismatch = ("letter", "a letter of the rule set", str(error))
        if mismatch is None:
            state.totals[seat] += gained
            if state.totals[seat] != event.total:
                mismatch = ("total", str(event.total), str(state.totals[seat]))
        state.last_seat = seat
        if mismatch is not None:
            what, expected, got = mismatch
            return ReplayResult(
                moves, Mismatch(number, _line(event), what, expected, got), state.board,
                tuple(state.totals), _unknown(state), tuple(state.scores),
            )
    return ReplayResult(
        moves, None, state.board, tuple(state.totals), _unknown(state), tuple(state.scores)
    )


def _unknown(state: _Replay) -> tuple[str, ...] | None:
    return None if state.lexicon is None else tuple(state.unknown)


__all__ = ["Mismatch", "ReplayResult", "rack_value", "replay", "rules_for"]
