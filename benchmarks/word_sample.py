"""A sample of the words a crossword bot level plays, for a fluent reader to judge.

Run: ``nice -n 10 .venv/bin/python benchmarks/word_sample.py --level caylak --plays 100
> sample.tsv``

Seeded self-play of the level against itself (seeds from ``--seed``); each play's
main word (the first word the engine lists, the one along the line of the tiles) is
written once, in order, until ``--plays`` plays are collected. The judged copies are
in ``docs/evaluation/bot_words_*.tsv`` (a verdict column added by the reader: common,
known, obscure or unfit).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.levels import Level
from harfiyen.games.crossword import CrosswordConfig, Seat, apply, new_game, view
from harfiyen.games.crossword.events import PlayMade
from harfiyen.lexicon.normalize import Language


def plays(lang: Language, level: Level, seed: int) -> Iterator[tuple[int, int, str]]:
    """``(seed, move number, main word)`` of every play in seeded self-play games."""
    while True:
        agents = [make_agent(level, lang=lang, seed=seed * 7 + k) for k in range(2)]
        state = new_game(CrosswordConfig(lang), seed)
        number = 0
        while state.outcome is None and number < 500:
            seat = state.to_move
            state, events = apply(state, seat, agents[seat].choose(view(state, Seat(seat))))
            number += 1
            for event in events:
                if isinstance(event, PlayMade) and event.words:
                    yield seed, number, event.words[0]
        seed += 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--lang", choices=["tr", "en"], default="tr")
    parser.add_argument("--level", default="caylak")
    parser.add_argument("--plays", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args(argv)
    lang: Language = "tr" if args.lang == "tr" else "en"
    level = Level.parse(args.level)
    print("seed\tmove\tword")
    for count, (seed, number, word) in enumerate(plays(lang, level, args.seed), start=1):
        print(f"{seed}\t{number}\t{word}", flush=True)
        print(f"\r{level.tr_name}: {count}/{args.plays}", end="", file=sys.stderr)
        if count == args.plays:
            break
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
