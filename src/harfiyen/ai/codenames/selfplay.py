"""AI-only games: one team against the board (solo) and two AI teams (match).

Solo is the usual measure of a spymaster–guesser pair: red plays alone and
must find all 9 of its words; the opponent never takes a turn (after each of
red's turns the harness hands the turn back to red, which the rules engine
would otherwise give to blue). A game is lost on the black word, or when
red's guesses reveal all 8 blue words. Turns count red's clues.

Every move goes through the engine (``apply``) and every agent sees only
its own view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harfiyen.ai.codenames.agents import GuesserAgent, SpymasterAgent
from harfiyen.ai.codenames.spymaster import ClueDecision
from harfiyen.games.codenames import (
    SOLO_SEATS,
    Clue,
    CodenamesConfig,
    GameState,
    Phase,
    Seat,
    Team,
    apply,
    new_game,
    view,
)
from harfiyen.games.codenames.events import CardRevealed
from harfiyen.lexicon.normalize import Language

#: A safety stop: a game that needs more clues than this is counted as lost.
MAX_TURNS = 40


@dataclass(frozen=True, slots=True)
class ClueOutcome:
    """A clue as the spymaster meant it and what its team's guesser then revealed."""

    team: str
    decision: ClueDecision
    revealed: tuple[tuple[str, str], ...]  # (word, colour) in guessing order

    def explain(self) -> str:
        """One line: the clue, the intended words and what was touched."""
        touched = ", ".join(f"{w} ({c})" for w, c in self.revealed) or "-"
        d = self.decision
        return f"{d.word} {d.number}: hedef/targets {', '.join(d.targets)} → {touched}"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one AI game went."""

    seed: int
    winner: str | None
    reason: str | None
    turns: int
    clues: tuple[ClueOutcome, ...]
    final: GameState = field(repr=False)

    @property
    def black(self) -> bool:
        return self.reason == "black_word"


def _seat(state: GameState, team: Team, role: str) -> int:
    return next(
        s for s, (t, r) in enumerate(state.config.seats) if t is team and r.value == role
    )


def _play_turn(
    state: GameState, spymaster: SpymasterAgent, guesser: GuesserAgent
) -> tuple[GameState, ClueOutcome]:
    """One clue and the guesses under it, for the team to act."""
    team = state.team
    sm_seat, g_seat = _seat(state, team, "spymaster"), _seat(state, team, "guesser")
    decision = spymaster.give_clue(view(state, Seat(sm_seat)))
    state, _ = apply(state, sm_seat, Clue(decision.word, decision.number))
    revealed: list[tuple[str, str]] = []
    while state.outcome is None and state.team is team and state.phase is Phase.GUESS:
        move = guesser.choose(view(state, Seat(g_seat)))
        state, events = apply(state, g_seat, move)
        revealed.extend(
            (e.word, e.colour.value) for e in events if isinstance(e, CardRevealed)
        )
    return state, ClueOutcome(team.value, decision, tuple(revealed))


def play_solo(
    pack: Sequence[str], lang: Language, seed: int,
    spymaster: SpymasterAgent, guesser: GuesserAgent,
) -> GameRecord:
    """Red alone against the board of ``seed`` (see the module doc)."""
    state = new_game(CodenamesConfig(tuple(pack), lang, SOLO_SEATS, solo=True), seed)
    clues: list[ClueOutcome] = []
    while state.outcome is None and len(clues) < MAX_TURNS:
        state, outcome = _play_turn(state, spymaster, guesser)
        clues.append(outcome)
    out = state.outcome
    return GameRecord(
        seed, None if out is None else out.winner.value, None if out is None else out.reason,
        len(clues), tuple(clues), state,
    )


def play_match(
    pack: Sequence[str], lang: Language, seed: int,
    red: tuple[SpymasterAgent, GuesserAgent], blue: tuple[SpymasterAgent, GuesserAgent],
) -> GameRecord:
    """A full game between two AI teams; ``turns`` counts the clues of both."""
    state = new_game(CodenamesConfig(tuple(pack), lang), seed)
    players = {Team.RED: red, Team.BLUE: blue}
    clues: list[ClueOutcome] = []
    while state.outcome is None and len(clues) < 2 * MAX_TURNS:
        state, outcome = _play_turn(state, *players[state.team])
        clues.append(outcome)
    out = state.outcome
    return GameRecord(
        seed, None if out is None else out.winner.value, None if out is None else out.reason,
        len(clues), tuple(clues), state,
    )


@dataclass(frozen=True, slots=True)
class SoloSummary:
    """Solo results over many boards."""

    games: int
    wins: int
    black: int
    turns_when_won: float  # average clues to find all 9, over won games
    words_per_clue: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def black_rate(self) -> float:
        return self.black / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games, "win_rate": round(self.win_rate, 4),
            "avg_turns": round(self.turns_when_won, 3), "black_rate": round(self.black_rate, 4),
            "words_per_clue": round(self.words_per_clue, 3),
        }


def summarise_solo(records: Sequence[GameRecord]) -> SoloSummary:
    won = [r for r in records if r.winner == Team.RED.value]
    clues = sum(r.turns for r in records)
    own = sum(
        1 for r in records for c in r.clues for _, colour in c.revealed if colour == c.team
    )
    return SoloSummary(
        games=len(records), wins=len(won), black=sum(r.black for r in records),
        turns_when_won=sum(r.turns for r in won) / len(won) if won else 0.0,
        words_per_clue=own / clues if clues else 0.0,
    )


def run_solo(
    pack: Sequence[str], lang: Language, seeds: Sequence[int],
    make_spymaster: Callable[[], SpymasterAgent], guesser: GuesserAgent,
    on_game: Callable[[GameRecord], None] | None = None,
) -> SoloSummary:
    """Solo games on every seed (a fresh spymaster per game, one shared guesser)."""
    records = []
    for seed in seeds:
        record = play_solo(pack, lang, seed, make_spymaster(), guesser)
        records.append(record)
        if on_game is not None:
            on_game(record)
    return summarise_solo(records)


__all__ = [
    "MAX_TURNS", "ClueOutcome", "GameRecord", "SoloSummary", "play_match", "play_solo",
    "run_solo", "summarise_solo",
]
