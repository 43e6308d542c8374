"""The end of the clues and the reveal: agreeing to end, arrangements, judging."""

from __future__ import annotations

from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.cards import OwnCard, SharedCard, Wildcard
from harfiyen.games.letterjam.clues import normal_letter
from harfiyen.games.letterjam.ending import judge_player, team_outcome
from harfiyen.games.letterjam.events import Arranged, EndAgreed, GameEnded
from harfiyen.games.letterjam.moves import AgreeEnd, Arrange
from harfiyen.games.letterjam.scratch import Next, clues_over, new_round, require_phase
from harfiyen.games.letterjam.state import GameState, Phase


def agree_end(nxt: Next, seat: int, move: AgreeEnd) -> None:
    require_phase(nxt, Phase.ROUND)
    nxt.update(seat, agrees_end=move.agree)
    nxt.events.append(EndAgreed(seat, move.agree))
    if all(p.agrees_end for p in nxt.players):
        new_round(nxt)
        clues_over(nxt, "agreed")


def check_arrangement(state: GameState, seat: int, move: Arrange) -> str | None:
    """The arrangement with the wildcard's letter normalised; raises ``bad_arrangement``
    (own cards each exactly once, the wildcard and shared letters at most once)
    or ``wildcard_needs_letter`` / ``wildcard_not_used`` / ``bad_letter``."""
    length = len(state.players[seat].stand)
    own = [s.index for s in move.slots if isinstance(s, OwnCard)]
    shared = [s.index for s in move.slots if isinstance(s, SharedCard)]
    wild = sum(isinstance(s, Wildcard) for s in move.slots)
    problem = None
    if sorted(own) != list(range(length)):
        problem = "own_cards"
    elif len(set(shared)) != len(shared) or any(not 0 <= i < len(state.shared) for i in shared):
        problem = "shared_letters"
    elif wild > 1:
        problem = "wildcard"
    if problem is not None:
        raise letterjam_errors.fail(letterjam_errors.BAD_ARRANGEMENT, problem=problem)
    if wild and move.wildcard is None:
        raise letterjam_errors.fail(letterjam_errors.WILDCARD_NEEDS_LETTER)
    if not wild and move.wildcard is not None:
        raise letterjam_errors.fail(letterjam_errors.WILDCARD_NOT_USED)
    if move.wildcard is None:
        return None
    letter = normal_letter(state, move.wildcard)
    if letter is None:
        raise letterjam_errors.fail(letterjam_errors.BAD_LETTER, letter=move.wildcard)
    return letter


def arrange(nxt: Next, seat: int, move: Arrange) -> None:
    require_phase(nxt, Phase.FINAL)
    wildcard = check_arrangement(nxt.state, seat, move)
    arrangement = Arrange(move.slots, wildcard)
    nxt.update(seat, arrangement=arrangement)
    nxt.events.append(Arranged(seat, arrangement.slots, wildcard))
    if all(p.arrangement is not None for p in nxt.players):
        reveal(nxt)


def reveal(nxt: Next) -> None:
    """Every player has arranged: turn the cards over and judge."""
    state = nxt.state
    lexicon = state.lexicon
    if lexicon is None:
        raise RuntimeError("this game state has no lexicon attached")
    results = []
    for seat, player in enumerate(nxt.players):
        arrangement = player.arrangement
        assert arrangement is not None
        results.append(judge_player(
            seat, cards=state.cards, dealt=player.dealt, stand=player.stand,
            guesses=player.guesses, slots=arrangement.slots, wildcard=arrangement.wildcard,
            shared=nxt.shared, lexicon=lexicon, scoring=state.config.scoring,
        ))
    unused = nxt.green_open + nxt.green_centre + sum(p.green_under for p in nxt.piles)
    assert nxt.end_reason is not None
    nxt.outcome = team_outcome(nxt.end_reason, results, unused, state.config.scoring)
    nxt.phase = Phase.OVER
    nxt.events.append(GameEnded(nxt.outcome))


__all__ = ["agree_end", "arrange", "check_arrangement", "reveal"]
