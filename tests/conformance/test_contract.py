"""The conformance harness: every registered game keeps the engine contract.

In the spirit of OpenSpiel's random simulation tests, each case (a game with one
rule version and variant) is played at random to the end, mixing good moves with
moves the rules refuse, and at every step the harness checks what the registry
promises (:mod:`harfiyen.core.registry`):

- a refused move raises the game's ``GameError`` (a code and both messages) and
  changes nothing; ``apply`` never changes the state it is given;
- every move ``legal_moves`` lists is accepted (``is_legal``), and a seat not in
  ``to_act`` may only resign;
- every event's stored form is JSON and decodes back to the same event;
- each viewer's view and the events sent to it do not change when what the viewer
  may not see changes (the driver's ``scramble``); the omniscient view opens only
  at the end;
- the finished game replays from its config, seed and recorded moves to the same
  state, event by event, also from every prefix of its log;
- the outcome says each seat's result (and places or teams where the game has them).

The recorded games under ``tests/golden`` pin the wire forms and the seeded RNG:
each is replayed from its stored moves and must give the stored events, views and
projections exactly. ``HARFIYEN_UPDATE_GOLDEN=1 pytest tests/conformance`` rewrites
them after an intended change (review the diff).
"""

from __future__ import annotations

import json
import os
import random
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from harfiyen.core.errors import GameError
from harfiyen.core.outcome import Outcome
from harfiyen.core.registry import GameSpec, temporarily_registered
from harfiyen.core.rng import Rng
from harfiyen.core.viewers import Omniscient, Seat
from harfiyen.games import game, games

from .drivers import DRIVERS, Case, Driver

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
UPDATE = os.environ.get("HARFIYEN_UPDATE_GOLDEN") == "1"
# Seeds per case: a few in the default run; HARFIYEN_CONFORMANCE_SEEDS=N runs more.
SEEDS = range(int(os.environ.get("HARFIYEN_CONFORMANCE_SEEDS", "2")))
CASES = [case for driver in DRIVERS.values() for case in driver.cases()]


def case_id(case: Case) -> str:
    return f"{case.game}:{case.label}"


def viewer_label(viewer: Any) -> str:
    if isinstance(viewer, Seat):
        return f"seat{viewer.seat}"
    fields = [str(getattr(viewer, f)) for f in getattr(viewer, "__dataclass_fields__", {})]
    return "-".join([type(viewer).__name__.lower(), *fields])


def view_json(spec: GameSpec[Any, Any, Any], state: Any, viewer: Any) -> dict[str, Any]:
    seen = spec.view(state, viewer)
    out = seen if isinstance(seen, dict) else seen.to_json()
    assert isinstance(out, dict)
    return out


def projections(spec: GameSpec[Any, Any, Any], state: Any, viewer: Any) -> list[Any]:
    return [spec.project_event(e, viewer, state) for e in spec.events(state)]


def test_every_registered_game_has_a_driver() -> None:
    assert {spec.name for spec in games()} == set(DRIVERS)


# --- random playthroughs --------------------------------------------------------------------


class Playthrough:
    def __init__(self, case: Case, seed: int, driver: Driver | None = None) -> None:
        self.case = case
        self.seed = seed
        self.spec = game(case.game)
        self.driver = driver or DRIVERS[case.game]
        self.config = self.spec.config_from_options(case.options)
        self.rnd = random.Random(f"{case_id(case)}:{seed}")
        self.state = self.spec.new_game(self.config, seed, case.lexicons)
        self.marks: list[int] = []  # event counts after each applied move

    def refused(self, seat: int, move: Any) -> bool:
        """Apply ``move``; True if it was refused (and then nothing changed)."""
        before = repr(self.state)
        try:
            after, events = self.spec.apply(self.state, seat, move)
        except GameError as error:
            assert error.code and error.message.tr and error.message.en
            assert repr(self.state) == before, f"a refused {move!r} changed the state"
            return True
        assert repr(self.state) == before, f"apply({move!r}) changed the state it was given"
        old = len(self.spec.events(self.state))
        assert tuple(self.spec.events(after)[old:]) == tuple(events)
        for event in events:
            stored = json.loads(json.dumps(event.to_dict()))
            assert self.spec.decode_event(stored) == event, stored
        self.state = after
        self.marks.append(len(self.spec.events(after)))
        return False

    def check_refusals(self) -> None:
        for seat, move in self.driver.illegal(self.state, self.rnd):
            assert self.refused(seat, move), f"{move!r} by seat {seat} was accepted"
            assert not self.spec.is_legal(self.state, seat, move)

    def check_legal_moves(self) -> None:
        acting = set(self.spec.to_act(self.state))
        for seat in range(self.spec.setup(self.config).seats):
            listed = list(islice(self.spec.legal_moves(self.state, seat), 6))
            for move in listed:
                assert self.spec.is_legal(self.state, seat, move), (seat, move)
            if seat not in acting:
                assert all(m == self.spec.resign for m in listed), (seat, listed)

    def check_hidden(self) -> None:
        over = self.spec.outcome(self.state) is not None
        for viewer in self.spec.all_viewers(self.config, over):
            seen = view_json(self.spec, self.state, viewer)
            sent = projections(self.spec, self.state, viewer)
            json.dumps([seen, sent])
            other = self.driver.scramble(self.state, viewer, self.rnd)
            assert view_json(self.spec, other, viewer) == seen, viewer
            assert projections(self.spec, other, viewer) == sent, viewer
        if not over:
            with pytest.raises(GameError):
                self.spec.view(self.state, Omniscient())

    def play(self, checks: bool = True) -> None:
        for step in range(self.case.max_steps):
            if self.spec.outcome(self.state) is not None:
                break
            if checks:
                self.check_refusals()
                self.check_legal_moves()
                if step % 4 == 0:
                    self.check_hidden()
            for seat, move in self.driver.moves(self.state, self.rnd):
                self.refused(seat, move)
                if self.spec.outcome(self.state) is not None:
                    break

    def check_replay(self) -> None:
        spec = self.spec
        moves = spec.moves_of(spec.events(self.state))
        again = spec.replay(self.config, self.seed, moves, self.case.lexicons)
        assert again == self.state
        assert [e.to_dict() for e in spec.events(again)] == [
            e.to_dict() for e in spec.events(self.state)
        ]
        # Every prefix of the log replays to the events it holds.
        for mark in self.rnd.sample(self.marks, min(5, len(self.marks))):
            prefix = spec.events(self.state)[:mark]
            replayed = spec.replay(self.config, self.seed, spec.moves_of(prefix),
                                   self.case.lexicons)
            assert tuple(spec.events(replayed)) == tuple(prefix)

    def check_outcome(self) -> None:
        outcome = self.spec.outcome(self.state)
        if outcome is None:
            return
        seats = self.spec.setup(self.config).seats
        assert isinstance(outcome, Outcome)
        assert len(outcome.results) == seats
        assert outcome.places is None or len(outcome.places) == seats
        assert all(set(t.seats) <= set(range(seats)) for t in outcome.teams)
        assert outcome.places is not None or outcome.teams, "no places and no teams"
        view_json(self.spec, self.state, Omniscient())
        json.dumps(outcome.to_dict())  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_random_game_keeps_the_engine_contract(case: Case, seed: int) -> None:
    check_random_game(case, seed)


def check_random_game(case: Case, seed: int, driver: Driver | None = None) -> None:
    run = Playthrough(case, seed, driver)
    run.play()
    run.check_hidden()
    run.check_replay()
    run.check_outcome()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_made_up_here_passes_the_same_harness(seed: int) -> None:
    from .fourth_game import DRIVER, SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        for case in DRIVER.cases():
            check_random_game(case, seed, DRIVER)


# --- golden files ---------------------------------------------------------------------------

GOLDEN_SEED = 2026
GOLDEN_STEPS = 40


def record(case: Case, moves: list[tuple[int, Any]] | None = None,
           config: Any = None) -> dict[str, Any]:
    """A whole recorded game: the resolved config, moves, stored events, views at three
    moments and every event as each viewer receives it. With ``moves`` (and the stored
    ``config``) the game is replayed from them."""
    spec = game(case.game)
    if config is None:
        config = spec.config_from_options(case.options)
    if moves is None:
        run = Playthrough(case, GOLDEN_SEED)
        run.case = Case(case.game, case.label, case.options, case.lexicons, GOLDEN_STEPS)
        run.play(checks=False)
        moves = spec.moves_of(spec.events(run.state))
    states = [spec.new_game(config, GOLDEN_SEED, case.lexicons)]
    for seat, move in moves:
        states.append(spec.apply(states[-1], seat, move)[0])
    moments = {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}
    final = states[-1]
    over = spec.outcome(final) is not None
    viewers = spec.all_viewers(config, over)
    return {
        "game": case.game, "config": spec.config_to_dict(config), "seed": GOLDEN_SEED,
        "moves": [[seat, spec.move_to_json(move)] for seat, move in moves],
        "events": [e.to_dict() for e in spec.events(final)],
        "views": {
            name: {viewer_label(v): view_json(spec, s, v)
                   for v in spec.all_viewers(config, spec.outcome(s) is not None)}
            for name, s in moments.items()
        },
        "projections": {viewer_label(v): projections(spec, final, v) for v in viewers},
        "outcome": None if not over else spec.outcome(final).to_dict(),  # type: ignore[union-attr]
    }


def golden_path(case: Case) -> Path:
    return GOLDEN / case.game / f"{case.label}.json"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_recorded_game_replays_to_its_golden_file(case: Case) -> None:
    path = golden_path(case)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(record(case), ensure_ascii=False, sort_keys=True, indent=1)
        path.write_text(text + "\n", encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    spec = game(case.game)
    moves = [(seat, spec.move_from_json(data)) for seat, data in stored["moves"]]
    # The stored game is replayed with its stored config, as a stored match is (a pack or
    # a word list edited since keeps its old games).
    config = spec.config_from_dict(stored["config"])
    again = json.loads(json.dumps(record(case, moves, config), ensure_ascii=False))
    for part in ("events", "views", "projections", "outcome"):
        assert again[part] == stored[part], (
            f"{case_id(case)}: the {part} differ from {path.name}; if the change is intended, "
            "rewrite the golden files (HARFIYEN_UPDATE_GOLDEN=1) and review the diff"
        )


def rng_outputs() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for seed in (0, 1, 7, 2026, 2**61 + 5):
        rng = Rng(seed)
        draws = []
        for _ in range(4):
            shuffled, rng = rng.shuffled(list(range(20)))
            number, rng = rng.randrange(1000)
            picked, rng = rng.choice("ABCDEFGH")
            draws.append([list(shuffled), number, picked])
        out[str(seed)] = draws
    return out


def test_the_seeded_rng_gives_its_golden_outputs() -> None:
    path = GOLDEN / "rng.json"
    if UPDATE:
        path.write_text(json.dumps(rng_outputs(), sort_keys=True) + "\n", encoding="utf-8")
    assert rng_outputs() == json.loads(path.read_text(encoding="utf-8")), (
        "the seeded RNG gives other numbers: every stored game would replay differently"
    )
