"""Words fit for the table: one rule for every word an AI player chooses.

A lexicon decides whether a *person's* word is valid, and a person may play or
write any valid word. Every word the product chooses by itself passes this
rule instead, per language, in one of three named contexts:

* ``play`` — a crossword bot's words (every word a play forms, main and cross
  words): a word of the match's lexicon, not a slur (the block list of
  :mod:`harfiyen.lexicon.wordlists`) and not on the reviewed unfit list; each
  bot level plays within a *span* of the lexicon (:data:`SPANS`):

  - ``common`` (Çaylak): wordfreq Zipf at least :data:`COMMON_ZIPF`, and a
    word of at most :data:`SHORT_LENGTH` letters only if a reader judged it
    common (:func:`short_words`: frequency cannot tell ÜÇ from Fİ);
  - ``everyday`` (Orta): Zipf at least :data:`EVERYDAY_ZIPF` (3.0 in both
    languages — wordfreq's Turkish list stops there), and a short word only if
    a reader judged it common or known;
  - ``wide`` (Usta): Zipf at least :data:`WIDE_ZIPF` (Turkish 3.0, English
    2.0), or a word of at most :data:`SHORT_LENGTH` letters (the short words a
    practised player learns by heart);
  - ``whole`` (Şampiyon): the whole lexicon.

* ``say`` — a word an AI says for people to read (Kelime Casusu clues, Harf
  Takıl clue words and suggestions): a word of the people's vocabulary
  (:mod:`harfiyen.lexicon.vocabulary`: dictionary form, everyday frequency, no
  names or English loans), not a slur, not unfit.
* ``deal`` — a word the product deals (Harf Takıl secret words, Kelime Casusu
  pack words): the same as ``say``.

The unfit list (``vocabulary_data/unfit_<lang>.tsv``) holds words unfit for a
family table beyond slurs, each with its category (:data:`UNFIT_CATEGORIES`);
it is reviewed by hand in ``scripts/vocabulary/<lang>_unfit.tsv`` (with a note
per word) and shipped by ``scripts/make_vocabulary.py``.

Refusal reasons, first match wins: ``slur``, ``unfit:<category>``, then
``not_vocabulary`` (``say``/``deal``) or ``rare`` (``play`` below its span).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Final, Literal, get_args

from harfiyen.lexicon.normalize import Language, lower, tr_sort_key
from harfiyen.lexicon.vocabulary import words as vocabulary_words
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON, blocklist, language_of, read_words

Context = Literal["play", "say", "deal"]
Span = Literal["common", "everyday", "wide", "whole"]

CONTEXTS: Final[tuple[Context, ...]] = get_args(Context)
#: The spans of the ``play`` context, narrowest first.
SPANS: Final[tuple[Span, ...]] = get_args(Span)
#: The categories of the reviewed unfit list.
UNFIT_CATEGORIES: Final = ("sexual", "crude", "drug", "gore", "insult", "sensitive")

#: The wordfreq Zipf threshold of the ``common`` span (Çaylak): a fluent reader
#: judged most words between 3.0 and 3.8 known rather than in daily use (YAZIT,
#: PELTEK, YAVER), most above it common.
COMMON_ZIPF: Final[dict[Language, float]] = {"tr": 3.8, "en": 3.8}
#: The wordfreq Zipf threshold of the ``everyday`` span (Orta).
EVERYDAY_ZIPF: Final[dict[Language, float]] = {"tr": 3.0, "en": 3.0}
#: The Zipf threshold of the ``wide`` span (Usta); wordfreq knows no Turkish
#: word below 3.0, so there the wide span adds only the short words.
WIDE_ZIPF: Final[dict[Language, float]] = {"tr": 3.0, "en": 2.0}
#: The short words: every one is in the ``wide`` span, and only the reviewed
#: ones (:func:`short_words`) in the ``common`` and ``everyday`` spans.
SHORT_LENGTH: Final = 3
#: A reader's verdicts on the short words of the everyday frequency span.
SHORT_VERDICTS: Final = ("common", "known", "obscure")

SLUR: Final = "slur"
RARE: Final = "rare"
NOT_VOCABULARY: Final = "not_vocabulary"


def _data_text(name: str) -> str:
    node = resources.files("harfiyen.lexicon").joinpath("vocabulary_data", name)
    return node.read_text(encoding="utf-8")


@cache
def unfit(lang: Language) -> Mapping[str, str]:
    """The reviewed unfit list of ``lang``: upper-case word → category.

    >>> unfit("tr")["SEKS"], unfit("en")["SEX"]
    ('sexual', 'sexual')
    >>> "KİTAP" in unfit("tr")
    False
    """
    out: dict[str, str] = {}
    for line in _data_text(f"unfit_{lang}.tsv").splitlines():
        word, category = line.split("\t")
        out[word] = category
    return out


@cache
def short_words(lang: Language) -> Mapping[str, str]:
    """The words of at most :data:`SHORT_LENGTH` letters a beginner knows, with a
    reader's verdict, ``common`` or ``known`` (``scripts/vocabulary/<lang>_short.tsv``,
    shipped as ``short_<lang>.tsv`` by ``scripts/make_vocabulary.py``).

    >>> [short_words("tr").get(w) for w in ("ÜÇ", "ÖÇ", "Fİ")]
    ['common', 'known', None]
    """
    rows = (line.split("\t") for line in _data_text(f"short_{lang}.tsv").splitlines())
    return {word: verdict for word, verdict in rows}


@cache
def refused_always(lang: Language) -> frozenset[str]:
    """The words no context admits in ``lang``: the slurs and the unfit list."""
    return blocklist(lang) | frozenset(unfit(lang))


@cache
def zipf_table(lang: Language) -> Mapping[str, float]:
    """Lower-case word → wordfreq Zipf frequency (two decimals), for every word
    wordfreq's ``best`` list of ``lang`` knows; read once per process."""
    from wordfreq import get_frequency_dict

    return {
        word: round(math.log10(freq) + 9.0, 2)
        for word, freq in get_frequency_dict(lang, "best").items()
        if freq > 0
    }


def zipf(word: str, lang: Language) -> float:
    """The Zipf frequency of an upper-case ``word`` (0 when wordfreq does not know it).

    >>> zipf("KALEM", "tr") > 3.0, zipf("KÜNH", "tr")
    (True, 0.0)
    """
    return zipf_table(lang).get(lower(word, lang), 0.0)


def _in_span(word: str, lang: Language, span: Span) -> bool:
    if span == "whole":
        return True
    freq = zipf(word, lang)
    if len(word) > SHORT_LENGTH:
        threshold = {"common": COMMON_ZIPF, "everyday": EVERYDAY_ZIPF, "wide": WIDE_ZIPF}[span]
        return freq >= threshold[lang]
    if span == "wide":
        return True
    verdict = short_words(lang).get(word)
    return verdict == "common" or (verdict == "known" and span == "everyday")


def refusal(
    word: str, lang: Language, context: Context, span: Span = "whole"
) -> str | None:
    """Why the rule refuses the upper-case ``word`` in ``context``, or ``None``
    when it admits it. ``span`` applies to ``play`` only. The word is assumed to
    be a word of the lexicon in ``play``.

    >>> refusal("İBNE", "tr", "play"), refusal("SEKS", "tr", "say")
    ('slur', 'unfit:sexual')
    >>> refusal("KÜNH", "tr", "play", "everyday"), refusal("KÜNH", "tr", "play")
    ('rare', None)
    >>> refusal("KELEBEKLER", "tr", "deal"), refusal("KELEBEK", "tr", "deal")
    ('not_vocabulary', None)
    """
    if word in blocklist(lang):
        return SLUR
    category = unfit(lang).get(word)
    if category is not None:
        return f"unfit:{category}"
    if context == "play":
        return None if _in_span(word, lang, span) else RARE
    return None if word in vocabulary_words(lang) else NOT_VOCABULARY


def fit(word: str, lang: Language, context: Context, span: Span = "whole") -> bool:
    """Whether the rule admits the upper-case ``word`` (see :func:`refusal`).

    >>> fit("KELEBEK", "tr", "say"), fit("EROTİK", "tr", "say"), fit("SEX", "en", "play")
    (True, False, False)
    """
    return refusal(word, lang, context, span) is None


@cache
def play_words(lexicon_id: str, span: Span) -> frozenset[str]:
    """The words of ``lexicon_id`` a bot of ``span`` may play: computed once per
    process (a set lookup per word formed, no frequency lookups in a move).

    >>> "KÜNH" in play_words("TR-1", "whole"), "KÜNH" in play_words("TR-1", "everyday")
    (True, False)
    >>> "İBNE" in play_words("TR-1", "whole")
    False
    """
    lang = language_of(lexicon_id)
    refused = refused_always(lang)
    return frozenset(
        w for w in read_words(lexicon_id) if w not in refused and _in_span(w, lang, span)
    )


# -- the review report ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContextReport:
    """What one context (and span, for ``play``) admits and refuses among a lexicon's words."""

    context: Context
    span: Span | None
    words: int
    admitted: int
    refused: Mapping[str, int]
    admitted_sample: tuple[str, ...]
    refused_samples: Mapping[str, tuple[str, ...]]
    #: Words of the people's vocabulary this context refuses (``say``/``deal``), all of them.
    refused_vocabulary: tuple[str, ...] = field(default=())


def _sort_key(lang: Language) -> Callable[[str], Any]:
    return tr_sort_key if lang == "tr" else (lambda w: w)


def _sample(words: list[str], n: int, rng: random.Random, lang: Language) -> tuple[str, ...]:
    picked = words if len(words) <= n else rng.sample(words, n)
    return tuple(sorted(picked, key=_sort_key(lang)))


def report(lang: Language, samples: int = 12, seed: int = 0) -> list[ContextReport]:
    """Per context (``play`` per span, then ``say`` and ``deal``) over the words of
    ``lang``'s default lexicon: how many it admits, how many it refuses for each
    reason, and seeded samples of both, for a reviewer to read.

    >>> rows = report("tr", samples=2)
    >>> [(r.context, r.span) for r in rows][:2]
    [('play', 'common'), ('play', 'everyday')]
    >>> rows[0].refused["slur"] == len(blocklist("tr") & frozenset(read_words("TR-1")))
    True
    """
    lexicon = read_words(DEFAULT_LEXICON[lang])
    vocabulary = vocabulary_words(lang)
    plan: list[tuple[Context, Span | None]] = [("play", s) for s in SPANS]
    plan += [("say", None), ("deal", None)]
    out: list[ContextReport] = []
    for context, span in plan:
        rng = random.Random(f"{seed}:{lang}:{context}:{span}")
        admitted: list[str] = []
        refused: dict[str, list[str]] = {}
        for word in lexicon:
            reason = refusal(word, lang, context, span or "whole")
            if reason is None:
                admitted.append(word)
            else:
                refused.setdefault(reason, []).append(word)
        counts = Counter({reason: len(ws) for reason, ws in refused.items()})
        order = sorted(counts, key=lambda r: (-counts[r], r))
        out.append(ContextReport(
            context=context, span=span, words=len(lexicon), admitted=len(admitted),
            refused={r: counts[r] for r in order},
            admitted_sample=_sample(admitted, samples, rng, lang),
            refused_samples={r: _sample(refused[r], samples, rng, lang) for r in order},
            refused_vocabulary=tuple(sorted(
                (w for r, ws in refused.items() if r != NOT_VOCABULARY for w in ws
                 if w in vocabulary), key=_sort_key(lang),
            )) if context != "play" else (),
        ))
    return out


__all__ = [
    "COMMON_ZIPF",
    "CONTEXTS",
    "EVERYDAY_ZIPF",
    "NOT_VOCABULARY",
    "RARE",
    "SHORT_LENGTH",
    "SHORT_VERDICTS",
    "SLUR",
    "SPANS",
    "UNFIT_CATEGORIES",
    "WIDE_ZIPF",
    "Context",
    "ContextReport",
    "Span",
    "fit",
    "play_words",
    "refusal",
    "refused_always",
    "report",
    "short_words",
    "unfit",
    "zipf",
    "zipf_table",
]
