"""The Harf Takıl AI seat (``harfiyen.ai.letterjam.seat``) on the engine, as the bot runner
uses it: asked in any order after every move, each seat answering from its own view. A
table of AI seats, with or without one person who only follows the AI's lead, always
reaches the reveal; no answer is a move that changes nothing; the fallback's move is
accepted in every phase; an AI offer says both flags (wildcard, bonus letter) truthfully
and the clue it gives keeps them. Seats whose people have left, moved only by the stand-in
when the table has nothing else to do (their timer runs out), never stall it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.ai.letterjam import seat as ai_seat
from harfiyen.ai.seats import unwrap
from harfiyen.games.letterjam import LetterJamConfig, Seat, Spectator, view
from harfiyen.games.letterjam.clues import offer_for
from harfiyen.games.letterjam.engine import load_lexicon
from harfiyen.games.letterjam.events import ClueGiven
from harfiyen.games.letterjam.game import LETTERJAM
from harfiyen.games.letterjam.moves import Move, MoveOn, Offer
from harfiyen.games.letterjam.state import GameState

from .letterjam_support import follower, wire

MAX_MOVES = 3000


def _follower_move(state: GameState, seat: int) -> Move | None:
    data = follower(view(state, Seat(seat)).to_json())
    return None if data is None else LETTERJAM.move_from_json(data)


def play(players: int, seed: int, person: int | None, language: str = "tr",
         check_fallback: bool = False) -> GameState:
    rnd = random.Random(seed)
    state = LETTERJAM.new_game(LetterJamConfig(language, players=players), seed, load_lexicon)
    for _ in range(MAX_MOVES):
        if state.outcome is not None:
            return state
        order = list(LETTERJAM.to_act(state))
        rnd.shuffle(order)
        for seat in order:
            seen = view(state, Seat(seat))
            move = _follower_move(state, seat) if seat == person \
                else unwrap(ai_seat.choose(seen, "ai", seed, None)).move
            if check_fallback and seat != person:
                safe = ai_seat.fallback(seen, seed, None, False)
                if safe is not None:
                    LETTERJAM.apply(state, seat, safe)  # accepted (raises otherwise)
            if move is None:
                continue
            after, events = LETTERJAM.apply(state, seat, move)
            assert events and after != state, (seat, move)  # never a move that does nothing
            if seat != person:
                if isinstance(move, Offer):
                    assert move.wildcard is not None and move.bonus is not None, move
                for e in events:
                    if isinstance(e, ClueGiven):
                        assert offer_for(e.refs) == state.players[seat].offer, e
            state = after
            break
        else:
            raise AssertionError(f"the table stalled in {state.phase}: nobody acts")
    raise AssertionError("the game did not end")


@settings(max_examples=max(10, settings.default.max_examples // 4), deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1), person=st.booleans(),
       language=st.sampled_from(["tr", "en"]))
@pytest.mark.slow
def test_ai_seats_with_or_without_a_follower_always_reach_the_reveal(
    players: int, seed: int, person: bool, language: str,
) -> None:
    follower_seat = seed % players if person else None
    final = play(players, seed, follower_seat, language)
    assert final.outcome is not None and len(final.outcome.players) == players


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_fallback_is_accepted_in_every_phase(players: int) -> None:
    final = play(players, 5, None, check_fallback=True)
    assert final.outcome is not None


def play_with_absent(players: int, seed: int, absent: set[int]) -> tuple[GameState, int]:
    """AI seats act as they like; the ``absent`` seats only when no one else acts (their
    phase timer runs out), through :func:`stand_in`. The end state and the stand-ins made."""
    state = LETTERJAM.new_game(LetterJamConfig("tr", players=players), seed, load_lexicon)
    stood_in = 0
    for _ in range(MAX_MOVES):
        if state.outcome is not None:
            return state, stood_in
        acting = LETTERJAM.to_act(state)
        move, mover = None, None
        for seat in (s for s in acting if s not in absent):
            move = unwrap(ai_seat.choose(view(state, Seat(seat)), "ai", seed, None)).move
            if move is not None:
                mover = seat
                break
        if move is None:
            for seat in (s for s in acting if s in absent):
                move = ai_seat.stand_in(view(state, Seat(seat)))
                if move is not None:
                    mover = seat
                    stood_in += 1
                    assert not isinstance(move, (Offer, MoveOn)), move  # a person's own
                    break
        if move is None or mover is None:
            raise AssertionError(f"the table stalled in {state.phase}: nobody acts")
        after, events = LETTERJAM.apply(state, mover, move)
        assert events and after != state, (mover, move)
        state = after
    raise AssertionError("the game did not end")


@pytest.mark.slow
@settings(max_examples=max(10, settings.default.max_examples // 4), deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_seats_left_by_their_people_never_stall_a_timed_table(
    players: int, seed: int, data: st.DataObject,
) -> None:
    absent = data.draw(st.sets(st.integers(0, players - 1), min_size=1, max_size=players - 1))
    final, stood_in = play_with_absent(players, seed, absent)
    assert final.outcome is not None and stood_in > 0


def test_the_seat_plays_from_a_seats_view_only() -> None:
    state = LETTERJAM.new_game(LetterJamConfig("tr", players=3), 1, load_lexicon)
    with pytest.raises(ValueError, match="own seat's view"):
        ai_seat.choose(view(state, Spectator()), "ai", 0, None)
    with pytest.raises(ValueError, match="unknown Harf Takıl AI level"):
        ai_seat.choose(view(state, Seat(0)), "usta", 0, None)
    move = unwrap(ai_seat.choose(view(state, Seat(0)), "ai", 0, None)).move
    assert move is None or wire(move) is not None


@pytest.mark.parametrize("far_more", [1000.0, ai_seat.MIN_VALUE])
def test_the_seat_agrees_to_end_with_everyone_else_unless_its_clue_is_worth_far_more(
    far_more: float, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The people have agreed to end and nothing is on the table: the AI seat agrees too,
    unless its best clue is worth ``FAR_MORE`` (then it offers it); a seat worth a token
    alone, with nobody agreeing, offers as before."""
    from harfiyen.games.letterjam.moves import AgreeEnd

    state = LETTERJAM.new_game(LetterJamConfig("tr", players=3), 11, load_lexicon)
    assert isinstance(unwrap(ai_seat.choose(view(state, Seat(0)), "ai", 0, None)).move, Offer)
    for seat in (1, 2):
        state, _ = LETTERJAM.apply(state, seat, AgreeEnd(True))
    monkeypatch.setattr(ai_seat, "FAR_MORE", far_more)
    move = unwrap(ai_seat.choose(view(state, Seat(0)), "ai", 0, None)).move
    assert isinstance(move, AgreeEnd if far_more > 100 else Offer), move
