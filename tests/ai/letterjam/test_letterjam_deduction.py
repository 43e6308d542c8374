"""Deduction from one's own clue records: patterns, evidence per card, the word belief."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from harfiyen.ai.letterjam.deduction import (
    believe,
    best_arrangement,
    bonus_guess,
    card_evidence,
    record_pattern,
)
from harfiyen.ai.letterjam.table import Record, Table, read_table
from harfiyen.ai.letterjam.words import WordIndex
from harfiyen.games.letterjam import LetterJamConfig, Seat, new_game, view


@pytest.fixture(scope="module")
def index() -> WordIndex:
    return WordIndex("TR-1")


def table_with(records: list[Record], pool: Counter[str], cards: int = 5) -> Table:
    """A seat-0 table holding only what deduction reads."""
    base = read_table(view(new_game(LetterJamConfig("tr", players=2), 1), Seat(0)))
    fields: dict[str, Any] = {f: getattr(base, f) for f in base.__slots__}
    fields.update(records=tuple(records), pool=pool, cards=cards, position=len(records))
    return Table(**fields)


def record(number: int, letters: str, cards: list[str], own: int | None) -> Record:
    return Record(number, 1, tuple(cards), tuple(letters), own)


def test_patterns_mark_own_stand_bonus_and_wildcard() -> None:
    r = record(1, "K?*E?", ["P1", "P0", "*", "N0", "B0"], 0)
    assert record_pattern(r, 0) == "K?*E_"
    assert record_pattern(r, 0, bonus=True) == "K_*E?"


def test_evidence_multiplies_the_clues_on_one_card(index: WordIndex) -> None:
    first = record(1, "KA?EM", ["P1", "N0", "P0", "N1", "N2"], 0)
    table = table_with([first], Counter("KALEMSİNT"))
    evidence = card_evidence(table, index)
    assert max(evidence[0], key=evidence[0].__getitem__) == "L"


def test_belief_reads_the_whole_word_from_its_cards(index: WordIndex) -> None:
    # Clues on four cards of KALEM; the word list and the unseen cards do the rest.
    clues = [
        record(1, "?ALEM", ["P0", "N0", "N1", "N2", "N3"], 0),
        record(2, "K?LEM", ["N0", "P0", "N1", "N2", "N3"], 1),
        record(3, "KA?EM", ["N0", "N1", "P0", "N2", "N3"], 2),
        record(4, "KAL?M", ["N0", "N1", "N2", "P0", "N3"], 3),
    ]
    pool = Counter("KALEMRSTNUOİ")
    table = table_with(clues, pool)
    belief = believe(table, index)
    assert [belief.best(p)[0] for p in range(4)] == ["K", "A", "L", "E"]
    assert sum(belief.marginal(4).values()) == pytest.approx(1.0)
    order, p = best_arrangement(belief, index)
    assert sorted(order) == [0, 1, 2, 3, 4]
    assert order[:4] == (0, 1, 2, 3) and p > 0.3


def test_bonus_letter_is_named_from_the_clue_that_used_it(index: WordIndex) -> None:
    r = record(1, "KALE?", ["N0", "N1", "N2", "N3", "B0"], None)
    table = table_with([r], Counter("MNZ"))
    assert bonus_guess(table, index) in {"M", "N"}


def test_a_seat_that_read_its_letters_arranges_its_own_word_not_an_anagram(
    index: WordIndex,
) -> None:
    # TUTMA's letters also spell MUTAT, DURUM's DUMUR: words only a dictionary knows.
    # A seat that has read every card arranges its own secret word (the plans tried
    # first used to be the anagrams in the lexicon's order: MUTAT, DUMUR).
    from harfiyen.ai.letterjam.deduction import Belief, Entry

    for word, anagram, stand in (("TUTMA", "MUTAT", "AMTTU"), ("DURUM", "DUMUR", "RUMUD"),
                                 ("TOKAT", "KATOT", "TKTAO")):
        assert anagram in index and not index.known(anagram)
        belief = Belief(5, (0, 1, 2, 3, 4), {}, (Entry(word, tuple(stand), (), 1.0),),
                        Counter())
        order, p = best_arrangement(belief, index)
        assert "".join(stand[i] for i in order) == word
        assert p == 1.0


def test_between_two_candidate_words_the_likelier_own_word_wins(index: WordIndex) -> None:
    # Unsure between two secret words of one set of letters, the seat arranges the more
    # likely one (not whichever anagram the lexicon lists first).
    from harfiyen.ai.letterjam.deduction import Belief, Entry

    stand = "ANSLA"
    for likely, other in (("SANAL", "ASLAN"), ("ASLAN", "SANAL")):
        belief = Belief(5, (0, 1, 2, 3, 4), {}, (
            Entry(likely, tuple(stand), (), 0.6), Entry(other, tuple(stand), (), 0.4)),
            Counter())
        order, _ = best_arrangement(belief, index)
        assert "".join(stand[i] for i in order) == likely
