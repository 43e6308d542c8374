"""A tentative crossword play's words and score, computed without changing anything.

The checks are the engine's own: its ``preview_play`` runs the function ``apply``
uses for a play (tiles and geometry, the rack, the score), then the words are
judged. So a preview names the same first problem, with the same code and
message, as submitting the play would. Whose turn it is does not matter (players plan
ahead). Word validity is reported only where an unknown word is simply
refused at submit (no challenges): in challenge games telling the player
whether a word is valid would defeat the challenge, so the score is computed
as if every word were valid and ``valid`` is ``None``.
"""

from __future__ import annotations

from typing import Any, Literal

from harfiyen.core.errors import GameError
from harfiyen.games import crossword as cw
from harfiyen.games.crossword.events import breakdown_dict
from harfiyen.games.crossword.validate import check_words
from harfiyen.server import errors as E
from harfiyen.server.games import CrosswordAdapter, PlayIntent


class PreviewRequest(PlayIntent):
    """The same body as a play intent; ``kind`` may be left out."""

    kind: Literal["play"] = "play"


def preview_answer(
    state: cw.GameState, seat: int, request: PreviewRequest, language: str
) -> dict[str, Any]:
    """What ``seat``'s play would form and score on the current board of ``state``.

    Raises only for a play that cannot be read (a bad square name); every rule
    the play breaks comes back as ``problem``.
    """
    play = CrosswordAdapter().parse_move(request.model_dump(exclude_none=True), state)
    assert isinstance(play, cw.Play)
    try:
        formed = cw.preview_play(state, seat, play.placements)
    except GameError as error:
        return _result(None, None, None, E.error_body(error, language))
    valid: bool | None = None
    problem = None
    if state.rules.challenge == "none" and state.lexicon is not None:
        try:
            check_words(formed.words, state.lexicon)
            valid = True
        except GameError as error:
            valid = False
            problem = E.error_body(error, language)
    return _result(
        [w.text for w in formed.words], breakdown_dict(formed.breakdown), valid, problem
    )


def _result(
    words: list[str] | None, breakdown: dict[str, Any] | None, valid: bool | None,
    problem: dict[str, Any] | None,
) -> dict[str, Any]:
    return {
        "words": words,
        "total": None if breakdown is None else breakdown["total"],
        "breakdown": breakdown,
        "valid": valid,
        "problem": problem,
    }
