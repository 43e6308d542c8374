"""The letter decks and the secret-word lists, read from ``data/``.

``data/`` is written by ``scripts/make_letterjam_deck.py``, whose docstring
documents the method: the Turkish deck follows letter frequencies of the
2,000 most common 5-letter words of the people's vocabulary (İ/I, Ö/O, Ü/U,
Ş/S, Ç/C, Ğ/G kept apart) and spells 98.5% of them without the wildcard; the
English deck is RULES.md's. Secret words are words of length 3–7 of the
people's vocabulary (:mod:`harfiyen.lexicon.vocabulary`, the rule the AI's
clue words follow) that the deck can spell.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from harfiyen.games.letterjam.rules import DECK_SIZE, EN_DECK, RULES_VERSION
from harfiyen.lexicon.normalize import Language


def _data_text(name: str) -> str:
    return resources.files("harfiyen.games.letterjam").joinpath("data", name).read_text("utf-8")


@cache
def deck_info(lang: Language) -> dict[str, Any]:
    """The Turkish deck file (cards, method, coverage); for English the RULES.md deck."""
    if lang == "en":
        return {"language": "en", "cards": dict(EN_DECK), "wildcards": 1}
    loaded: dict[str, Any] = json.loads(_data_text(f"deck_{lang}.json"))
    return loaded


def deck_counts(lang: Language) -> dict[str, int]:
    """Letter → number of cards in ``lang``'s 64-card deck (the wildcard not included).

    >>> sum(deck_counts("tr").values()), deck_counts("tr")["İ"], deck_counts("tr")["I"]
    (64, 4, 2)
    """
    counts = {str(k): int(v) for k, v in deck_info(lang)["cards"].items()}
    if sum(counts.values()) != DECK_SIZE:
        raise ValueError(f"the {lang} deck holds {sum(counts.values())} cards, not {DECK_SIZE}")
    return counts


def deck_letters(lang: Language) -> tuple[str, ...]:
    """Every letter card of the deck, in a fixed order (the game shuffles it)."""
    return tuple(letter for letter, n in deck_counts(lang).items() for _ in range(n))


@cache
def secret_word_table(
    lang: Language, version: int = RULES_VERSION
) -> tuple[tuple[str, float], ...]:
    """Every ``(word, zipf)`` of the secret-word list of rules ``version``, most common first
    per length. The current list is written by the script; older ones are kept as they
    were (``secret_words_<lang>@<version>.tsv``), so old games deal the same words."""
    name = f"secret_words_{lang}.tsv" if version == RULES_VERSION else (
        f"secret_words_{lang}@{version}.tsv")
    rows: list[tuple[str, float]] = []
    for line in _data_text(name).splitlines():
        word, _, freq = line.partition("\t")
        rows.append((word, float(freq)))
    return tuple(rows)


def secret_words(lang: Language, length: int, version: int = RULES_VERSION) -> tuple[str, ...]:
    """The secret words of ``length`` letters of rules ``version``, most common first.

    >>> secret_words("tr", 5)[:3]
    ('KADAR', 'SONRA', 'BÜYÜK')
    """
    return tuple(word for word, _ in secret_word_table(lang, version) if len(word) == length)


__all__ = ["deck_counts", "deck_info", "deck_letters", "secret_word_table", "secret_words"]
