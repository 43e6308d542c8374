"""The Champion's simulation: one value per candidate, reproducible, from the view only."""

from __future__ import annotations

import random
import time

import pytest
from test_agents import midgame, scramble

from harfiyen.ai.crossword.agent import ChampionAgent, generator_for, make_agent, situation
from harfiyen.ai.crossword.equity import EquityContext, unseen_value
from harfiyen.ai.crossword.leaves import shipped_leaves
from harfiyen.ai.crossword.movegen import MoveGenerator, Record
from harfiyen.ai.crossword.simulate import _still_close, simulate_two_ply
from harfiyen.ai.crossword.situation import Situation
from harfiyen.games.crossword import GameState, Seat, view


def candidates_of(
    state: GameState, n: int = 4
) -> tuple[Situation, MoveGenerator, list[tuple[float, Record]]]:
    """The position's seat to move, its generator and its ``n`` best plays by equity."""
    sit = situation(view(state, Seat(state.to_move)))
    generator = generator_for(sit.lexicon_id, sit.rules)
    ctx = EquityContext(
        rules=sit.rules, rack=sit.rack, bag_count=sit.bag_count,
        unseen_value=unseen_value(sit.unseen, sit.rules), board_empty=False,
        leaves=shipped_leaves(sit.language),
    )
    records = generator.generate(generator.scratch(sit.board), sit.rack, sit.bonus_square)
    ranked = sorted(((ctx.record_equity(r), r) for r in records), reverse=True)[:n]
    return sit, generator, ranked


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_two_ply_values_one_per_candidate_and_reproducible(lang: str) -> None:
    sit, generator, ranked = candidates_of(midgame(lang, 11))
    leaves = shipped_leaves(sit.language)
    far = time.perf_counter() + 600

    def run() -> list[float]:
        return simulate_two_ply(sit, generator, ranked, leaves, random.Random(5), far, 12)

    values = run()
    assert len(values) == len(ranked)
    assert values == run()
    # Values are points of a play, a reply and a play: within what three plays can score.
    assert all(-300 < v < 400 for v in values)


def test_a_clearly_worse_candidate_is_cut_and_a_close_one_kept() -> None:
    rng = random.Random(1)
    leader = [30 + rng.gauss(0, 10) for _ in range(48)]
    close = [x + rng.gauss(0, 3) for x in leader]
    worse = [x - 15 + rng.gauss(0, 3) for x in leader]
    assert _still_close([0, 1, 2], [leader, close, worse]) == [0, 1]


def test_the_two_ply_champion_chooses_from_its_view_only() -> None:
    """The hidden tiles dealt differently: the same choice (the simulation samples the
    unseen tiles, never the opponent's real rack or the bag's order)."""
    state = midgame("en", 4)
    seat = state.to_move
    champion = make_agent("sampiyon", lang="en", seed=3, time_budget=600)
    assert isinstance(champion, ChampionAgent) and champion.plies == 2
    champion.iterations = 6
    first = champion.choose(view(state, Seat(seat)))
    scrambled = scramble(state, seat, random.Random(9))
    assert champion.choose(view(scrambled, Seat(seat))) == first
