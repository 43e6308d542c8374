"""The engine contract: new games, to_act, legal moves, apply, replay."""

from __future__ import annotations

import doctest

import pytest

from harfiyen.games.crossword import ending, engine
from harfiyen.games.crossword.engine import (
    apply,
    legal_moves,
    moves_of,
    new_game,
    outcome,
    replay,
    to_act,
)
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import GameStarted, TilesDrawn
from harfiyen.games.crossword.moves import (
    Accept,
    Challenge,
    Exchange,
    Pass,
    Play,
    Resign,
    Timeout,
)
from harfiyen.games.crossword.state import CrosswordConfig

from .bruteforce import first_play
from .helpers import EN_WORDS, TR_WORDS, en_game, place, setup, tr_game


def test_doctests_of_the_public_api() -> None:
    for module in (engine, ending):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert tr_game(seed=11) == tr_game(seed=11)
    assert tr_game(seed=11).bag != tr_game(seed=12).bag
    assert en_game(seed=4, players=3) == en_game(seed=4, players=3)


def test_new_game_events_start_deal_and_hide_nothing_extra() -> None:
    state = tr_game(seed=2)
    kinds = [e.kind for e in state.events]
    assert kinds == ["game_started", "tiles_drawn", "tiles_drawn"]
    drawn = [e for e in state.events if isinstance(e, TilesDrawn)]
    assert tuple(d.tiles for d in drawn) == state.racks
    started = state.events[0]
    assert isinstance(started, GameStarted) and started.rules == "tr@2"
    assert "seed" not in started.to_dict()


def test_new_game_loads_the_configured_lexicon_when_none_is_given() -> None:
    state = new_game(CrosswordConfig("en"), 1)
    assert state.config.lexicon_id == "ENABLE-1"
    assert "QUIZ" in state.lexicon and "KALEM" not in state.lexicon


def test_an_invalid_config_raises_a_game_error_that_says_what_is_wrong() -> None:
    with pytest.raises(CrosswordError) as raised:
        new_game(CrosswordConfig("xx"), 1, lexicon=set())
    assert raised.value.code == "unknown_rules"
    with pytest.raises(CrosswordError) as raised:
        new_game(CrosswordConfig("en", players=5), 1, lexicon=set())
    assert raised.value.code == "player_count"
    assert raised.value.message.en == "en is played by 2 to 4 players, not 5."
    with pytest.raises(CrosswordError) as raised:
        new_game(CrosswordConfig("tr", variant="nine-tile"), 1, lexicon=set())
    assert raised.value.code == "no_such_variant"


def test_config_round_trips_through_a_dict() -> None:
    config = CrosswordConfig("en", players=3, challenge="void", variant="finish-line",
                             finish_level="expert")
    assert CrosswordConfig.from_dict(config.to_dict()) == config
    assert config.resolved().version == 2 and config.resolved().lexicon == "ENABLE-1"


def test_to_act_is_the_seat_to_move_then_possible_challengers() -> None:
    state = setup(en_game(players=3, lexicon={"AT"}), to_move=0,
                  racks=["ATAAAAA", "EEEEEEE", "EEEEEEE"])
    assert to_act(state) == (0,)
    after = apply(state, 0, Play(place("H8=A I8=T", "en")))[0]
    assert to_act(after) == (1, 2)
    ended = apply(after, 2, Resign())[0]
    assert to_act(ended) == () and outcome(ended) is ended.outcome


def test_legal_moves_tr_pass_whole_rack_exchange_resign() -> None:
    state = tr_game()
    moves = list(legal_moves(state, 0))
    assert moves == [Pass(), Exchange(state.racks[0]), Resign()]
    assert list(legal_moves(state, 1)) == [Resign()]


def test_legal_moves_en_exchanges_are_the_distinct_sub_racks() -> None:
    state = setup(en_game(), to_move=0, racks=["AABCDEE", "EEEEEEE"])
    exchanges = [m for m in legal_moves(state, 0) if isinstance(m, Exchange)]
    # counts A2 B1 C1 D1 E2: 3*2*2*2*3 - 1 non-empty sub-multisets
    assert len(exchanges) == 3 * 2 * 2 * 2 * 3 - 1
    assert len({tuple(sorted(m.tiles)) for m in exchanges}) == len(exchanges)
    for move in exchanges[:5]:
        apply(state, 0, move)  # every listed exchange is accepted


def test_legal_moves_none_when_over_and_no_exchange_with_small_bag() -> None:
    state = setup(tr_game(), bag="AAA")
    assert list(legal_moves(state, 0)) == [Pass(), Resign()]
    over = apply(state, 0, Resign())[0]
    assert list(legal_moves(over, 0)) == []


def test_legal_moves_with_a_pending_play() -> None:
    state = setup(en_game(lexicon={"AT"}), to_move=0, racks=["ATAAAAA", "EEEEEEE"])
    after = apply(state, 0, Play(place("H8=A I8=T", "en")))[0]
    moves = list(legal_moves(after, 1))
    assert moves[0] == Accept() and Pass() in moves and Challenge() in moves
    assert list(legal_moves(after, 0)) == [Resign()]


def test_not_your_turn_unknown_seat_game_over_unknown_move() -> None:
    state = tr_game()
    for seat, move, code in [
        (1, Pass(), "not_your_turn"),
        (2, Pass(), "unknown_seat"),
        (0, "pass", "unknown_move"),
        (0, Accept(), "nothing_to_accept"),
    ]:
        with pytest.raises(CrosswordError) as info:
            apply(state, seat, move)  # type: ignore[arg-type]
        assert info.value.code == code
    over = apply(state, 0, Timeout())[0]
    with pytest.raises(CrosswordError) as info:
        apply(over, 1, Pass())
    assert info.value.code == "game_over"


def test_apply_returns_only_the_new_events() -> None:
    state = tr_game()
    after, events = apply(state, 0, Pass())
    assert after.events == state.events + events and after.move_number == 1


def test_placement_order_does_not_matter() -> None:
    state = setup(tr_game(lexicon={"AL"}), racks=["ALAAAAA", "EEEEEEE"])
    a = apply(state, 0, Play(place("H8=A I8=L")))[0]
    b = apply(state, 0, Play(place("I8=L H8=A")))[0]
    assert a == b


def test_replay_from_moves_of_the_events() -> None:
    config = CrosswordConfig("tr")
    original = tr_game(seed=9)
    after = apply(original, 0, Pass())[0]
    rack = after.racks[1]
    after = apply(after, 1, Exchange(rack))[0]
    after = apply(after, 0, Resign())[0]
    moves = moves_of(after.events)
    assert moves == [(0, Pass()), (1, Exchange(rack)), (0, Resign())]
    assert replay(config, 9, moves, lexicon=TR_WORDS) == after


def test_en_replay_with_challenges_and_accept() -> None:
    config = CrosswordConfig("en")
    state = new_game(config, 5, lexicon=EN_WORDS)
    for _ in range(6):
        seat = state.to_move
        other = 1 - seat
        play = first_play(state.board, state.racks[seat], EN_WORDS)
        if play is None:
            state = apply(state, seat, Pass())[0]
            continue
        state = apply(state, seat, play)[0]
        state = apply(state, other, Challenge() if len(state.events) % 2 else Accept())[0]
    assert replay(config, 5, moves_of(state.events), lexicon=EN_WORDS) == state


def test_shuffle_is_a_client_side_reorder_not_a_move() -> None:
    from harfiyen.core.rng import Rng
    from harfiyen.games.crossword.moves import shuffle_rack

    state = tr_game(seed=3)
    shuffled, _ = shuffle_rack(state.racks[0], Rng(5))
    assert sorted(shuffled) == sorted(state.racks[0])
    assert not any(type(m).__name__ == "Shuffle" for m in legal_moves(state, 0))
