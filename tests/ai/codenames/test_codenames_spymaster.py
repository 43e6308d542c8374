"""The spymaster: safe targets, legal clues, recorded intentions, only its own view."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.ai.codenames.spymaster import EmbeddingSpymaster, SpymasterSettings, is_form_of
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team
from harfiyen.games.codenames.views import CardView, CodenamesView, ViewerInfo


def _view(words: list[str], colours: list[str], revealed: set[int] = frozenset(),
          team: str = "red", key: bool = True) -> CodenamesView:
    """A spymaster's view of ``words`` (only what the spymaster reads is real)."""
    cards = tuple(
        CardView(i, w, i in revealed, Colour(c) if key or i in revealed else None)
        for i, (w, c) in enumerate(zip(words, colours, strict=True))
    )
    return CodenamesView(
        language="tr", strict_clues=False, seats=(),
        viewer=ViewerInfo("team_role", team=Team(team), role=Role.SPYMASTER), key_visible=key,
        cards=cards, turn=Team(team), phase=Phase.CLUE, to_act=(), current_clue=None, clues=(),
        remaining={}, move_number=0, outcome=None,
    )


# Axis 0: sea, axis 1: fruit, axis 2: the black word's topic, axis 3: noise.
VECTORS = {
    "GEMİ": (1, 0, 0, 0.1), "BALIK": (0.9, 0, 0.1, 0.1), "ELMA": (0, 1, 0, 0.1),
    "ARMUT": (0, 0.95, 0, 0.2), "BOMBA": (0, 0, 1, 0), "KALEM": (0.1, 0.1, 0.1, 1),
    "DENİZ": (1, 0, 0, 0), "MEYVE": (0, 1, 0, 0), "SAVAŞ": (0.6, 0, 0.8, 0),
    "GEMİCİ": (1, 0, 0, 0),
}
WORDS = ["GEMİ", "BALIK", "ELMA", "ARMUT", "BOMBA", "KALEM"]


@pytest.fixture
def make(hand_vectors: Any) -> Any:
    def build(vocabulary: list[str]) -> EmbeddingSpymaster:
        return EmbeddingSpymaster(hand_vectors("tr", VECTORS), vocabulary, SpymasterSettings())

    return build


def test_targets_own_words_and_records_them(make: Any) -> None:
    spymaster = make(["DENİZ", "MEYVE", "SAVAŞ"])
    colours = ["red", "red", "blue", "blue", "black", "neutral"]
    decision = spymaster.give_clue(_view(WORDS, colours))
    assert (decision.word, decision.number) == ("DENİZ", 2)
    assert set(decision.targets) == {"GEMİ", "BALIK"} and decision.safe
    assert spymaster.history == [decision]


def test_a_clue_near_the_black_word_is_not_safe(make: Any) -> None:
    # SAVAŞ is close to both red words but closer to the black BOMBA.
    spymaster = make(["SAVAŞ", "MEYVE"])
    colours = ["red", "red", "blue", "blue", "black", "neutral"]
    decision = spymaster.give_clue(_view(WORDS, colours))
    assert decision.word != "SAVAŞ" or not decision.safe


def test_never_a_board_word_or_a_form_of_one(make: Any) -> None:
    spymaster = make(["GEMİ", "GEMİCİ", "MEYVE"])
    colours = ["red", "red", "blue", "blue", "black", "neutral"]
    decision = spymaster.give_clue(_view(WORDS, colours))
    assert decision.word == "MEYVE"  # the only legal candidate, though it helps blue-ish words


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
