"""``notation.record.game_record``: the GCG of an engine game replays with every score and
total, carries each rack, and round-trips through the writer and the parser."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from harfiyen.core.viewers import Seat
from harfiyen.games.crossword import (
    Accept,
    Challenge,
    CrosswordConfig,
    Exchange,
    GameState,
    Pass,
    Play,
    apply,
    new_game,
    view,
)
from harfiyen.games.crossword.board import Placement
from harfiyen.games.crossword.events import PlayMade
from harfiyen.games.crossword.notation.gcg import EventKind, parse_gcg, write_gcg
from harfiyen.games.crossword.notation.record import game_record
from harfiyen.games.crossword.notation.replay import replay, rules_for
from harfiyen.games.crossword.views import GameFacts
from harfiyen.lexicon.lexicon import load


@functools.cache
def _generator(facts: GameFacts) -> Any:
    from harfiyen.ai.crossword.movegen import MoveGenerator

    return MoveGenerator(load(facts.lexicon), facts.ruleset())


def _best(state: GameState, seat: int, rng: random.Random) -> Any:
    v = view(state, Seat(seat))
    assert v.rack is not None
    gen = _generator(v.facts)
    found = gen.best(gen.scratch(v.board), v.rack, 3, v.active_bonus_square)
    return found[rng.randrange(len(found))] if found else None


def self_play(config: CrosswordConfig, seed: int) -> GameState:
    """A whole game: good plays, an exchange, passes, a phony challenged off (en double)."""
    rng = random.Random(seed)
    state = new_game(config, seed)
    phony_done = False
    for turn in range(200):
        if state.outcome is not None:
            return state
        seat = state.to_move
        if state.pending is not None and state.pending.seat != seat:
            lexicon = state.lexicon
            assert lexicon is not None
            wrong = any(w not in lexicon for w in state.pending.words)
            state = apply(state, seat, Challenge() if wrong else Accept())[0]
            continue
        move = _best(state, seat, rng)
        if turn == 3 and len(state.bag) >= 9:
            whole = state.rules.exchange_whole_rack
            state = apply(state, seat, Exchange(state.racks[seat][:None if whole else 2]))[0]
        elif move is not None and not phony_done and config.challenge != "void" \
                and config.rules == "en" and turn >= 5 and len(move.placements) > 1:
            # The same tiles in reverse order: most likely not a word, challenged off.
            letters = [(p.letter, p.blank) for p in move.placements][::-1]
            phony = tuple(Placement(p.square, letter, blank)
                          for p, (letter, blank) in zip(move.placements, letters, strict=True))
            before = len(state.events)
            state = apply(state, seat, Play(phony))[0]
            phony_done = any(isinstance(e, PlayMade) and e.awaiting_challenge
                             and any(w not in state.lexicon for w in e.words)  # type: ignore[operator]
                             for e in state.events[before:])
        elif move is None:
            state = apply(state, seat, Pass())[0]
        else:
            state = apply(state, seat, Play(move.placements))[0]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("config", "seed"), [
    (CrosswordConfig("tr"), 3),
    (CrosswordConfig("en"), 4),
    (CrosswordConfig("en", players=3, challenge="void"), 5),
    (CrosswordConfig("en", players=4, variant="nine-tile"), 6),
])
def test_the_record_replays_with_every_score(config: CrosswordConfig, seed: int) -> None:
    state = self_play(config, seed)
    players = [(f"p{seat + 1}", f"Oyuncu {seat + 1}") for seat in range(state.players)]
    record = game_record(state.events, players, language=state.rules.language)
    text = write_gcg(record)
    parsed = parse_gcg(text)
    assert rules_for(parsed).key == state.rules.key
    assert rules_for(parsed).rack_size == state.rules.rack_size
    result = replay(parsed, load(state.config.lexicon_id))
    assert result.passed, (result.mismatch, text)
    assert result.totals == state.outcome.final_scores  # type: ignore[union-attr]
    plays = [e for e in parsed.events if e.kind is EventKind.PLAY]
    assert plays and all(len(e.rack) >= 1 for e in plays)
    if config.rules == "en" and config.challenge is None:
        assert any(e.kind is EventKind.WITHDRAWN for e in parsed.events)
    if state.rules.bonus_square_points:
        assert parsed.bonus25 == record.bonus25 is not None
