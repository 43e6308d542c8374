"""Playing whole games: a round-by-round driver over the engine, and selfplay statistics.

The driver gives each seat only its own view and sends its answers through
``apply`` like any client; a :class:`Teammate` may be the AI or a human at a
terminal. A round: pending bonus letters are named, everyone may move on,
everyone may offer, the votes choose a cluegiver, who gives the clue. When
nobody offers, the players are asked to agree to end. At the end each seat
arranges its cards.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from harfiyen.games.letterjam import (
    AgreeEnd,
    GameState,
    LetterJamConfig,
    LetterJamError,
    Phase,
    Seat,
    Vote,
    apply,
    new_game,
    token_for,
    view,
)
from harfiyen.games.letterjam.events import ClueGiven
from harfiyen.games.letterjam.moves import (
    Arrange,
    GiveClue,
    Move,
    MoveOn,
    NameBonus,
    Offer,
    Withdraw,
)
from harfiyen.games.letterjam.state import WordList
from harfiyen.games.letterjam.views import LetterJamView

View = LetterJamView

#: Rounds after which a game is ended by agreement (a safety net; real games end sooner).
MAX_ROUNDS = 100


class Teammate(Protocol):
    """What the driver asks a seat; each method gets that seat's view only."""

    def move_on(self, view: View) -> MoveOn | None: ...
    def offer(self, view: View) -> Offer | None: ...
    def vote(self, view: View) -> Vote | None: ...
    def clue(self, view: View) -> GiveClue | Withdraw: ...
    def name_bonus(self, view: View) -> NameBonus: ...
    def agrees_end(self, view: View) -> bool: ...
    def arrange(self, view: View) -> Arrange: ...


@dataclass
class Timings:
    """Seconds spent per kind of AI decision."""

    samples: dict[str, list[float]] = field(default_factory=dict)

    def timed(self, kind: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        result = call()
        self.samples.setdefault(kind, []).append(time.perf_counter() - start)
        return result


Listener = Callable[[GameState, int, Move], None]
Refusal = Callable[[int, Move, LetterJamError], None]


class _Game:
    """One game being played: the current state, the seats, the clock and the hooks."""

    def __init__(self, state: GameState, seats: Sequence[Teammate], clock: Timings,
                 on_move: Listener | None, on_refusal: Refusal | None) -> None:
        self.state = state
        self.seats = seats
        self.clock = clock
        self.on_move = on_move
        self.on_refusal = on_refusal

    def view(self, seat: int) -> View:
        return view(self.state, Seat(seat))

    def ask(self, kind: str, seat: int, question: Callable[[Teammate, View], Any]) -> Any:
        """``question(teammate, view)`` for ``seat``, timed under ``kind``."""
        mate, seen = self.seats[seat], self.view(seat)
        return self.clock.timed(kind, lambda: question(mate, seen))

    def play(self, seat: int, move: Move | None) -> bool:
        """Apply ``move``; False (and the refusal hook) when the engine refuses it."""
        if move is None:
            return False
        try:
            self.state, _ = apply(self.state, seat, move)
        except LetterJamError as error:
            if self.on_refusal is not None:
                self.on_refusal(seat, move, error)
            return False
        if self.on_move is not None:
            self.on_move(self.state, seat, move)
        return True

    def insist(self, kind: str, seat: int, question: Callable[[Teammate, View], Any],
               tries: int = 3) -> bool:
        """Ask until the engine accepts the answer (a human's typo), a few times."""
        return any(self.play(seat, self.ask(kind, seat, question)) for _ in range(tries))

    @property
    def phase(self) -> Phase:
        return self.state.phase


def play_game(
    config: LetterJamConfig,
    seed: int,
    seats: Sequence[Teammate],
    *,
    lexicon: WordList | None = None,
    timings: Timings | None = None,
    on_move: Listener | None = None,
    on_refusal: Refusal | None = None,
) -> GameState:
    """Play a whole game with ``seats`` (one teammate per seat); the final state.

    A teammate's move the engine refuses is asked again (a human's typo) up to
    a few times, then replaced by doing nothing (or withdrawing the clue).
    ``on_move`` hears every applied move, ``on_refusal`` every refused one.
    """
    game = _Game(new_game(config, seed, lexicon=lexicon), seats, timings or Timings(),
                 on_move, on_refusal)
    rounds = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.FINAL:
            for seat in range(len(seats)):
                if game.state.players[seat].arrangement is None and not game.insist(
                        "arrange", seat, lambda m, v: m.arrange(v)):
                    raise RuntimeError(f"seat {seat} gave no acceptable arrangement")
            continue
        for seat in range(len(seats)):
            if game.state.players[seat].bonus_used:
                game.insist("name_bonus", seat, lambda m, v: m.name_bonus(v))
        if game.phase is Phase.CLUE:
            giver = game.state.cluegiver
            assert giver is not None
            if not game.insist("clue", giver, lambda m, v: m.clue(v)):
                game.play(giver, Withdraw())
            continue
        rounds += 1
        if rounds > MAX_ROUNDS:
            for seat in range(len(seats)):
                game.play(seat, AgreeEnd(True))
            continue
        _round(game)
    return game.state


def _round(game: _Game) -> None:
    """One round of the ``round`` phase: moving on, offers, votes (or agreeing to end)."""
    seats = range(len(game.seats))
    for seat in seats:
        for _ in range(len(game.state.players[seat].stand) + 1):
            if game.phase is not Phase.ROUND or game.state.players[seat].current is None:
                break
            if not game.play(seat, game.ask("move_on", seat, lambda m, v: m.move_on(v))):
                break
    for seat in seats:
        if token_for(game.state.players[seat], game.state.green_open) is not None:
            game.play(seat, game.ask("offer", seat, lambda m, v: m.offer(v)))
    if all(p.offer is None for p in game.state.players):
        for seat in seats:
            game.play(seat, AgreeEnd(game.ask("agree", seat, lambda m, v: m.agrees_end(v))))
        # Someone wants to go on but nobody offers a clue: the table cannot
        # progress, so the clues end by agreement after all.
        for seat in seats:
            if game.phase is Phase.ROUND and not game.state.players[seat].agrees_end:
                game.play(seat, AgreeEnd(True))
        return
    for _pass in range(2):
        for seat in seats:
            if game.phase is not Phase.ROUND:
                return
            vote = game.ask("vote", seat, lambda m, v: m.vote(v))
            if vote is not None and vote.seat != game.state.players[seat].vote:
                game.play(seat, vote)
    # No majority after two passes: the lowest seat with an offer gives the clue.
    target = next(s for s, p in enumerate(game.state.players) if p.offer is not None)
    for seat in seats:
        if game.phase is Phase.ROUND:
            game.play(seat, Vote(target))


@dataclass
class GameStats:
    """What selfplay reports about one game."""

    seed: int
    team_success: bool
    success: tuple[bool, ...]
    clues: int
    letters_right: int
    letters: int
    unused_greens: int
    reason: str
    #: The words of the clues given, in order, and the players' secret words.
    clue_words: tuple[str, ...] = ()
    secret_words: tuple[str, ...] = ()
    #: The seat that gave each clue (in order), the word each seat arranged at the end,
    #: and the clue words the AI suggested along the way (its best clue at each offer).
    cluegivers: tuple[int, ...] = ()
    arranged: tuple[str, ...] = ()
    suggested: tuple[str, ...] = ()

    @property
    def own_words(self) -> tuple[bool, ...]:
        """Per seat: whether it arranged its own secret word (not an anagram of it)."""
        return tuple(a == s for a, s in zip(self.arranged, self.secret_words, strict=True))

    def clue_shares(self, players: int) -> tuple[float, ...]:
        """Per seat: its share of the game's clues (all 0 when no clue was given)."""
        n = len(self.cluegivers)
        return tuple(self.cluegivers.count(s) / n if n else 0.0 for s in range(players))


def game_stats(state: GameState, seed: int, suggested: Sequence[str] = ()) -> GameStats:
    """Statistics of a finished game (the omniscient reveal); ``suggested``: the clue
    words the AI suggested during it, as the caller recorded them."""
    outcome = state.outcome
    assert outcome is not None
    clues = [e for e in state.events if isinstance(e, ClueGiven)]
    right = total = 0
    for player in state.players:
        for card, guess in zip(player.stand, player.guesses, strict=False):
            total += 1
            right += guess == state.cards[card]
        total += len(player.stand) - len(player.guesses)
    return GameStats(
        seed=seed, team_success=outcome.team_success,
        success=tuple(p.success for p in outcome.players), clues=state.clue_number,
        letters_right=right, letters=total, unused_greens=outcome.unused_greens,
        reason=outcome.reason,
        clue_words=tuple(e.word for e in clues),
        secret_words=tuple("".join(state.cards[c] for c in p.dealt) for p in state.players),
        cluegivers=tuple(e.seat for e in clues),
        arranged=tuple(p.arranged for p in outcome.players),
        suggested=tuple(suggested),
    )


__all__ = ["MAX_ROUNDS", "GameStats", "Teammate", "Timings", "game_stats", "play_game"]
