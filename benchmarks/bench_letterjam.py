"""Harf Takıl AI benchmark: time per AI decision (p50/p95) and selfplay success.

Run: ``.venv/bin/python benchmarks/bench_letterjam.py [--games N] [--lang tr en]
[--players 2 4 6]``

For each language and player count, plays ``N`` seeded selfplay games with AI
teammates at every seat (5-letter words) and reports, per kind of decision
(choosing an offer = the clue search, giving the clue, moving on, the final
arrangement), the median and 95th-percentile time, with the team win rate
and the share of players who succeed. The first decisions of a process also
build the word index (a second or two); those are left out of the times.
"""

from __future__ import annotations

import argparse
import time

from harfiyen.ai.letterjam import LetterJamAI, Timings, game_stats, play_game
from harfiyen.ai.letterjam.words import word_index
from harfiyen.games.letterjam import LetterJamConfig
from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON

KINDS = ("offer", "clue", "move_on", "arrange")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def warm_up(lang: Language) -> float:
    """Build the word index and its look-up tables once; seconds taken."""
    start = time.perf_counter()
    ai = LetterJamAI()
    play_game(LetterJamConfig(lang, players=3), 10_000, [ai] * 3)
    word_index(DEFAULT_LEXICON[lang]).clue_words()
    return time.perf_counter() - start


def run(lang: Language, players: int, games: int) -> None:
    ai = LetterJamAI()
    timings = Timings()
    wins = success = clues = 0
    start = time.perf_counter()
    for seed in range(games):
        state = play_game(LetterJamConfig(lang, players=players), seed, [ai] * players,
                          timings=timings)
        stats = game_stats(state, seed)
        wins += stats.team_success
        success += sum(stats.success)
        clues += stats.clues
    elapsed = time.perf_counter() - start
    times = "  ".join(
        f"{kind} {percentile(timings.samples.get(kind, []), 0.5) * 1000:.1f}/"
        f"{percentile(timings.samples.get(kind, []), 0.95) * 1000:.1f} ms"
        for kind in KINDS
    )
    print(
        f"{lang} {players}p: team {wins / games:.1%}, players {success / (games * players):.1%}, "
        f"clues {clues / games:.2f}, {elapsed / games:.2f} s/game | p50/p95: {times}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--lang", nargs="+", default=["tr", "en"], choices=["tr", "en"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4, 6])
    args = parser.parse_args()
    for name in args.lang:
        lang: Language = "tr" if name == "tr" else "en"
        print(f"{lang}: warm-up (index build) {warm_up(lang):.1f} s")
        for players in args.players:
            run(lang, players, args.games)


if __name__ == "__main__":
    main()
