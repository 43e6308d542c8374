"""The guesser: best association first, stops when unsure, the +1 guess for leftovers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from harfiyen.ai.codenames.association import EmbeddingAssociation
from harfiyen.ai.codenames.guesser import AssociationGuesser, GuesserSettings
from harfiyen.games.codenames import Guess, Pass
from harfiyen.games.codenames.rules import Colour, Phase, Team
from harfiyen.games.codenames.views import (
    CardView,
    ClueView,
    CodenamesView,
    GuessView,
    ViewerInfo,
)

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


def _view(clues: list[ClueView], revealed: dict[int, str]) -> CodenamesView:
    """A red guesser's view of the board ``WORDS`` (only what the guesser reads is real)."""
    cards = tuple(
        CardView(i, w, i in revealed, Colour(revealed[i]) if i in revealed else None)
        for i, w in enumerate(WORDS)
    )
    current = replace(clues[-1], guesses_left=clues[-1].number + 1 - len(clues[-1].guesses))
    return CodenamesView(
        language="tr", strict_clues=False, seats=(), viewer=ViewerInfo("team_role"),
        key_visible=False, cards=cards, turn=Team.RED, phase=Phase.GUESS, to_act=(),
        current_clue=current, clues=(*clues[:-1], current), remaining={}, move_number=0,
        outcome=None,
    )


def _clue(word: str, number: int, guesses: list[tuple[int, str]] = ()) -> ClueView:
    return ClueView(Team.RED, 0, word, number,
                    tuple(GuessView(i, WORDS[i], Colour(c)) for i, c in guesses))


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
