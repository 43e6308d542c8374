"""The Kelime Casusu engine: new games, whose turn it is, moves, the end of the game.

Pure functions over the immutable :class:`GameState` (ARCHITECTURE.md, "The
engine contract"). ``apply`` returns a new state and the events it added, or
raises :class:`CodenamesError` and changes nothing.

>>> words = [f"KELİME{'A' * n}" for n in range(25)]
>>> state = new_game(CodenamesConfig(tuple(words)), seed=1)
>>> state.team.value, state.phase.value, to_act(state)
('red', 'clue', (0,))
>>> state, events = apply(state, 0, Clue("deniz", 2))
>>> [e.kind for e in events], to_act(state)
(['clue_given'], (1,))
>>> try:
...     apply(state, 1, Pass())
... except CodenamesError as error:
...     print(error.code, "|", error.message.en)
pass_before_guess | Make at least one guess before passing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from harfiyen.core.rng import Rng
from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.clues import check_clue
from harfiyen.games.codenames.ending import Outcome
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.events import (
    BoardDrawn,
    CardRevealed,
    ClueGiven,
    Event,
    GameEnded,
    GameStarted,
    Passed,
    Resigned,
    TimedOut,
    TurnEnded,
    TurnEndReason,
)
from harfiyen.games.codenames.key import draw_board
from harfiyen.games.codenames.moves import Clue, Guess, Move, Pass, Resign, Timeout
from harfiyen.games.codenames.rules import BOARD_SIZE, FIRST_TEAM, Colour, Phase, Role
from harfiyen.games.codenames.state import ClueRecord, CodenamesConfig, GameState

Applied = tuple[GameState, tuple[Event, ...]]


def new_game(config: CodenamesConfig, seed: int) -> GameState:
    """A new game: the board and key drawn with the seed; red's spymaster gives the first clue.

    Raises :class:`CodenamesError` for a config with bad seats, language or pack.
    """
    pack = config.checked_pack()
    words, key, rng = draw_board(pack, Rng(seed), config.kept_apart())
    started = GameStarted(
        language=config.language, seats=config.seats, strict_clues=config.strict_clues,
        first=FIRST_TEAM, pack_size=len(pack),
    )
    spymasters = tuple(s for s, (_, role) in enumerate(config.seats) if role is Role.SPYMASTER)
    return GameState(
        config=config, words=words, key=key, revealed=(False,) * BOARD_SIZE, team=FIRST_TEAM,
        phase=Phase.CLUE, clues=(), move_number=0, rng=rng, outcome=None,
        events=(started, BoardDrawn(words, key, spymasters)),
    )


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that may act now: the spymaster to give a clue, or the guessers to guess.

    Every seat may also resign at any time; that is not listed. Empty once
    the game is over.
    """
    return state.acting_seats()


def legal_moves(state: GameState, seat: int) -> Iterator[Move]:
    """The moves ``seat`` may make now, lazily: guesses and pass for the guessers
    whose team is guessing, and :class:`Resign` for every seat.

    Clues are never listed: any word outside the board is a legal clue, so a
    spymaster's clues cannot be enumerated (check one with :func:`apply`). Nor is
    :class:`Timeout`: the move timer makes it, not a player.
    """
    if state.outcome is not None or not 0 <= seat < len(state.config.seats):
        return
    clue = state.current_clue
    if clue is not None and seat in state.acting_seats():
        yield from (Guess(i) for i, shown in enumerate(state.revealed) if not shown)
        if clue.guesses:
            yield Pass()
    yield Resign()


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.outcome


def apply(state: GameState, seat: int, move: Move) -> Applied:
    """Apply ``seat``'s ``move``; return the new state and the events it added.

    Raises :class:`CodenamesError` (the input state is never changed).
    """
    if state.outcome is not None:
        raise codenames_errors.fail(codenames_errors.GAME_OVER)
    seats = len(state.config.seats)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise codenames_errors.fail(codenames_errors.UNKNOWN_SEAT, seat=seat, seats=seats)
    if isinstance(move, Resign):
        new_state, events = _resign(state, seat)
    elif isinstance(move, Clue):
        new_state, events = _clue(state, seat, move)
    elif isinstance(move, Guess):
        new_state, events = _guess(state, seat, move)
    elif isinstance(move, Pass):
        new_state, events = _pass(state, seat)
    elif isinstance(move, Timeout):
        new_state, events = _timeout(state, seat)
    else:
        raise codenames_errors.fail(codenames_errors.UNKNOWN_MOVE, move=type(move).__name__)
    new_state = replace(
        new_state, move_number=state.move_number + 1, events=state.events + events
    )
    return new_state, events


# --- moves ------------------------------------------------------------------------------


def _check_turn(state: GameState, seat: int, role: Role) -> None:
    """Only ``role`` makes this move, and only for the team to act."""
    team, seat_role = state.config.seats[seat]
    if seat_role is not role:
        raise codenames_errors.fail(codenames_errors.NOT_YOUR_ROLE, role=role)
    if team is not state.team:
        raise codenames_errors.fail(codenames_errors.NOT_YOUR_TURN, team=state.team)


def _clue(state: GameState, seat: int, move: Clue) -> Applied:
    _check_turn(state, seat, Role.SPYMASTER)
    if state.phase is Phase.GUESS:
        raise codenames_errors.fail(codenames_errors.CLUE_ALREADY_GIVEN)
    word = check_clue(
        move.word, move.number, state.covered_words(), state.language,
        strict=state.config.strict_clues,
    )
    record = ClueRecord(state.team, seat, word, move.number)
    event = ClueGiven(seat, state.team, word, move.number)
    return replace(state, phase=Phase.GUESS, clues=(*state.clues, record)), (event,)


def _guess(state: GameState, seat: int, move: Guess) -> Applied:
    _check_turn(state, seat, Role.GUESSER)
    clue = state.current_clue
    if clue is None:
        raise codenames_errors.fail(codenames_errors.NO_CLUE_YET)
    index = move.index
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < BOARD_SIZE:
        raise codenames_errors.fail(codenames_errors.INDEX_OUT_OF_RANGE, index=index,
                                    last=BOARD_SIZE - 1)
    if state.revealed[index]:
        raise codenames_errors.fail(codenames_errors.ALREADY_REVEALED, index=index,
                                    word=state.words[index])
    team = state.team
    colour = state.key[index]
    revealed = tuple(shown or i == index for i, shown in enumerate(state.revealed))
    clue = replace(clue, guesses=(*clue.guesses, index))
    state = replace(state, revealed=revealed, clues=(*state.clues[:-1], clue))
    events: tuple[Event, ...] = (CardRevealed(seat, team, index, state.words[index], colour),)
    ended = _game_end(state, seat, colour)
    if ended is not None:
        return replace(state, outcome=ended), (*events, GameEnded(ended, state.key))
    if colour.team is team:
        if clue.guesses_left > 0:
            return state, events
        return _end_turn(state, events, "guesses_used")
    reason: TurnEndReason = "neutral_card" if colour is Colour.NEUTRAL else "opponent_card"
    return _end_turn(state, events, reason)


def _game_end(state: GameState, seat: int, colour: Colour) -> Outcome | None:
    """The outcome after ``seat`` revealed a ``colour`` card, if the game ends.

    The black word loses at once for the guessing team; revealing a team's
    last word wins the game for that team, whoever revealed it.
    """
    if colour is Colour.BLACK:
        return Outcome(state.team.other, "black_word", seat, state.config.teams)
    owner = colour.team
    if owner is not None and state.remaining(owner) == 0:
        return Outcome(owner, "all_words", seat, state.config.teams)
    return None


def _pass(state: GameState, seat: int) -> Applied:
    _check_turn(state, seat, Role.GUESSER)
    clue = state.current_clue
    if clue is None:
        raise codenames_errors.fail(codenames_errors.NO_CLUE_YET)
    if not clue.guesses:
        raise codenames_errors.fail(codenames_errors.PASS_BEFORE_GUESS)
    return _end_turn(state, (Passed(seat, state.team),), "passed")


def _timeout(state: GameState, seat: int) -> Applied:
    """The acting seats' time ran out: the turn ends with no clue (clue phase) or no
    further guesses (guess phase). Only a seat of those to act times out."""
    role = Role.SPYMASTER if state.phase is Phase.CLUE else Role.GUESSER
    _check_turn(state, seat, role)
    clue = state.current_clue
    if clue is not None:  # the clue log keeps that its guessers ran out of time
        state = replace(state, clues=(*state.clues[:-1], replace(clue, timed_out=True)))
    return _end_turn(state, (TimedOut(seat, state.team, state.phase),), "timeout")


def _end_turn(state: GameState, events: tuple[Event, ...], reason: TurnEndReason) -> Applied:
    team = state.team
    # Solo: blue has no seats, so the turn comes straight back to red.
    following = team if state.config.solo else team.other
    ended = TurnEnded(team, reason, following)
    return replace(state, team=following, phase=Phase.CLUE), (*events, ended)


def _resign(state: GameState, seat: int) -> Applied:
    team = state.config.team_of(seat)
    ended = Outcome(team.other, "resigned", seat, state.config.teams)
    events = (Resigned(seat, team), GameEnded(ended, state.key))
    return replace(state, outcome=ended), events


# --- replay -----------------------------------------------------------------------------


def move_of(event: Event) -> tuple[int, Move] | None:
    """The ``(seat, move)`` an event records, or ``None`` (the start, the board, turn ends)."""
    if isinstance(event, ClueGiven):
        return event.seat, Clue(event.word, event.number)
    if isinstance(event, CardRevealed):
        return event.seat, Guess(event.index)
    if isinstance(event, Passed):
        return event.seat, Pass()
    if isinstance(event, Resigned):
        return event.seat, Resign()
    if isinstance(event, TimedOut):
        return event.seat, Timeout()
    return None


def moves_of(events: Iterable[Event]) -> list[tuple[int, Move]]:
    """The ``(seat, move)`` pairs recorded in an event log, in order."""
    return [recorded for event in events if (recorded := move_of(event)) is not None]


def replay(config: CodenamesConfig, seed: int, moves: Iterable[tuple[int, Move]]) -> GameState:
    """The state after playing ``moves`` from a new game; raises like :func:`apply`."""
    state = new_game(config, seed)
    for seat, move in moves:
        state, _ = apply(state, seat, move)
    return state


__all__ = [
    "CodenamesConfig", "CodenamesError", "GameState", "apply", "legal_moves", "move_of",
    "moves_of",
    "new_game", "outcome", "replay", "to_act",
]
