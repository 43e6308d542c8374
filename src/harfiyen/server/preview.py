"""The move preview of a game that has one (the crossword's live score), as JSON.

The game computes the preview (:mod:`harfiyen.games.crossword.preview` for the
crossword); this reads the request and renders the preview's problem, if any,
in the user's language.
"""

from __future__ import annotations

from typing import Any

from harfiyen.server.errors import error_body, fail
from harfiyen.server.errors import reference as reference_errors
from harfiyen.server.errors import requests as request_errors
from harfiyen.server.games import GameAdapter


def preview_answer(
    game: GameAdapter, state: Any, seat: int, body: Any, language: str
) -> dict[str, Any]:
    """What ``seat``'s tentative move (``body``, a play intent whose ``kind`` may be
    left out) would do in ``state``. Raises ``preview.not_supported`` for a game
    without previews and ``request.invalid`` for a body that cannot be read."""
    if game.preview is None:
        raise fail(reference_errors.PREVIEW_NOT_SUPPORTED)
    if not isinstance(body, dict):
        raise fail(request_errors.INVALID_REQUEST, status=422, problem="expected an object")
    if body.get("kind", "play") != "play":
        raise fail(request_errors.INVALID_REQUEST, status=422,
                   problem="kind: only a play has a preview")
    move = game.parse_move({**body, "kind": "play"}, state)
    result = game.preview(state, seat, move)
    problem = None if result.problem is None else error_body(result.problem, language)
    return result.to_json(problem)  # type: ignore[no-any-return]
