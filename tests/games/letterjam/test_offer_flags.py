"""The two optional flags of an offer (issue 13): whether the clue uses the wildcard and
whether it uses a shared bonus letter. A said flag must hold when the clue is given;
an unsaid one is never checked; the wire form leaves an unsaid flag out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.core.wire import from_json, to_json
from harfiyen.games.letterjam import (
    GameState,
    GiveClue,
    LetterJamError,
    Offer,
    Seat,
    Vote,
    Withdraw,
    apply,
    parse_refs,
    view,
)
from harfiyen.games.letterjam.clues import OfferPart, offer_for, offer_mismatch
from harfiyen.games.letterjam.engine import move_of
from harfiyen.games.letterjam.events import ClueGiven, OfferMade
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.views import LetterJamView

from .helpers import game, refused


def with_shared(state: GameState) -> GameState:
    """``state`` with one card out of the deck as a shared bonus letter (``S0``)."""
    card, *rest = state.deck
    return replace(state, shared=(card,), deck=tuple(rest))


def offered(state: GameState, seat: int, offer: Offer) -> GameState:
    """``seat`` publishes ``offer`` and every player votes for it."""
    state, events = apply(state, seat, offer)
    made = events[-1]
    assert isinstance(made, OfferMade)
    assert (made.wildcard, made.bonus) == (offer.wildcard, offer.bonus)
    for voter in range(state.player_count):
        if state.cluegiver is None:
            state, _ = apply(state, voter, Vote(seat))
    assert state.cluegiver == seat
    return state


def test_the_wire_form_leaves_an_unsaid_flag_out() -> None:
    plain = Offer(3, 1, 1)
    assert to_json(plain) == {"length": 3, "players": 1, "nonplayers": 1}
    said = Offer(3, 1, 0, wildcard=True, bonus=False)
    assert to_json(said) == {"length": 3, "players": 1, "nonplayers": 0,
                             "wildcard": True, "bonus": False}
    assert from_json({"kind": "offer", "length": 3, "players": 1, "nonplayers": 1}, Move) == plain
    assert from_json({"kind": "offer", **to_json(said)}, Move) == said
    made = OfferMade(0, 3, 1, 1)
    assert "wildcard" not in made.to_dict() and "bonus" not in made.to_dict()
    assert OfferMade(0, 3, 1, 0, True, None).to_dict()["wildcard"] is True


def test_a_said_flag_is_recorded_replayed_and_shown_to_every_seat() -> None:
    state = game(4)
    state, events = apply(state, 2, Offer(3, 1, 1, wildcard=True, bonus=False))
    assert move_of(events[-1]) == (2, Offer(3, 1, 1, True, False))
    for seat in range(4):
        seen = view(state, Seat(seat))
        shown = seen.offers[2]
        assert shown is not None and (shown.wildcard, shown.bonus) == (True, False)
        data = seen.to_json()
        assert data["offers"][2] == {"length": 3, "players": 1, "nonplayers": 1,
                                     "wildcard": True, "bonus": False}
        assert LetterJamView.from_json(data) == seen
    state, _ = apply(state, 1, Offer(2, 1, 0))
    data = view(state, Seat(0)).to_json()
    assert data["offers"][1] == {"length": 2, "players": 1, "nonplayers": 0}


def test_an_offer_that_cannot_hold_its_flags_is_impossible() -> None:
    state = game(4)
    refused(state, 0, Offer(2, 1, 1, wildcard=True), "bad_offer")
    refused(state, 0, Offer(2, 2, 0, bonus=True), "bad_offer")
    refused(state, 0, Offer(3, 1, 1, wildcard=True, bonus=True), "bad_offer")
    apply(state, 0, Offer(3, 1, 1, wildcard=True))  # one letter left for the wildcard
    apply(state, 0, Offer(2, 1, 1, wildcard=False, bonus=False))


@pytest.mark.parametrize(
    ("offer", "cards", "parts"),
    [
        (Offer(3, 1, 1, wildcard=True), "P1 N0 P1", (OfferPart.WILDCARD,)),
        (Offer(3, 1, 1, wildcard=False), "P1 N0 *", (OfferPart.WILDCARD,)),
        (Offer(3, 1, 0, bonus=True), "P1 * P1", (OfferPart.BONUS,)),
        (Offer(3, 1, 0, bonus=False), "P1 S0 P1", (OfferPart.BONUS,)),
        (Offer(3, 1, 0, wildcard=True, bonus=True), "P1 P1 P1",
         (OfferPart.WILDCARD, OfferPart.BONUS)),
        (Offer(3, 1, 0, wildcard=False), "P1 P2 *",
         (OfferPart.PLAYERS, OfferPart.WILDCARD)),
    ],
)
def test_a_said_flag_that_does_not_hold_is_refused_and_changes_nothing(
    offer: Offer, cards: str, parts: tuple[OfferPart, ...]
) -> None:
    state = offered(with_shared(game(4)), 0, offer)
    refs = parse_refs(cards)
    assert offer_mismatch(offer, refs) == parts
    move = GiveClue(refs, "A" if "*" in cards else None)
    refused(state, 0, move, "offer_mismatch")
    with pytest.raises(LetterJamError) as info:
        apply(state, 0, move)
    assert info.value.details["parts"] == [p.value for p in parts]
    for part in parts:
        assert part.tr_name in info.value.message.tr
        assert part.value in info.value.message.en


@pytest.mark.parametrize(
    ("offer", "cards"),
    [
        (Offer(3, 1, 1), "P1 N0 *"),  # unsaid flags are never checked
        (Offer(3, 1, 1), "P1 N0 S0"),
        (Offer(3, 1, 1), "P1 N0 P1"),
        (Offer(3, 1, 1, wildcard=True), "P1 N0 *"),
        (Offer(3, 1, 1, wildcard=True), "* N0 P1"),
        (Offer(3, 1, 0, bonus=True), "P1 S0 *"),  # wildcard unsaid: may be used
        (Offer(3, 1, 0, wildcard=False, bonus=True), "P1 S0 S0"),
        (Offer(4, 1, 1, wildcard=True, bonus=True), "S0 P1 * N0"),
        (Offer(2, 1, 1, wildcard=False, bonus=False), "N0 P1"),
    ],
)
def test_a_clue_that_keeps_every_said_part_is_given(offer: Offer, cards: str) -> None:
    state = offered(with_shared(game(4)), 0, offer)
    refs = parse_refs(cards)
    assert offer_mismatch(offer, refs) == ()
    state, events = apply(state, 0, GiveClue(refs, "A" if "*" in cards else None))
    assert isinstance(events[0], ClueGiven)
    assert state.cluegiver is None


def test_the_truthful_offer_of_a_clue_says_both_flags() -> None:
    assert offer_for(parse_refs("P1 S0 * N2 P3")) == Offer(5, 2, 1, True, True)
    assert offer_for(parse_refs("P1 N0")) == Offer(2, 1, 1, False, False)


def test_withdrawing_after_a_mismatch_still_works() -> None:
    state = offered(with_shared(game(4)), 0, Offer(2, 1, 0, bonus=True))
    refused(state, 0, GiveClue(parse_refs("P1 P1")), "offer_mismatch")
    state, _ = apply(state, 0, Withdraw())
    assert state.cluegiver is None
