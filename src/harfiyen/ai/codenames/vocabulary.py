"""The words a spymaster may give as clues: the people's vocabulary of the match language.

A clue candidate is a word of :mod:`harfiyen.lexicon.vocabulary` (dictionary
forms of common words, no proper nouns, archaic or offensive words) that is a
noun, adjective or verb (adverbs such as DÜN, YESTERDAY make poor clues),
at most :data:`MAX_ZIPF` common (the commonest words, BİR, THE, are function
words rather than associations). Which candidates are legal on a given board
is decided per board (:class:`harfiyen.ai.codenames.spymaster.FormRule`).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.vocabulary import entries

MAX_ZIPF: Final = 6.3
CLUE_POS: Final = frozenset({"n", "a", "v"})


@cache
def clue_vocabulary(lang: Language) -> tuple[str, ...]:
    """The clue candidates of ``lang`` in upper case, most common first.

    >>> words = clue_vocabulary("tr")
    >>> "DENİZ" in words, "KELEBEKLER" in words, "YILMAZ" in words
    (True, False, False)
    """
    return tuple(e.word for e in entries(lang) if e.zipf <= MAX_ZIPF and e.pos & CLUE_POS)


__all__ = ["CLUE_POS", "MAX_ZIPF", "clue_vocabulary"]
