"""The spymaster: clues every reader understands, legal clues, no repeats, its own view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from harfiyen.ai.codenames.association import EmbeddingSignal
from harfiyen.ai.codenames.readers import Reader, VocabularyTable
from harfiyen.ai.codenames.spymaster import FormRule, Spymaster, SpymasterSettings, is_form_of


def _view(words: list[str], colours: list[str], revealed: set[int] = frozenset(),
          team: str = "red", key: bool = True, clues: Sequence[str] = ()) -> dict[str, Any]:
    cards = []
    for i, (w, c) in enumerate(zip(words, colours, strict=True)):
        card: dict[str, Any] = {"index": i, "word": w, "revealed": i in revealed}
        if key or i in revealed:
            card["colour"] = c
        cards.append(card)
    given = [{"team": team, "word": w, "number": 1, "guesses": []} for w in clues]
    return {"language": "tr", "cards": cards, "key_visible": key, "viewer": {"team": team},
            "clues": given}


# Axis 0: sea, axis 1: fruit, axis 2: the black word's topic, axis 3: noise.
VECTORS = {
    "GEMİ": (1, 0, 0, 0.1), "BALIK": (0.9, 0, 0.1, 0.1), "ELMA": (0, 1, 0, 0.1),
    "ARMUT": (0, 0.95, 0, 0.2), "BOMBA": (0, 0, 1, 0), "KALEM": (0.1, 0.1, 0.1, 1),
    "DENİZ": (1, 0, 0, 0), "MEYVE": (0, 1, 0, 0), "SAVAŞ": (0.6, 0, 0.8, 0),
    "GEMİCİ": (1, 0, 0, 0), "LİMAN": (0.9, 0.1, 0, 0),
}
WORDS = ["GEMİ", "BALIK", "ELMA", "ARMUT", "BOMBA", "KALEM"]
COLOURS = ["red", "red", "blue", "blue", "black", "neutral"]
SETTINGS = SpymasterSettings(min_target=0.0, min_combined=0.5)


@pytest.fixture
def make(hand_vectors: Any) -> Any:
    def build(vocabulary: list[str], *tables: dict[str, Any]) -> Spymaster:
        readers = [Reader(EmbeddingSignal(hand_vectors("tr", t), f"r{n}"), WORDS)
                   for n, t in enumerate(tables or (VECTORS,))]
        return Spymaster([VocabularyTable(r, vocabulary) for r in readers],
                         FormRule(vocabulary, "tr"), SETTINGS)

    return build


def test_targets_own_words_and_records_them(make: Any) -> None:
    spymaster = make(["DENİZ", "MEYVE", "SAVAŞ"])
    decision = spymaster.give_clue(_view(WORDS, COLOURS))
    assert (decision.word, decision.number) == ("DENİZ", 2)
    assert set(decision.targets) == {"GEMİ", "BALIK"} and decision.safe
    assert spymaster.history == [decision]


def test_a_clue_near_the_black_word_is_not_safe(make: Any) -> None:
    # SAVAŞ is close to both red words but closer to the black BOMBA.
    spymaster = make(["SAVAŞ", "MEYVE"])
    decision = spymaster.give_clue(_view(WORDS, COLOURS))
    assert decision.word != "SAVAŞ" or not decision.safe


def test_every_reader_must_keep_the_black_word_away(make: Any) -> None:
    # A second reader takes DENİZ to BOMBA: DENİZ is no longer a safe clue for both.
    other = dict(VECTORS, DENİZ=(0.5, 0, 1, 0))
    one = make(["DENİZ", "LİMAN"]).give_clue(_view(WORDS, COLOURS))
    two = make(["DENİZ", "LİMAN"], VECTORS, other).give_clue(_view(WORDS, COLOURS))
    assert one.word == "DENİZ" and two.word == "LİMAN"


def test_never_a_board_word_or_a_form_of_one(make: Any) -> None:
    spymaster = make(["GEMİ", "GEMİCİ", "MEYVE"])
    decision = spymaster.give_clue(_view(WORDS, COLOURS))
    assert decision.word == "MEYVE"  # the only legal candidate, though it helps blue-ish words


def test_a_clue_is_never_given_twice(make: Any) -> None:
    spymaster = make(["DENİZ", "LİMAN", "MEYVE"])
    assert spymaster.give_clue(_view(WORDS, COLOURS, clues=["DENİZ"])).word == "LİMAN"


def test_revealed_words_are_not_targets(make: Any) -> None:
    spymaster = make(["DENİZ", "MEYVE"])
    colours = ["red", "red", "red", "red", "black", "neutral"]
    decision = spymaster.give_clue(_view(WORDS, colours, revealed={0, 1}))
    assert set(decision.targets) == {"ELMA", "ARMUT"} and decision.word == "MEYVE"


def test_needs_the_key(make: Any) -> None:
    spymaster = make(["DENİZ"])
    with pytest.raises(ValueError):
        spymaster.give_clue(_view(WORDS, ["red"] * 6, key=False))


def test_is_form_of() -> None:
    assert is_form_of("KİTABI", "KİTAP", "tr")
    assert is_form_of("STARFISH", "STAR", "en")
    assert not is_form_of("DENİZ", "GEMİ", "tr")
