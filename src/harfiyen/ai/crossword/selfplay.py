"""Seeded games between crossword bots through the real engine, and leave training.

:func:`play_game` runs one game: every bot gets only its seat's view and its
moves go through ``engine.apply`` like a human's. The game and the bots are
seeded, so a game replays exactly from ``(lang, seed, agents)``.

Leave training (:func:`train_leaves`, ``harfiyen train leaves``) plays
self-play games in generations. Generation 0 plays score-only (all leaves 0)
with some exploration; each later generation plays with the leaves fitted so
far. Every move made with at least a full rack's worth of tiles in the bag
yields a sample ``(leave, points scored on the same player's next turn)``;
ridge regression over :class:`~harfiyen.ai.crossword.leaves.FeatureSpace`
fits the weights (see :mod:`harfiyen.ai.crossword.leaves`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Final

from harfiyen.ai.crossword.agent import Agent, BotAgent, ExpertAgent, make_agent
from harfiyen.ai.crossword.leaves import FeatureSpace, LeaveModel
from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.ai.crossword.situation import Situation
from harfiyen.games.crossword import CrosswordConfig, Seat, apply, new_game, view
from harfiyen.games.crossword.events import Exchanged, PlayMade
from harfiyen.games.crossword.moves import Move, Pass
from harfiyen.lexicon.normalize import Language

#: A game that has not ended after this many engine moves is stopped (never seen).
MAX_MOVES: Final = 500
#: Ridge penalties of the leave fit: light on the main effects (tiles, duplicates,
#: balance), heavier on the many pair synergies, which only correct them.
RIDGE_MAIN: Final = 1.0
RIDGE_PAIR: Final = 30.0


@dataclass
class GameResult:
    """How one game went: final scores, places, bingos per seat, and training samples."""

    lang: str
    seed: int
    scores: tuple[int, ...]
    places: tuple[int, ...]
    bingos: tuple[int, ...]
    moves: int
    #: ``(sorted leave, next-turn score)`` pairs (only when collecting).
    samples: list[tuple[str, int]] = field(default_factory=list)
    #: Seconds each seat spent choosing, move by move.
    think: tuple[list[float], ...] = ()
    #: ``(seat, tiles in the bag before the move, the mover's spread after it)`` per
    #: move (only when asked for: win-probability training).
    positions: list[tuple[int, int, int]] = field(default_factory=list)


def play_game(
    agents: Sequence[Agent],
    lang: str,
    seed: int,
    *,
    collect: bool = False,
    lexicon: Any = None,
    positions: bool = False,
) -> GameResult:
    """Play one game of ``lang`` between ``agents`` (seat order) with the engine.

    ``collect`` records leave-training samples, ``positions`` the spread after
    every move (win-probability samples). Raises whatever the engine
    raises if a bot makes an illegal move (a bug).
    """
    config = CrosswordConfig(lang, players=len(agents))
    state = new_game(config, seed, lexicon)
    rack_size = state.rules.rack_size
    # Per seat: turns as (leave or None, score, bag before the move).
    turns: list[list[tuple[str | None, int, int]]] = [[] for _ in agents]
    bingos = [0] * len(agents)
    think: tuple[list[float], ...] = tuple([] for _ in agents)
    moves = 0
    spreads: list[tuple[int, int, int]] = []
    while state.outcome is None and moves < MAX_MOVES:
        seat = state.to_move
        seen = view(state, Seat(seat))
        began = time.perf_counter()
        move = agents[seat].choose(seen)
        think[seat].append(time.perf_counter() - began)
        bag_before = len(state.bag)
        rack_before = state.racks[seat]
        state, events = apply(state, seat, move)
        moves += 1
        if positions:
            others = max(s for k, s in enumerate(state.scores) if k != seat)
            spreads.append((seat, bag_before, state.scores[seat] - others))
        for event in events:
            if isinstance(event, PlayMade) and event.seat == seat:
                if event.breakdown.bingo:
                    bingos[seat] += 1
                used = Counter(("?" if p.blank else p.letter) for p in event.placements)
                left = Counter(rack_before)
                left.subtract(used)
                turns[seat].append(
                    ("".join(sorted(left.elements())), event.total, bag_before)
                )
            elif isinstance(event, Exchanged) and event.seat == seat:
                left = Counter(rack_before)
                left.subtract(event.tiles)
                turns[seat].append(("".join(sorted(left.elements())), 0, bag_before))
        if isinstance(move, Pass):
            turns[seat].append((None, 0, bag_before))
    outcome = state.outcome
    scores = tuple(outcome.final_scores) if outcome is not None else state.scores
    places = tuple(outcome.places) if outcome is not None else tuple(0 for _ in agents)
    samples: list[tuple[str, int]] = []
    if collect:
        for own in turns:
            for (leave, _, bag), nxt in pairwise(own):
                if leave is not None and bag >= rack_size:
                    samples.append((leave, nxt[1]))
    return GameResult(lang, seed, scores, places, tuple(bingos), moves, samples, think, spreads)


# -- leave training -------------------------------------------------------------------------


class TrainingAgent(ExpertAgent):
    """The Expert with exploration: sometimes plays one of its top few moves instead."""

    explore = 0.1
    top = 5

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        if rng.random() < self.explore:
            ctx = self.context(sit)
            records = self.records(sit, generator)
            if records:
                ranked = sorted(records, key=lambda r: (-ctx.record_equity(r), repr(r)))
                return self.play(generator, rng.choice(ranked[: self.top]))
        return self.static_move(sit, generator)


def _training_game(args: tuple[str, int, str | None]) -> list[tuple[str, int]]:
    lang, seed, model_json = args
    language: Language = "tr" if lang == "tr" else "en"
    model = LeaveModel.from_json(model_json) if model_json else LeaveModel.zero(language)
    agents: list[BotAgent] = [
        TrainingAgent(lang=lang, seed=seed * 2 + k, time_budget=60.0, leaves=model)
        for k in range(2)
    ]
    return play_game(agents, lang, seed, collect=True).samples


def fit_leaves(
    lang: Language, samples: Sequence[tuple[str, int]], meta: dict[str, Any]
) -> LeaveModel:
    """Ridge regression of next-turn score on the leave features (needs numpy)."""
    import numpy as np

    space = FeatureSpace(lang)
    n, m = len(samples), len(space)
    x = np.zeros((n, m + 1))
    y = np.zeros(n)
    x[:, m] = 1.0  # intercept, not penalised
    for row, (leave, target) in enumerate(samples):
        x[row, space.features(leave)] = 1.0
        y[row] = target
    penalty = np.array(
        [RIDGE_PAIR if kind == "pair" else RIDGE_MAIN for kind in space.kinds] + [0.0]
    )
    w = np.linalg.solve(x.T @ x + np.diag(penalty), x.T @ y)
    meta = {**meta, "samples": n, "mean_target": round(float(y.mean()), 3)}
    return LeaveModel(lang, [float(v) for v in w[:m]], meta)


def train_leaves(
    lang: str,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    generations: int = 2,
    progress: Callable[[int], None] | None = None,
    command: str = "",
) -> LeaveModel:
    """Leaves learned from ``games`` self-play games split over ``generations``.

    Game ``k`` of the run uses seed ``seed * 1_000_003 + k``; the result depends
    only on ``(lang, games, seed, generations)``, not on ``workers``.
    ``progress`` is called with the number of games finished after each game.
    """
    language: Language = "tr" if lang == "tr" else "en"
    per_gen = [games // generations + (1 if g < games % generations else 0)
               for g in range(generations)]
    model = LeaveModel.zero(language)
    samples: list[tuple[str, int]] = []
    played = 0
    for gen, count in enumerate(per_gen):
        model_json = model.to_json() if gen else None
        jobs = [(lang, seed * 1_000_003 + played + k, model_json) for k in range(count)]
        gen_samples: list[tuple[str, int]] = []
        for result in map_in_processes(_training_game, jobs, workers):
            gen_samples.extend(result)
            played += 1
            if progress is not None:
                progress(played)
        # Later generations play better, so their samples replace the earlier ones
        # once there are enough of them.
        samples = gen_samples if len(gen_samples) >= 20_000 else samples + gen_samples
        model = fit_leaves(language, samples, {
            "games": played, "seed": seed, "generations": gen + 1,
            "command": command, "target": "points scored on the player's next turn",
            "method": "ridge regression on binary leave features (leaves.py)",
        })
    return model


def map_in_processes(
    fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int
) -> Iterator[Any]:
    """``map`` in order, in ``workers`` processes when more than one."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, jobs, chunksize=1)


def level_agents(levels: Sequence[str], lang: str, seed: int) -> list[Agent]:
    """Agents of ``levels`` in seat order, each with its own seed."""
    return [make_agent(level, lang=lang, seed=seed * 7 + k) for k, level in enumerate(levels)]


__all__ = [
    "GameResult", "TrainingAgent", "fit_leaves", "level_agents", "map_in_processes", "play_game",
    "train_leaves",
]
