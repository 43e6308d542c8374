"""Word packs: the words a board is drawn from, and the pairs kept apart.

The built-in packs (``data/pack_tr.txt``, ``data/pack_en.txt``, made by
``scripts/make_word_packs.py``) are read with :func:`load_pack`; this module
also checks a pack, e.g. an uploaded custom one, and brings it to normal form.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources

from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.rules import MIN_PACK_SIZE
from harfiyen.games.codenames.words import Problem, normalise_word, word_problem
from harfiyen.lexicon.normalize import Language


def check_entry(raw: str, lang: Language) -> tuple[str, Problem | None]:
    """One entry of a pack in normal form, and why it cannot be a pack word (``None``: it can).

    The one rule for a single entry; :func:`validate_pack` and the server's pack upload
    (which names each bad line) both apply it.

    >>> check_entry(" ılık ", "tr"), check_entry("iki kelime", "tr")[1]
    (('ILIK', None), 'not_one_word')
    """
    word = normalise_word(raw, lang)
    return word, word_problem(word, lang)


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
        word, problem = check_entry(raw, lang)
        if problem is None:
            normal.append(word)
        else:
            bad.append(raw)
    if bad:
        raise codenames_errors.fail(codenames_errors.PACK_BAD_WORDS, words=bad)
    distinct = tuple(dict.fromkeys(normal))
    if len(distinct) < MIN_PACK_SIZE:
        raise codenames_errors.fail(codenames_errors.PACK_TOO_SMALL, count=len(distinct),
                                    needed=MIN_PACK_SIZE)
    return distinct


@cache
def pack_pairs(lang: Language) -> tuple[tuple[str, str], ...]:
    """The built-in pack's near-synonym (and same-root) pairs, never dealt onto one
    board; ``packs.json`` records them (``scripts/make_word_packs.py`` finds them).

    >>> ("DERE", "ÇAY") in pack_pairs("tr")
    True
    """
    if lang not in ("tr", "en"):
        return ()
    node = resources.files("harfiyen.games.codenames").joinpath("data", "packs.json")
    entry = json.loads(node.read_text(encoding="utf-8"))["packs"][lang]
    return tuple((str(a), str(b)) for a, b in entry["apart"])


@cache
def load_pack(lang: Language) -> tuple[str, ...]:
    """The built-in pack of ``lang`` (about 400 words, most common first), validated.

    >>> pack = load_pack("tr")
    >>> len(pack) >= 400, "KEDİ" in pack
    (True, True)
    """
    node = resources.files("harfiyen.games.codenames").joinpath("data", f"pack_{lang}.txt")
    return validate_pack(node.read_text(encoding="utf-8").split(), lang)


__all__ = ["check_entry", "load_pack", "pack_pairs", "validate_pack"]
