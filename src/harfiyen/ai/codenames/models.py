"""Building the AI players of a language: the USE vectors of the vocabulary, once per process.

The clue vocabulary and the built-in pack are embedded together (the pack
words are board words), read from the disk cache when it is there.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Final, Literal

from harfiyen.ai.codenames.association import EmbeddingAssociation
from harfiyen.ai.codenames.embeddings import (
    Encoder,
    ProgressCallback,
    WordVectors,
    load_or_build,
)
from harfiyen.ai.codenames.guesser import AssociationGuesser, GuesserSettings
from harfiyen.ai.codenames.spymaster import EmbeddingSpymaster, SpymasterSettings
from harfiyen.ai.codenames.vocabulary import clue_vocabulary
from harfiyen.games.codenames.packs import load_pack
from harfiyen.lexicon.normalize import Language


@dataclass(frozen=True, slots=True)
class LoadedVectors:
    """The vectors of a language and how they were obtained."""

    vectors: WordVectors
    vocabulary: tuple[str, ...]
    build_seconds: float | None  # None: read from the disk cache


_LOADED: dict[Language, LoadedVectors] = {}

#: Environment variable that keeps only the N most common clue words (quick runs, tests).
VOCABULARY_ENV: Final = "HARFIYEN_CODENAMES_VOCAB"


def clue_words(lang: Language) -> tuple[str, ...]:
    """The spymaster's clue candidates: the vocabulary, cut to ``$HARFIYEN_CODENAMES_VOCAB``."""
    vocabulary = clue_vocabulary(lang)
    limit = os.environ.get(VOCABULARY_ENV, "")
    return vocabulary[: int(limit)] if limit.isdigit() else vocabulary


def embedded_words(lang: Language) -> tuple[str, ...]:
    """The words whose vectors are cached: the clue words, then the pack's other words."""
    vocabulary = clue_words(lang)
    known = set(vocabulary)
    return vocabulary + tuple(w for w in load_pack(lang) if w not in known)


def use_vectors(
    lang: Language, *, progress: ProgressCallback | None = None, encoder: Encoder | None = None
) -> LoadedVectors:
    """The USE vectors of ``lang``'s vocabulary and pack, loaded once per process."""
    loaded = _LOADED.get(lang)
    if loaded is None:
        vectors, seconds = load_or_build(
            lang, embedded_words(lang), encoder=encoder, progress=progress
        )
        loaded = LoadedVectors(vectors, clue_words(lang), seconds)
        _LOADED[lang] = loaded
    return loaded


def forget_vectors() -> None:
    """Drop the vectors loaded in this process (the next use loads them again)."""
    _LOADED.clear()


def use_spymaster(
    lang: Language, settings: SpymasterSettings | None = None,
    progress: ProgressCallback | None = None,
) -> EmbeddingSpymaster:
    """A new USE spymaster for ``lang`` (its clue history starts empty)."""
    loaded = use_vectors(lang, progress=progress)
    return EmbeddingSpymaster(
        loaded.vectors, loaded.vocabulary, settings or SpymasterSettings()
    )


def use_guesser(
    lang: Language, settings: GuesserSettings | None = None,
    progress: ProgressCallback | None = None,
) -> AssociationGuesser:
    """A USE guesser for ``lang``."""
    loaded = use_vectors(lang, progress=progress)
    return AssociationGuesser(EmbeddingAssociation(loaded.vectors), settings or GuesserSettings())


GuesserKind = Literal["usem", "glove", "wordnet"]
GUESSER_KINDS: Final[tuple[GuesserKind, ...]] = ("usem", "glove", "wordnet")
#: The language each alternative signal exists for.
GUESSER_LANGUAGES: Final[dict[GuesserKind, tuple[Language, ...]]] = {
    "usem": ("tr", "en"), "glove": ("en",), "wordnet": ("tr",),
}
# Each signal has its own scale: GloVe cosines of unrelated words sit near 0.3,
# WordNet scores are 0 (unrelated), 0.25 (3 links) ... 1 (same synset).
_SETTINGS: Final[dict[GuesserKind, GuesserSettings]] = {
    "usem": GuesserSettings(),
    "glove": GuesserSettings(min_score=0.3, bonus_score=0.65, bonus_lead=0.08),
    "wordnet": GuesserSettings(min_score=0.2, bonus_score=0.5, bonus_lead=0.15),
}


def make_guesser(
    kind: GuesserKind, lang: Language, progress: ProgressCallback | None = None
) -> AssociationGuesser:
    """A guesser of ``kind`` for ``lang``; raises ValueError for a pair that does not exist."""
    if lang not in GUESSER_LANGUAGES[kind]:
        raise ValueError(f"the {kind} guesser is not available for {lang}")
    if kind == "usem":
        return use_guesser(lang, progress=progress)
    if kind == "glove":
        from harfiyen.ai.codenames.glove import glove_association

        return AssociationGuesser(glove_association(), _SETTINGS[kind])
    from harfiyen.ai.codenames.wordnet_relations import WordNetAssociation

    return AssociationGuesser(WordNetAssociation(), _SETTINGS[kind])


__all__ = [
    "GUESSER_KINDS", "GUESSER_LANGUAGES", "VOCABULARY_ENV", "GuesserKind", "LoadedVectors",
    "clue_words", "embedded_words", "forget_vectors", "make_guesser", "use_guesser",
    "use_spymaster", "use_vectors",
]
