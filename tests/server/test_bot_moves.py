"""The stand-in bots read the typed view and play by the match's own rule set."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.ai.crossword.seat import choose
from harfiyen.games import crossword as cw
from harfiyen.lexicon.lexicon import load

CONFIGS = [
    cw.CrosswordConfig("tr", version=1),
    cw.CrosswordConfig("en", variant="nine-tile", challenge="void"),
    cw.CrosswordConfig("en", players=3, variant="finish-line", finish_level="beginner"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.rules}-{c.variant}-{c.players}")
def test_greedy_stand_in_plays_the_best_move_of_the_rules(config: cw.CrosswordConfig) -> None:
    state = cw.new_game(config, 3)
    seat = state.to_move
    seen = cw.view(state, cw.Seat(seat))
    assert seen.ruleset() == state.rules and len(seen.rack or ()) == state.rules.rack_size
    intent = choose(seen, "greedy", 0, load)
    assert intent["kind"] == "play"
    placements = tuple(
        cw.Placement(cw.parse_square(t["square"]), t["letter"], t["blank"])
        for t in intent["tiles"]
    )
    after, _ = cw.apply(state, seat, cw.Play(placements))  # the engine accepts it
    generator = MoveGenerator(load(config.lexicon_id), state.rules)
    best = generator.best(generator.scratch(state.board), state.racks[seat], 1,
                          state.active_bonus_square)
    assert after.scores[seat] == best[0].score


def test_a_stand_in_accepts_a_play_that_ends_the_game() -> None:
    state = cw.new_game(cw.CrosswordConfig("en"), 2)
    seat = state.to_move
    racks = list(state.racks)
    racks[seat] = tuple("QUIZ")
    state = replace(state, racks=tuple(racks), bag=())
    play = cw.Play(tuple(cw.Placement((7, 7 + k), ch) for k, ch in enumerate("QUIZ")))
    state, _ = cw.apply(state, seat, play)
    assert state.pending is not None and state.pending.ends_game
    assert choose(cw.view(state, cw.Seat(state.to_move)), "random", 0, load) == {
        "kind": "accept"
    }
