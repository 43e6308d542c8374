"""Kelime Casusu AI seats: a spymaster or a guesser playing from its seat's own view.

The server's bot runner calls :func:`choose` (the game's ``ai.choose``) with the
typed :class:`~harfiyen.games.codenames.views.CodenamesView` of an AI seat and
submits the answer like any player's move. The spymaster's clue comes back
:class:`~harfiyen.ai.seats.Noted` with the words it aimed at, kept for the end of
the match (never shown while it runs).

The readers (USE, WordNet, GloVe) and their clue tables are loaded once per
process and language by :mod:`.models` (module-level cache under its lock) and
shared by every match; :func:`warm` loads a language ahead of the first clue
(the runner calls it in a thread when a match with an AI seat starts). The
shared readers remember per-word results as they go (statistics, extra
columns, vectors of pack words outside the vocabulary), which is not safe to
do from two threads at once, so the agents of one language take turns
(:data:`_TURNS`); a guess takes milliseconds and a clue well under a second.

:func:`fallback` is the move when the AI fails or overruns its time: a
guesser passes when the rules allow it, else guesses the card the readers rank
first (the first covered card if they are not loaded); a spymaster gives a
one-word clue the engine accepts, aimed at the own word the readers relate it
to most when they are loaded.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from harfiyen.ai.codenames import models
from harfiyen.ai.codenames.people import load_model, zipf
from harfiyen.ai.codenames.spymaster import is_form_of
from harfiyen.ai.seats import Noted
from harfiyen.games.codenames.clues import check_clue
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.game import CODENAMES
from harfiyen.games.codenames.moves import Clue, Guess, Move, Pass
from harfiyen.games.codenames.rules import Role, colour_of
from harfiyen.games.codenames.views import CodenamesView
from harfiyen.lexicon.normalize import Language

#: The levels of Kelime Casusu AI seats, as the game registers them (one: ``ai``).
LEVELS: Final = CODENAMES.ai_levels
#: How long a fallback waits for another agent of its language to finish.
FALLBACK_WAIT_SECONDS: Final = 0.5

_WARM_LOCK = threading.Lock()
_READY: set[Language] = set()
_TURNS: dict[Language, threading.Lock] = {"tr": threading.Lock(), "en": threading.Lock()}


def _language(language: str) -> Language:
    if language not in _TURNS:
        raise ValueError(f"no Kelime Casusu AI for language {language!r}")
    return "en" if language == "en" else "tr"


def warm(language: str) -> None:
    """Load the language's readers, clue tables, form rule and people model (once per
    process)."""
    lang = _language(language)
    if lang in _READY:
        return
    with _WARM_LOCK:
        if lang in _READY:
            return
        for name in models.PRODUCT_SIGNALS:
            models.table(lang, name)
        models.form_rule(lang)
        # The people model and wordfreq's list of the language (about 1 s to read).
        load_model(lang)
        zipf("A", lang)
        _READY.add(lang)


def forget() -> None:
    """Forget what was loaded (tests: the next use loads again, e.g. another vocabulary)."""
    with _WARM_LOCK:
        _READY.clear()
        models.forget_vectors()


def is_warm(language: str) -> bool:
    return language in _READY


def clue_note(word: str, number: int, meant: Sequence[str]) -> dict[str, Any]:
    """The note kept with an AI clue: the words it was meant for."""
    return {"kind": "clue", "word": word, "number": number, "meant": list(meant)}


def _seat_role(view: CodenamesView) -> Role:
    if view.viewer.kind != "seat" or view.viewer.role is None or view.outcome is not None:
        raise ValueError("an AI seat plays from its own seat's view of a running game")
    return view.viewer.role


def choose(view: CodenamesView, level: str, seed: int, lexicons: Any) -> Move | Noted:
    """The AI seat's move: a clue (with its note) for a spymaster, a guess or a pass for a
    guesser. ``seed`` and ``lexicons`` are not needed: the agents are deterministic and
    read no crossword lexicon."""
    if level not in LEVELS:
        raise ValueError(f"unknown Kelime Casusu AI level {level!r} ({', '.join(LEVELS)})")
    role = _seat_role(view)
    lang = _language(view.language)
    warm(lang)
    with _TURNS[lang]:
        if role is Role.SPYMASTER:
            decision = models.make_spymaster(lang).give_clue(view)
            return Noted(Clue(decision.word, decision.number),
                         clue_note(decision.word, decision.number, decision.targets))
        return models.make_guesser(lang).choose(view)


def fallback(view: CodenamesView, seed: int, lexicons: Any, refused: bool) -> Move | Noted:
    """A move the engine accepts when :func:`choose` failed (see the module doc)."""
    role = _seat_role(view)
    if role is Role.SPYMASTER:
        return _fallback_clue(view)
    clue = view.current_clue
    if clue is None:
        raise ValueError("no clue to guess under")
    if clue.guesses:
        return Pass()
    covered = [c.index for c in view.cards if not c.revealed]
    return Guess(_ranked_first(view, clue.word, covered))


def _ranked_first(view: CodenamesView, clue: str, covered: list[int]) -> int:
    lang = _language(view.language)
    turn = _TURNS[lang]
    if is_warm(lang) and turn.acquire(timeout=FALLBACK_WAIT_SECONDS):
        try:
            words = [view.cards[i].word for i in covered]
            scores = models.make_guesser(lang).scores(clue, words)
            return covered[int(np.argmax(scores))]
        except Exception:  # the readers are what failed: any covered card is legal
            pass
        finally:
            turn.release()
    return covered[0]


def _fallback_clue(view: CodenamesView) -> Move | Noted:
    lang = _language(view.language)
    covered = [c.word for c in view.cards if not c.revealed]
    team_colour = colour_of(view.viewer.team) if view.viewer.team is not None else None
    own = [c.word for c in view.cards if not c.revealed and c.colour is team_colour]
    given = {c.word for c in view.clues}
    board = [c.word for c in view.cards]
    turn = _TURNS[lang]
    if own and is_warm(lang) and turn.acquire(timeout=FALLBACK_WAIT_SECONDS):
        try:
            aimed = _aimed_clue(lang, board, own, given)
        except Exception:
            aimed = None
        finally:
            turn.release()
        if aimed is not None and _accepted(view, aimed[0], covered):
            return Noted(Clue(aimed[0], 1), clue_note(aimed[0], 1, [aimed[1]]))
    for word in models.clue_words(lang):
        if word not in given and not any(is_form_of(word, w, lang) for w in board) \
                and _accepted(view, word, covered):
            return Clue(word, 1)
    raise ValueError("no clue word left that the engine accepts")


def _aimed_clue(
    lang: Language, board: list[str], own: list[str], given: set[str]
) -> tuple[str, str] | None:
    """The candidate the readers together relate most to one own word, and that word."""
    tables = [models.table(lang, name) for name in models.PRODUCT_SIGNALS]
    rule = models.form_rule(lang)
    allowed = rule.allowed(board)
    for t in tables:
        allowed &= t.known
    for row, word in enumerate(rule.vocabulary):
        if word in given:
            allowed[row] = False
    if not allowed.any():
        return None
    combined = np.mean([t.board(own) for t in tables], axis=0)  # V × own
    combined[~allowed] = -np.inf
    best = int(np.argmax(combined))
    return rule.vocabulary[best // len(own)], own[best % len(own)]


def _accepted(view: CodenamesView, word: str, covered: list[str]) -> bool:
    try:
        check_clue(word, 1, covered, view.language, strict=view.strict_clues)
    except CodenamesError:
        return False
    return True


__all__ = ["LEVELS", "choose", "clue_note", "fallback", "forget", "is_warm", "warm"]
