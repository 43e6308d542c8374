"""Checking a clue: one word of letters, a number 1–9, not a covered board word.

Each rule is one check here, in the order a player would fix them. Clues are
compared in normal form (:mod:`~harfiyen.games.codenames.words`), so Turkish
case is respected: ``ilik`` is the board word ``İLİK`` but not ``ILIK``.
"""

from __future__ import annotations

from collections.abc import Sequence

from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.rules import CLUE_NUMBERS
from harfiyen.games.codenames.stems import shares_root
from harfiyen.games.codenames.words import foreign_chars, normalise_word, word_problem
from harfiyen.lexicon.normalize import Language


def check_clue(
    word: str,
    number: int,
    covered: Sequence[str],
    lang: Language,
    *,
    strict: bool = False,
) -> str:
    """The clue word in normal form, or raise :class:`CodenamesError`.

    ``covered`` are the board words not yet revealed (a revealed word may be
    used as a clue). With ``strict`` a clue sharing a root with a covered word
    (:func:`~harfiyen.games.codenames.stems.shares_root`) is refused too.

    >>> check_clue("deniz", 3, ["İLİK", "GÖLGE"], "tr")
    'DENİZ'
    >>> check_clue("ilik", 1, ["İLİK"], "tr")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    harfiyen.games.codenames.errors.CodenamesError: clue_is_board_word: ... covered: İLİK.
    """
    normal = normalise_word(word, lang) if isinstance(word, str) else ""
    problem = word_problem(normal, lang)
    if problem == "empty":
        raise codenames_errors.fail(codenames_errors.CLUE_EMPTY)
    if problem == "not_one_word":
        raise codenames_errors.fail(codenames_errors.CLUE_NOT_ONE_WORD, word=word)
    if problem == "not_letters":
        raise codenames_errors.fail(codenames_errors.CLUE_NOT_LETTERS, word=word,
                                    chars=foreign_chars(normal, lang))
    # bool is an int in Python; True is not a clue number.
    if isinstance(number, bool) or not isinstance(number, int) or number not in CLUE_NUMBERS:
        raise codenames_errors.fail(
            codenames_errors.NUMBER_OUT_OF_RANGE, number=number, low=CLUE_NUMBERS[0],
            high=CLUE_NUMBERS[-1],
        )
    if normal in covered:
        raise codenames_errors.fail(codenames_errors.CLUE_IS_BOARD_WORD, word=normal)
    if strict:
        for board_word in covered:
            if shares_root(normal, board_word, lang):
                raise codenames_errors.fail(codenames_errors.CLUE_SHARES_ROOT, word=normal,
                                            board_word=board_word)
    return normal


__all__ = ["check_clue"]
