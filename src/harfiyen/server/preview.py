"""The move preview of a game that has one (the crossword's live score), as JSON.

The game computes the preview (:mod:`harfiyen.games.crossword.preview` for the
crossword); this reads the request and renders the preview's problem, if any,
in the user's language.
"""

from __future__ import annotations

from typing import Any

from harfiyen.server import errors as E
from harfiyen.server.games import GameAdapter


def preview_answer(
    game: GameAdapter, state: Any, seat: int, body: Any, language: str
) -> dict[str, Any]:
    """What ``seat``'s tentative move (``body``, a play intent whose ``kind`` may be
    left out) would do in ``state``. Raises ``preview.not_supported`` for a game
    without previews and ``request.invalid`` for a body that cannot be read."""
    if game.preview is None:
        raise E.fail(E.PREVIEW_NOT_SUPPORTED)
    if not isinstance(body, dict):
        raise E.fail(E.INVALID_REQUEST, status=422, problem="expected an object")
    if body.get("kind", "play") != "play":
        raise E.fail(E.INVALID_REQUEST, status=422, problem="kind: only a play has a preview")
    move = game.parse_move({**body, "kind": "play"}, state)
    result = game.preview(state, seat, move)
    problem = None if result.problem is None else E.error_body(result.problem, language)
    return result.to_json(problem)  # type: ignore[no-any-return]
