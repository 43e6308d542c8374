"""Moving on to the next letter, and bonus letters."""

from __future__ import annotations

from dataclasses import replace

from harfiyen.games.letterjam import (
    BonusCard,
    GameState,
    GiveClue,
    MoveOn,
    NameBonus,
    Phase,
    SharedCard,
    StandCard,
    apply,
    parse_refs,
)
from harfiyen.games.letterjam.events import BonusDrawn, BonusNamed, ClueGiven, MovedOn

from .helpers import choose, clue, game, refused


def past_last_card(state: GameState, seat: int) -> GameState:
    """Move ``seat`` on through all its cards (blank guesses)."""
    while state.players[seat].current is not None:
        state, _ = apply(state, seat, MoveOn(None))
    return state


def test_moving_on_records_the_guess_and_shows_the_next_card() -> None:
    state = game(4)
    stand = state.players[2].stand
    state, events = apply(state, 2, MoveOn("ş"))
    player = state.players[2]
    assert player.guesses == ("Ş",) and player.position == 1 and player.current == stand[1]
    assert events == (MovedOn(2, 0, "Ş", stand[1]),)
    state, _ = apply(state, 2, MoveOn(None))
    assert state.players[2].guesses == ("Ş", None)


def test_guesses_are_letters_of_the_alphabet() -> None:
    state = game(4)
    refused(state, 0, MoveOn("AB"), "bad_letter")
    refused(state, 0, MoveOn("W"), "bad_letter")  # not Turkish
    refused(state, 0, MoveOn(""), "bad_letter")


def test_there_is_no_going_back_and_the_last_card_brings_a_bonus() -> None:
    state = game(4)
    deck = state.deck
    for _ in range(4):
        state, _ = apply(state, 1, MoveOn(None))
    state, events = apply(state, 1, MoveOn("A"))
    assert state.players[1].current is None
    assert events[-1] == BonusDrawn(1, deck[0])
    assert state.players[1].bonus == deck[0] and state.deck == deck[1:]
    refused(state, 1, MoveOn("A"), "no_card_to_move_on")


def test_no_bonus_when_the_deck_is_empty() -> None:
    state = replace(game(4), deck=())
    state = past_last_card(state, 1)
    assert state.players[1].bonus is None


def test_others_may_use_a_bonus_card_and_its_owner_names_it() -> None:
    state = past_last_card(game(4), 1)
    bonus = state.players[1].bonus
    assert bonus is not None
    refused(state, 1, NameBonus("A"), "no_bonus_to_name")
    state, events = clue(state, 0, (BonusCard(1), StandCard(2)))
    assert state.players[1].bonus_used
    assert state.players[1].records[-1].letters[0] == "?"
    assert state.players[2].records[-1].letters[0] == state.cards[bonus]
    # No new clue before the bonus is named.
    chosen = choose(state, 2, parse_refs("P3"))
    refused(chosen, 2, GiveClue(parse_refs("P3")), "bonus_naming_pending")
    deck = state.deck
    right = state.cards[bonus]
    named, events = apply(chosen, 1, NameBonus(right))
    assert events[0] == BonusNamed(1, right, bonus, True)
    assert named.shared == (bonus,) and not named.players[1].bonus_used
    # A new unseen bonus card is drawn.
    assert events[1] == BonusDrawn(1, deck[0]) and named.players[1].bonus == deck[0]
    # The approved letter is shared: anyone may use it, the owner too.
    named, events = apply(named, 2, GiveClue(parse_refs("P3")))
    state, events = clue(named, 1, (SharedCard(0), StandCard(0)))
    given = events[0]
    assert isinstance(given, ClueGiven) and given.word[0] == right


def test_a_wrong_bonus_name_discards_the_card() -> None:
    state = past_last_card(game(4), 1)
    bonus = state.players[1].bonus
    assert bonus is not None
    state, _ = clue(state, 0, (BonusCard(1),))
    wrong = next(ch for ch in "ABC" if ch != state.cards[bonus])
    state, events = apply(state, 1, NameBonus(wrong))
    assert events[0] == BonusNamed(1, wrong, bonus, False)
    assert state.shared == () and state.discards[-1] == bonus
    assert state.players[1].bonus is not None and state.players[1].bonus != bonus


def test_no_bonus_is_drawn_once_the_clues_are_over() -> None:
    state = game(4)
    state = replace(state, phase=Phase.FINAL, end_reason="agreed")
    state = past_last_card(state, 1)
    assert state.players[1].bonus is None and state.players[1].guesses == (None,) * 5
