"""The crossword games' AI seat, in the shape every game's seat function has
(the spec's ``ai.choose``): ``choose(view, level, seed, lexicons)`` and
``fallback(view, seed, lexicons, refused)``.

The AI levels (``caylak`` … ``sampiyon``) answer an engine move; two simple
stand-ins, kept for tests and as the fallback, answer a move intent played by the
view's own rule set (variant and options included): ``greedy`` (the best-scoring
play) and ``random`` (any legal play, drawn with the seed). Both go through the
server's one command path.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from harfiyen.games.crossword.rules import square_name
from harfiyen.games.crossword.views import CrosswordView

log = logging.getLogger(__name__)

PASS: dict[str, Any] = {"kind": "pass"}
STAND_INS = ("greedy", "random")


def choose(view: CrosswordView, level: str, seed: int, lexicons: Any) -> Any:
    """The level's move for the seat whose view this is (runs in a worker thread)."""
    if level not in STAND_INS:
        from harfiyen.ai.crossword.agent import make_agent

        return make_agent(level, lang=view.language, seed=seed).choose(view)
    from harfiyen.ai.crossword.movegen import MoveGenerator

    if view.rack is None:
        raise ValueError("a bot needs a seat's view (with its rack)")
    if view.pending is not None and view.pending.ends_game:
        return {"kind": "accept"}
    generator = MoveGenerator(lexicons(view.facts.lexicon), view.ruleset())
    scratch = generator.scratch(view.board)
    bonus = view.active_bonus_square
    if level == "random":
        options = generator.moves(scratch, view.rack, bonus)
        found = [random.Random(seed).choice(options)] if options else []
    else:
        found = generator.best(scratch, view.rack, 1, bonus)
    if not found:
        return dict(PASS)
    return {"kind": "play", "tiles": [
        {"square": square_name(p.square), "letter": p.letter, "blank": p.blank}
        for p in found[0].placements
    ]}


def fallback(view: CrosswordView, seed: int, lexicons: Any, refused: bool) -> Any:
    """What moves when the level's AI failed: the greedy stand-in, else a pass; a pass when
    the engine refused the AI's move (a bot bug: passing keeps the game going)."""
    if refused:
        return dict(PASS)
    try:
        return choose(view, "greedy", seed, lexicons)
    except Exception:
        log.exception("the greedy stand-in failed too; passing")
        return dict(PASS)


__all__ = ["STAND_INS", "choose", "fallback"]
