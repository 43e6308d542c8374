"""The frames a viewer is sent: its events after a number and its whole view."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from harfiyen.server.games import GameAdapter, Viewer, adapter
from harfiyen.server.models import Match


def event_frames(
    game: GameAdapter, match_id: int, numbered: Iterable[tuple[int, Any]], viewer: Viewer,
    state: Any,
) -> list[dict[str, Any]]:
    """The ``event`` frames of numbered events as ``viewer`` may see them (an event the
    viewer sees nothing of has no frame; its number is skipped)."""
    frames = []
    for seq, event in numbered:
        projected = game.project(event, viewer, state)
        if projected is not None:
            frames.append({"type": "event", "match": match_id, "seq": seq, "event": projected})
    return frames


def frames_after(
    game: GameAdapter, match_id: int, state: Any, viewer: Viewer, after: int
) -> list[dict[str, Any]]:
    """The viewer's ``event`` frames of the log after number ``after``: one builder for
    fan-out, a resubscribing client's sync and a connection's gap."""
    numbered = list(enumerate(game.events(state), start=1))[max(after, 0):]
    return event_frames(game, match_id, numbered, viewer, state)


def state_frame(match: Match, state: Any, viewer: Viewer) -> dict[str, Any]:
    """The audience's whole view after ``match.last_seq`` (sent after each command),
    with the seats the table waits on (``waiting``, the same for every audience)."""
    game = adapter(match.game)
    return {
        "type": "state", "match": match.id, "seq": match.last_seq, "status": match.status,
        "deadline_at": _iso(match.deadline_at),
        "waiting": list(game.spec.waiting(state)) if match.status == "active" else [],
        "view": game.view(state, viewer),
    }


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"
