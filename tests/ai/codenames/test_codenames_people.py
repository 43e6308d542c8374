"""The people model: features, Plackett–Luce chances, the fit, and the held-out people's data.

The people's data lives beside the repository (``../shared/testdata/kelime-casusu``);
without it the tests that read it are skipped, except in CI where it must be present.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

import numpy as np
import pytest

from harfiyen.ai.codenames import people_data
from harfiyen.ai.codenames.association import EmbeddingSignal
from harfiyen.ai.codenames.people import (
    FEATURES,
    READERS,
    PeopleModel,
    features,
    first_k_chance,
    load_model,
    next_touch,
)
from harfiyen.ai.codenames.people_guesser import PeopleGuesser, PeopleGuesserSettings
from harfiyen.ai.codenames.readers import Reader
from harfiyen.games.codenames import Guess, Pass


def _need_data() -> None:
    folder = people_data.default_folder()
    if not (folder / "clues_tr.jsonl").exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"the people's data is missing: {folder}")
        pytest.skip(f"the people's data is not present at {folder} (outside the repository)")


def test_features_rank_the_board_by_the_readers_mean() -> None:
    zs = np.array([[[3.0, 1.0, 0.0, 2.0]], [[1.0, 1.0, 0.0, 0.0]], [[9.0, 9.0, 9.0, 9.0]]])
    known = np.array([[True], [True], [False]])  # the third reader does not know the clue
    x = features(zs, known, np.array([4.0, 5.0, 3.0, 4.0]))[0]
    col = {name: x[:, n] for n, name in enumerate(FEATURES)}
    assert list(col["mean"]) == [2.0, 1.0, 0.0, 1.0]
    assert list(col["glove"]) == [0.0] * 4
    assert list(col["top"]) == [1.0, 0.0, 0.0, 0.0]
    assert col["rank"][2] == pytest.approx(np.log(4))
    assert list(col["gap"]) == [1.0, 0.0, 0.0, 1.0]  # ties: word 1 ranks above word 3
    assert list(col["lead"]) == [0.0, -1.0, -2.0, -1.0]
    assert list(col["zipf"]) == [0.0, 1.0, -1.0, 0.0]


def test_first_k_chance_enumerates_the_orders() -> None:
    u = np.array([[1.0, 0.5, -1.0, 0.0, 2.0]])
    w = np.exp(u[0])

    def brute(targets: tuple[int, ...]) -> float:
        total = 0.0
        for order in itertools.permutations(targets):
            p, left = 1.0, w.sum()
            for j in order:
                p *= w[j] / left
                left -= w[j]
            total += p
        return total

    for targets in [(4,), (0, 1), (0, 3, 4)]:
        found = first_k_chance(u, np.array([targets]))[0]
        assert found == pytest.approx(brute(targets))
    first = next_touch(u[0], np.ones(5, bool))[4]
    assert first_k_chance(u, np.array([[4]]))[0] == pytest.approx(first)


def test_next_touch_leaves_out_touched_words() -> None:
    p = next_touch(np.array([2.0, 1.0, 1.0]), np.array([False, True, True]))
    assert list(p) == [0.0, 0.5, 0.5]


def test_the_fit_learns_which_feature_people_follow() -> None:
    rng = np.random.default_rng(3)
    data = []
    for _ in range(40):
        x = rng.normal(size=(10, len(FEATURES)))
        data.append(people_data.Observation(x, ((int(np.argmax(x[:, 3])),),)))
    beta = people_data.fit(data, l2=0.1)
    assert int(np.argmax(beta)) == 3 and beta[3] > 1.0


def test_the_shipped_model_reads_both_languages() -> None:
    for lang in ("tr", "en"):
        model = load_model(lang)  # type: ignore[arg-type]
        assert len(model.weights) == len(FEATURES)
        assert model.weights[FEATURES.index("mean")] > 0


def test_the_split_is_by_board() -> None:
    assert people_data.part("tr-1000") == "fit" and people_data.part("en-2003") == "held"


@pytest.mark.usefixtures("use_small")
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_people_model_reads_held_out_clues_as_well_as_the_readers(lang: str) -> None:
    """On the held-out boards (odd numbers) the fitted model's first word is an intended
    word and the independent reader's first touch at least as often as the readers'."""
    _need_data()
    loaded = people_data.load(lang)  # type: ignore[arg-type]
    items = [i for i in loaded if people_data.part(i.board_id) == "held"]
    assert len({i.board_id for i in items}) == (25 if lang == "tr" else 12)
    scores = people_data.product_scores(lang)  # type: ignore[arg-type]
    before = people_data.rank_board(items, scores, None)
    after = people_data.rank_board(items, scores, load_model(lang))  # type: ignore[arg-type]
    assert after.first_intended >= before.first_intended
    assert after.first_as_reader >= before.first_as_reader
    assert after.black_first == 0


def test_a_model_ranks_with_its_utilities() -> None:
    model = PeopleModel("tr", tuple(1.0 if f == "mean" else 0.0 for f in FEATURES))
    zs = np.array([[[0.0, 2.0]], [[0.0, 2.0]], [[0.0, 2.0]]])
    u = model.utilities(zs, np.ones((3, 1), bool), np.array([4.0, 4.0]))
    assert u.shape == (1, 2) and u[0, 1] > u[0, 0]


# The guesser reading through the people model, with hand-made readers.
GUESS_VECTORS = {
    "DENİZ": (1, 0, 0, 0), "GEMİ": (0.9, 0.1, 0, 0), "BALIK": (0.85, 0.15, 0, 0.05),
    "ELMA": (0, 1, 0, 0), "KALEM": (0, 0, 1, 0), "KİTAP": (0, 0, 0.9, 0.2),
    "TAŞ": (0.1, 0.1, 0.1, 1), "MEYVE": (0.05, 1, 0, 0.1), "ARMUT": (0.05, 0.9, 0.05, 0),
}
GUESS_WORDS = ["GEMİ", "BALIK", "ELMA", "KALEM", "TAŞ", "ARMUT"]


def _people_guesser(hand_vectors: Any, min_next: float = 0.15) -> PeopleGuesser:
    vectors = hand_vectors("tr", GUESS_VECTORS)
    readers = [Reader(EmbeddingSignal(vectors, name), list(GUESS_VECTORS)) for name in READERS]
    model = PeopleModel("tr", tuple(3.0 if f == "mean" else 0.0 for f in FEATURES))
    return PeopleGuesser(readers, model, PeopleGuesserSettings(min_next=min_next))


def _view(clues: list[tuple[str, int, list[tuple[int, str]]]]) -> dict[str, Any]:
    revealed = {i: c for _, _, guesses in clues for i, c in guesses}
    cards = [{"index": i, "word": w, "revealed": i in revealed,
              **({"colour": revealed[i]} if i in revealed else {})}
             for i, w in enumerate(GUESS_WORDS)]
    seen = [{"team": "red", "word": w, "number": n,
             "guesses": [{"index": i, "word": GUESS_WORDS[i], "colour": c} for i, c in g]}
            for w, n, g in clues]
    return {"language": "tr", "cards": cards, "clues": seen, "current_clue": seen[-1],
            "key_visible": False, "viewer": {"team": "red"}}


def test_the_people_guesser_reads_a_two_word_clue_in_full(hand_vectors: Any) -> None:
    guesser = _people_guesser(hand_vectors)
    assert guesser.choose(_view([("DENİZ", 2, [])])) in (Guess(0), Guess(1))
    assert guesser.choose(_view([("DENİZ", 2, [(0, "red")])])) == Guess(1)
    # Once the clue's number is reached and no earlier clue is left over: pass.
    assert guesser.choose(_view([("DENİZ", 2, [(0, "red"), (1, "red")])])) == Pass()


def test_the_people_guesser_stops_when_unsure(hand_vectors: Any) -> None:
    # MEYVE 3: after ELMA and ARMUT nothing is close, so no third touch.
    sure = _people_guesser(hand_vectors, min_next=0.5)
    assert sure.choose(_view([("MEYVE", 3, [(2, "red"), (5, "red")])])) == Pass()


def test_the_people_guesser_takes_a_clear_leftover(hand_vectors: Any) -> None:
    guesser = _people_guesser(hand_vectors)
    earlier = ("DENİZ", 2, [(0, "red")])  # BALIK left over
    view = _view([earlier, ("MEYVE", 1, [(2, "red")])])
    assert guesser.choose(view) == Guess(1)


def test_the_product_guesser_is_the_people_guesser() -> None:
    from harfiyen.ai.codenames import models

    assert isinstance(models.make_guesser("tr"), PeopleGuesser)
    assert not isinstance(models.make_guesser("tr", ("use",)), PeopleGuesser)


@pytest.mark.usefixtures("use_small")
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_people_guesser_reads_held_out_clues_better(lang: str) -> None:
    """On the held-out boards the people guesser reads more two- and three-word clues in
    full than the readers' guesser, and never touches the black word first."""
    from harfiyen.ai.codenames import models
    from harfiyen.ai.codenames.guesser import Guesser

    _need_data()
    loaded = people_data.load(lang)  # type: ignore[arg-type]
    items = [i for i in loaded if people_data.part(i.board_id) == "held"]
    readers = [models.reader(lang, n) for n in models.PRODUCT_SIGNALS]  # type: ignore[arg-type]
    before = people_data.guesser_readings(items, Guesser(readers))
    people = models.make_people_guesser(lang)  # type: ignore[arg-type]
    after = people_data.guesser_readings(items, people)
    assert after.full > before.full and after.found > before.found
    assert after.first_hit >= before.first_hit and after.black_first == 0
