"""What each viewer may see of a Kelime Casusu game, built by inclusion.

The key is the secret. A view copies a card's colour only when the card is
revealed or the viewer may see the key: spymasters (by seat or as the team
role), and everyone once the game is over. Nothing is built from the full
state and then blanked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.games.codenames import errors as E
from harfiyen.games.codenames.events import BoardDrawn, Event
from harfiyen.games.codenames.rules import Role, Team
from harfiyen.games.codenames.state import ClueRecord, GameState


@dataclass(frozen=True, slots=True)
class TeamRole:
    """An audience of a team's seats with one role (e.g. red's guessers)."""

    team: Team
    role: Role


Viewer = Seat | TeamRole | Spectator | Omniscient


def sees_key(state: GameState, viewer: Viewer) -> bool:
    """True when ``viewer`` may see the colour of every card now."""
    if state.outcome is not None or isinstance(viewer, Omniscient):
        return True
    if isinstance(viewer, Seat):
        return state.config.role_of(viewer.seat) is Role.SPYMASTER
    if isinstance(viewer, TeamRole):
        return viewer.role is Role.SPYMASTER
    return False


def view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``viewer``.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    seats = state.config.seats
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise E.fail(E.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < len(seats):
        raise E.fail(E.UNKNOWN_SEAT, seat=viewer.seat, seats=len(seats))
    key_visible = sees_key(state, viewer)
    current = state.current_clue
    return {
        "game": "codenames",
        "language": state.language,
        "strict_clues": state.config.strict_clues,
        "seats": [
            {"seat": s, "team": team.value, "role": role.value}
            for s, (team, role) in enumerate(seats)
        ],
        "viewer": _viewer_dict(state, viewer),
        "key_visible": key_visible,
        "cards": [_card(state, i, key_visible) for i in range(len(state.words))],
        "turn": state.team.value,
        "phase": state.phase.value,
        "to_act": list(state.acting_seats()),
        "current_clue": None if current is None else {
            **_clue_dict(state, current), "guesses_left": current.guesses_left,
        },
        "clues": [_clue_dict(state, clue) for clue in state.clues],
        "remaining": {team.value: state.remaining(team) for team in Team},
        "move_number": state.move_number,
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def _viewer_dict(state: GameState, viewer: Viewer) -> dict[str, Any]:
    if isinstance(viewer, Seat):
        team, role = state.config.seats[viewer.seat]
        return {"kind": "seat", "seat": viewer.seat, "team": team.value, "role": role.value}
    if isinstance(viewer, TeamRole):
        return {"kind": "team_role", "team": viewer.team.value, "role": viewer.role.value}
    if isinstance(viewer, Spectator):
        return {"kind": "spectator"}
    return {"kind": "omniscient"}


def _card(state: GameState, index: int, key_visible: bool) -> dict[str, Any]:
    shown = state.revealed[index]
    card: dict[str, Any] = {"index": index, "word": state.words[index], "revealed": shown}
    if shown or key_visible:
        card["colour"] = state.key[index].value
    return card


def _clue_dict(state: GameState, clue: ClueRecord) -> dict[str, Any]:
    """A clue and its guesses; guessed cards are revealed, so their colours are public."""
    return {
        "team": clue.team.value,
        "seat": clue.seat,
        "word": clue.word,
        "number": clue.number,
        "guesses": [
            {"index": i, "word": state.words[i], "colour": state.key[i].value}
            for i in clue.guesses
        ],
    }


def project_event(event: Event, viewer: Viewer, state: GameState) -> dict[str, Any]:
    """The form of ``event`` sent to ``viewer`` while the game is as in ``state``.

    The key in :class:`BoardDrawn` goes only to its spymaster seats, the
    spymaster team roles and the omniscient replay, or to everyone once
    ``state`` is over (the key is public once the game has ended; the
    ``game_ended`` event itself carries it). Every other event is public.
    """
    game_over = state.outcome is not None
    if isinstance(event, BoardDrawn):
        spymaster = (
            (isinstance(viewer, Seat) and viewer.seat in event.spymasters)
            or (isinstance(viewer, TeamRole) and viewer.role is Role.SPYMASTER)
            or isinstance(viewer, Omniscient)
        )
        return event.to_dict() if spymaster or game_over else event.public_dict()
    return event.to_dict()


__all__ = [
    "Omniscient", "Seat", "Spectator", "TeamRole", "Viewer", "project_event", "sees_key", "view",
]
