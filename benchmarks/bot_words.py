"""Which words the crossword bots play: unfit words (must be 0) and everyday words per level.

Run: ``nice -n 19 .venv/bin/python benchmarks/bot_words.py --lang tr --games 20
[--champion-games 6 --champion-time 0.5] [--workers 1]``

For each level, seeded self-play games of the level against itself (seeds 0..N-1,
so both seats are that level). Every word a play forms (main and cross words,
the engine's ``PlayMade.words``) is counted for the level that played it:

* *unfit*: a slur (the block list) or a word of the reviewed unfit list
  (``harfiyen.lexicon.fitness``) — must be 0 at every level;
* *common*: within Çaylak's ``common`` span (Zipf ≥ 3.8, short words a reader
  judged common);
* *everyday*: within Orta's ``everyday`` span (Zipf ≥ 3.0, short words judged
  common or known);
* *wide*: within Usta's ``wide`` span;
* *people's vocabulary*: in ``harfiyen.lexicon.vocabulary`` (the dictionary forms
  the say / deal contexts use; crossword plays include inflected and 2-letter
  words it leaves out, so this share is lower by design).

Also the passes and exchanges per game and the average score. The Champion spends
its time budget simulating, so it plays fewer games with a shorter budget here.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from harfiyen.ai.crossword.agent import make_agent
from harfiyen.ai.crossword.levels import Level
from harfiyen.games.crossword import CrosswordConfig, Seat, apply, new_game, view
from harfiyen.games.crossword.events import Exchanged, PlayMade
from harfiyen.games.crossword.moves import Pass
from harfiyen.lexicon.fitness import play_words, refused_always
from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.vocabulary import words as vocabulary_words
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON

MAX_MOVES = 500


def one_game(args: tuple[Language, str, int, float | None]) -> tuple[Counter[str], list[str]]:
    """One self-play game of ``level``: counters and the words played."""
    lang, level, seed, budget = args
    agents = [make_agent(level, lang=lang, seed=seed * 7 + k, time_budget=budget)
              for k in range(2)]
    state = new_game(CrosswordConfig(lang), seed)
    counts: Counter[str] = Counter()
    played: list[str] = []
    moves = 0
    while state.outcome is None and moves < MAX_MOVES:
        seat = state.to_move
        move = agents[seat].choose(view(state, Seat(seat)))
        state, events = apply(state, seat, move)
        moves += 1
        if isinstance(move, Pass):
            counts["passes"] += 1
        for event in events:
            if isinstance(event, PlayMade):
                counts["plays"] += 1
                played.extend(event.words)
            elif isinstance(event, Exchanged):
                counts["exchanges"] += 1
    outcome = state.outcome
    scores = outcome.final_scores if outcome is not None else state.scores
    counts["score"] += sum(scores)
    counts["seats"] += len(scores)
    return counts, played


def measure(lang: Language, level: Level, games: int, budget: float | None,
            workers: int) -> dict[str, float]:
    lexicon = DEFAULT_LEXICON[lang]
    refused = refused_always(lang)
    common, everyday = play_words(lexicon, "common"), play_words(lexicon, "everyday")
    wide = play_words(lexicon, "wide")
    vocabulary = vocabulary_words(lang)
    jobs = [(lang, level.value, seed, budget) for seed in range(games)]
    total: Counter[str] = Counter()
    words: list[str] = []
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(one_game, jobs, chunksize=1))
    else:
        results = [one_game(job) for job in jobs]
    for counts, played in results:
        total.update(counts)
        words.extend(played)
    n = len(words) or 1
    unfit = [w for w in words if w in refused]
    return {
        "games": games, "words": len(words), "unfit": len(unfit),
        "common": sum(w in common for w in words) / n,
        "everyday": sum(w in everyday for w in words) / n,
        "wide": sum(w in wide for w in words) / n,
        "vocabulary": sum(w in vocabulary for w in words) / n,
        "passes": total["passes"] / games, "exchanges": total["exchanges"] / games,
        "score": total["score"] / max(1, total["seats"]),
        "seconds": time.perf_counter() - started,
        "unfit_words": " ".join(sorted(set(unfit))),  # type: ignore[dict-item]
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--lang", choices=["tr", "en"], default="tr")
    parser.add_argument("--games", type=int, default=20, help="games per level (Champion aside)")
    parser.add_argument("--champion-games", type=int, default=6)
    parser.add_argument("--champion-time", type=float, default=0.5, help="seconds per move")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    lang: Language = "tr" if args.lang == "tr" else "en"
    print(f"lang {lang}: self-play, seeds 0..N-1; shares of the words each level played")
    print("| level | games | words | unfit | common span | everyday span | wide span | people's "
          "vocabulary | passes/game | exchanges/game | avg score | s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for level in Level:
        champion = level is Level.CHAMPION
        games = args.champion_games if champion else args.games
        budget = args.champion_time if champion else None
        r = measure(lang, level, games, budget, args.workers)
        print(f"| {level.tr_name} | {games} | {r['words']:.0f} | {r['unfit']:.0f} | "
              f"{r['common']:.1%} | {r['everyday']:.1%} | {r['wide']:.1%} | "
              f"{r['vocabulary']:.1%} | "
              f"{r['passes']:.2f} | {r['exchanges']:.2f} | {r['score']:.1f} | "
              f"{r['seconds']:.0f} |", flush=True)
        if r["unfit"]:
            print(f"  unfit words played: {r['unfit_words']}")


if __name__ == "__main__":
    main()
