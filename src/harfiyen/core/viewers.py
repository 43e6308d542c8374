"""Who looks at a game: the viewers every engine's ``view`` accepts.

Engines build each view by inclusion from what the viewer may know; a game
with team roles (Kelime Casusu) adds its own viewer type beside these.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at ``seat``: sees what that seat may know."""

    seat: int


@dataclass(frozen=True, slots=True)
class Spectator:
    """Someone watching: only what is public."""


@dataclass(frozen=True, slots=True)
class Omniscient:
    """Everything, for the replay once the game is over."""
