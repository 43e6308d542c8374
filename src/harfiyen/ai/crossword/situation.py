"""What a bot may know: a seat's view, with what the bots compute from it.

Every bot decision starts from :func:`situation` of its seat's
:class:`~harfiyen.games.crossword.views.CrosswordView`; nothing else of the
game reaches a bot.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.rules import RuleSet, Square
from harfiyen.games.crossword.views import CrosswordView, PendingView
from harfiyen.lexicon.normalize import Language


@dataclass(frozen=True)
class Situation:
    """A seat's view, with what the bots compute from it."""

    view: CrosswordView
    rules: RuleSet
    seat: int
    rack: tuple[str, ...]
    #: Tiles the seat cannot see (the bag and every other rack), by tile.
    unseen: Mapping[str, int]
    #: Tiles in the bag when this seat moves (a pending play's refill taken out).
    bag_count: int

    @property
    def lexicon_id(self) -> str:
        return self.view.facts.lexicon

    @property
    def board(self) -> Board:
        return self.view.board

    @property
    def scores(self) -> tuple[int, ...]:
        return self.view.scores

    @property
    def rack_sizes(self) -> tuple[int, ...]:
        return self.view.rack_sizes

    @property
    def to_move(self) -> int:
        return self.view.to_move

    @property
    def bonus_square(self) -> Square | None:
        """The ★25 square while it still pays."""
        return self.view.active_bonus_square

    @property
    def pending(self) -> PendingView | None:
        return self.view.pending

    @property
    def move_number(self) -> int:
        return self.view.move_number

    @property
    def scoreless_turns(self) -> int:
        """Consecutive passes and exchanges (both players together)."""
        return self.view.scoreless_turns

    @property
    def passes(self) -> tuple[int, ...]:
        """Each seat's consecutive passes."""
        return self.view.passes

    @property
    def language(self) -> Language:
        return self.rules.language

    @property
    def players(self) -> int:
        return len(self.scores)

    def unseen_tiles(self) -> list[str]:
        """The unseen tiles as a sorted list (one entry per tile)."""
        return sorted(t for t, n in self.unseen.items() for _ in range(n))


def situation(view: CrosswordView) -> Situation:
    """A seat's situation. Raises ``ValueError`` for a view that is not a seat's."""
    if view.seat is None or view.rack is None or view.unseen is None:
        raise ValueError("a bot needs a seat's view (with its rack)")
    rules = view.ruleset()
    pending = view.pending
    bag = view.bag_count
    if pending is not None and pending.seat != view.seat:
        # If the play stands, its player draws before anyone else.
        bag -= min(bag, rules.rack_size - view.rack_sizes[pending.seat])
    return Situation(
        view=view, rules=rules, seat=view.seat, rack=view.rack, unseen=view.unseen,
        bag_count=bag,
    )


def decision_seed(seed: int, view: CrosswordView) -> int:
    """A seed for one decision: the agent's seed and the visible position only."""
    # The same fields, in the same JSON form, as when views were dicts (so seeded games
    # replay alike); ``rows`` stands for the board.
    visible = {
        "rows": view.rows(), "rack": None if view.rack is None else list(view.rack),
        "scores": list(view.scores), "move_number": view.move_number, "seat": view.seat,
        "unseen": None if view.unseen is None else dict(view.unseen),
    }
    digest = hashlib.blake2b(
        json.dumps([seed, visible], sort_keys=True, ensure_ascii=False).encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big")


__all__ = ["Situation", "decision_seed", "situation"]
