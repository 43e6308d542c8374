"""The crossword games' AI seat, in the shape every game's seat function has.

``choose(view, level, seed, lexicons)`` and ``fallback(view, seed, lexicons, refused)``
(see :mod:`harfiyen.server.bots`). Both call :func:`harfiyen.server.bots.choose_crossword_move`
through its module, so a test that replaces that function (a crashing AI) replaces it here.
"""

from __future__ import annotations

import logging
from typing import Any

from harfiyen.games.crossword.views import CrosswordView

log = logging.getLogger(__name__)

PASS: dict[str, Any] = {"kind": "pass"}


def choose(view: CrosswordView, level: str, seed: int, lexicons: Any) -> Any:
    """The level's move for the seat whose view this is (an engine move or an intent)."""
    from harfiyen.server import bots

    return bots.choose_crossword_move(view, level, lexicons, seed)


def fallback(view: CrosswordView, seed: int, lexicons: Any, refused: bool) -> Any:
    """What moves when the level's AI failed: the greedy stand-in, else a pass; a pass when
    the engine refused the AI's move (a bot bug: passing keeps the game going)."""
    from harfiyen.server import bots

    if refused:
        return dict(PASS)
    try:
        return bots.choose_crossword_move(view, "greedy", lexicons, seed)
    except Exception:
        log.exception("the greedy stand-in failed too; passing")
        return dict(PASS)


__all__ = ["choose", "fallback"]
