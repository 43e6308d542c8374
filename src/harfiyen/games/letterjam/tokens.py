"""The token economy: red first, the centre greens, whether any clue can still be given.

A player takes a red token for each of their first clues (as many as the
setup table says), then greens from the open supply. The centre greens open
when the last red is taken; the greens under the nonplayer piles open when a
pile runs out (``engine._advance_pile``).
"""

from __future__ import annotations

from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.events import GreensUnlocked
from harfiyen.games.letterjam.rules import TokenColour
from harfiyen.games.letterjam.scratch import Next
from harfiyen.games.letterjam.state import Player


def token_for(player: Player, green_open: int) -> TokenColour | None:
    """The token a player would take for a clue: red while they have reds left
    (the red-first rule), else an open green, else none."""
    if player.red_left > 0:
        return TokenColour.RED
    if green_open > 0:
        return TokenColour.GREEN
    return None


def take_token(nxt: Next, seat: int) -> TokenColour:
    player = nxt.players[seat]
    colour = token_for(player, nxt.green_open)
    if colour is None:
        raise letterjam_errors.fail(letterjam_errors.NO_TOKEN)
    if colour is TokenColour.RED:
        nxt.update(seat, red_left=player.red_left - 1)
    else:
        nxt.green_open -= 1
    nxt.update(seat, clues_given=player.clues_given + 1)
    return colour


def unlock_centre(nxt: Next) -> None:
    """The centre greens open once every red token has been taken."""
    if nxt.green_centre and not any(p.red_left for p in nxt.players):
        nxt.events.append(GreensUnlocked("centre", None, nxt.green_centre))
        nxt.green_open += nxt.green_centre
        nxt.green_centre = 0


def any_token(nxt: Next) -> bool:
    return any(token_for(p, nxt.green_open) is not None for p in nxt.players)


__all__ = ["any_token", "take_token", "token_for", "unlock_centre"]
