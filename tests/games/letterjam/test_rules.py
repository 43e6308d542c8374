"""The rule data: setup table, decks and the secret-word lists."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

import pytest

from harfiyen.games.letterjam import SETUP, setup_for
from harfiyen.games.letterjam.decks import deck_counts, deck_info, secret_word_table, secret_words
from harfiyen.games.letterjam.errors import LetterJamError
from harfiyen.games.letterjam.rules import (
    DECK_SIZE,
    EN_DECK,
    allowed_failures,
    majority,
)
from harfiyen.lexicon.normalize import TR_UPPER, Language
from harfiyen.lexicon.vocabulary import in_vocabulary
from harfiyen.lexicon.wordlists import is_blocked, read_words

# RULES.md's table: players -> (pile sizes, red total, red each, green open, centre, under piles)
TABLE = {
    2: ((7, 8, 9, 10), 6, 3, 2, 3, 4),
    3: ((7, 8, 9), 6, 2, 2, 3, 3),
    4: ((7, 8), 4, 1, 6, 1, 2),
    5: ((7,), 5, 1, 5, 1, 1),
    6: ((), 6, 1, 4, 1, 0),
}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_setup_table_matches_rules(players: int) -> None:
    piles, red, red_each, green_open, centre, under = TABLE[players]
    row = SETUP[players]
    assert row.piles == piles
    assert row.red_total == red and row.red_each == red_each
    assert row.green_open == green_open and row.green_centre == centre
    assert row.green_under_piles == under


def test_fewer_nonplayer_stands_is_a_difficulty_option() -> None:
    row = setup_for(2, 2)
    assert row.piles == (7, 8) and row.green_under_piles == 2
    assert setup_for(4, 0).piles == ()
    with pytest.raises(LetterJamError, match="nonplayer_stands"):
        setup_for(4, 3)
    with pytest.raises(LetterJamError, match="player_count"):
        setup_for(7)
    with pytest.raises(LetterJamError, match="player_count"):
        setup_for(1)


def test_majority_and_allowed_failures() -> None:
    assert [majority(n) for n in range(2, 7)] == [2, 2, 3, 3, 4]
    assert [allowed_failures(n) for n in range(2, 7)] == [0, 0, 1, 1, 1]


def test_english_deck_is_the_rules_deck() -> None:
    assert deck_counts("en") == EN_DECK
    assert sum(EN_DECK.values()) == DECK_SIZE


def test_turkish_deck_keeps_dotted_and_cedilla_letters_apart() -> None:
    deck = deck_counts("tr")
    assert sum(deck.values()) == DECK_SIZE
    assert set(deck) <= set(TR_UPPER)
    for plain, marked in (("I", "İ"), ("O", "Ö"), ("U", "Ü"), ("S", "Ş"), ("C", "Ç"), ("G", "Ğ")):
        assert deck[plain] >= 1 and deck[marked] >= 1
    # Frequency shows: A is the most common letter in Turkish words.
    assert max(deck, key=lambda k: deck[k]) == "A"


def test_turkish_deck_spells_most_common_words() -> None:
    """RULES.md: the share of common 5-letter Turkish words the deck spells (no wildcard)."""
    coverage = deck_info("tr")["coverage"]
    assert coverage["sample"] == 2000
    assert coverage["share"] == pytest.approx(coverage["spellable_without_wildcard"] / 2000)
    assert coverage["share"] >= 0.98


def test_deck_data_is_what_the_script_writes() -> None:
    script = Path(__file__).resolve().parents[3] / "scripts" / "make_letterjam_deck.py"
    spec = spec_from_file_location("make_letterjam_deck", script)
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    files = module.build()
    data = resources.files("harfiyen.games.letterjam").joinpath("data")
    for name, content in files.items():
        assert data.joinpath(name).read_bytes() == content, name


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_secret_words_are_common_dealable_lexicon_words(lang: Language) -> None:
    lexicon = set(read_words("TR-1" if lang == "tr" else "ENABLE-1"))
    deck = Counter(deck_counts(lang))
    table = secret_word_table(lang)
    assert len({w for w, _ in table}) == len(table)
    for length in range(3, 8):
        words = secret_words(lang, length)
        assert 350 <= len(words) <= 1000
        # One word per set of letters (rules version 5): the letters name the word.
        assert len({"".join(sorted(w)) for w in words}) == len(words)
    for word, freq in table:
        assert word in lexicon and in_vocabulary(word, lang)  # the people's vocabulary rule
        assert not is_blocked(word, lang)
        assert not Counter(word) - deck
        assert freq >= 3.0


def test_deck_file_is_json_with_a_documented_method() -> None:
    info = deck_info("tr")
    json.dumps(info)
    assert "Sainte-Laguë" in info["method"] and info["lexicon"] == "TR-1"
