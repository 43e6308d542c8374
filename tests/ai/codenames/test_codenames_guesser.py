"""The guesser: best association first, stops when unsure, the +1 guess for leftovers."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.ai.codenames.association import EmbeddingSignal
from harfiyen.ai.codenames.guesser import Guesser, GuesserSettings
from harfiyen.ai.codenames.readers import Reader
from harfiyen.games.codenames import Guess, Pass

VECTORS = {
    "GEMİ": (1, 0, 0, 0), "BALIK": (0.8, 0.2, 0, 0), "ELMA": (0, 1, 0, 0),
    "KALEM": (0, 0, 1, 0), "DENİZ": (1, 0, 0, 0.1), "MEYVE": (0, 1, 0, 0.1),
    "KİTAP": (0, 0, 0.9, 0.2), "TAŞ": (0.1, 0.1, 0.1, 1),
}
WORDS = ["GEMİ", "BALIK", "ELMA", "KALEM"]
BACKGROUND = ["GEMİ", "BALIK", "ELMA", "KALEM", "KİTAP", "TAŞ"]


@pytest.fixture
def guesser(hand_vectors: Any) -> Guesser:
    signal = EmbeddingSignal(hand_vectors("tr", VECTORS), "use")
    return Guesser([Reader(signal, BACKGROUND)],
                   GuesserSettings(min_score=0.5, min_lead=0.1, bonus_score=1.0, bonus_lead=0.5))


def _view(clues: list[dict[str, Any]], revealed: dict[int, str]) -> dict[str, Any]:
    cards = [
        {"index": i, "word": w, "revealed": i in revealed, **(
            {"colour": revealed[i]} if i in revealed else {})}
        for i, w in enumerate(WORDS)
    ]
    current = clues[-1]
    return {"language": "tr", "cards": cards, "clues": clues, "key_visible": False,
            "viewer": {"team": "red"},
            "current_clue": {**current, "guesses_left": current["number"] + 1
                             - len(current["guesses"])}}


def _clue(word: str, number: int, guesses: list[tuple[int, str]] = ()) -> dict[str, Any]:
    return {"team": "red", "word": word, "number": number,
            "guesses": [{"index": i, "word": WORDS[i], "colour": c} for i, c in guesses]}


def test_guesses_the_closest_word_first(guesser: Guesser) -> None:
    assert guesser.choose(_view([_clue("DENİZ", 2)], {})) == Guess(0)


def test_continues_then_stops_when_unsure(guesser: Guesser) -> None:
    view = _view([_clue("DENİZ", 2, [(0, "red")])], {0: "red"})
    assert guesser.choose(view) == Guess(1)
    # Under MEYVE 2 after ELMA, nothing else is close: pass rather than guess blindly.
    view = _view([_clue("MEYVE", 2, [(2, "red")])], {2: "red"})
    assert guesser.choose(view) == Pass()


def test_extra_guess_goes_to_an_unfinished_earlier_clue(guesser: Guesser) -> None:
    earlier = _clue("DENİZ", 2, [(1, "red")])  # found BALIK, GEMİ still covered
    current = _clue("MEYVE", 1, [(2, "red")])
    assert guesser.choose(_view([earlier, current], {1: "red", 2: "red"})) == Guess(0)
    finished = _clue("DENİZ", 1, [(1, "red")])
    assert guesser.choose(_view([finished, current], {1: "red", 2: "red"})) == Pass()


def test_readers_are_averaged(hand_vectors: Any) -> None:
    # A second reader that links DENİZ to KALEM outweighs nothing when the first is sure.
    first = EmbeddingSignal(hand_vectors("tr", VECTORS), "use")
    other = dict(VECTORS, DENİZ=(0.7, 0, 0.7, 0))
    second = EmbeddingSignal(hand_vectors("tr", other), "glove")
    both = Guesser([Reader(first, BACKGROUND), Reader(second, BACKGROUND)])
    scores = both.scores("DENİZ", WORDS)
    assert scores[0] == max(scores) and scores[3] > both.scores("MEYVE", WORDS)[3]


@pytest.mark.usefixtures("use_small")
@pytest.mark.parametrize(("clue", "meant"), [("IRMAK", "DERE"), ("FİRAVUN", "PİRAMİT")])
def test_the_product_guesser_reads_a_persons_plain_clue(clue: str, meant: str) -> None:
    """Clues a person gave that the guesser once misread (IRMAK → ŞAHİN, FİRAVUN →
    CEMAAT, when the Turkish USE vectors read the Turkish words themselves)."""
    from harfiyen.ai.codenames import models

    words = ["DERE", "ŞAHİN", "DUDAK", "BALIK", "PİRAMİT", "KRAL", "MASA", "KALEM"]
    scores = models.make_guesser("tr").scores(clue, words)
    assert words[int(scores.argmax())] == meant
