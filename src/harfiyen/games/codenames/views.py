"""What each viewer may see of a Kelime Casusu game, built by inclusion.

The key is the secret. A view copies a card's colour only when the card is
revealed or the viewer may see the key: spymasters (by seat or as the team
role), and everyone once the game is over. Nothing is built from the full
state and then blanked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.core.wire import record_from_json
from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.ending import Outcome
from harfiyen.games.codenames.events import BoardDrawn, Event
from harfiyen.games.codenames.rules import Colour, Phase, Role, Team
from harfiyen.games.codenames.state import ClueRecord, GameState
from harfiyen.lexicon.normalize import Language


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


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of the table: its team and role (public)."""

    seat: int
    team: Team
    role: Role


ViewerKind = Literal["seat", "team_role", "spectator", "omniscient"]


@dataclass(frozen=True, slots=True)
class ViewerInfo:
    """Who the view is for: ``seat`` for a seat; ``team`` and ``role`` for a seat or team role."""

    kind: ViewerKind
    seat: int | None = None
    team: Team | None = None
    role: Role | None = None


@dataclass(frozen=True, slots=True)
class CardView:
    """A board card; ``colour`` is ``None`` when the viewer may not see it."""

    index: int
    word: str
    revealed: bool
    colour: Colour | None = None


@dataclass(frozen=True, slots=True)
class GuessView:
    """A card guessed under a clue (revealed, so its colour is public)."""

    index: int
    word: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class ClueView:
    """A clue and its guesses; ``guesses_left`` only for the clue being guessed under."""

    team: Team
    seat: int
    word: str
    number: int
    guesses: tuple[GuessView, ...]
    guesses_left: int | None = None
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class CodenamesView:
    """What one viewer may see of a Kelime Casusu game (see :func:`view`).

    :meth:`to_json` is the wire form and :meth:`from_json` its one parser.
    """

    language: Language
    strict_clues: bool
    seats: tuple[SeatInfo, ...]
    viewer: ViewerInfo
    key_visible: bool
    cards: tuple[CardView, ...]
    turn: Team
    phase: Phase
    to_act: tuple[int, ...]
    current_clue: ClueView | None
    clues: tuple[ClueView, ...]
    remaining: Mapping[Team, int]
    move_number: int
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """The JSON form sent to clients (a fresh dict every call)."""
        current = self.current_clue
        return {
            "game": "codenames",
            "language": self.language,
            "strict_clues": self.strict_clues,
            "seats": [
                {"seat": s.seat, "team": s.team.value, "role": s.role.value} for s in self.seats
            ],
            "viewer": _viewer_json(self.viewer),
            "key_visible": self.key_visible,
            "cards": [_card_json(card) for card in self.cards],
            "turn": self.turn.value,
            "phase": self.phase.value,
            "to_act": list(self.to_act),
            "current_clue": None if current is None else {
                **_clue_json(current), "guesses_left": current.guesses_left,
            },
            "clues": [_clue_json(clue) for clue in self.clues],
            "remaining": {team.value: n for team, n in self.remaining.items()},
            "move_number": self.move_number,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CodenamesView:
        """The view whose :meth:`to_json` is ``data``; raises ``ValueError`` if malformed."""
        try:
            return _parse(data)
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a Kelime Casusu view: {error!r}") from None


def _viewer_json(viewer: ViewerInfo) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": viewer.kind}
    if viewer.seat is not None:
        out["seat"] = viewer.seat
    if viewer.team is not None and viewer.role is not None:
        out["team"], out["role"] = viewer.team.value, viewer.role.value
    return out


def _card_json(card: CardView) -> dict[str, Any]:
    out: dict[str, Any] = {"index": card.index, "word": card.word, "revealed": card.revealed}
    if card.colour is not None:
        out["colour"] = card.colour.value
    return out


def _clue_json(clue: ClueView) -> dict[str, Any]:
    return {
        "team": clue.team.value,
        "seat": clue.seat,
        "word": clue.word,
        "number": clue.number,
        "guesses": [
            {"index": g.index, "word": g.word, "colour": g.colour.value} for g in clue.guesses
        ],
        # Only when true: the views of games without a timeout stay as they were.
        **({"timed_out": True} if clue.timed_out else {}),
    }


def _parse(data: Mapping[str, Any]) -> CodenamesView:
    if data["game"] != "codenames":
        raise ValueError(f"not a Kelime Casusu view: game {data['game']!r}")
    who = data["viewer"]
    current = data["current_clue"]
    outcome = data["outcome"]
    language = data["language"]
    if language not in ("tr", "en"):
        raise ValueError(f"unknown language {language!r}")
    return CodenamesView(
        language=language,
        strict_clues=bool(data["strict_clues"]),
        seats=tuple(
            SeatInfo(int(s["seat"]), Team(s["team"]), Role(s["role"])) for s in data["seats"]
        ),
        viewer=ViewerInfo(
            kind=who["kind"],
            seat=None if who.get("seat") is None else int(who["seat"]),
            team=None if who.get("team") is None else Team(who["team"]),
            role=None if who.get("role") is None else Role(who["role"]),
        ),
        key_visible=bool(data["key_visible"]),
        cards=tuple(
            CardView(int(c["index"]), str(c["word"]), bool(c["revealed"]),
                     None if c.get("colour") is None else Colour(c["colour"]))
            for c in data["cards"]
        ),
        turn=Team(data["turn"]),
        phase=Phase(data["phase"]),
        to_act=tuple(int(s) for s in data["to_act"]),
        current_clue=None if current is None else _parse_clue(current),
        clues=tuple(_parse_clue(c) for c in data["clues"]),
        remaining=MappingProxyType({Team(t): int(n) for t, n in data["remaining"].items()}),
        move_number=int(data["move_number"]),
        outcome=None if outcome is None else record_from_json(Outcome, outcome, "outcome"),
    )


def _parse_clue(data: Mapping[str, Any]) -> ClueView:
    left = data.get("guesses_left")
    return ClueView(
        team=Team(data["team"]), seat=int(data["seat"]), word=str(data["word"]),
        number=int(data["number"]),
        guesses=tuple(
            GuessView(int(g["index"]), str(g["word"]), Colour(g["colour"]))
            for g in data["guesses"]
        ),
        guesses_left=None if left is None else int(left),
        timed_out=bool(data.get("timed_out", False)),
    )


def view(state: GameState, viewer: Viewer) -> CodenamesView:
    """What ``viewer`` may see of ``state``, built by inclusion.

    Raises ``unknown_seat`` for a seat not in the game and
    ``omniscient_before_end`` for :class:`Omniscient` while the game is on.
    """
    seats = state.config.seats
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise codenames_errors.fail(codenames_errors.OMNISCIENT_BEFORE_END)
    if isinstance(viewer, Seat) and not 0 <= viewer.seat < len(seats):
        raise codenames_errors.fail(codenames_errors.UNKNOWN_SEAT, seat=viewer.seat,
                                    seats=len(seats))
    key_visible = sees_key(state, viewer)
    current = state.current_clue
    return CodenamesView(
        language=state.language,
        strict_clues=state.config.strict_clues,
        seats=tuple(SeatInfo(s, team, role) for s, (team, role) in enumerate(seats)),
        viewer=_viewer_info(state, viewer),
        key_visible=key_visible,
        cards=tuple(_card(state, i, key_visible) for i in range(len(state.words))),
        turn=state.team,
        phase=state.phase,
        to_act=state.acting_seats(),
        current_clue=None if current is None else _clue(state, current, current.guesses_left),
        clues=tuple(_clue(state, clue) for clue in state.clues),
        remaining=MappingProxyType({team: state.remaining(team) for team in Team}),
        move_number=state.move_number,
        outcome=state.outcome,
    )


def _viewer_info(state: GameState, viewer: Viewer) -> ViewerInfo:
    if isinstance(viewer, Seat):
        team, role = state.config.seats[viewer.seat]
        return ViewerInfo("seat", viewer.seat, team, role)
    if isinstance(viewer, TeamRole):
        return ViewerInfo("team_role", None, viewer.team, viewer.role)
    if isinstance(viewer, Spectator):
        return ViewerInfo("spectator")
    return ViewerInfo("omniscient")


def _card(state: GameState, index: int, key_visible: bool) -> CardView:
    shown = state.revealed[index]
    colour = state.key[index] if shown or key_visible else None
    return CardView(index, state.words[index], shown, colour)


def _clue(state: GameState, clue: ClueRecord, guesses_left: int | None = None) -> ClueView:
    """A clue and its guesses; guessed cards are revealed, so their colours are public."""
    return ClueView(
        clue.team, clue.seat, clue.word, clue.number,
        tuple(GuessView(i, state.words[i], state.key[i]) for i in clue.guesses),
        guesses_left, clue.timed_out,
    )


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
    "CardView", "ClueView", "CodenamesView", "GuessView", "Omniscient", "Seat", "SeatInfo",
    "Spectator", "TeamRole", "Viewer", "ViewerInfo", "project_event", "sees_key", "view",
]
