"""Shared helpers for the Harf Takıl tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from harfiyen.games.letterjam import (
    CardRef,
    GameState,
    GiveClue,
    LetterJamConfig,
    LetterJamError,
    Offer,
    Vote,
    apply,
    new_game,
)
from harfiyen.games.letterjam.clues import shape
from harfiyen.games.letterjam.events import Event
from harfiyen.games.letterjam.moves import Move


class AnyWord:
    """A lexicon that accepts every word (for tests about everything but the lexicon)."""

    def __contains__(self, word: object) -> bool:
        return True


ANY = AnyWord()

TR_WORDS = ("KALEM", "KİTAP", "MASAL", "ELMAS", "TAVUK", "DENİZ", "SOKAK", "BULUT")
EN_WORDS = ("HOUSE", "PLANT", "STORM", "BREAD", "CLOUD", "TIGER")


def game(
    players: int = 4,
    *,
    seed: int = 1,
    language: str = "tr",
    lexicon: Any = ANY,
    words: Sequence[str] | None = None,
    **options: Any,
) -> GameState:
    """A new game with an accept-all lexicon and the shipped secret words unless given."""
    config = LetterJamConfig("en" if language == "en" else "tr", players=players, **options)
    return new_game(config, seed, lexicon=lexicon, words=words)


def choose(state: GameState, seat: int, refs: Sequence[CardRef]) -> GameState:
    """``seat`` offers the shape of ``refs`` and every player votes for it."""
    length, players, nonplayers = shape(refs)
    state, _ = apply(state, seat, Offer(length, players, nonplayers))
    for voter in range(state.player_count):
        if state.cluegiver is None:
            state, _ = apply(state, voter, Vote(seat))
    assert state.cluegiver == seat
    return state


def clue(
    state: GameState, seat: int, refs: Sequence[CardRef], wildcard: str | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Choose ``seat`` as cluegiver and give the clue ``refs``."""
    state = choose(state, seat, refs)
    return apply(state, seat, GiveClue(tuple(refs), wildcard))


def letter(state: GameState, card: int | None) -> str:
    assert card is not None
    return state.cards[card]


def refused(state: GameState, seat: int, move: Move, code: str) -> None:
    """``move`` is refused with ``code``, with Turkish and English text, changing nothing."""
    before = replace(state)
    with pytest.raises(LetterJamError) as info:
        apply(state, seat, move)
    assert info.value.code == code
    assert info.value.message.tr and info.value.message.en
    assert info.value.message.tr != info.value.message.en
    assert state == before
