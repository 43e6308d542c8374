"""The pub/sub channels of a match's audiences and of a user's notices."""

from __future__ import annotations

import dataclasses

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.server.games import Viewer


def match_channel(match_id: int, viewer: Viewer) -> str:
    """The pub/sub channel of one audience: a seat, the spectators, or a game's own viewer
    kind (Kelime Casusu's ``TeamRole``: ``match:7:team:red:guesser``)."""
    if isinstance(viewer, Seat):
        return f"match:{match_id}:seat:{viewer.seat}"
    if isinstance(viewer, Spectator):
        return f"match:{match_id}:spectators"
    if isinstance(viewer, Omniscient):
        return f"match:{match_id}:omniscient"
    parts = [str(getattr(viewer, f.name)) for f in dataclasses.fields(viewer)]
    label = "team" if type(viewer).__name__ == "TeamRole" else type(viewer).__name__.lower()
    return ":".join([f"match:{match_id}", label, *parts])


def user_channel(user_id: int) -> str:
    return f"user:{user_id}"
