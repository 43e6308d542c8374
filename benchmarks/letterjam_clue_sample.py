"""A sample of the clue words Harf Takıl AI teammates give, for a fluent reader to judge.

Run: ``nice -n 10 .venv/bin/python benchmarks/letterjam_clue_sample.py --words 100
> sample.tsv``

Seeded self-play with AI teammates at every seat (seeds from ``--seed``, the player
count going round ``--players``: 3, 4, 5, 3, ...); from each game at most
``--per-game`` clue words not sampled before are taken, chosen with a generator seeded
by the game's seed, until ``--words`` distinct words are collected. The judged copy is
``docs/evaluation/letterjam_clue_words_tr.tsv`` (a verdict column added by the reader:
common, known, obscure or unfit, and a note for anything not common).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence

from harfiyen.ai.letterjam import LetterJamAI, play_game
from harfiyen.games.letterjam import LetterJamConfig
from harfiyen.games.letterjam.events import ClueGiven
from harfiyen.lexicon.normalize import Language


def clue_words(lang: Language, players: Sequence[int], seed: int, per_game: int
               ) -> Iterator[tuple[int, int, int, str]]:
    """``(seed, players, clue number, word)`` of new clue words, game after game."""
    ai = LetterJamAI()
    seen: set[str] = set()
    game = 0
    while True:
        count = players[game % len(players)]
        state = play_game(LetterJamConfig(lang, players=count), seed, [ai] * count)
        fresh: dict[str, int] = {}
        for event in state.events:
            if isinstance(event, ClueGiven) and event.word not in seen:
                fresh.setdefault(event.word, event.number)
        chosen = random.Random(seed).sample(sorted(fresh), min(per_game, len(fresh)))
        for word in sorted(chosen, key=lambda w: fresh[w]):
            seen.add(word)
            yield seed, count, fresh[word], word
        seed += 1
        game += 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--lang", choices=["tr", "en"], default="tr")
    parser.add_argument("--words", type=int, default=100)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", default="3,4,5", help="player counts, in turn")
    parser.add_argument("--per-game", type=int, default=2)
    args = parser.parse_args(argv)
    lang: Language = "tr" if args.lang == "tr" else "en"
    players = [int(p) for p in args.players.split(",")]
    print("seed\tplayers\tclue\tword")
    found = clue_words(lang, players, args.seed, args.per_game)
    for count, (seed, n, number, word) in enumerate(found, start=1):
        print(f"{seed}\t{n}\t{number}\t{word}", flush=True)
        print(f"\r{count}/{args.words}", end="", file=sys.stderr)
        if count == args.words:
            break
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
