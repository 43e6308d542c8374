"""Setup by player count: stands, secret words, nonplayer piles, tokens, the deck."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.games.letterjam import LetterJamConfig, Phase, new_game, secret_words
from harfiyen.games.letterjam.errors import LetterJamError
from harfiyen.games.letterjam.rules import SETUP
from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.wordlists import is_blocked

from .helpers import ANY, EN_WORDS, TR_WORDS, game


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_by_player_count(players: int, language: str) -> None:
    state = game(players, seed=players, language=language)
    row = SETUP[players]
    assert state.phase is Phase.ROUND
    assert [len(p.cards) for p in state.piles] == list(row.piles)
    assert all(p.green_under for p in state.piles)
    assert [p.red_left for p in state.players] == [row.red_each] * players
    assert state.green_open == row.green_open and state.green_centre == row.green_centre
    assert state.unused_greens == row.green_total
    # Every card is in exactly one place.
    places = [c for p in state.players for c in p.stand]
    places += [c for pile in state.piles for c in pile.cards] + list(state.deck)
    assert sorted(places) == list(range(64))
    assert len(state.deck) == 64 - 5 * players - sum(row.piles)


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("length", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("players", [2, 6])
def test_secret_words_are_dealt_from_the_deck(players: int, length: int, language: str) -> None:
    state = game(players, seed=length, language=language, word_length=length)
    pool = set(secret_words(state.config.language, length))
    for player in state.players:
        word = "".join(state.cards[c] for c in player.dealt)
        assert len(word) == length and word in pool
        assert not is_blocked(word, state.config.language)
        assert sorted(player.stand) == sorted(player.dealt)
        assert player.position == 0 and player.current == player.stand[0]


def test_stands_are_shuffled() -> None:
    shuffled = 0
    for seed in range(20):
        state = game(4, seed=seed)
        shuffled += sum(p.stand != p.dealt for p in state.players)
    assert shuffled > 60


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert game(4, seed=9) == game(4, seed=9)
    assert game(4, seed=9).players != game(4, seed=10).players


def test_only_lexicon_words_are_dealt() -> None:
    lexicon = {"KALEM", "KİTAP"}
    state = game(2, seed=1, lexicon=lexicon, words=TR_WORDS)
    for player in state.players:
        assert "".join(state.cards[c] for c in player.dealt) in lexicon


def test_neighbours_may_choose_the_words() -> None:
    config = LetterJamConfig("en", players=3, secret_words=("house", "plant", "storm"))
    state = new_game(config, 4, lexicon=ANY, words=EN_WORDS)
    words = ["".join(state.cards[c] for c in p.dealt) for p in state.players]
    assert words == ["HOUSE", "PLANT", "STORM"]


@pytest.mark.parametrize(
    "words",
    [
        ("HOUSE", "PLANT"),  # one word per seat
        ("HOUSE", "PLANT", "HOUSES"),  # wrong length
        ("HOUSE", "PLANT", "ZEBRA"),  # the English deck has no Z
        ("FUFFS", "PLANT", "STORM"),  # the deck has two Fs
    ],
)
def test_chosen_words_that_cannot_be_dealt_are_refused(words: tuple[str, ...]) -> None:
    config = LetterJamConfig("en", players=3, secret_words=words)
    with pytest.raises(LetterJamError):
        new_game(config, 1, lexicon=ANY)


def test_chosen_words_must_be_lexicon_words() -> None:
    config = LetterJamConfig("en", players=2, secret_words=("HOUSE", "PLANT"))
    with pytest.raises(LetterJamError):
        new_game(config, 1, lexicon={"HOUSE"})


@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 7}, {"word_length": 2}, {"word_length": 8},
     {"nonplayer_stands": 3}, {"version": 99}],
)
def test_invalid_configs(options: dict[str, Any]) -> None:
    config = LetterJamConfig("tr", **{"players": 4, **options})
    with pytest.raises(LetterJamError):
        new_game(config, 1, lexicon=ANY)


def test_fewer_nonplayer_stands() -> None:
    state = game(2, nonplayer_stands=1)
    assert [len(p.cards) for p in state.piles] == [7]
    assert state.unused_greens == 2 + 3 + 1


def test_no_dealable_word_is_an_error() -> None:
    with pytest.raises(LetterJamError):
        game(2, words=["XXXXX"])


def test_config_round_trips_through_a_dict() -> None:
    config = LetterJamConfig("en", players=3, word_length=6, nonplayer_stands=2, scoring=True,
                             secret_words=("PLANET", "STRONG", "BRIDGE"))
    assert LetterJamConfig.from_dict(config.to_dict()) == config


def test_default_lexicon_is_loaded() -> None:
    state = new_game(LetterJamConfig("tr", players=2), 5)
    assert state.lexicon is not None and "KALEM" in state.lexicon


def test_a_game_keeps_the_secret_word_list_of_its_rules_version() -> None:
    # Version 1 deals the first lists (kept as they were), version 2 the people's vocabulary,
    # version 3 the same after ÇAĞA was blocked, version 4 the deal context (no unfit
    # words), version 5 one word per set of letters: a stored game replays with the words
    # it was dealt from.
    from harfiyen.games.letterjam.decks import secret_words
    from harfiyen.games.letterjam.rules import RULES_VERSION

    assert RULES_VERSION == 5
    assert secret_words("tr", 3, 1)[:3] == ("BİR", "ÇOK", "İLE")
    assert "İLE" not in secret_words("tr", 3, 2)
    assert "ÇAĞA" in secret_words("tr", 4, 2) and "ÇAĞA" not in secret_words("tr", 4, 3)
    assert "SAPIK" in secret_words("tr", 5, 3) and "SAPIK" not in secret_words("tr", 5, 4)
    assert {"ASLAN", "SANAL"} <= set(secret_words("tr", 5, 4))
    assert "ASLAN" in secret_words("tr", 5, 5) and "SANAL" not in secret_words("tr", 5, 5)
    for version in (1, 2, 3, 4, 5):
        state = new_game(LetterJamConfig("tr", players=3, version=version), 5, lexicon=ANY)
        pool = set(secret_words("tr", 5, version))
        dealt = ["".join(state.cards[c] for c in p.dealt) for p in state.players]
        assert set(dealt) <= pool
        assert state.events[0].to_dict()["rules"] == f"letterjam@{version}"



@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_new_rules_version_deals_no_unfit_word(language: str) -> None:
    from harfiyen.games.letterjam.decks import secret_word_table
    from harfiyen.lexicon.fitness import fit, refused_always

    lang: Language = "tr" if language == "tr" else "en"
    pool = [word for word, _ in secret_word_table(lang)]
    assert pool and all(fit(word, lang, "deal") for word in pool)
    old = {word for word, _ in secret_word_table(lang, 3)}
    assert old & refused_always(lang)  # what version 3 dealt, and still deals for its games
    for seed in range(40):
        state = new_game(LetterJamConfig(language, players=4), seed, lexicon=ANY)
        dealt = ["".join(state.cards[c] for c in p.dealt) for p in state.players]
        assert not set(dealt) & refused_always(lang), dealt
