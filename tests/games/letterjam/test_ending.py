"""The end: by agreement or when the tokens run out; arrangements, reveal, team result, scores."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.games.letterjam import (
    AgreeEnd,
    Arrange,
    GameState,
    LetterJamConfig,
    MoveOn,
    Offer,
    Omniscient,
    OwnCard,
    Phase,
    Player,
    Seat,
    SharedCard,
    Slot,
    Wildcard,
    apply,
    new_game,
    parse_refs,
    parse_slots,
    view,
)
from harfiyen.games.letterjam.events import CluesOver, GameEnded

from .helpers import ANY, clue, game, refused

WORDS = ("KALEM", "KİTAP", "MASAL", "DENİZ", "BULUT", "SOKAK")


def final_game(players: int, lexicon: object = ANY, **options: object) -> GameState:
    config = LetterJamConfig("tr", players=players, secret_words=WORDS[:players],
                             **options)  # type: ignore[arg-type]
    state = new_game(config, 7, lexicon=lexicon)  # type: ignore[arg-type]
    for seat in range(players):
        state, _ = apply(state, seat, AgreeEnd())
    assert state.phase is Phase.FINAL
    return state


def original(player: Player) -> tuple[Slot, ...]:
    """Slots that put a player's cards back in the secret word's order."""
    return tuple(OwnCard(player.stand.index(card)) for card in player.dealt)


def arrange_all(state: GameState, moves: dict[int, Arrange]) -> GameState:
    for seat in range(state.player_count):
        move = moves.get(seat, Arrange(original(state.players[seat])))
        state, _ = apply(state, seat, move)
    return state


def test_the_game_ends_when_every_player_agrees() -> None:
    state = game(3)
    state, _ = apply(state, 0, AgreeEnd())
    state, _ = apply(state, 1, AgreeEnd())
    state, _ = apply(state, 1, AgreeEnd(False))
    state, _ = apply(state, 2, AgreeEnd())
    assert state.phase is Phase.ROUND
    state, events = apply(state, 1, AgreeEnd())
    assert state.phase is Phase.FINAL and state.end_reason == "agreed"
    assert events[-1] == CluesOver("agreed")
    refused(state, 0, AgreeEnd(), "wrong_phase")


def test_a_clue_resets_the_agreements() -> None:
    state = game(3)
    state, _ = apply(state, 0, AgreeEnd())
    state, _ = clue(state, 1, parse_refs("P2"))
    assert not any(p.agrees_end for p in state.players)


def test_arranging_only_at_the_end() -> None:
    state = game(2)
    refused(state, 0, Arrange(parse_slots("O0 O1 O2 O3 O4")), "wrong_phase")


@pytest.mark.parametrize(
    ("slots", "wildcard", "code"),
    [
        ("O0 O1 O2 O3", None, "bad_arrangement"),  # a card left out
        ("O0 O1 O2 O3 O4 O4", None, "bad_arrangement"),  # a card twice
        ("O0 O1 O2 O3 O5", None, "bad_arrangement"),  # no such card
        ("O0 O1 O2 O3 O4 S0", None, "bad_arrangement"),  # no shared letter
        ("O0 O1 O2 O3 O4 * *", "A", "bad_arrangement"),  # one wildcard
        ("O0 O1 O2 O3 O4 *", None, "wildcard_needs_letter"),
        ("O0 O1 O2 O3 O4", "A", "wildcard_not_used"),
        ("O0 O1 O2 O3 O4 *", "AB", "bad_letter"),
    ],
)
def test_bad_arrangements(slots: str, wildcard: str | None, code: str) -> None:
    refused(final_game(2), 0, Arrange(parse_slots(slots), wildcard), code)


def test_moving_on_is_still_allowed_at_the_end() -> None:
    state, _ = apply(final_game(2), 0, MoveOn("K"))
    assert state.players[0].guesses == ("K",)
    refused(state, 0, Offer(1, 1, 0), "wrong_phase")


def test_the_original_words_succeed() -> None:
    state = arrange_all(final_game(4), {})
    assert state.phase is Phase.OVER and state.outcome is not None
    outcome = state.outcome
    assert [r.secret for r in outcome.players] == list(WORDS[:4])
    assert [r.arranged for r in outcome.players] == list(WORDS[:4])
    assert outcome.team_success and outcome.failures == 0 and outcome.reason == "agreed"
    assert outcome.team_score is None and all(r.score is None for r in outcome.players)
    assert isinstance(state.events[-1], GameEnded)
    refused(state, 0, MoveOn(None), "game_over")


def test_any_lexicon_word_from_all_own_cards_succeeds() -> None:
    state = final_game(2, lexicon={"KALEM", "KELAM", "KİTAP"})
    player = state.players[0]
    k, a, l, e, m = original(player)  # noqa: E741
    state = arrange_all(state, {0: Arrange((k, e, l, a, m))})
    assert state.outcome is not None
    assert state.outcome.players[0].arranged == "KELAM" and state.outcome.players[0].success


def test_wildcard_and_shared_letters_may_join_the_arrangement() -> None:
    state = final_game(2, lexicon={"KALEME", "KİTAPLAR", "KALEM", "KİTAP"}, scoring=True)
    state = replace(state, shared=(state.players[1].dealt[0],))  # a shared K, say
    shared_letter = state.cards[state.shared[0]]
    assert shared_letter == "K"
    kalem = original(state.players[0])
    state = arrange_all(state, {0: Arrange((*kalem, Wildcard()), "e")})
    assert state.outcome is not None
    first = state.outcome.players[0]
    assert first.arranged == "KALEME" and first.success
    assert first.score == 15 and first.bonus_letters_used == 0
    assert state.outcome.team_score == 15 + 15 + state.unused_greens


def test_scoring_counts_bonus_letters_and_unused_greens() -> None:
    state = final_game(2, lexicon={"KALEMK", "KALEM", "KİTAP"}, scoring=True)
    state = replace(state, shared=(state.players[1].dealt[0],))
    state = arrange_all(state, {0: Arrange((*original(state.players[0]), SharedCard(0)))})
    assert state.outcome is not None
    assert [r.score for r in state.outcome.players] == [16, 15]
    assert state.outcome.unused_greens == 2 + 3 + 4
    assert state.outcome.team_score == 16 + 15 + 9


@pytest.mark.parametrize(
    ("players", "failing", "team_success"),
    [(2, 1, False), (3, 1, False), (3, 0, True), (4, 1, True), (4, 2, False), (5, 1, True),
     (6, 1, True), (6, 2, False)],
)
def test_team_success_allows_one_failure_from_four_players(
    players: int, failing: int, team_success: bool
) -> None:
    state = final_game(players, lexicon=set(WORDS), scoring=True)
    reversed_word = {
        seat: Arrange(tuple(reversed(original(state.players[seat])))) for seat in range(failing)
    }
    state = arrange_all(state, reversed_word)
    assert state.outcome is not None
    assert state.outcome.failures == failing
    assert state.outcome.team_success is team_success
    assert [r.score for r in state.outcome.players][:failing] == [0] * failing


def test_arrangements_may_change_until_everyone_has_arranged() -> None:
    state = final_game(2)
    state, _ = apply(state, 0, Arrange(tuple(reversed(original(state.players[0])))))
    state, _ = apply(state, 0, Arrange(original(state.players[0])))
    state, _ = apply(state, 1, Arrange(original(state.players[1])))
    assert state.outcome is not None and state.outcome.players[0].arranged == "KALEM"


def test_the_reveal_is_in_every_view_after_the_end() -> None:
    state = final_game(2)
    with pytest.raises(Exception) as info:
        view(state, Omniscient())
    assert getattr(info.value, "code", None) == "omniscient_before_end"
    state = arrange_all(state, {})
    seat_view = view(state, Seat(0)).to_json()
    assert seat_view["outcome"]["players"][0]["secret"] == "KALEM"
    assert seat_view["stands"][0]["card"] is not None  # own letters open after the end
    assert view(state, Omniscient()).words == ("KALEM", "KİTAP")
