"""Word packs: the words a board is drawn from.

Packs are loaded by the caller (built-in packs are later work); this module
checks a pack, e.g. an uploaded custom one, and brings it to normal form.
"""

from __future__ import annotations

from collections.abc import Iterable

from harfiyen.games.codenames import errors as E
from harfiyen.games.codenames.rules import MIN_PACK_SIZE
from harfiyen.games.codenames.words import normalise_word, word_problem
from harfiyen.lexicon.normalize import Language


def validate_pack(words: Iterable[str], lang: Language) -> tuple[str, ...]:
    """The pack's distinct words in normal form, in first-seen order.

    Words are normalised (:func:`~harfiyen.games.codenames.words.normalise_word`),
    so ``"ilik"`` and ``"İLİK"`` are one word. Raises ``pack_bad_words`` listing
    every entry that is not a single word of letters, and ``pack_too_small`` for
    fewer than 25 distinct words.

    >>> pack = validate_pack(["elma", "ELMA", *(f"kelime{'a' * n}" for n in range(25))], "tr")
    >>> len(pack), pack[:2]
    (26, ('ELMA', 'KELİME'))
    """
    normal: list[str] = []
    bad: list[str] = []
    for raw in words:
        word = normalise_word(raw, lang)
        if word_problem(word, lang) is None:
            normal.append(word)
        else:
            bad.append(raw)
    if bad:
        raise E.fail(E.PACK_BAD_WORDS, words=bad)
    distinct = tuple(dict.fromkeys(normal))
    if len(distinct) < MIN_PACK_SIZE:
        raise E.fail(E.PACK_TOO_SMALL, count=len(distinct), needed=MIN_PACK_SIZE)
    return distinct


__all__ = ["validate_pack"]
