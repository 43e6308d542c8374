"""Real games with the USE model: solo and match go through the engine, agents see only
their own views, and the guesser's view never holds the key while the game runs."""

from __future__ import annotations

import pytest

from harfiyen.ai.codenames.guesser import Guesser
from harfiyen.ai.codenames.models import make_guesser, make_spymaster, use_vectors
from harfiyen.ai.codenames.selfplay import play_match, play_solo, run_solo
from harfiyen.games.codenames import Guess, Pass, Team
from harfiyen.games.codenames.packs import load_pack
from harfiyen.games.codenames.views import CodenamesView
from harfiyen.lexicon.vocabulary import in_vocabulary

pytestmark = pytest.mark.usefixtures("use_small")


class KeyCheckingGuesser:
    """Wraps a guesser and fails if its view ever shows a covered card's colour."""

    def __init__(self, inner: Guesser) -> None:
        self.inner = inner
        self.views = 0

    def choose(self, view: CodenamesView) -> Guess | Pass:
        assert view.key_visible is False
        assert all("colour" not in c for c in view.to_json()["cards"] if not c["revealed"])
        self.views += 1
        return self.inner.choose(view)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_solo_games_are_won_without_the_black_word(lang: str) -> None:
    guesser = KeyCheckingGuesser(make_guesser(lang))  # type: ignore[arg-type]
    pack = load_pack(lang)  # type: ignore[arg-type]
    summary = run_solo(pack, lang, range(3), lambda: make_spymaster(lang), guesser)  # type: ignore[arg-type]
    assert summary.games == 3 and summary.black == 0
    assert summary.wins == 3 and summary.turns_when_won <= 20
    assert guesser.views >= 9


def test_solo_record_explains_each_clue() -> None:
    record = play_solo(load_pack("tr"), "tr", 7, make_spymaster("tr"), make_guesser("tr"))
    assert record.winner == "red" and record.turns == len(record.clues)
    board = set(record.final.words)
    for clue in record.clues:
        assert clue.decision.word not in board
        assert set(clue.decision.targets) <= board
        assert clue.explain().startswith(clue.decision.word)
    # The clues are those the engine recorded.
    assert [c.word for c in record.final.clues] == [c.decision.word for c in record.clues]
    # No clue is given twice, and every clue passes the vocabulary rule.
    words = [c.decision.word for c in record.clues]
    assert len(set(words)) == len(words)
    assert all(in_vocabulary(w, "tr") for w in words)


def test_match_ends_with_a_winner() -> None:
    guesser = make_guesser("tr")
    record = play_match(
        load_pack("tr"), "tr", 3, (make_spymaster("tr"), guesser), (make_spymaster("tr"), guesser)
    )
    assert record.winner in (Team.RED.value, Team.BLUE.value)
    assert {c.team for c in record.clues} == {"red", "blue"}


def test_vectors_come_from_the_disk_cache_the_second_time() -> None:
    from harfiyen.ai.codenames import models

    use_vectors("tr")
    models.forget_vectors()
    assert use_vectors("tr").build_seconds is None
