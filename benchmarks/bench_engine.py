"""Engine benchmark: median times to check and score a move, parse a GCG record, replay records.

Run: ``.venv/bin/python benchmarks/bench_engine.py [--repeat N]``

* validate + score: every play of a game record, on the board as it stood
  before that play (openings, mid-game and late moves), checked with
  ``validate.check_play`` against the rule set's lexicon and scored; one row
  per rule set (``en`` from an outside record when present, ``tr`` from a
  built-in Turkish game);
* parse: one GCG record, text to ``GameRecord``;
* replay: all outside records in ``../shared/testdata/gcg`` (when present).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Container
from pathlib import Path

from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.notation.coords import parse_position, placements_from_word
from harfiyen.games.crossword.notation.gcg import EventKind, GameRecord, decode_gcg, parse_gcg
from harfiyen.games.crossword.notation.replay import replay, rules_for
from harfiyen.games.crossword.rules import DEFAULT_LEXICON, RuleSet
from harfiyen.games.crossword.scoring import score_words

OUTSIDE = Path(__file__).resolve().parents[1] / ".." / "shared" / "testdata" / "gcg"

ENGLISH = """\
#player1 ann Ann
#player2 bob Bob
>ann: DINNVWY 8D WINDY +32 32
>bob: ADEEGIL 7C GALE +16 16
>ann: ADINNOV 9G NOVA +21 53
>bob: DEEIRST 10E DESIRE +30 46
>bob: ACEHRTT K5 CHATTER +114 160
>bob: ABEIOUU C2 ABOUT +18 178
"""

TURKISH = """\
#player1 ayşe Ayşe
#player2 ılgın Ilgın
#rules tr@2
#bonus25 I8
>ayşe: AEKLMİŞ 8H KALEM +37 37
>ılgın: ?IİNRŞU H4 çİLE. +4 4
>ayşe: ?ADEIİŞ L5 İSi. +5 42
>ılgın: AAEĞLNR 4E AĞA. +0 0
"""


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` runs of ``action``."""
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def plays_of(record: GameRecord) -> list[tuple[Board, tuple[Placement, ...]]]:
    """Each play that stayed on the board, with the board before it."""
    rules = rules_for(record)
    board = Board()
    out: list[tuple[Board, tuple[Placement, ...]]] = []
    for event in record.events:
        if event.kind is EventKind.WITHDRAWN and out:
            board = out.pop()[0]
        if event.kind is not EventKind.PLAY:
            continue
        try:
            placements = placements_from_word(
                board, parse_position(event.position), event.word, rules.language
            )
        except GameError:
            continue
        out.append((board, placements))
        board = board.with_tiles(placements)
    return out


def lexicon_for(rules: RuleSet) -> Container[str] | None:
    try:
        from harfiyen.lexicon.lexicon import load

        return load(DEFAULT_LEXICON[rules.family])
    except Exception:
        return None


def check_and_score(record: GameRecord, repeat: int) -> tuple[float, int, int]:
    """Median seconds per move; moves timed; moves the checks refused."""
    from harfiyen.games.crossword.validate import check_play

    rules = rules_for(record)
    lexicon = lexicon_for(rules)
    plays = plays_of(record)
    refused = 0

    def one(board: Board, placements: tuple[Placement, ...]) -> bool:
        try:
            words = check_play(board, placements, rules, lexicon)  # type: ignore[arg-type]
        except GameError:
            return False
        score_words(words, placements, rules)
        return True

    medians: list[float] = []
    for board, placements in plays:
        if not one(board, placements):
            refused += 1
        medians.append(median_seconds(lambda b=board, p=placements: one(b, p), repeat))
    return statistics.median(medians), len(plays), refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    repeat: int = args.repeat

    outside = sorted(OUTSIDE.glob("*.gcg")) if OUTSIDE.is_dir() else []
    english_text = ENGLISH
    for path in outside:
        if path.name.startswith("macondo__gcgio__doug_v_emely."):
            english_text = decode_gcg(path.read_bytes())
    rows: list[tuple[str, str, str]] = []

    for label, text in (("en", english_text), ("tr", TURKISH)):
        record = parse_gcg(text)
        seconds, moves, refused = check_and_score(record, repeat)
        note = f"{moves} moves" + (f", {refused} refused" if refused else "")
        rows.append((f"validate + score a move ({label})", f"{seconds * 1e6:9.1f} µs", note))

    record_text = english_text
    seconds = median_seconds(lambda: parse_gcg(record_text), repeat)
    events = len(parse_gcg(record_text).events)
    rows.append(("parse a GCG record", f"{seconds * 1e6:9.1f} µs", f"{events} events"))

    if outside:
        data = [path.read_bytes() for path in outside]

        def replay_all() -> int:
            return sum(replay(parse_gcg(decode_gcg(raw))).passed for raw in data)

        passed = replay_all()
        seconds = median_seconds(replay_all, max(3, repeat // 40))
        rows.append((
            "replay all outside records", f"{seconds * 1e3:9.1f} ms",
            f"{len(data)} files, {passed} pass",
        ))
    else:
        rows.append(("replay all outside records", "skipped", f"{OUTSIDE} not found"))

    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'median':>12}  notes")
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>12}  {note}")


if __name__ == "__main__":
    main()
