"""The GCG record of an engine game, built from its full event log.

Every line carries the rack the player held before the move (the log has
every drawn tile), so a record written here can be analysed turn by turn.
The full log holds every rack: write a record only for someone who may see
them all (a finished game, or the game's own terminal player).

Lines: plays (``.`` for tiles already on the board, lower case for blanks),
passes, exchanges (the tiles given), a play challenged off (``--``, its
points taken back), and at the end the rack penalties and the gain of the
player who went out. A failed challenge and a lost turn have no GCG line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.events import (
    Event,
    Exchanged,
    GameEnded,
    GameStarted,
    Passed,
    PlayChallenged,
    PlayMade,
    TilesDrawn,
)
from harfiyen.games.crossword.notation import gcg
from harfiyen.games.crossword.notation.coords import format_move
from harfiyen.games.crossword.rules import BLANK, SIZE, Square
from harfiyen.lexicon.normalize import Language


@dataclass
class _Tracker:
    language: Language
    nicks: Sequence[str]
    board: Board = field(default_factory=Board)
    racks: list[list[str]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    lines: list[gcg.Event] = field(default_factory=list)
    # The rack and squares of the play that may still be challenged off.
    pending: tuple[int, list[str], tuple[Square, ...]] | None = None

    def line(self, seat: int, kind: gcg.EventKind, score: int, *, rack: str = "",
             position: str = "", word: str = "", exchanged: str = "", end_rack: str = "") -> None:
        self.totals[seat] += score
        self.lines.append(gcg.Event(
            kind, self.nicks[seat], score, self.totals[seat], rack=rack, position=position,
            word=word, exchanged=exchanged, end_rack=end_rack,
        ))

    def rack(self, seat: int) -> str:
        return "".join(self.racks[seat])

    def take(self, seat: int, tiles: Iterable[str]) -> None:
        for tile in tiles:
            if tile in self.racks[seat]:
                self.racks[seat].remove(tile)

    def event(self, event: Event) -> None:
        if isinstance(event, GameStarted):
            self.racks = [[] for _ in range(event.players)]
            self.totals = [0] * event.players
        elif isinstance(event, TilesDrawn):
            self.racks[event.seat].extend(event.tiles)
        elif isinstance(event, PlayMade):
            self.play(event)
        elif isinstance(event, Passed):
            self.line(event.seat, gcg.EventKind.PASS, 0, rack=self.rack(event.seat))
        elif isinstance(event, Exchanged):
            self.line(event.seat, gcg.EventKind.EXCHANGE, 0, rack=self.rack(event.seat),
                      exchanged="".join(event.tiles))
            self.take(event.seat, event.tiles)
        elif isinstance(event, PlayChallenged) and event.upheld and self.pending is not None:
            seat, rack_before, squares = self.pending
            cells = list(self.board.cells)
            for r, c in squares:
                cells[r * SIZE + c] = None
            self.board = Board(tuple(cells))
            self.racks[seat] = list(rack_before)
            self.line(seat, gcg.EventKind.WITHDRAWN, -event.points_removed,
                      rack="".join(rack_before))
            self.pending = None
        elif isinstance(event, GameEnded):
            self.end(event)

    def play(self, event: PlayMade) -> None:
        seat = event.seat
        placements: Sequence[Placement] = event.placements
        position, word = format_move(self.board, placements, self.language).split()
        rack_before = list(self.racks[seat])
        self.line(seat, gcg.EventKind.PLAY, event.total, rack=self.rack(seat),
                  position=position, word=word)
        self.take(seat, (BLANK if p.blank else p.letter for p in placements))
        self.board = self.board.with_tiles(placements)
        self.pending = (seat, rack_before, tuple(p.square for p in placements)) \
            if event.awaiting_challenge else None

    def end(self, event: GameEnded) -> None:
        outcome = event.outcome
        finisher = outcome.finisher
        if outcome.reason not in ("went_out", "two_passes", "no_play"):
            return
        for seat, rack in enumerate(self.racks):
            if rack and seat != finisher:
                self.line(seat, gcg.EventKind.END_RACK_PENALTY, outcome.adjustments[seat],
                          rack="".join(rack), end_rack="".join(rack))
        if outcome.reason == "went_out" and finisher is not None:
            others = "".join("".join(r) for s, r in enumerate(self.racks) if s != finisher)
            self.line(finisher, gcg.EventKind.END_RACK_GAIN, outcome.adjustments[finisher],
                      end_rack=others)


def game_record(
    events: Sequence[Event],
    players: Sequence[tuple[str, str]],
    *,
    language: Language,
    lexicon: str | None = None,
    title: str | None = None,
) -> gcg.GameRecord:
    """The GCG record of the game whose full event log is ``events``.

    ``players`` are ``(nick, full name)`` by seat; nicks must be single words.
    The header names the rule set (``#rules en@2``), the lexicon, the ★25
    square and a non-standard variant (``#variant nine-tile``).
    """
    started = next(e for e in events if isinstance(e, GameStarted))
    tracker = _Tracker(language, [nick for nick, _ in players])
    for event in events:
        tracker.event(event)
    extra = [gcg.Pragma("variant", started.variant)] if started.variant != "standard" else []
    head = gcg.header(
        players, title=title, lexicon=lexicon or started.lexicon, rules=started.rules,
        bonus25=started.bonus_square, extra=extra,
    )
    return gcg.GameRecord(head, tuple(tracker.lines))


__all__ = ["game_record"]
