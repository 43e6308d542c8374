"""How the server drives each game engine: one adapter per game, the same contract.

An adapter turns a creation request into a stored config, a client's move
intent into an engine move (pydantic models that refuse unknown fields), a
stored event back into the move that caused it (for replay), and builds
views and projected events per audience. Kelime Casusu and Harf Takıl plug
in here later with their own adapters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from harfiyen.core.errors import GameError
from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.games import crossword as cw
from harfiyen.games.crossword.notation.coords import parse_move, parse_square_name
from harfiyen.server import errors as E

Viewer = Seat | Spectator | Omniscient
LexiconLoader = Callable[[str], Any]


@dataclass(frozen=True)
class MatchSetup:
    """What a new match stores: resolved config, ``rules@version``, lexicon, language, seats."""

    config: dict[str, Any]
    rules: str
    lexicon: str
    language: str
    players: int


class GameAdapter(Protocol):
    name: str

    def setup(self, request: dict[str, Any]) -> MatchSetup: ...

    def new_game(self, config: dict[str, Any], seed: int, lexicons: LexiconLoader) -> Any: ...

    def apply(self, state: Any, seat: int, move: Any) -> tuple[Any, Sequence[Any]]: ...

    def parse_move(self, data: Any, state: Any) -> Any: ...

    def resign(self) -> Any: ...

    def timeout(self) -> Any: ...

    def events(self, state: Any) -> Sequence[Any]: ...

    def event_dict(self, event: Any) -> dict[str, Any]: ...

    def move_of(self, event: dict[str, Any]) -> tuple[int, Any] | None: ...

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def project(self, event: Any, viewer: Viewer) -> dict[str, Any] | None: ...

    def to_move(self, state: Any) -> int | None: ...

    def outcome(self, state: Any) -> dict[str, Any] | None: ...


# --- crossword intents ----------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileIntent(_Strict):
    square: str = Field(min_length=2, max_length=3)
    letter: str = Field(min_length=1, max_length=1)
    blank: bool = False


class PlayIntent(_Strict):
    """New tiles by square, or the GCG form (``"8H KALEM"``, ``.`` for board tiles)."""

    kind: Literal["play"]
    tiles: list[TileIntent] | None = Field(default=None, min_length=1, max_length=15)
    gcg: str | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def _one_form(self) -> PlayIntent:
        if (self.tiles is None) == (self.gcg is None):
            raise ValueError("give either tiles or gcg")
        return self


class PassIntent(_Strict):
    kind: Literal["pass"]


class ExchangeIntent(_Strict):
    kind: Literal["exchange"]
    tiles: list[Annotated[str, Field(min_length=1, max_length=1)]] = Field(
        min_length=1, max_length=9
    )


class ChallengeIntent(_Strict):
    kind: Literal["challenge"]


class AcceptIntent(_Strict):
    kind: Literal["accept"]


class ResignIntent(_Strict):
    kind: Literal["resign"]


CrosswordIntent = Annotated[
    PlayIntent | PassIntent | ExchangeIntent | ChallengeIntent | AcceptIntent | ResignIntent,
    Field(discriminator="kind"),
]
_INTENT: TypeAdapter[Any] = TypeAdapter(CrosswordIntent)


class CrosswordSetupRequest(_Strict):
    rules: Literal["tr", "en"] = "tr"
    version: int | None = None
    lexicon: str | None = Field(default=None, max_length=32)
    players: int = Field(default=2, ge=2, le=4)
    challenge: Literal["double", "void"] | None = None
    variant: Literal["standard", "nine-tile", "finish-line"] = "standard"
    finish_level: Literal["beginner", "intermediate", "expert"] = "intermediate"


def validation_problem(error: ValidationError) -> str:
    """A short, stable description of the first thing pydantic refused."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "frame"
    return f"{where}: {first.get('msg', 'invalid')}"


class CrosswordAdapter:
    """The crossword tile games (``tr`` and ``en``)."""

    name = "crossword"

    def setup(self, request: dict[str, Any]) -> MatchSetup:
        try:
            parsed = CrosswordSetupRequest.model_validate(request)
            config = cw.CrosswordConfig(**parsed.model_dump()).resolved()
            rules = config.ruleset()
        except ValidationError as error:
            raise E.fail(E.BAD_CONFIG, problem=validation_problem(error)) from None
        except ValueError as error:
            raise E.fail(E.BAD_CONFIG, problem=str(error)) from None
        return MatchSetup(
            config=config.to_dict(), rules=rules.key, lexicon=config.lexicon_id,
            language=rules.language, players=config.players,
        )

    def new_game(self, config: dict[str, Any], seed: int, lexicons: LexiconLoader) -> Any:
        cfg = cw.CrosswordConfig.from_dict(config)
        return cw.new_game(cfg, seed, lexicons(cfg.lexicon_id))

    def apply(self, state: Any, seat: int, move: Any) -> tuple[Any, Sequence[Any]]:
        return cw.apply(state, seat, move)

    def parse_move(self, data: Any, state: Any) -> cw.Move:
        """The engine move of an intent; raises ``request.invalid`` or a notation error."""
        try:
            intent = _INTENT.validate_python(data)
        except ValidationError as error:
            raise E.fail(E.INVALID_REQUEST, problem=validation_problem(error)) from None
        if isinstance(intent, PlayIntent):
            if intent.gcg is not None:
                return cw.Play(parse_move(intent.gcg, state.board, state.rules.language))
            assert intent.tiles is not None
            return cw.Play(tuple(
                cw.Placement(parse_square_name(t.square), t.letter, t.blank) for t in intent.tiles
            ))
        if isinstance(intent, ExchangeIntent):
            return cw.Exchange(tuple(intent.tiles))
        simple: dict[type[Any], cw.Move] = {
            PassIntent: cw.Pass(), ChallengeIntent: cw.Challenge(), AcceptIntent: cw.Accept(),
            ResignIntent: cw.Resign(),
        }
        return simple[type(intent)]

    def resign(self) -> cw.Move:
        return cw.Resign()

    def timeout(self) -> cw.Move:
        return cw.Timeout()

    def events(self, state: Any) -> Sequence[Any]:
        return state.events  # type: ignore[no-any-return]

    def event_dict(self, event: Any) -> dict[str, Any]:
        return event.to_dict()  # type: ignore[no-any-return]

    def move_of(self, event: dict[str, Any]) -> tuple[int, Any] | None:
        """The ``(seat, move)`` a stored event records, or ``None`` (draws, start, end)."""
        kind = event["kind"]
        if kind == "play_made":
            placements = tuple(
                cw.Placement(cw.parse_square(p["square"]), p["letter"], p["blank"])
                for p in event["placements"]
            )
            return event["seat"], cw.Play(placements)
        moves: dict[str, tuple[str, Callable[[], Any]]] = {
            "passed": ("seat", cw.Pass),
            "exchanged": ("seat", lambda: cw.Exchange(tuple(event["tiles"]))),
            "play_challenged": ("challenger", cw.Challenge),
            "play_accepted": ("seat", cw.Accept),
            "resigned": ("seat", cw.Resign),
            "timed_out": ("seat", cw.Timeout),
        }
        if kind not in moves:
            return None
        seat_key, make = moves[kind]
        return event[seat_key], make()

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        return cw.view(state, viewer).to_json()

    def project(self, event: Any, viewer: Viewer) -> dict[str, Any] | None:
        return cw.project_event(event, viewer)

    def to_move(self, state: Any) -> int | None:
        return None if state.outcome is not None else int(state.to_move)

    def outcome(self, state: Any) -> dict[str, Any] | None:
        return None if state.outcome is None else state.outcome.to_dict()


ADAPTERS: dict[str, GameAdapter] = {"crossword": CrosswordAdapter()}


def adapter(game: str) -> GameAdapter:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise E.fail(E.UNKNOWN_GAME, game=game) from None


def as_game_error(error: Exception) -> GameError | None:
    return error if isinstance(error, GameError) else None
