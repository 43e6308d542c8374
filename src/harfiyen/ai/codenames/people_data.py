"""People's clues and readings (outside data): fitting the people model and measuring against it.

The data lives beside the repository in ``../shared/testdata/kelime-casusu/``
(its README gives the format) and is never copied into it. Each board has
three clues written by a fluent red spymaster (``targets`` in the order the
writer expects them touched) and, separately, each clue as a second fluent
reader read it without the key (``guesses``, ``stop_after``). A few readings
are of clues that are not among the written ones (the reader's own wording);
they count as readings only.

The split is by board, never by clue: boards with an even number
(``tr-1000``, ``en-2002`` ...) are for fitting, odd ones are held out
(:func:`part`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, Protocol

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.people import (
    EXTRA,
    READERS,
    Array,
    PeopleModel,
    features,
    word_frequencies,
)
from harfiyen.lexicon.normalize import Language

Part = Literal["fit", "held"]
#: The folder of the people's data, relative to the repository's root.
DATA_FOLDER: Final = Path("..") / "shared" / "testdata" / "kelime-casusu"


def default_folder() -> Path:
    """``../shared/testdata/kelime-casusu`` beside this checkout (src/harfiyen/ai/codenames/…)."""
    return Path(__file__).resolve().parents[4] / DATA_FOLDER


@dataclass(frozen=True, slots=True)
class PeopleClue:
    """One clue on one board: what the writer meant (if written) and how the reader read it."""

    board_id: str
    lang: Language
    words: tuple[str, ...]
    key: dict[str, tuple[str, ...]]
    clue: str
    number: int
    kind: str | None  # "one", "two", "three"; None for a reading-only clue
    targets: tuple[str, ...]  # empty for a reading-only clue
    guesses: tuple[str, ...]  # the reader's touches, at most ``number``
    stop_after: int

    @property
    def touched(self) -> tuple[str, ...]:
        """The words the reader would really touch, in order."""
        return self.guesses[: self.stop_after]

    @property
    def black(self) -> str:
        return self.key["black"][0]

    def colour(self, word: str) -> str:
        return next(c for c, ws in self.key.items() if word in ws)


def part(board_id: str) -> Part:
    """``fit`` for a board with an even number, ``held`` for an odd one."""
    return "fit" if int(board_id.rsplit("-", 1)[1]) % 2 == 0 else "held"


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def load(lang: Language, folder: Path | None = None) -> list[PeopleClue]:
    """Every clue of ``lang`` (written ones first, then reading-only ones)."""
    folder = folder or default_folder()
    boards = {b["board_id"]: b for b in _lines(folder / f"boards_{lang}.jsonl")}
    readings = {(r["board_id"], r["clue"]): r for r in _lines(folder / f"readings_{lang}.jsonl")}
    out: list[PeopleClue] = []

    def add(board_id: str, clue: str, number: int, kind: str | None,
            targets: Sequence[str], reading: dict[str, Any] | None) -> None:
        board = boards[board_id]
        key = {c: tuple(ws) if isinstance(ws, list) else (ws,) for c, ws in board["key"].items()}
        guesses = tuple(reading["guesses"]) if reading else ()
        out.append(PeopleClue(
            board_id, lang, tuple(board["board"]), key, clue, number, kind, tuple(targets),
            guesses, int(reading["stop_after"]) if reading else 0,
        ))

    for c in _lines(folder / f"clues_{lang}.jsonl"):
        reading = readings.pop((c["board_id"], c["clue"]), None)
        add(c["board_id"], c["clue"], int(c["number"]), c["kind"], c["targets"], reading)
    for (board_id, clue), reading in sorted(readings.items()):
        add(board_id, clue, int(reading["number"]), None, (), reading)
    return out


ReaderScores = Callable[[str, Sequence[str]], tuple[Array, npt.NDArray[np.bool_]]]


def product_scores(lang: Language) -> ReaderScores:
    """The product readers' and extra signals' z-scores of one clue over some words
    (``R × 1 × W``) and whether each knows the clue (``R × 1``)."""
    from harfiyen.ai.codenames import models

    readers = [models.reader(lang, name) for name in READERS]
    readers += [models.extra_reader(lang, name) for name in EXTRA]  # 0 where no data

    def scores(clue: str, words: Sequence[str]) -> tuple[Array, npt.NDArray[np.bool_]]:
        zs = np.stack([r.z([clue], words) for r in readers]).astype(np.float64)
        known = np.array([[bool(r.knows([clue])[0])] for r in readers])
        return zs, known

    return scores


@dataclass(frozen=True, slots=True)
class Observation:
    """One clue's features over its board and the people's touch orders under it."""

    x: Array  # W × F
    orders: tuple[tuple[int, ...], ...]


def observations(items: Sequence[PeopleClue], scores: ReaderScores) -> list[Observation]:
    """The reader's touches and the writer's intended order of each clue, as choices."""
    out = []
    for item in items:
        zs, known = scores(item.clue, item.words)
        x = features(zs, known, word_frequencies(item.lang, item.words))[0]
        index = {w: i for i, w in enumerate(item.words)}
        orders = tuple(tuple(index[w] for w in seq)
                       for seq in (item.touched, item.targets) if seq)
        out.append(Observation(x, orders))
    return out


def _objective(
    data: Sequence[Observation], beta: Array, l2: float, derivatives: bool,
) -> tuple[float, Array, Array]:
    """The penalised log-likelihood of ``beta`` and (if asked) its gradient and Hessian."""
    f = len(beta)
    value = -0.5 * l2 * float(beta @ beta)
    grad = -l2 * beta
    hess = -l2 * np.eye(f)
    for obs in data:
        u = obs.x @ beta
        for order in obs.orders:
            available = np.ones(len(u), bool)
            for chosen in order:
                shifted = np.where(available, u - u[available].max(), -np.inf)
                w = np.exp(shifted)
                value += float(shifted[chosen] - np.log(w.sum()))
                if derivatives:
                    p = w / w.sum()
                    mean = p @ obs.x
                    grad = grad + obs.x[chosen] - mean
                    centred = obs.x - mean
                    hess = hess - (centred * p[:, None]).T @ centred
                available[chosen] = False
    return value, grad, hess


def fit(data: Sequence[Observation], l2: float = 1.0, steps: int = 100) -> Array:
    """The weights that maximise the people's touches' likelihood (damped Newton steps,
    L2 penalty ``l2``)."""
    beta = np.zeros(data[0].x.shape[1])
    value, grad, hess = _objective(data, beta, l2, True)
    for _ in range(steps):
        step = np.linalg.solve(hess, grad)
        scale = 1.0
        while scale > 1e-6:
            trial = beta - scale * step
            found = _objective(data, trial, l2, False)[0]
            if found >= value - 1e-12:
                break
            scale /= 2
        if scale <= 1e-6 or np.abs(scale * step).max() < 1e-8:
            break
        beta = beta - scale * step
        value, grad, hess = _objective(data, beta, l2, True)
    return beta


#: The L2 penalty of the shipped fit (1.0 and 3.0 gave the same held-out figures; 0.3 less).
L2: Final = 1.0


def fit_languages(
    langs: Sequence[Language] = ("tr", "en"), folder: Path | None = None, l2: float = L2,
    scores: dict[Language, ReaderScores] | None = None,
) -> tuple[dict[Language, Array], dict[str, Any]]:
    """The people model's weights of each of ``langs``, fitted on the ``fit`` part of
    ``langs`` together (on the held-out boards the joint fit read both languages at least
    as well as a fit per language, whose English part has only 39 clues), and what they
    were fitted on.

    A language's model leaves out the features that are 0 on all of its clues (an extra
    signal it has no data for: English has no corpus links): its weight is 0, and the
    other weights are fitted without that feature, so that they are not bent to make up
    for a signal the language never sees."""
    data: dict[Language, list[Observation]] = {}
    about: dict[str, Any] = {}
    for lang in langs:
        items = [i for i in load(lang, folder) if part(i.board_id) == "fit"]
        data[lang] = observations(items, (scores or {}).get(lang) or product_scores(lang))
        about[lang] = {"boards": len({i.board_id for i in items}), "clues": len(items),
                       "orders": sum(len(o.orders) for o in data[lang])}
    return fit_by_language(data, l2), about


def fit_by_language(
    data: dict[Language, list[Observation]], l2: float = L2,
) -> dict[Language, Array]:
    """Each language's weights, fitted on every language's observations over the features
    that are not 0 on all of that language's own (the others get weight 0)."""
    every = [o for found in data.values() for o in found]
    width = every[0].x.shape[1]
    fitted: dict[tuple[int, ...], Array] = {}
    weights: dict[Language, Array] = {}
    for lang, own in data.items():
        keep = tuple(f for f in range(width) if any(np.any(o.x[:, f]) for o in own))
        if keep not in fitted:
            beta = fit([Observation(o.x[:, keep], o.orders) for o in every], l2)
            fitted[keep] = np.zeros(width)
            fitted[keep][list(keep)] = beta
        weights[lang] = fitted[keep]
    return weights


def mean_z(zs: Array, known: npt.NDArray[np.bool_]) -> Array:
    """The current readers' joint reading (the mean z of the readers that know the clue;
    the :data:`~harfiyen.ai.codenames.people.EXTRA` signals after them are not readers)."""
    zs, known = zs[: len(READERS)], known[: len(READERS)]
    z = np.where(known[:, :, None], zs, 0.0)
    out: Array = z.sum(axis=0) / np.maximum(known.sum(axis=0), 1)[:, None]
    return out


@dataclass
class Ranking:
    """How one way of ranking the board reads the people's clues (counts)."""

    clues: int = 0
    first_intended: int = 0
    readings: int = 0
    first_as_reader: int = 0
    multi: int = 0
    multi_top: int = 0
    black_first: int = 0

    def to_dict(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None

        return {
            "clues": self.clues, "first_intended": share(self.first_intended, self.clues),
            "readings": self.readings,
            "first_as_reader": share(self.first_as_reader, self.readings),
            "multi": self.multi, "multi_top": share(self.multi_top, self.multi),
            "black_first": self.black_first,
        }


def rank_board(
    items: Sequence[PeopleClue], scores: ReaderScores, model: PeopleModel | None,
) -> Ranking:
    """Rank each board for its clue (the readers' mean z, or ``model``'s utilities) and
    count: first word intended; first word the reader's first touch; for clues of two
    or three words, the top ``number`` words exactly the targets; the black word first."""
    out = Ranking()
    for item in items:
        zs, known = scores(item.clue, item.words)
        if model is None:
            u = mean_z(zs, known)[0]
        else:
            u = model.utilities(zs, known, word_frequencies(item.lang, item.words))[0]
        order = [item.words[i] for i in np.argsort(-u, kind="stable")]
        if item.targets:
            out.clues += 1
            out.first_intended += order[0] in item.targets
            if item.number >= 2:
                out.multi += 1
                out.multi_top += set(order[: item.number]) == set(item.targets)
        if item.guesses:
            out.readings += 1
            out.first_as_reader += order[0] == item.guesses[0]
        out.black_first += order[0] == item.black
    return out


def rank_by_signal(items: Sequence[PeopleClue], scores: ReaderScores, signal: int) -> Ranking:
    """:func:`rank_board` by one signal alone (row ``signal`` of ``scores``: a reader or an
    extra signal), over the clues it knows: how well that signal on its own agrees with
    the people."""
    out = Ranking()
    for item in items:
        zs, known = scores(item.clue, item.words)
        if not known[signal, 0]:
            continue
        u = zs[signal, 0]
        first = item.words[int(np.argmax(u))]  # the first of equals, as rank_board
        order = [item.words[i] for i in np.argsort(-u, kind="stable")]
        if item.targets:
            out.clues += 1
            out.first_intended += first in item.targets
            if item.number >= 2:
                out.multi += 1
                out.multi_top += set(order[: item.number]) == set(item.targets)
        if item.guesses:
            out.readings += 1
            out.first_as_reader += first == item.guesses[0]
        out.black_first += first == item.black
    return out


class Chooser(Protocol):
    def choose(self, view: Any) -> Any:
        """A guess (``.index``) or a pass, from a guesser's view (JSON form)."""
        ...


def read_as_guesser(item: PeopleClue, guesser: Chooser) -> list[str]:
    """The words ``guesser`` touches under ``item``'s clue on its fresh board (red to
    guess; the turn ends on a pass, a word not red, or after ``number + 1`` touches)."""
    touched: list[tuple[int, str]] = []
    while len(touched) <= item.number:
        cards = [{"index": i, "word": w, "revealed": any(i == j for j, _ in touched),
                  **({"colour": item.colour(w)} if any(i == j for j, _ in touched) else {})}
                 for i, w in enumerate(item.words)]
        clue = {"team": "red", "word": item.clue, "number": item.number,
                "guesses": [{"index": j, "word": item.words[j], "colour": c}
                            for j, c in touched],
                "guesses_left": item.number + 1 - len(touched)}
        view = {"language": item.lang, "cards": cards, "clues": [clue], "current_clue": clue,
                "key_visible": False, "viewer": {"team": "red", "role": "guesser"}}
        move = guesser.choose(view)
        index = getattr(move, "index", None)
        if index is None:
            break
        colour = item.colour(item.words[index])
        touched.append((index, colour))
        if colour != "red":
            break
    return [item.words[j] for j, _ in touched]


@dataclass
class Readings:
    """How a guesser reads the people's clues (counts)."""

    clues: int = 0
    first_hit: int = 0
    readings: int = 0
    first_as_reader: int = 0
    multi: int = 0
    full: int = 0
    black: int = 0
    black_first: int = 0
    stops_as_reader: int = 0
    found: int = 0
    intended: int = 0

    def to_dict(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None

        return {
            "clues": self.clues, "first_hit": share(self.first_hit, self.clues),
            "readings": self.readings,
            "first_as_reader": share(self.first_as_reader, self.readings),
            "multi": self.multi, "full": share(self.full, self.multi),
            "found": f"{self.found}/{self.intended}",
            "stops_as_reader": share(self.stops_as_reader, self.readings),
            "black": self.black, "black_first": self.black_first,
        }


def guesser_readings(items: Sequence[PeopleClue], guesser: Chooser) -> Readings:
    """Play ``guesser`` under every clue (:func:`read_as_guesser`) and count: its first
    touch intended, and the reader's first touch; for clues of two or three words, its
    first ``number`` touches exactly the targets (a full reading); the intended words it
    found; touches as many as the reader's; the black word touched (first)."""
    out = Readings()
    for item in items:
        touched = read_as_guesser(item, guesser)
        first = touched[0] if touched else None
        if item.targets:
            out.clues += 1
            out.first_hit += first in item.targets
            out.intended += len(item.targets)
            out.found += len(set(touched) & set(item.targets))
            if item.number >= 2:
                out.multi += 1
                out.full += set(touched[: item.number]) == set(item.targets)
        if item.guesses:
            out.readings += 1
            out.first_as_reader += first == item.guesses[0]
            out.stops_as_reader += min(len(touched), item.number) == item.stop_after
        out.black += item.black in touched
        out.black_first += first == item.black
    return out


__all__ = [
    "DATA_FOLDER",
    "L2",
    "Observation",
    "Part",
    "PeopleClue",
    "Ranking",
    "default_folder",
    "fit",
    "fit_by_language",
    "fit_languages",
    "load",
    "mean_z",
    "observations",
    "part",
    "product_scores",
    "rank_board",
    "rank_by_signal",
]
