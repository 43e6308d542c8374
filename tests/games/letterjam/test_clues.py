"""Offers, the cluegiver vote, clue validation and each player's clue record."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.games.letterjam import (
    GiveClue,
    MoveOn,
    Offer,
    Phase,
    StandCard,
    Vote,
    Withdraw,
    apply,
    parse_refs,
)
from harfiyen.games.letterjam.events import ClueGiven

from .helpers import choose, clue, game, letter, refused

# --- offers and votes --------------------------------------------------------------------


def test_offer_says_only_length_players_and_stands() -> None:
    state, events = apply(game(4), 2, Offer(5, 2, 1))
    assert events[0].to_dict() == {
        "kind": "offer_made", "seat": 2, "length": 5, "players": 2, "nonplayers": 1,
    }
    assert state.players[2].offer == Offer(5, 2, 1)


@pytest.mark.parametrize(
    "offer",
    [Offer(0, 0, 0), Offer(3, 4, 0), Offer(3, 0, 3), Offer(3, 2, 2), Offer(3, -1, 0)],
)
def test_impossible_offers_are_refused(offer: Offer) -> None:
    refused(game(4), 0, offer, "bad_offer")  # 4 players: 3 others; 2 piles


@pytest.mark.parametrize(("players", "needed"), [(2, 2), (3, 2), (4, 3), (5, 3), (6, 4)])
def test_majority_of_players_chooses_the_cluegiver(players: int, needed: int) -> None:
    state, _ = apply(game(players), 1, Offer(3, 1, 0))
    for voter in range(needed - 1):
        state, _ = apply(state, voter, Vote(1))
        assert state.phase is Phase.ROUND and state.cluegiver is None
    state, events = apply(state, needed - 1, Vote(1))
    assert state.phase is Phase.CLUE and state.cluegiver == 1
    assert events[-1].to_dict() == {"kind": "cluegiver_chosen", "seat": 1, "votes": needed}


def test_votes_can_change_and_be_taken_back() -> None:
    state, _ = apply(game(4), 0, Offer(3, 1, 0))
    state, _ = apply(state, 1, Offer(4, 2, 0))
    state, _ = apply(state, 2, Vote(0))
    state, _ = apply(state, 3, Vote(0))
    state, _ = apply(state, 3, Vote(1))
    state, _ = apply(state, 2, Vote(None))
    state, _ = apply(state, 0, Vote(0))
    assert state.phase is Phase.ROUND
    assert [p.vote for p in state.players] == [0, None, None, 1]


def test_votes_need_an_offer_and_a_seat() -> None:
    state = game(4)
    refused(state, 0, Vote(1), "no_offer")
    refused(state, 0, Vote(9), "unknown_seat")


def test_withdrawing_an_offer_lapses_its_votes() -> None:
    state, _ = apply(game(4), 0, Offer(3, 1, 0))
    state, _ = apply(state, 1, Vote(0))
    state, events = apply(state, 0, Withdraw())
    assert events[0].kind == "offer_withdrawn"
    assert state.players[0].offer is None and state.players[1].vote is None
    refused(state, 0, Withdraw(), "nothing_to_withdraw")


def test_the_cluegiver_may_withdraw() -> None:
    state = choose(game(4), 0, parse_refs("P1"))
    refused(state, 1, Withdraw(), "nothing_to_withdraw")
    state, events = apply(state, 0, Withdraw())
    assert [e.kind for e in events] == ["clue_abandoned"]
    assert state.phase is Phase.ROUND and state.cluegiver is None
    assert all(p.offer is None and p.vote is None for p in state.players)


def test_no_offers_or_votes_while_a_clue_is_given() -> None:
    state = choose(game(4), 0, parse_refs("P1"))
    refused(state, 1, Offer(3, 1, 0), "wrong_phase")
    refused(state, 1, Vote(0), "wrong_phase")
    refused(state, 1, MoveOn("A"), "clue_in_progress")


# --- validating the clue -----------------------------------------------------------------


def test_a_clue_is_spelled_from_visible_cards() -> None:
    state = game(4, seed=3)
    refs = parse_refs("P1 N0 P2 P1")
    state, events = clue(state, 0, refs)
    given = events[0]
    assert isinstance(given, ClueGiven)
    expected = "".join(letter(state, c) for c in given.used)
    assert given.word == expected and len(expected) == 4
    assert given.word[0] == given.word[3]  # a card may be used several times


def test_only_the_cluegiver_gives_the_clue() -> None:
    state = game(4)
    refused(state, 0, GiveClue(parse_refs("P1")), "wrong_phase")
    state = choose(state, 0, parse_refs("P1"))
    refused(state, 1, GiveClue(parse_refs("P2")), "not_cluegiver")


@pytest.mark.parametrize(
    ("refs", "code"),
    [
        ("P0", "own_card_not_visible"),
        ("B0", "own_card_not_visible"),
        ("P7", "no_such_card"),
        ("B1", "no_such_card"),  # seat 1 has no bonus card
        ("N5", "no_such_card"),
        ("S0", "no_such_card"),  # no shared letters yet
    ],
)
def test_cards_the_cluegiver_cannot_see(refs: str, code: str) -> None:
    state = game(4)
    state = replace(state, players=tuple(replace(p, offer=Offer(1, 0, 0)) for p in state.players),
                    phase=Phase.CLUE, cluegiver=0)
    refused(state, 0, GiveClue(parse_refs(refs)), code)


def test_an_empty_stand_cannot_be_pointed_at() -> None:
    state = game(2, seed=1)
    past = replace(state.players[1], position=5)
    state = replace(state, players=(state.players[0], past))
    state = choose(state, 0, parse_refs("P1"))
    refused(state, 0, GiveClue(parse_refs("P1")), "no_such_card")


def test_empty_clue() -> None:
    state = replace(game(4), phase=Phase.CLUE, cluegiver=0)
    state = replace(state, players=(replace(state.players[0], offer=Offer(1, 0, 0)),
                                    *state.players[1:]))
    refused(state, 0, GiveClue(()), "empty_clue")


def test_the_wildcard_stands_for_one_letter_in_the_whole_clue() -> None:
    state = game(4)
    refs = parse_refs("* P1 *")
    chosen = choose(state, 0, refs)
    refused(chosen, 0, GiveClue(refs), "wildcard_needs_letter")
    refused(chosen, 0, GiveClue(refs, "AB"), "bad_letter")
    refused(chosen, 0, GiveClue(refs, "Q"), "bad_letter")  # not a Turkish letter
    _, events = apply(chosen, 0, GiveClue(refs, "i"))
    given = events[0]
    assert isinstance(given, ClueGiven)
    own = letter(state, state.players[1].current)
    assert given.word == f"İ{own}İ" and given.wildcard == "İ"  # Turkish casing: i → İ
    plain = choose(state, 0, parse_refs("P1"))
    refused(plain, 0, GiveClue(parse_refs("P1"), "A"), "wildcard_not_used")


def test_the_clue_must_match_the_offer() -> None:
    state = choose(game(4), 0, parse_refs("P1 P2 N0"))
    refused(state, 0, GiveClue(parse_refs("P1 P1 N0")), "offer_mismatch")
    refused(state, 0, GiveClue(parse_refs("P1 P2 P3")), "offer_mismatch")
    refused(state, 0, GiveClue(parse_refs("P1 P2 N0 N0")), "offer_mismatch")


def test_the_clue_must_be_a_lexicon_word() -> None:
    state = game(4, seed=3)
    refs = (StandCard(1), StandCard(2))
    word = "".join(letter(state, state.players[s].current) for s in (1, 2))
    state = choose(replace(state, lexicon={word}), 0, refs)
    apply(state, 0, GiveClue(refs))  # accepted
    refused(replace(state, lexicon=set()), 0, GiveClue(refs), "not_a_word")


def test_a_real_turkish_clue_against_tr1() -> None:
    from harfiyen.lexicon.lexicon import load

    state = game(2, seed=1, lexicon=load("TR-1"), secret_words=("KALEM", "TAVUK"))
    # Put known letters on the piles: K, İ, T, A (top cards) for a KİTAP-like clue.
    cards = list(state.cards)
    for pile, wanted in zip(state.piles, "KİTA", strict=True):
        cards[pile.cards[0]] = wanted
    state = replace(state, cards=tuple(cards))
    refs = parse_refs("N0 N1 N2 N3 *")
    state = choose(state, 0, refs)
    _, events = apply(state, 0, GiveClue(refs, "P"))
    assert isinstance(events[0], ClueGiven) and events[0].word == "KİTAP"
    refused(state, 0, GiveClue(refs, "Z"), "not_a_word")


# --- the records -------------------------------------------------------------------------


def test_each_player_records_the_clue_with_a_question_mark_for_their_own_card() -> None:
    state = game(4, seed=3)
    seen = {s: letter(state, state.players[s].current) for s in range(4)}
    top = letter(state, state.piles[0].top)
    state, _ = clue(state, 0, parse_refs("P1 N0 * P2 P1"), "E")
    records = [p.records[-1] for p in state.players]
    assert records[0].text == f"{seen[1]}{top}*{seen[2]}{seen[1]}"  # the cluegiver sees all
    assert records[1].text == f"?{top}*{seen[2]}?"
    assert records[2].text == f"{seen[1]}{top}*?{seen[1]}"
    assert records[3].text == records[0].text
    assert [r.own_position for r in records] == [None, 0, 0, None]
    assert records[1].cards == ("P1", "N0", "*", "P2", "P1")
    assert all(r.number == 1 and r.cluegiver == 0 for r in records)


def test_a_record_names_the_card_it_was_about() -> None:
    state = game(4, seed=3)
    state, _ = apply(state, 1, MoveOn("A"))
    state, _ = apply(state, 1, MoveOn(None))
    state, _ = clue(state, 0, parse_refs("P1"))
    assert state.players[1].records[-1].own_position == 2
    assert state.players[1].guesses == ("A", None)
