"""A random but legal player for whole-game property tests (omniscient: it may peek)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from harfiyen.games.letterjam import (
    AgreeEnd,
    Arrange,
    BonusCard,
    CardRef,
    GameState,
    GiveClue,
    MoveOn,
    NameBonus,
    Offer,
    OwnCard,
    Phase,
    PileCard,
    SharedCard,
    Slot,
    StandCard,
    Vote,
    Wildcard,
    Withdraw,
    apply,
    token_for,
)
from harfiyen.games.letterjam.clues import offer_for, shape
from harfiyen.games.letterjam.moves import Move
from harfiyen.lexicon.normalize import ALPHABETS


def visible_refs(state: GameState, seat: int) -> list[CardRef]:
    """Every card ``seat`` may point at."""
    refs: list[CardRef] = [Wildcard()]
    for other, player in enumerate(state.players):
        if other != seat and player.current is not None:
            refs.append(StandCard(other))
        if other != seat and player.bonus is not None:
            refs.append(BonusCard(other))
    refs += [PileCard(i) for i, pile in enumerate(state.piles) if pile.top is not None]
    refs += [SharedCard(i) for i in range(len(state.shared))]
    return refs


def random_clue(state: GameState, seat: int, rnd: random.Random) -> GiveClue:
    refs = visible_refs(state, seat)
    chosen = tuple(rnd.choice(refs) for _ in range(rnd.randint(1, 6)))
    wild = any(isinstance(r, Wildcard) for r in chosen)
    alphabet = ALPHABETS[state.config.language]
    return GiveClue(chosen, rnd.choice(alphabet) if wild else None)


def random_arrangement(state: GameState, seat: int, rnd: random.Random) -> Arrange:
    slots: list[Slot] = [OwnCard(i) for i in range(len(state.players[seat].stand))]
    rnd.shuffle(slots)
    wildcard = None
    if rnd.random() < 0.2:
        slots.insert(rnd.randrange(len(slots) + 1), Wildcard())
        wildcard = rnd.choice(ALPHABETS[state.config.language])
    if state.shared and rnd.random() < 0.3:
        slots.append(SharedCard(rnd.randrange(len(state.shared))))
    return Arrange(tuple(slots), wildcard)


def random_moves(state: GameState, rnd: random.Random) -> Iterator[tuple[int, Move]]:
    """The next few ``(seat, move)`` pairs of a random legal game from ``state``.

    Yields one pair at a time; the caller applies it and asks again with the
    new state (the generator is meant to be recreated per step).
    """
    players = state.player_count
    alphabet = ALPHABETS[state.config.language]
    naming = [s for s, p in enumerate(state.players) if p.bonus_used]
    if naming:
        seat = rnd.choice(naming)
        bonus = state.players[seat].bonus
        assert bonus is not None
        guess = state.cards[bonus] if rnd.random() < 0.5 else rnd.choice(alphabet)
        yield seat, NameBonus(guess)
        return
    if state.phase is Phase.CLUE:
        assert state.cluegiver is not None
        yield state.cluegiver, Withdraw()
        return
    if state.phase is Phase.FINAL:
        open_seats = [s for s, p in enumerate(state.players) if p.arrangement is None]
        seat = rnd.choice(open_seats or list(range(players)))
        if state.players[seat].current is not None and rnd.random() < 0.3:
            yield seat, MoveOn(rnd.choice([None, *alphabet]))
        else:
            yield seat, random_arrangement(state, seat, rnd)
        return
    roll = rnd.random()
    movers = [s for s, p in enumerate(state.players) if p.current is not None]
    givers = [s for s, p in enumerate(state.players) if token_for(p, state.green_open)]
    if roll < 0.55 and givers:
        seat = rnd.choice(givers)
        move = random_clue(state, seat, rnd)
        # Every other clue's offer also says its wildcard and bonus-letter flags (chosen
        # without the random source, so the games played from a seed stay the same).
        yield seat, offer_for(move.cards) if state.clue_number % 2 else Offer(*shape(move.cards))
        voters = list(range(players))
        rnd.shuffle(voters)
        yield from ((voter, Vote(seat)) for voter in voters)
        yield seat, move
    elif roll < 0.94 and movers:
        seat = rnd.choice(movers)
        yield seat, MoveOn(rnd.choice([None, *alphabet]))
    elif roll < 0.99 and givers:
        seat = rnd.choice(givers)
        yield seat, Offer(1, 0, 0)
        yield seat, Withdraw()
    else:
        for seat in range(players):
            yield seat, AgreeEnd()


def invalid_moves(state: GameState, rnd: random.Random) -> list[tuple[int, Move]]:
    """Moves the rules must refuse in ``state`` (checked to raise by the caller)."""
    seat = rnd.randrange(state.player_count)
    out: list[tuple[int, Move]] = [
        (seat, GiveClue((StandCard(seat),))),
        (seat, MoveOn("??")),
        (seat, Vote(state.player_count + 3)),
        (seat, Offer(0, 0, 0)),
    ]
    if state.phase is not Phase.FINAL:
        out.append((seat, Arrange(())))
    if not state.players[seat].bonus_used:
        out.append((seat, NameBonus("A")))
    return out


def play_step(state: GameState, rnd: random.Random) -> GameState:
    """Apply one random burst of moves (stopping when a vote already chose someone)."""
    for seat, move in random_moves(state, rnd):
        if isinstance(move, Vote) and state.phase is not Phase.ROUND:
            continue
        if isinstance(move, AgreeEnd) and state.phase is not Phase.ROUND:
            continue
        state, _ = apply(state, seat, move)
    return state


__all__ = ["invalid_moves", "play_step", "random_arrangement", "random_clue", "visible_refs"]
