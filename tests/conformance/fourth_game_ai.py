"""The AI seat of the made-up fourth game (:mod:`.fourth_game`, "Gizli harf").

Registered through the game's spec (``ai=AiSeat(choose="conformance.fourth_game_ai:choose",
...)`` with the one level ``ai``), it is all the server's bot runner needs to seat it: the runner
imports this module on first use and calls :func:`choose` with the seat's own view,
the one a person at that seat is sent. So the AI knows its own letter, the words said
and the scores, never another seat's letter (``view.letters`` is ``None`` until the end).

It says a word that holds its secret letter whenever the chain allows: the letter the
last word ended with, then its own letter, then seeded filler letters until the word
is new. The game takes any string of its letters as a word (it has no lexicon), so
such a word is always accepted.
"""

from __future__ import annotations

from typing import Any

from harfiyen.core.rng import Rng

from .fourth_game import ALPHABET, Resign, Say, View

_LONGEST = 12


def choose(view: View, level: str, seed: int, lexicons: Any) -> Say:
    """The word this seat says now (``view`` is its own; ``lexicons`` are not needed)."""
    if view.letter is None:
        raise ValueError("the fourth game's AI plays a seat, not a spectator")
    start = view.words[-1][-1] if view.words else view.letter
    word = start + view.letter
    # The same seed and words give the same filler: a replay chooses alike.
    rng = Rng(seed ^ len(view.words))
    while word in view.words and len(word) < _LONGEST:
        letter, rng = rng.choice(ALPHABET)
        word += letter
    return Say(word)


def fallback(view: View, seed: int, lexicons: Any, refused: bool) -> Resign:
    """The safe move when :func:`choose` fails: giving up is always accepted."""
    return Resign()


__all__ = ["choose", "fallback"]
