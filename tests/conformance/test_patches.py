"""Views rebuilt from patches: for every registered game and every viewer, over seeded
random playouts, the viewer's ``patch`` after each move (what the server sends it: the
move's events as it sees them and how its view changed, :func:`view_change`) applied to
its view before the move gives its view after, exactly, once sent through JSON.

And a patch, made only from the viewer's own views and projected events, does not change
when what the viewer may not see changes (the driver's ``scramble``): it cannot leak.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from harfiyen.core.registry import temporarily_registered
from harfiyen.core.view_patch import apply_patch, same
from harfiyen.core.viewers import Omniscient
from harfiyen.server.games import GameAdapter
from harfiyen.server.match.frames import view_change

from .drivers import DRIVERS, Case, Driver
from .test_contract import CASES, SEEDS, Playthrough, case_id, viewer_label

SHORT_STEPS = 24


class PatchedPlaythrough(Playthrough):
    """A random playout that checks every viewer's patch after every accepted move."""

    def __init__(self, case: Case, seed: int, driver: Driver | None = None) -> None:
        super().__init__(case, seed, driver)
        self.game = GameAdapter(self.spec)
        self.checked = 0

    def refused(self, seat: int, move: Any) -> bool:
        before = self.state
        if super().refused(seat, move):
            return True
        self.check_patches(before, self.state)
        return False

    def viewers(self, state: Any) -> list[Any]:
        return list(self.spec.all_viewers(self.config, self.spec.outcome(state) is not None))

    def check_patches(self, before: Any, after: Any) -> None:
        old = len(self.spec.events(before))
        numbered = list(enumerate(self.spec.events(after)[old:], start=old + 1))
        for viewer in self.viewers(before):
            events, patch = view_change(self.game, before, after, viewer, numbered)
            sent = json.loads(json.dumps({"events": events, "patch": patch}))
            rebuilt = apply_patch(self.game.view(before, viewer), sent["patch"],
                                  [e["event"] for e in sent["events"]])
            assert same(rebuilt, json.loads(json.dumps(self.game.view(after, viewer)))), (
                f"{case_id(self.case)} {viewer_label(viewer)} after event {len(numbered) + old}"
            )
            if self.checked % 5 == 0 and not isinstance(viewer, Omniscient):
                unseen_before = self.driver.scramble(before, viewer, self.rnd)
                unseen_after = self.driver.scramble(after, viewer, self.rnd)
                assert view_change(self.game, unseen_before, unseen_after, viewer,
                                   numbered) == (events, patch), viewer_label(viewer)
            self.checked += 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_viewer_rebuilds_its_views_from_its_patches(case: Case, seed: int) -> None:
    run = PatchedPlaythrough(case, seed)
    run.play(checks=False)
    assert run.checked


@pytest.mark.parametrize("game", sorted(DRIVERS))
def test_each_game_rebuilds_its_views_over_a_short_game(game: str) -> None:
    """The quick loop's share (the whole games above are slow): each game's first case."""
    first = DRIVERS[game].cases()[0]
    run = PatchedPlaythrough(Case(first.game, first.label, first.options, first.lexicons,
                                  SHORT_STEPS), 0)
    run.play(checks=False)
    assert run.checked


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_made_up_here_rebuilds_its_views_too(seed: int) -> None:
    from .fourth_game import DRIVER, SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        for case in DRIVER.cases():
            run = PatchedPlaythrough(case, seed, DRIVER)
            run.play(checks=False)
            assert run.checked
