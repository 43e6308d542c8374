"""Write the move-generation benchmark positions: seeded greedy self-play, as CGP lines.

    .venv/bin/python scripts/make_positions.py            # both languages
    .venv/bin/python scripts/make_positions.py --check    # regenerate and compare

Two greedy players (each plays its highest-scoring move, exchanges its whole
rack when it has none) play from a bag shuffled with a fixed seed. Every fourth
turn from turn 4 on, while the bag still holds tiles, the position before the
move is written: board, the mover's rack, the scores, and the ``lex``, ``ld``,
``rules`` (and for ``tr`` the ``bonus25``) opcodes. Output:
``benchmarks/positions/tr.cgp`` and ``en.cgp``, one position a line.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.notation.cgp import CgpPosition, opcodes_for, write_cgp
from harfiyen.games.crossword.notation.coords import format_square_name
from harfiyen.games.crossword.rules import CENTER, DEFAULT_LEXICON, SIZE, ruleset
from harfiyen.lexicon.lexicon import load

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "positions"
PER_LANGUAGE = 120
SEEDS = {"tr": 3101, "en": 3102}


def positions(lang: str, count: int, seed: int) -> list[str]:
    rules = ruleset(lang)
    lexicon_id = DEFAULT_LEXICON[rules.family]
    lexicon = load(lexicon_id)
    gen = MoveGenerator(lexicon, rules)
    rng = random.Random(seed)
    lines: list[str] = []
    while len(lines) < count:
        bag = list(rules.tiles.bag())
        rng.shuffle(bag)
        racks = [[bag.pop() for _ in range(7)], [bag.pop() for _ in range(7)]]
        scores = [0, 0]
        board = Board()
        scratch = gen.scratch(board)
        bonus = None
        if rules.bonus_square_points:
            plain = [
                (r, c) for r in range(SIZE) for c in range(SIZE)
                if (r, c) not in rules.layout and (r, c) != CENTER
            ]
            bonus = rng.choice(plain)
        turn = 0
        passes = 0
        while passes < 4 and all(racks) and len(lines) < count:
            mover = turn % 2
            rack = racks[mover]
            if turn >= 4 and turn % 4 == 0 and bag:
                # The ★25 square is named only while it still pays.
                opcodes = opcodes_for(
                    lexicon=lexicon_id, language=rules.language, rules=rules.key,
                    bonus25=format_square_name(bonus) if bonus else None,
                )
                position = CgpPosition(
                    board,
                    ("".join(rack), "".join(racks[1 - mover])),
                    (scores[mover], scores[1 - mover]),
                    passes,
                    opcodes,
                )
                lines.append(write_cgp(position))
            best = gen.best(scratch, rack, 1, bonus)
            if best:
                move = best[0]
                board = board.with_tiles(move.placements)
                gen.play(scratch, move)
                scores[mover] += move.score
                if bonus is not None and any(p.square == bonus for p in move.placements):
                    bonus = None
                for tile in move.tiles:
                    rack.remove(tile)
                while len(rack) < 7 and bag:
                    rack.append(bag.pop())
                passes = 0
            else:
                if len(bag) >= 7:
                    bag.extend(rack)
                    rack[:] = []
                    rng.shuffle(bag)
                    while len(rack) < 7:
                        rack.append(bag.pop())
                passes += 1
            turn += 1
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    status = 0
    for lang in ("tr", "en"):
        text = "\n".join(positions(lang, PER_LANGUAGE, SEEDS[lang])) + "\n"
        path = OUT / f"{lang}.cgp"
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path.relative_to(ROOT)}: {'up to date' if same else 'DIFFERS'}")
            status |= not same
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} positions)")
    return status


if __name__ == "__main__":
    sys.exit(main())
