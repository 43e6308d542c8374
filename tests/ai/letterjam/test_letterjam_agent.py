"""The AI teammate: legal honest clues, deduction that reads them, and no hidden information.

The issue-level check: scrambling what a seat cannot see (its own letters,
the deck, the piles under their top cards) in the *state* changes none of
that seat's decisions.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from harfiyen.ai.letterjam import LetterJamAI, game_stats, play_game
from harfiyen.ai.letterjam.deduction import believe, best_arrangement
from harfiyen.ai.letterjam.table import read_table
from harfiyen.ai.letterjam.words import word_index
from harfiyen.games.letterjam import (
    GameState,
    GiveClue,
    LetterJamConfig,
    Offer,
    Phase,
    Seat,
    Vote,
    apply,
    new_game,
    view,
)
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.views import LetterJamView
from harfiyen.lexicon.normalize import ALPHABETS

AI = LetterJamAI()


def seat_view(state: GameState, seat: int) -> LetterJamView:
    return view(state, Seat(seat))


def decisions(seat_view: LetterJamView) -> dict[str, Any]:
    """Everything the AI decides from one view (the clue only in the clue phase)."""
    best = AI.best_clue(seat_view)
    out: dict[str, Any] = {
        "move_on": AI.move_on(seat_view),
        "offer": AI.offer(seat_view),
        "best": None if best is None else (best.refs, best.wildcard, round(best.value, 9)),
        "vote": AI.vote(seat_view),
        "arrange": AI.arrange(seat_view),
        "act": AI.act(seat_view),
    }
    if seat_view.phase == "clue" and seat_view.cluegiver == seat_view.seat:
        out["clue"] = AI.clue(seat_view)
    return out


def scrambled(state: GameState, seat: int, rnd: random.Random) -> GameState:
    """``state`` with every card ``seat`` cannot see changed: its own cards get random
    letters, the deck and the cards under the pile tops are shuffled."""
    cards = list(state.cards)
    player = state.players[seat]
    alphabet = ALPHABETS[state.config.language]
    for card in (*player.stand, *([player.bonus] if player.bonus is not None else [])):
        cards[card] = rnd.choice(alphabet)
    hidden = list(state.deck) + [c for pile in state.piles for c in pile.cards[1:]]
    letters = [cards[c] for c in hidden]
    rnd.shuffle(letters)
    for card, letter in zip(hidden, letters, strict=True):
        cards[card] = letter
    return replace(state, cards=tuple(cards))


@pytest.fixture(scope="module")
def midgame_states() -> list[GameState]:
    """States of a 3-player Turkish AI game: the start, each clue phase, the final phase."""
    states: list[GameState] = []

    def keep(state: GameState, seat: int, move: Move) -> None:
        if state.phase is Phase.CLUE or (state.phase is Phase.FINAL and not any(
                s.phase is Phase.FINAL for s in states)):
            states.append(state)

    config = LetterJamConfig("tr", players=3)
    start = new_game(config, 11)
    final = play_game(config, 11, [AI] * 3, on_move=keep)
    assert final.phase is Phase.OVER
    return [start, *states[:4], *[s for s in states if s.phase is Phase.FINAL][:1]]


def test_scrambling_what_a_seat_cannot_see_changes_no_decision(
    midgame_states: list[GameState],
) -> None:
    rnd = random.Random(7)
    checked = 0
    for state in midgame_states:
        for seat in range(state.player_count):
            before = decisions(seat_view(state, seat))
            other = scrambled(state, seat, rnd)
            assert other.cards != state.cards
            assert decisions(seat_view(other, seat)) == before
            checked += 1
    assert checked >= 12


def test_decisions_need_nothing_but_the_json_view(midgame_states: list[GameState]) -> None:
    state = midgame_states[2]
    for seat in range(state.player_count):
        original = seat_view(state, seat)
        wire = LetterJamView.from_json(json.loads(json.dumps(original.to_json())))
        assert decisions(wire) == decisions(original)


def test_best_clue_is_legal_honest_and_read_right_by_its_readers() -> None:
    helped_total = right = 0
    for seed in range(3, 9):
        state = new_game(LetterJamConfig("tr", players=4), seed)
        giver = 0
        best = AI.best_clue(seat_view(state, giver))
        assert best is not None and best.value > 0
        offer = AI.offer(seat_view(state, giver))
        assert offer == Offer(*best.shape)
        state, _ = apply(state, giver, offer)
        for voter in range(4):
            if state.phase is Phase.ROUND:
                vote = AI.vote(seat_view(state, voter))
                assert vote == Vote(giver)
                state, _ = apply(state, voter, vote)
        clue = AI.clue(seat_view(state, giver))
        assert isinstance(clue, GiveClue)
        assert clue.cards == best.refs
        state, events = apply(state, giver, clue)
        assert events[-1].kind != "clue_abandoned"
        helped = [seat for seat, gain in best.gains if gain > 1.0]
        assert helped
        for reader in helped:
            table = read_table(seat_view(state, reader))
            letter, p = believe(table, word_index(table.lexicon)).best(table.position)
            truth = state.cards[state.players[reader].current or 0]
            helped_total += 1
            right += letter == truth and p > 0.5
    # The giver's model of its readers is a model: most, not all, read the clue right.
    assert right >= 0.7 * helped_total


def test_arrangement_spells_the_word_once_every_card_is_read() -> None:
    config = LetterJamConfig("tr", players=2)
    final = play_game(config, 5, [AI, AI])
    assert final.outcome is not None
    for result in final.outcome.players:
        assert result.in_lexicon
    # The belief behind it: the arranged word has high probability at the end.
    state = replace(final, phase=Phase.FINAL, outcome=None)
    table = read_table(seat_view(state, 0))
    _, p = best_arrangement(believe(table, word_index(table.lexicon)), word_index(table.lexicon))
    assert p > 0.5


def test_game_stats_tell_own_words_clue_shares_and_suggestions() -> None:
    final = play_game(LetterJamConfig("tr", players=3), 7, [AI, AI, AI])
    assert final.outcome is not None
    stats = game_stats(final, 7, ["KALEM"])
    assert stats.suggested == ("KALEM",)
    assert stats.arranged == tuple(p.arranged for p in final.outcome.players)
    assert stats.own_words == tuple(p.arranged == p.secret for p in final.outcome.players)
    assert len(stats.cluegivers) == stats.clues == len(stats.clue_words)
    shares = stats.clue_shares(3)
    assert abs(sum(shares) - 1.0) < 1e-9
    assert max(shares) == max(stats.cluegivers.count(s) for s in range(3)) / stats.clues


def test_ai_seats_arrange_their_own_secret_words_in_seeded_games() -> None:
    # Rules version 5 deals one word per set of letters, and a seat aims at its own word:
    # in seeded games nearly every seat arranges exactly its secret word.
    own = total = 0
    for seed in range(4):
        final = play_game(LetterJamConfig("tr", players=4), seed, [AI] * 4)
        assert final.outcome is not None
        for result in final.outcome.players:
            total += 1
            own += result.arranged == result.secret
    assert own >= total - 1


def test_votes_keep_the_clues_shared_out() -> None:
    # Offers alike but for the clues their seats have given: the vote goes to the seat
    # that has given fewer, even a higher seat; an offer helping two more players still
    # wins over a seat that has given one clue fewer.
    from harfiyen.ai.letterjam.agent import offer_rank

    state = new_game(LetterJamConfig("tr", players=4), 3)
    table = read_table(view(state, Seat(0)))
    table = replace(table, offers=((4, 2, 0), None, (4, 2, 0), None),
                    clues_given=(3, 0, 1, 0), red_left=(1, 1, 1, 1))
    best = max([0, 2], key=lambda s: offer_rank(table, s, [0, 2]))
    assert best == 2
    table = replace(table, offers=((4, 3, 0), None, (4, 1, 0), None), clues_given=(2, 0, 1, 0))
    assert max([0, 2], key=lambda s: offer_rank(table, s, [0, 2])) == 0


@pytest.mark.parametrize("language", ["tr", "en"])
def test_an_ai_never_gives_or_suggests_an_unfit_clue_word(language: str) -> None:
    # No word of the unfit or slur list is among the words the AI may give (SEKS, EROTİK,
    # AFYON ...), and seeded games give and suggest none.
    from harfiyen.ai.letterjam.words import word_index
    from harfiyen.games.letterjam.events import ClueGiven
    from harfiyen.lexicon.fitness import refused_always

    lang: Any = language
    unfit = refused_always(lang)
    index = word_index("TR-1" if language == "tr" else "ENABLE-1")
    assert not {w for w, _ in index.clue_words()} & unfit
    assert {"SEKS", "AFYON", "MADIMAK"} <= refused_always("tr")

    said: list[str] = []

    class Recording(LetterJamAI):
        def offer(self, view: LetterJamView) -> Offer | None:
            best = self.best_clue(view)
            if best is not None:
                said.append(best.word)
            return super().offer(view)

    ai = Recording(index=index)
    for seed in range(3):
        final = play_game(LetterJamConfig(language, players=4), seed, [ai] * 4)
        said.extend(e.word for e in final.events if isinstance(e, ClueGiven))
    assert len(said) > 30
    assert not set(said) & unfit
