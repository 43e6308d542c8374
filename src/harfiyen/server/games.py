"""How the server drives a game: one adapter over the game registry, the same for all.

The adapter turns a creation request into a stored config, a client's move into
an engine move, a stored event row back into its event (for replay), and builds
views and projected events per audience, all through the game's registered
spec (:mod:`harfiyen.core.registry`). Nothing here knows a game's rules,
variants or data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.events import EngineEvent
from harfiyen.core.outcome import Outcome
from harfiyen.core.registry import BAD_MOVE, GameSpec
from harfiyen.games import game as registered_game
from harfiyen.server.errors import because, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.errors import requests as request_errors

Viewer = Any  # a game's viewer: Seat, Spectator, Omniscient or one of the game's own
LexiconLoader = Callable[[str], Any]


@dataclass(frozen=True)
class MatchSetup:
    """What a new match stores: resolved config, ``rules@version``, lexicon, language, seats."""

    config: dict[str, Any]
    rules: str
    lexicon: str | None
    language: str
    players: int


def validation_problem(error: ValidationError) -> str:
    """A short, stable description of the first thing pydantic refused."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "frame"
    return f"{where}: {first.get('msg', 'invalid')}"


class GameAdapter:
    """The server's handle on one registered game."""

    def __init__(self, spec: GameSpec[Any, Any, Any]) -> None:
        self.spec = spec
        self.name = spec.name

    def setup(self, options: dict[str, Any]) -> MatchSetup:
        """The stored form of a creation request; raises ``match.bad_config``."""
        try:
            config = self.spec.config_from_options(options)
        except HarfiyenError as error:
            raise because(match_errors.BAD_CONFIG, error, 400) from None
        setup = self.spec.setup(config)
        return MatchSetup(
            config=self.spec.config_to_dict(config), rules=setup.rules, lexicon=setup.lexicon,
            language=setup.language, players=setup.seats,
        )

    def new_game(self, config: dict[str, Any], seed: int, lexicons: LexiconLoader) -> Any:
        return self.spec.new_game(self.spec.config_from_dict(config), seed, lexicons)

    def apply(self, state: Any, seat: int, move: Any) -> tuple[Any, Sequence[EngineEvent]]:
        return self.spec.apply(state, seat, move)

    def parse_move(self, data: Any, state: Any) -> Any:
        """The engine move of a client's JSON; raises ``request.invalid`` for a form
        that cannot be read (a notation or game error passes through)."""
        try:
            return self.spec.parse_move(data, state)
        except HarfiyenError as error:
            if error.code == BAD_MOVE.code:
                raise fail(request_errors.INVALID_REQUEST, status=422, **error.details) from None
            raise

    def resign(self) -> Any:
        return self.spec.resign

    def timeout(self) -> Any:
        return self.spec.timeout

    def events(self, state: Any) -> Sequence[EngineEvent]:
        return self.spec.events(state)

    def event_dict(self, event: EngineEvent) -> dict[str, Any]:
        return event.to_dict()

    def decode_event(self, data: dict[str, Any]) -> EngineEvent:
        return self.spec.decode_event(data)

    def move_of(self, event: EngineEvent) -> tuple[int, Any] | None:
        return self.spec.move_of(event)

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        seen = self.spec.view(state, viewer)
        return seen if isinstance(seen, dict) else seen.to_json()

    def project(self, event: EngineEvent, viewer: Viewer, state: Any) -> dict[str, Any] | None:
        return self.spec.project_event(event, viewer, state)

    def to_move(self, state: Any) -> int | None:
        """The first seat that may act (the one a timeout is made for)."""
        seats = self.spec.to_act(state)
        return seats[0] if seats else None

    def to_act(self, state: Any) -> tuple[int, ...]:
        """Every seat that may act now (empty once the game is over)."""
        return tuple(self.spec.to_act(state))

    def phase_of(self, state: Any) -> str:
        return self.spec.phase_of(state)

    def check_time_control(self, time_control: Mapping[str, Any]) -> None:
        """Refuse a clock with a timer for a phase the game does not have (it would never
        run): ``match.unknown_phase``, naming the phase and the game's phases."""
        phases = time_control.get("seconds")
        for phase in phases if isinstance(phases, Mapping) else ():
            if phase not in self.spec.timer_phases:
                raise fail(match_errors.UNKNOWN_PHASE, phase=str(phase)[:32],
                           phases=", ".join(self.spec.timer_phases))

    def audiences(self, config: dict[str, Any]) -> tuple[Viewer, ...]:
        """The game's viewers of a stored config: each gets its own channel and events."""
        return tuple(self.spec.viewers(self.spec.config_from_dict(config)))

    def is_platform_move(self, move: Any) -> bool:
        """Whether ``move`` is one only the platform makes (the timeout; resigning is a
        player's own move even where the game times out by resigning)."""
        timeout = self.spec.timeout
        return timeout is not None and move == timeout and move != self.spec.resign

    def chat_right(self, state: Any, seat: int | None) -> str:
        return self.spec.chat_policy(state, seat)

    def mark_move(self, index: int) -> Any:
        """The move a mark of card ``index`` stands for; raises ``match.no_marks``."""
        if self.spec.mark_move is None:
            raise fail(match_errors.NO_MARKS, status=400)
        return self.spec.mark_move(index)

    def outcome(self, state: Any) -> Outcome | None:
        return self.spec.outcome(state)

    @property
    def preview(self) -> Any:
        return self.spec.preview


def adapter(game: str) -> GameAdapter:
    """The adapter of the registered game ``game``; raises ``match.unknown_game``."""
    try:
        return GameAdapter(registered_game(game))
    except HarfiyenError:
        raise fail(match_errors.UNKNOWN_GAME, game=game) from None


__all__ = ["GameAdapter", "LexiconLoader", "MatchSetup", "Viewer", "adapter",
           "validation_problem"]
