"""The next state being built by one ``apply``: private mutable scratch, and the
small transitions several rules share (phases, a new round, the end of the clues).

Only the engine modules use this; ``Next.build`` turns it back into an
immutable :class:`GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from harfiyen.core.draft import Draft
from harfiyen.core.rng import Rng
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.ending import EndReason, Outcome
from harfiyen.games.letterjam.events import CluesOver
from harfiyen.games.letterjam.state import GameState, Phase, Pile, Player


@dataclass(kw_only=True)
class Next(Draft[GameState]):
    """The next state being built by one ``apply`` (frozen again by ``build``)."""

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
    outcome: Outcome | None

    def update(self, seat: int, **changes: object) -> None:
        self.players[seat] = replace(self.players[seat], **changes)  # type: ignore[arg-type]


# Phase names for the Turkish message of ``wrong_phase``.
_PHASE_TR = {
    Phase.ROUND: "ipucu teklifleri", Phase.CLUE: "ipucu veriliyor",
    Phase.FINAL: "son diziliş", Phase.OVER: "oyun bitti",
}


def require_phase(nxt: Next, *phases: Phase) -> None:
    if nxt.phase not in phases:
        raise letterjam_errors.fail(letterjam_errors.WRONG_PHASE, phase=nxt.phase.value,
                                    phase_tr=_PHASE_TR[nxt.phase])


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
