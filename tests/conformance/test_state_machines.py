"""Hypothesis state machines, one per registered game: legal and illegal actions mixed in any
order, with the invariants checked after every step.

Each machine draws a game case and seed, then hypothesis chooses the steps: a move of
the game's random player (mostly good moves, sometimes refused ones), a move the rules
must refuse, or a legal move by a seat whose turn it is not. After every step:

- a refused action changed nothing (the state compares equal and reprs the same);
- turn order: only seats in ``to_act`` change the game (others may only resign);
- replay equality: the config, seed and recorded moves rebuild the same state;
- crossword: tile conservation (board + racks + bag = the full bag, blanks as ``?``)
  and every score = the sum of its plays' scores minus upheld challenges (plus the
  final adjustments once over).

The examples per machine are few in the default run (``HARFIYEN_FUZZ_EXAMPLES`` runs
more); the drivers come from the conformance harness.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from harfiyen.core.errors import GameError
from harfiyen.games import crossword as cw
from harfiyen.games import game

from .drivers import DRIVERS, Case

EXAMPLES = int(os.environ.get("HARFIYEN_FUZZ_EXAMPLES", "6"))
CASES: dict[str, list[Case]] = {name: driver.cases() for name, driver in DRIVERS.items()}


def crossword_invariants(state: cw.GameState) -> None:
    placed = ["?" if tile.blank else tile.letter for _, tile in state.board.occupied()]
    racks = [t for rack in state.racks for t in rack]
    # (a play awaiting a challenge has its tiles on the board already)
    assert Counter(placed + racks + list(state.bag)) == Counter(state.rules.tiles.bag())
    totals = [0] * state.players
    for event in state.events:
        if isinstance(event, cw.events.PlayMade):
            totals[event.seat] += event.total
        elif isinstance(event, cw.events.PlayChallenged) and event.upheld:
            totals[event.seat] -= event.points_removed
    if state.outcome is None:
        assert list(state.scores) == totals, (state.scores, totals)
    else:
        assert list(state.outcome.scores_before) == totals
        assert [b + a for b, a in zip(state.outcome.scores_before, state.outcome.adjustments,
                                      strict=True)] == list(state.outcome.final_scores)


INVARIANTS: dict[str, Any] = {"crossword": crossword_invariants}


def machine_for(name: str) -> type[RuleBasedStateMachine]:
    spec, driver = game(name), DRIVERS[name]

    class EngineMachine(RuleBasedStateMachine):
        @initialize(case=st.sampled_from(CASES[name]), seed=st.integers(0, 2**31 - 1))
        def start(self, case: Case, seed: int) -> None:
            self.case, self.seed = case, seed
            self.config = spec.config_from_options(case.options)
            self.state = spec.new_game(self.config, seed, case.lexicons)
            self.rnd = random.Random(seed)
            self.refusals = 0

        def _refused(self, seat: int, move: Any) -> bool:
            before, text = self.state, repr(self.state)
            try:
                after, _ = spec.apply(self.state, seat, move)
            except GameError:
                assert self.state == before and repr(self.state) == text
                self.refusals += 1
                return True
            assert repr(self.state) == text  # apply never changes what it is given
            if move != spec.resign:
                assert seat in spec.to_act(before), (seat, move)
            self.state = after
            return False

        def _over(self) -> bool:
            return spec.outcome(self.state) is not None

        @rule(pick=st.integers(0, 7))
        def random_player_moves(self, pick: int) -> None:
            if self._over():
                return
            for n, (seat, move) in enumerate(driver.moves(self.state, self.rnd)):
                if n == pick:
                    self._refused(seat, move)
                    return

        @rule()
        def a_refused_move_changes_nothing(self) -> None:
            if self._over():
                return
            for seat, move in driver.illegal(self.state, self.rnd)[:2]:
                assert self._refused(seat, move), (seat, move)

        @rule(seat=st.integers(0, 3))
        def out_of_turn_changes_nothing(self, seat: int) -> None:
            seats = spec.setup(self.config).seats
            seat %= seats
            if self._over() or seat in spec.to_act(self.state):
                return
            acting = spec.to_act(self.state)
            for move in list(spec.legal_moves(self.state, acting[0]))[:3] if acting else []:
                if move != spec.resign:
                    assert self._refused(seat, move), (seat, move)

        @invariant()
        def replays_to_the_same_state(self) -> None:
            if not hasattr(self, "state"):
                return
            again = spec.replay(self.config, self.seed, spec.moves_of(spec.events(self.state)),
                                self.case.lexicons)
            assert again == self.state

        @invariant()
        def game_invariants(self) -> None:
            if hasattr(self, "state") and name in INVARIANTS:
                INVARIANTS[name](self.state)

    EngineMachine.__name__ = f"{name.title()}Machine"
    EngineMachine.TestCase.settings = settings(
        max_examples=EXAMPLES, stateful_step_count=40, deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    return EngineMachine


TestCrossword = machine_for("crossword").TestCase
TestCodenames = machine_for("codenames").TestCase
TestLetterjam = machine_for("letterjam").TestCase
