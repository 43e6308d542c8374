"""The two AI roles as small protocols: what a harness (selfplay, a room) calls.

Both receive only their own view (``harfiyen.games.codenames.view``), never
the game state, and read it through
:func:`harfiyen.ai.codenames.board.read_view`. This protocol is local to Kelime Casusu on purpose; a
platform-wide agent protocol may replace it later.
"""

from __future__ import annotations

from typing import Protocol

from harfiyen.ai.codenames.spymaster import ClueDecision
from harfiyen.games.codenames.moves import Guess, Pass
from harfiyen.games.codenames.views import CodenamesView


class SpymasterAgent(Protocol):
    def give_clue(self, view: CodenamesView) -> ClueDecision:
        """A clue for the viewing spymaster's team, from a view that shows the key."""
        ...


class GuesserAgent(Protocol):
    def choose(self, view: CodenamesView) -> Guess | Pass:
        """The next guess or a pass, from a guesser's view."""
        ...


__all__ = ["GuesserAgent", "SpymasterAgent"]
