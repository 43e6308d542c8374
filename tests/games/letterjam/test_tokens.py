"""The token economy: red first, the centre greens, the greens under the piles, the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.games.letterjam import (
    CardRef,
    Offer,
    Phase,
    PileCard,
    StandCard,
    TokenColour,
    apply,
    parse_refs,
    token_for,
)
from harfiyen.games.letterjam.events import ClueGiven, CluesOver, GreensUnlocked, PileAdvanced
from harfiyen.games.letterjam.rules import SETUP
from harfiyen.games.letterjam.views import lettered

from .helpers import clue, game, refused


def tokens_of(events: tuple[object, ...]) -> list[TokenColour]:
    return [e.token for e in events if isinstance(e, ClueGiven)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_takes_their_reds_before_greens(players: int) -> None:
    state = game(players)
    red_each = SETUP[players].red_each
    taken = []
    for _ in range(red_each + 1):
        state, events = clue(state, 0, parse_refs("P1"))
        taken += tokens_of(events)
    assert taken == [TokenColour.RED] * red_each + [TokenColour.GREEN]
    assert state.players[0].red_left == 0 and state.players[0].clues_given == red_each + 1
    assert state.green_open == SETUP[players].green_open - 1
    # The others still hold all their reds.
    assert all(p.red_left == red_each for p in state.players[1:])


def test_token_for_prefers_red() -> None:
    state = game(4)
    assert token_for(state.players[0], 6) is TokenColour.RED
    player = replace(state.players[0], red_left=0)
    assert token_for(player, 6) is TokenColour.GREEN
    assert token_for(player, 0) is None


def test_a_player_without_a_token_cannot_offer_while_others_can() -> None:
    state = game(2)  # 3 reds each, 2 open greens, 3 in the centre
    for _ in range(5):
        state, _ = clue(state, 0, parse_refs("P1"))
    assert state.players[0].red_left == 0 and state.green_open == 0
    refused(state, 0, Offer(1, 1, 0), "no_token")
    state, events = clue(state, 1, parse_refs("P0"))
    assert tokens_of(events) == [TokenColour.RED]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_centre_greens_open_when_the_last_red_is_taken(players: int) -> None:
    state = game(players)
    row = SETUP[players]
    unlocked: list[GreensUnlocked] = []
    for seat in range(players):
        for _ in range(row.red_each):
            assert not unlocked and state.green_centre == row.green_centre
            state, events = clue(state, seat, (StandCard((seat + 1) % players),))
            unlocked += [e for e in events if isinstance(e, GreensUnlocked)]
    assert [(e.source, e.count) for e in unlocked] == [("centre", row.green_centre)]
    assert state.green_centre == 0 and state.green_open == row.green_open + row.green_centre


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_pile_green_opens_when_the_pile_runs_out(players: int) -> None:
    state = game(players)
    size = len(state.piles[0].cards)
    deck_before = len(state.deck)
    opened_after = None
    for n in range(1, size + 1):
        next_from_deck = state.deck[0]
        state, events = clue(state, n % players, (PileCard(0),))
        if any(isinstance(e, GreensUnlocked) and e.source == "pile" for e in events):
            opened_after = n
            advanced = [e for e in events if isinstance(e, PileAdvanced)]
            assert advanced[0].from_deck and advanced[0].shown == next_from_deck
    assert opened_after == size
    assert not state.piles[0].green_under
    # The emptied pile now shows a card drawn from the deck.
    assert len(state.piles[0].cards) == 1 and len(state.deck) == deck_before - 1


def test_a_pile_advances_once_per_clue_and_only_when_used() -> None:
    state = game(4, seed=2)
    pile0, pile1 = state.piles
    state, events = clue(state, 0, parse_refs("N0 N0 P1"))
    assert state.piles[0].cards == pile0.cards[1:] and state.piles[1] == pile1
    assert state.discards == (pile0.cards[0],)
    assert [lettered(e, state.cards)["shown"] for e in events if isinstance(e, PileAdvanced)] == [
        state.cards[pile0.cards[1]]
    ]


def test_an_empty_pile_with_an_empty_deck_shows_nothing() -> None:
    state = game(4)
    piles = (replace(state.piles[0], cards=state.piles[0].cards[:1]), state.piles[1])
    state = replace(state, piles=piles, deck=())
    state, events = clue(state, 0, (PileCard(0),))
    assert state.piles[0].top is None and not state.piles[0].green_under
    advanced = [e for e in events if isinstance(e, PileAdvanced)]
    assert advanced[0].shown is None and not advanced[0].from_deck
    state, _ = apply(state, 1, Offer(1, 0, 1))
    refused(state, 1, Offer(1, 0, 3), "bad_offer")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_token_gives_one_clue_then_the_clues_are_over(players: int) -> None:
    """Using every pile in every clue, the team gives exactly red + green clues."""
    state = game(players, seed=players)
    row = SETUP[players]
    clues = 0
    while state.phase is Phase.ROUND:
        seat = next(
            (s for s, p in enumerate(state.players) if p.red_left),
            clues % players,
        )
        refs: list[CardRef] = [StandCard((seat + 1) % players)]
        refs += [PileCard(i) for i, pile in enumerate(state.piles) if pile.top is not None]
        state, events = clue(state, seat, refs)
        clues += 1
    assert clues == row.red_total + row.green_total
    assert state.phase is Phase.FINAL and state.end_reason == "tokens"
    assert isinstance(events[-1], CluesOver) and events[-1].reason == "tokens"
    assert state.unused_greens == 0
    refused(state, 0, Offer(1, 1, 0), "wrong_phase")


def test_unused_pile_greens_stay_locked_when_the_tokens_run_out() -> None:
    state = game(4)
    clues = 0
    while state.phase is Phase.ROUND:
        seat = next((s for s, p in enumerate(state.players) if p.red_left), 0)
        state, _ = clue(state, seat, (StandCard((seat + 1) % 4),))
        clues += 1
    assert clues == 4 + 6 + 1
    assert state.green_under_piles == 2 and state.unused_greens == 2
