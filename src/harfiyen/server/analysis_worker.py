"""What runs in an analysis worker process: one GCG record in, its analysis and replay out.

The server starts these processes (``spawn``: a clean interpreter, no copy of
the server's threads or sockets) and sends each job here; the move generator
and the equity model load once per process. Progress goes back through the
queue the process was started with, as ``(key, done, total)``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from harfiyen.core.errors import HarfiyenError
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.notation.coords import (
    parse_move,
    parse_position,
    placements_from_word,
)
from harfiyen.games.crossword.notation.gcg import EventKind, GameRecord, parse_gcg
from harfiyen.games.crossword.notation.replay import rules_for
from harfiyen.games.crossword.rules import square_name

_progress: Any = None


def init(queue: Any) -> None:
    """The process initializer: keep the progress queue."""
    global _progress
    _progress = queue


def run(key: str, text: str) -> dict[str, Any]:
    """Analyse the GCG ``text``: ``{"analysis": ..., "replay": [...]}`` (JSON-ready)."""
    from harfiyen.ai.crossword.analysis import analyze

    record = parse_gcg(text)

    def report(done: int, total: int) -> None:
        if _progress is not None:
            _progress.put((key, done, total))

    analysis = analyze(record, progress=report).as_json()
    return {
        "analysis": analysis, "replay": replay_steps(record, analysis["turns"]),
        "players": [{"seat": p.seat, "nick": p.nick, "name": p.name or p.nick}
                    for p in record.players],
        "bonus25": record.bonus25, "title": record.title,
    }


def _tiles(placements: tuple[Placement, ...]) -> list[dict[str, Any]]:
    return [{"square": square_name(p.square), "letter": p.letter, "blank": p.blank}
            for p in placements]


def replay_steps(record: GameRecord, turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every line of the record as a step of the replay: who, what, the tiles it put on
    (or took off) the board, the running total, and for analysed turns the tiles of the
    best move found. The board of step ``n`` is the tiles of steps ``0..n``."""
    rules = rules_for(record)
    lang = rules.language
    seats = {p.nick: p.seat for p in record.players}
    by_number = {t["number"]: t for t in turns}
    board = Board()
    history: list[tuple[Board, tuple[Placement, ...]]] = []
    steps: list[dict[str, Any]] = []
    number = 0
    for event in record.events:
        seat = seats.setdefault(event.nick, len(seats))
        step: dict[str, Any] = {
            "kind": event.kind.value, "nick": event.nick, "seat": seat, "rack": event.rack,
            "score": event.score, "total": event.total, "placements": [], "removed": [],
        }
        if event.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE):
            number += 1
            step["turn"] = number
            turn = by_number.get(number)
            if turn is not None and turn.get("best") and turn["best"][:1].isalnum() \
                    and not turn["best"].startswith(("exchange", "pass")):
                with contextlib.suppress(HarfiyenError):
                    step["best_placements"] = _tiles(parse_move(turn["best"], board, lang))
        if event.kind is EventKind.PLAY:
            step["position"], step["word"] = event.position, event.word
            try:
                placed = placements_from_word(board, parse_position(event.position),
                                              event.word, lang)
            except HarfiyenError:
                placed = ()
            history.append((board, placed))
            board = board.with_tiles(placed)
            step["placements"] = _tiles(placed)
        elif event.kind is EventKind.EXCHANGE:
            step["exchanged"] = event.exchanged
        elif event.kind is EventKind.WITHDRAWN and history:
            board, placed = history.pop()
            step["removed"] = _tiles(placed)
        elif event.kind in (EventKind.END_RACK_GAIN, EventKind.END_RACK_PENALTY):
            step["end_rack"] = event.end_rack
        steps.append(step)
    return steps


__all__ = ["init", "replay_steps", "run"]
