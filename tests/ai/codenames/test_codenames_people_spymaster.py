"""The people model's spymaster: clues for two words, the black word kept far, the tempo."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.ai.codenames.association import EmbeddingSignal
from harfiyen.ai.codenames.board import read_view
from harfiyen.ai.codenames.people import FEATURES, READERS, PeopleModel
from harfiyen.ai.codenames.people_spymaster import PeopleSpymaster, TempoSettings
from harfiyen.ai.codenames.readers import Reader, VocabularyTable
from harfiyen.ai.codenames.spymaster import FormRule

# Axis 0: sea, axis 1: fruit, axis 2: the black word's topic, axes 3–5: noise.
VECTORS = {
    "GEMİ": (1, 0, 0, 0.1, 0, 0), "BALIK": (0.9, 0, 0.1, 0, 0.1, 0),
    "ELMA": (0, 1, 0, 0.1, 0, 0), "ARMUT": (0, 0.95, 0, 0, 0.2, 0),
    "BOMBA": (0, 0, 1, 0, 0, 0), "KALEM": (0.1, 0.1, 0.1, 1, 0, 0),
    "KİTAP": (0, 0, 0, 0.9, 0, 0.3), "TAŞ": (0, 0, 0, 0, 0, 1),
    "DENİZ": (1, 0, 0, 0, 0, 0), "MEYVE": (0, 1, 0, 0, 0, 0),
    "SAVAŞ": (0.7, 0, 0.7, 0, 0, 0), "OKUL": (0, 0, 0, 1, 0, 0.2),
}
WORDS = ["GEMİ", "BALIK", "ELMA", "ARMUT", "BOMBA", "KALEM", "KİTAP", "TAŞ"]
COLOURS = ["red", "red", "blue", "blue", "black", "neutral", "neutral", "neutral"]
MODEL = PeopleModel("tr", tuple(3.0 if f == "mean" else 0.0 for f in FEATURES))


def _view(colours: list[str] = COLOURS, revealed: frozenset[int] = frozenset(),
          clues: tuple[str, ...] = ()) -> dict[str, Any]:
    cards = [{"index": i, "word": w, "revealed": i in revealed, "colour": c}
             for i, (w, c) in enumerate(zip(WORDS, colours, strict=True))]
    given = [{"team": "red", "word": w, "number": 1, "guesses": []} for w in clues]
    return {"language": "tr", "cards": cards, "key_visible": True, "viewer": {"team": "red"},
            "clues": given}


@pytest.fixture
def make(hand_vectors: Any) -> Any:
    def build(vocabulary: list[str], settings: TempoSettings | None = None) -> PeopleSpymaster:
        vectors = hand_vectors("tr", VECTORS)
        tables = [VocabularyTable(Reader(EmbeddingSignal(vectors, name), WORDS), vocabulary)
                  for name in READERS]
        return PeopleSpymaster(tables, FormRule(vocabulary, "tr"), MODEL,
                               settings or TempoSettings(black_gap=1.0))

    return build


def test_a_clue_for_two_words_a_person_reads_first(make: Any) -> None:
    decision = make(["DENİZ", "MEYVE", "OKUL"]).give_clue(_view())
    assert (decision.word, decision.number) == ("DENİZ", 2)
    assert set(decision.targets) == {"GEMİ", "BALIK"} and decision.safe
    assert decision.chance is not None and 0 < decision.chance <= 1


def test_the_black_word_is_kept_far_below(make: Any) -> None:
    # SAVAŞ reads as the sea and as BOMBA: not eligible while BOMBA is covered.
    decision = make(["SAVAŞ", "DENİZ"]).give_clue(_view())
    assert decision.word == "DENİZ"
    last = make(["SAVAŞ", "OKUL"]).give_clue(_view())
    assert not last.safe and last.number == 1


def test_a_clue_is_never_given_twice(make: Any) -> None:
    decision = make(["DENİZ", "MEYVE", "OKUL"]).give_clue(_view(clues=("DENİZ",)))
    assert decision.word != "DENİZ"


def test_the_tempo_turns_bold_when_behind_or_the_opponent_is_near_winning(make: Any) -> None:
    calm = make(["DENİZ"], TempoSettings(near_win=0))
    assert not calm.bold(read_view(_view()))  # two words each, red to play: level
    behind = ["red", "red", "blue", "blue", "black", "red", "red", "red"]
    assert calm.bold(read_view(_view(colours=behind)))
    # With two words left, blue can win with its next clue.
    assert make(["DENİZ"]).bold(read_view(_view()))


def test_the_product_spymaster_is_the_people_spymaster(use_small: None) -> None:
    from harfiyen.ai.codenames import models

    assert isinstance(models.make_spymaster("tr"), PeopleSpymaster)
    assert not isinstance(models.make_spymaster("tr", ("use",)), PeopleSpymaster)


def test_every_target_of_a_wider_clue_must_be_related_by_the_readers(make: Any) -> None:
    strict = make(["DENİZ", "MEYVE", "OKUL"], TempoSettings(black_gap=1.0, min_mean_z=99.0))
    decision = strict.give_clue(_view())
    assert decision.number == 1 and decision.safe
