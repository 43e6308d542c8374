"""Properties over random games: tiles are conserved, games replay from their
events, rejected moves change nothing, views and events hide what they must.

Games are driven by the brute-force play finder over the small test lexicons
(with a few phonies mixed in, so that challenges and refusals happen).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.games.crossword.board import Placement
from harfiyen.games.crossword.engine import apply, legal_moves, moves_of, new_game, replay
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import Exchanged, TilesDrawn
from harfiyen.games.crossword.moves import Accept, Challenge, Move, Play, Resign
from harfiyen.games.crossword.rules import SIZE
from harfiyen.games.crossword.state import CrosswordConfig, GameState
from harfiyen.games.crossword.views import Seat, project_event, view
from harfiyen.lexicon.normalize import ALPHABETS, VOWELS, Language

from .bruteforce import find_plays
from .helpers import EN_WORDS, TR_WORDS, counts

TR_PHONIES = frozenset({"LAK", "KAE", "ZAL", "ANE"})
EN_PHONIES = frozenset({"TAE", "ZAT", "NAT", "EAN"})

CONFIGS = {
    "tr@2": CrosswordConfig("tr"),
    "tr@1": CrosswordConfig("tr", version=1),
    "en-2-double": CrosswordConfig("en"),
    "en-3-void": CrosswordConfig("en", players=3, challenge="void"),
    "en-4-double": CrosswordConfig("en", players=4),
    "en-nine-tile": CrosswordConfig("en", variant="nine-tile"),
    "en-finish-line": CrosswordConfig("en", variant="finish-line", finish_level="beginner"),
}

# Each example plays a random game; full games are the expensive part, so the tests
# take a share of the profile's example count (tests/conftest.py): 12 full games per
# rule set and 25 short ones with the default profile, at least 10 of each in CI.
GAMES = settings(max_examples=max(10, settings.default.max_examples // 8))
SHORT_GAMES = settings(max_examples=max(10, settings.default.max_examples // 4))


def permissive(words: frozenset[str], language: Language) -> frozenset[str]:
    """``words`` plus every vowel-consonant pair, so that random games rarely stall."""
    vowels = VOWELS[language]
    consonants = [ch for ch in ALPHABETS[language] if ch not in vowels]
    pairs = {v + c for v in vowels for c in consonants}
    return words | pairs | {c + v for v in vowels for c in consonants}


TR_LEXICON = permissive(TR_WORDS, "tr")
EN_LEXICON = permissive(EN_WORDS, "en")


def words_for(config: CrosswordConfig) -> tuple[frozenset[str], frozenset[str]]:
    return (TR_LEXICON, TR_PHONIES) if config.rules == "tr" else (EN_LEXICON, EN_PHONIES)


def choose(state: GameState, rnd: random.Random) -> tuple[int, Move]:
    """A random legal-looking move: mostly plays, sometimes pass/exchange/challenge."""
    words, phonies = words_for(state.config)
    pending = state.pending
    if pending is not None and (pending.ends_game or rnd.random() < 0.3):
        challengers = [s for s in range(state.players) if s != pending.seat]
        if rnd.random() < 0.5:
            return rnd.choice(challengers), Challenge()
        return state.to_move, Accept()
    if rnd.random() < 0.002:
        return rnd.randrange(state.players), Resign()
    seat = state.to_move
    if rnd.random() < 0.9:
        finder_words = words | phonies if rnd.random() < 0.15 else words
        # Longer plays keep the board open; take the longest of the first few found.
        found = list(islice(find_plays(state.board, state.racks[seat], finder_words, rnd, 1500), 6))
        if found:
            return seat, max(found, key=lambda p: len(p.placements))
    others = [m for m in legal_moves(state, seat) if not isinstance(m, Resign | Accept | Challenge)]
    return seat, rnd.choice(others[:20])


def random_move_attempt(state: GameState, rnd: random.Random) -> tuple[int, Move]:
    """A random, probably illegal, move."""
    seat = rnd.randrange(state.players)
    rack = state.racks[seat] or ("A",)
    n = rnd.randint(0, 3)
    placements = tuple(
        Placement((rnd.randrange(-1, SIZE + 1), rnd.randrange(SIZE)), rnd.choice(rack), False)
        for _ in range(n)
    )
    return seat, Play(placements)


def play_game(
    config: CrosswordConfig, seed: int, rnd: random.Random, max_moves: int = 120,
    check: bool = True,
) -> GameState:
    words, _ = words_for(config)
    state = new_game(config, seed, lexicon=words)
    full = Counter(state.rules.tiles.bag())
    for _ in range(max_moves):
        if state.outcome is not None:
            break
        if check and rnd.random() < 0.15:
            assert_rejection_changes_nothing(state, *random_move_attempt(state, rnd))
        seat, move = choose(state, rnd)
        try:
            state, _ = apply(state, seat, move)
        except CrosswordError as error:
            # A phony in a void/tr game: refused at submission, state untouched.
            assert error.code == "unknown_words", error.to_dict()
            continue
        if check:
            assert counts(state) == full
    return state


def assert_rejection_changes_nothing(state: GameState, seat: int, move: Move) -> None:
    before = repr(state)
    try:
        apply(state, seat, move)
    except CrosswordError:
        assert repr(state) == before


@pytest.mark.parametrize("name", sorted(CONFIGS))
@GAMES
@given(seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_tiles_are_conserved_and_games_replay(name: str, seed: int, driver: int) -> None:
    rnd = random.Random(driver)
    config = CONFIGS[name]
    state = play_game(config, seed, rnd)
    words, _ = words_for(config)
    assert replay(config, seed, moves_of(state.events), lexicon=words) == state


def rehide(state: GameState, seat: int, rnd: random.Random) -> GameState:
    """``state`` with everything ``seat`` cannot see (other racks, the bag order) redealt."""
    pool = list(state.bag)
    for other, rack in enumerate(state.racks):
        if other != seat:
            pool.extend(rack)
    rnd.shuffle(pool)
    racks = list(state.racks)
    for other in range(state.players):
        if other != seat:
            racks[other], pool = tuple(pool[: len(racks[other])]), pool[len(racks[other]):]
    return replace(state, racks=tuple(racks), bag=tuple(pool))


@pytest.mark.parametrize("name", ["tr@2", "en-2-double", "en-4-double"])
@SHORT_GAMES
@given(seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_a_seat_view_ignores_what_it_cannot_see(name: str, seed: int, driver: int) -> None:
    rnd = random.Random(driver)
    state = play_game(CONFIGS[name], seed, rnd, max_moves=rnd.randrange(0, 12), check=False)
    if state.outcome is not None:
        return
    for seat in range(state.players):
        other = rehide(state, seat, rnd)
        assert other.racks[seat] == state.racks[seat]
        assert view(other, Seat(seat)).to_json() == view(state, Seat(seat)).to_json()


@pytest.mark.parametrize("name", ["tr@2", "en-3-void", "en-4-double"])
@SHORT_GAMES
@given(seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_projected_events_never_show_other_racks(name: str, seed: int, driver: int) -> None:
    rnd = random.Random(driver)
    state = play_game(CONFIGS[name], seed, rnd, max_moves=30, check=False)
    for seat in range(state.players):
        for event in state.events:
            projected = project_event(event, Seat(seat), state)
            assert projected is not None
            if isinstance(event, TilesDrawn | Exchanged) and event.seat != seat:
                assert "tiles" not in projected
                assert set(projected) == {"kind", "seat", "count"}
