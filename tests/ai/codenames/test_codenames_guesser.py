"""The guesser: best association first, stops when unsure, the +1 guess for leftovers."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.ai.codenames.association import EmbeddingAssociation
from harfiyen.ai.codenames.guesser import AssociationGuesser, GuesserSettings
from harfiyen.games.codenames import Guess, Pass

VECTORS = {
    "GEMİ": (1, 0, 0), "BALIK": (0.8, 0.2, 0), "ELMA": (0, 1, 0), "KALEM": (0, 0, 1),
    "DENİZ": (1, 0, 0), "MEYVE": (0, 1, 0),
}
WORDS = ["GEMİ", "BALIK", "ELMA", "KALEM"]


@pytest.fixture
def guesser(hand_vectors: Any) -> AssociationGuesser:
    return AssociationGuesser(
        EmbeddingAssociation(hand_vectors("tr", VECTORS)),
        GuesserSettings(min_score=0.5, bonus_score=0.8, bonus_lead=0.1),
    )


def _view(clues: list[dict[str, Any]], revealed: dict[int, str]) -> dict[str, Any]:
    cards = [
        {"index": i, "word": w, "revealed": i in revealed, **(
            {"colour": revealed[i]} if i in revealed else {})}
        for i, w in enumerate(WORDS)
    ]
    current = clues[-1]
    return {"cards": cards, "clues": clues, "key_visible": False,
            "current_clue": {**current, "guesses_left": current["number"] + 1
                             - len(current["guesses"])}}


def _clue(word: str, number: int, guesses: list[tuple[int, str]] = ()) -> dict[str, Any]:
    return {"team": "red", "word": word, "number": number,
            "guesses": [{"index": i, "word": WORDS[i], "colour": c} for i, c in guesses]}


def test_guesses_the_closest_word_first(guesser: AssociationGuesser) -> None:
    assert guesser.choose(_view([_clue("DENİZ", 2)], {})) == Guess(0)


def test_continues_then_stops_when_unsure(guesser: AssociationGuesser) -> None:
    view = _view([_clue("DENİZ", 2, [(0, "red")])], {0: "red"})
    assert guesser.choose(view) == Guess(1)
    # Under MEYVE 2 after ELMA, nothing else is close: pass rather than guess blindly.
    view = _view([_clue("MEYVE", 2, [(2, "red")])], {2: "red"})
    assert guesser.choose(view) == Pass()


def test_extra_guess_goes_to_an_unfinished_earlier_clue(guesser: AssociationGuesser) -> None:
    earlier = _clue("DENİZ", 2, [(1, "red")])  # found BALIK, GEMİ still covered
    current = _clue("MEYVE", 1, [(2, "red")])
    assert guesser.choose(_view([earlier, current], {1: "red", 2: "red"})) == Guess(0)
    finished = _clue("DENİZ", 1, [(1, "red")])
    assert guesser.choose(_view([finished, current], {1: "red", 2: "red"})) == Pass()
