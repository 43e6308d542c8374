"""The next state being built by one ``apply``: private mutable scratch, and the
small transitions several rules share (phases, a new round, the end of the clues).

Only the engine modules use this; ``Next.build`` turns it back into an
immutable :class:`GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from harfiyen.core.rng import Rng
from harfiyen.games.letterjam import errors as E
from harfiyen.games.letterjam.ending import EndReason, Outcome
from harfiyen.games.letterjam.events import CluesOver, Event
from harfiyen.games.letterjam.state import GameState, Phase, Pile, Player


@dataclass
class Next:
    """The next state being built by one ``apply`` (copied back by :meth:`build`)."""

    state: GameState
    players: list[Player]
    piles: list[Pile]
    deck: list[int]
    shared: list[int]
    discards: list[int]
    green_open: int
    green_centre: int
    phase: Phase
    cluegiver: int | None
    clue_number: int
    end_reason: EndReason | None
    rng: Rng
    outcome: Outcome | None = None
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, s: GameState) -> Next:
        return cls(
            s, list(s.players), list(s.piles), list(s.deck), list(s.shared), list(s.discards),
            s.green_open, s.green_centre, s.phase, s.cluegiver, s.clue_number, s.end_reason,
            s.rng,
        )

    def build(self) -> GameState:
        return replace(
            self.state, players=tuple(self.players), piles=tuple(self.piles),
            deck=tuple(self.deck), shared=tuple(self.shared), discards=tuple(self.discards),
            green_open=self.green_open, green_centre=self.green_centre, phase=self.phase,
            cluegiver=self.cluegiver, clue_number=self.clue_number,
            end_reason=self.end_reason, rng=self.rng, outcome=self.outcome,
            events=self.state.events + tuple(self.events),
        )

    def update(self, seat: int, **changes: object) -> None:
        self.players[seat] = replace(self.players[seat], **changes)  # type: ignore[arg-type]


# Phase names for the Turkish message of ``wrong_phase``.
_PHASE_TR = {
    Phase.ROUND: "ipucu teklifleri", Phase.CLUE: "ipucu veriliyor",
    Phase.FINAL: "son diziliş", Phase.OVER: "oyun bitti",
}


def require_phase(nxt: Next, *phases: Phase) -> None:
    if nxt.phase not in phases:
        raise E.fail(E.WRONG_PHASE, phase=nxt.phase.value, phase_tr=_PHASE_TR[nxt.phase])


def new_round(nxt: Next) -> None:
    """Offers, votes and agreements to end belong to one round; clear them."""
    for seat in range(len(nxt.players)):
        nxt.update(seat, offer=None, vote=None, agrees_end=False)
    nxt.phase = Phase.ROUND
    nxt.cluegiver = None


def clues_over(nxt: Next, reason: EndReason) -> None:
    nxt.phase = Phase.FINAL
    nxt.end_reason = reason
    nxt.events.append(CluesOver(reason))


__all__ = ["Next", "clues_over", "new_round", "require_phase"]
