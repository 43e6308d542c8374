"""The frames a viewer is sent: its events after a number, its whole view, and after a
command what the command changed of it (docs/protocol.md, "Patches")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from harfiyen.core.view_patch import diff
from harfiyen.server.games import GameAdapter, Viewer, adapter
from harfiyen.server.models import Match


@dataclass(frozen=True)
class Before:
    """The match as a command found it: what its ``patch`` frames are computed from."""

    seq: int
    state: Any
    status: str
    deadline_at: datetime | None


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
    """The audience's whole view after ``match.last_seq`` (sent on subscribing, on a
    resync and when views are published again), with the seats the table waits on
    (``waiting``, the same for every audience)."""
    game = adapter(match.game)
    return {
        "type": "state", "match": match.id, "seq": match.last_seq,
        **table(game, state, match.status, match.deadline_at),
        "view": game.view(state, viewer),
    }


def table(game: GameAdapter, state: Any, status: str, deadline_at: datetime | None
          ) -> dict[str, Any]:
    """What every audience is told of the match beside its view."""
    return {
        "status": status, "deadline_at": _iso(deadline_at),
        "waiting": list(game.spec.waiting(state)) if status == "active" else [],
    }


def view_change(
    game: GameAdapter, before: Any, after: Any, viewer: Viewer,
    numbered: Iterable[tuple[int, Any]],
) -> tuple[list[dict[str, Any]], Any]:
    """A command's new events as ``viewer`` may see them, and the patch from the viewer's
    view before the command to its view after (``None``: unchanged). Both views are the
    viewer's own, so the patch tells nothing its new view does not; it may refer to the
    projected events it is sent with."""
    events = [{"seq": seq, "event": projected} for seq, event in numbered
              if (projected := game.project(event, viewer, after)) is not None]
    patch = diff(game.view(before, viewer), game.view(after, viewer),
                 [e["event"] for e in events])
    return events, patch


def patch_frame(
    match: Match, before: Before, after: Any, viewer: Viewer,
    numbered: list[tuple[int, Any]],
) -> dict[str, Any]:
    """One command's ``patch`` frame for ``viewer``: its projected events, and its view
    changed from the view at ``base`` (the seq before the command) to the one at ``seq``.
    ``status``, ``deadline_at`` and ``waiting`` are there only when they changed."""
    game = adapter(match.game)
    events, patch = view_change(game, before.state, after, viewer, numbered)
    frame: dict[str, Any] = {"type": "patch", "match": match.id, "seq": match.last_seq,
                             "base": before.seq, "events": events}
    if patch is not None:
        frame["patch"] = patch
    old = table(game, before.state, before.status, before.deadline_at)
    frame.update((key, value) for key, value in
                 table(game, after, match.status, match.deadline_at).items()
                 if value != old[key])
    return frame


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"
