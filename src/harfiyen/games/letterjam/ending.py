"""The end of a game: each player's arrangement judged, the team result, optional scores.

RULES.md: a player succeeds if the real letters of their arrangement spell a
lexicon word that uses all of their own cards (it need not be the original
word; the wildcard and shared bonus letters may be added). The team wins when
every player succeeds, in games of 4 or more players all but one. Optional
scoring: 3 × the secret word's length for a player who succeeds, +1 per
bonus letter used; the team adds 1 per unused green token.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from harfiyen.core.outcome import Outcome as BaseOutcome
from harfiyen.core.outcome import Result, TeamResult
from harfiyen.core.wire import record_to_json
from harfiyen.games.letterjam.cards import OwnCard, SharedCard, Slot, Wildcard, ref_label
from harfiyen.games.letterjam.rules import POINTS_PER_LETTER, allowed_failures

EndReason = Literal["tokens", "agreed"]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's reveal: the secret word, the stand, the guesses and the arrangement.

    ``arranged``: the real letters in the arranged order; ``success``: they
    form a lexicon word using all the player's cards. ``score`` is ``None``
    without optional scoring.
    """

    seat: int
    secret: str
    stand: str
    guesses: tuple[str | None, ...]
    slots: tuple[str, ...]
    arranged: str
    in_lexicon: bool
    success: bool
    bonus_letters_used: int
    score: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "secret": self.secret, "stand": self.stand,
            "guesses": list(self.guesses), "slots": list(self.slots), "arranged": self.arranged,
            "in_lexicon": self.in_lexicon, "success": self.success,
            "bonus_letters_used": self.bonus_letters_used, "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Outcome(BaseOutcome):
    """How the game ended and how the team did (everyone wins or loses together)."""

    reason: EndReason
    players: tuple[PlayerResult, ...]
    failures: int
    allowed_failures: int
    team_success: bool
    unused_greens: int
    team_score: int | None

    @property
    def results(self) -> tuple[Result, ...]:
        return (Result.WIN if self.team_success else Result.LOSS,) * len(self.players)

    @property
    def teams(self) -> tuple[TeamResult, ...]:
        return (TeamResult("table", tuple(range(len(self.players))), self.results[0]),)

    def wire_extras(self) -> dict[str, Any]:
        return self.standing()

    def to_dict(self) -> dict[str, Any]:
        return record_to_json(self)


def arranged_letters(
    slots: Sequence[Slot],
    wildcard: str | None,
    cards: Sequence[str],
    stand: Sequence[int],
    shared: Sequence[int],
) -> str:
    """The real letters an arrangement spells (the wildcard as declared)."""
    out: list[str] = []
    for slot in slots:
        if isinstance(slot, OwnCard):
            out.append(cards[stand[slot.index]])
        elif isinstance(slot, SharedCard):
            out.append(cards[shared[slot.index]])
        elif isinstance(slot, Wildcard):
            out.append(wildcard or "")
    return "".join(out)


def judge_player(
    seat: int,
    *,
    cards: Sequence[str],
    dealt: Sequence[int],
    stand: Sequence[int],
    guesses: tuple[str | None, ...],
    slots: Sequence[Slot],
    wildcard: str | None,
    shared: Sequence[int],
    lexicon: Container[str],
    scoring: bool,
) -> PlayerResult:
    """Judge one arrangement (already checked to use every own card once)."""
    word = arranged_letters(slots, wildcard, cards, stand, shared)
    in_lexicon = word in lexicon
    bonus_used = sum(isinstance(s, SharedCard) for s in slots)
    score = None
    if scoring:
        score = POINTS_PER_LETTER * len(dealt) + bonus_used if in_lexicon else 0
    return PlayerResult(
        seat=seat, secret="".join(cards[c] for c in dealt),
        stand="".join(cards[c] for c in stand), guesses=guesses,
        slots=tuple(ref_label(s) for s in slots), arranged=word, in_lexicon=in_lexicon,
        success=in_lexicon, bonus_letters_used=bonus_used, score=score,
    )


def team_outcome(
    reason: EndReason, results: Sequence[PlayerResult], unused_greens: int, scoring: bool
) -> Outcome:
    """The team result: every player succeeds, or in games of 4+ all but one."""
    failures = sum(not r.success for r in results)
    allowed = allowed_failures(len(results))
    team_score = None
    if scoring:
        team_score = sum(r.score or 0 for r in results) + unused_greens
    return Outcome(
        reason=reason, players=tuple(results), failures=failures, allowed_failures=allowed,
        team_success=failures <= allowed, unused_greens=unused_greens, team_score=team_score,
    )


__all__ = [
    "EndReason", "Outcome", "PlayerResult", "arranged_letters", "judge_player", "team_outcome",
]
