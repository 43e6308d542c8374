"""A model of how a person reads a clue: which covered word they touch next.

The readers (USE, WordNet, GloVe; :mod:`.readers`) agree with each other far
more than with people. This module turns their z-scores into a *people
model*: a multinomial logistic (conditional logit) model of a person's next
touch. For a clue and the covered words ``W`` of a board, each word ``w`` has a
utility ``u(w) = β · x(w)`` over the features :data:`FEATURES`:

- ``use``, ``wordnet``, ``glove``: each reader's z-score (0 for a reader that
  does not know the clue), and ``mean``, their mean over the readers that do;
- ``top`` (the word is the readers' first), ``rank`` (``log(1 + rank)`` of the
  word among the board by ``mean``), ``gap`` (its ``mean`` minus the next
  word's, clipped to 0–3) and ``lead`` (its ``mean`` minus the best word's,
  clipped at -5);
- ``zipf``: the word's frequency (wordfreq Zipf, centred at 4);
- ``corpus``: the z-score of the corpus links (:mod:`.corpus_links`: words
  written side by side; Turkish only), 0 for a clue they do not know. It is
  an :data:`EXTRA` signal: a feature of its own, not part of ``mean`` and not
  needed to know a clue.

A person's next touch is ``w`` with probability ``exp u(w) / Σ exp u(v)`` over
the words not yet touched (features stay those of the board when the clue
was given). The chance that a person's first ``k`` touches are exactly a set
of targets follows by enumerating their orders (Plackett–Luce).

The coefficients are fitted per language on people's clues and readings
(``harfiyen codenames people-fit``, L2-regularised Newton steps) and shipped in
``data/people_model.json``; the data they were fitted on is not part of the
repository.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from harfiyen.lexicon.normalize import Language, lower

Array = npt.NDArray[np.float64]

FEATURES: Final = (
    "use", "wordnet", "glove", "mean", "top", "rank", "gap", "lead", "zipf", "corpus")
#: The readers whose z-scores are features, in this order.
READERS: Final = ("use", "wordnet", "glove")
#: Signals read after the readers, each a feature of its own (module doc), in this order.
EXTRA: Final = ("corpus",)
MODEL_FILE: Final = "people_model.json"


@cache
def zipf(word: str, lang: Language) -> float:
    """The wordfreq Zipf frequency of an upper-case word (0 when unknown)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(lower(word, lang), lang))


def features(zs: Array, known: npt.NDArray[np.bool_], freq: Array) -> Array:
    """The feature tensor ``N × W × F`` of ``N`` clues over ``W`` words.

    ``zs`` is ``R × N × W`` (the :data:`READERS`' z-scores, then optionally the
    :data:`EXTRA` signals'; a missing one counts as 0), ``known`` likewise
    (whether each knows each clue), ``freq`` the ``W`` words' Zipf values.
    """
    zs = np.where(known[:, :, None], zs, 0.0)
    extra = zs[len(READERS):]
    zs, known = zs[: len(READERS)], known[: len(READERS)]
    count = np.maximum(known.sum(axis=0), 1)[:, None]
    mean = zs.sum(axis=0) / count  # N × W
    n_clues, n_words = mean.shape
    order = np.argsort(-mean, axis=1, kind="stable")
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(n_words)[None, :].repeat(n_clues, 0), axis=1)
    ordered = np.take_along_axis(mean, order, axis=1)
    below = np.concatenate([ordered[:, 1:], ordered[:, -1:]], axis=1)
    gap = np.take_along_axis(ordered - below, rank, axis=1)
    out = np.empty((n_clues, n_words, len(FEATURES)), np.float64)
    out[:, :, 0:3] = np.moveaxis(zs, 0, -1)
    out[:, :, 3] = mean
    out[:, :, 4] = rank == 0
    out[:, :, 5] = np.log1p(rank)
    out[:, :, 6] = np.clip(gap, 0.0, 3.0)
    out[:, :, 7] = np.maximum(mean - ordered[:, :1], -5.0)
    out[:, :, 8] = (freq - 4.0)[None, :]
    out[:, :, 9:] = 0.0
    out[:, :, 9:9 + len(extra)] = np.moveaxis(extra, 0, -1)
    return out


def first_k_chance(utilities: Array, targets: npt.NDArray[np.intp]) -> Array:
    """For each of ``N`` clues, the chance that a person's first ``k`` touches are
    exactly its ``k`` targets, in any order (``utilities`` ``N × W``; ``targets``
    ``N × k`` column indices)."""
    shift = utilities.max(axis=1, keepdims=True)
    weights = np.exp(utilities - shift)
    total = weights.sum(axis=1)
    chosen = np.take_along_axis(weights, targets, axis=1)
    k = targets.shape[1]
    out = np.zeros(len(utilities))
    for order in itertools.permutations(range(k)):
        p = np.ones(len(utilities))
        left = total.copy()
        for j in order:
            p *= chosen[:, j] / left
            left = left - chosen[:, j]
        out += p
    return out


def expected_found(utilities: Array, targets: npt.NDArray[np.intp]) -> Array:
    """For each of ``N`` clues, the expected number of its ``k`` targets a person touches
    before any other word: the sum over ``j`` = 1..k of the chance that the first ``j``
    touches are all targets."""
    shift = utilities.max(axis=1, keepdims=True)
    weights = np.exp(utilities - shift)
    total = weights.sum(axis=1)
    chosen = np.take_along_axis(weights, targets, axis=1)
    out = np.zeros(len(utilities))
    for j in range(1, targets.shape[1] + 1):
        for order in itertools.permutations(range(targets.shape[1]), j):
            p = np.ones(len(utilities))
            left = total.copy()
            for t in order:
                p *= chosen[:, t] / left
                left = left - chosen[:, t]
            out += p
    return out


def next_touch(utilities: Array, available: npt.NDArray[np.bool_]) -> Array:
    """The chance that a person's next touch is each word (0 for unavailable ones)."""
    u = np.where(available, utilities, -np.inf)
    u = u - u.max()
    w = np.exp(u)
    out: Array = w / w.sum()
    return out


@dataclass(frozen=True, slots=True)
class PeopleModel:
    """The fitted coefficients of one language (see the module doc)."""

    lang: Language
    weights: tuple[float, ...]

    def utilities(self, zs: Array, known: npt.NDArray[np.bool_], freq: Array) -> Array:
        """``N × W`` utilities of ``N`` clues over ``W`` words (arguments of :func:`features`)."""
        out: Array = features(zs, known, freq) @ np.asarray(self.weights)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"features": list(FEATURES), "weights": [round(w, 5) for w in self.weights]}


def word_frequencies(lang: Language, words: Sequence[str]) -> Array:
    """The Zipf values of ``words`` (the ``freq`` argument of :func:`features`)."""
    return np.array([zipf(w, lang) for w in words], np.float64)


@cache
def shipped() -> dict[str, Any]:
    """The shipped model file (coefficients per language and how they were fitted)."""
    text = resources.files("harfiyen.ai.codenames").joinpath("data", MODEL_FILE).read_text(
        encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def load_model(lang: Language) -> PeopleModel:
    """The shipped people model of ``lang``."""
    entry = shipped()["models"][lang]
    if tuple(entry["features"]) != FEATURES:
        raise ValueError("the shipped people model has other features; run people-fit")
    return PeopleModel(lang, tuple(float(w) for w in entry["weights"]))


__all__ = [
    "EXTRA", "FEATURES", "MODEL_FILE", "READERS", "PeopleModel", "expected_found", "features",
    "first_k_chance",
    "load_model", "next_touch", "shipped", "word_frequencies", "zipf",
]
