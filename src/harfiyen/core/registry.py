"""The game registry: every game says once, here, what it is and how it is played.

A game's package builds one :class:`GameSpec` (its name, config schema, engine
functions, view, event and move types, outcome) and registers it with
:func:`register_game`; importing :mod:`harfiyen.games` registers every shipped
game. The server, the CLI, the AI runner and the conformance harness list games
with :func:`games` and reach each one through :func:`game`, so none of them
names a game's variants or parses its data.

The contract each spec's functions keep (ARCHITECTURE.md, "The engine contract"):

- ``new_game(config, seed, lexicons)`` is a function of its arguments alone;
  chance comes from the state's seeded RNG and is recorded as events.
- ``to_act(state)``: the seats that may act now (empty once the game is over);
  resigning is always allowed and not listed.
- ``legal_moves(state, seat)`` yields only moves ``apply`` accepts; moves of the
  spec's ``open_moves`` kinds (a crossword play, a clue word, an offer) are too
  many to list and are never yielded. ``is_legal`` is exactly "``apply`` accepts".
- ``apply(state, seat, move)`` returns a new state and the events it added, or
  raises the game's ``GameError`` and changes nothing.
- ``view(state, viewer)`` is built by inclusion from what ``viewer`` may know;
  ``project_event(event, viewer, state)`` is the form of one event that
  ``viewer`` receives (``None``: nothing), ``state`` being the game as it is now.
- ``move_of(event)``: the ``(seat, move)`` an event records, or ``None`` for
  events no seat chose (deals, draws, the end); replaying these from a new game
  gives the same events again.

What the match layer asks of a game beyond its engine (each has a default that
fits a game of equal seats without roles, such as the crossword):

- ``room_slots(config)``: the seats a room offers, as public descriptors
  (``{"team": "red", "role": "spymaster"}``); ``seated_config(config, filled)``
  the config for the filled slot indices (seat ``i`` = ``i``-th filled slot),
  raising the game's error when the engine would refuse that seating;
- ``chat_policy(state, seat)``: who may write in the match chat (``"all"``,
  ``"team"``: to the writer's team only, ``"none"``: read only); ``state`` is
  ``None`` before the start and ``seat`` ``None`` for a spectator;
- ``ai``: the AI that can take a seat (:class:`~harfiyen.core.ai_seat.AiSeat`: its
  seat functions, among them ``stand_in(view)``, the move a person still owes when a
  timer runs out in a game without ``timeout``, and its levels with their names and
  time budgets; ``None``: no AI); ``phase_of(state)``: the
  phase a per-phase move timer is chosen by, one of ``timer_phases``;
  ``mark_move(i)``: the move a public mark of card ``i`` stands for (marks only where
  that move would be accepted).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from harfiyen.core.ai_seat import AiLevel, AiSeat
from harfiyen.core.errors import ErrorKind, GameError, Message
from harfiyen.core.events import Decoder, EngineEvent
from harfiyen.core.outcome import Outcome
from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.core.wire import WireError, from_json, record_from_json, to_json

C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")

LexiconLoader = Callable[[str], Any]

# Who may write in a match's chat: to everyone, to the writer's team only, or nobody
# (read only).
ChatRight = Literal["all", "team", "none"]

BAD_OPTIONS = ErrorKind(
    "bad_options",
    "Bu oyun bu ayarlarla kurulamaz: {problem}.",
    "The game cannot be set up with these options: {problem}.",
)
BAD_MOVE = ErrorKind(
    "bad_move",
    "Hamle okunamadı: {problem}.",
    "The move could not be read: {problem}.",
)

SEATS_EMPTY = ErrorKind(
    "room.seats_empty",
    "Her koltukta biri oturmalı; {empty} koltuk boş.",
    "Every seat needs someone in it; {empty} are empty.",
)


def _unset(*_: Any) -> Any:  # pragma: no cover - replaced in GameSpec.__post_init__
    raise NotImplementedError


def default_chat_policy(state: Any, seat: int | None) -> ChatRight:
    """Players write to everyone, spectators read."""
    return "none" if seat is None else "all"


def default_phase(state: Any) -> str:
    """One timer for every move."""
    return "move"


def whole_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A stored config as lists of matches show it: all of it."""
    return dict(config)


@dataclass(frozen=True)
class Setup:
    """What the platform stores beside a config: the rules key (``tr@2``), the lexicon
    (or ``None``), the language and the number of seats."""

    rules: str
    lexicon: str | None
    language: str
    seats: int


@dataclass(frozen=True)
class GameSpec(Generic[C, S, M]):
    """One registered game (see the module docstring for the contract)."""

    name: str
    title: Message
    config_type: type[C]
    # Creation options → a resolved, checked config; raises the game's GameError.
    check_config: Callable[[C], C]
    setup: Callable[[C], Setup]
    new_game: Callable[[C, int, LexiconLoader], S]
    to_act: Callable[[S], tuple[int, ...]]
    legal_moves: Callable[[S, int], Iterable[M]]
    apply: Callable[[S, int, M], tuple[S, Sequence[EngineEvent]]]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, Any], Any]
    project_event: Callable[[EngineEvent, Any, S], dict[str, Any] | None]
    events: Callable[[S], Sequence[EngineEvent]]
    event_types: tuple[type[EngineEvent], ...]
    move_type: Any
    move_of: Callable[[EngineEvent], tuple[int, M] | None]
    # Who may look: every viewer kind of a game with this config (seats, team roles,
    # spectators); the omniscient replay is added once the game is over.
    viewers: Callable[[C], tuple[Any, ...]]
    # The moves the platform makes for a seat: giving up, and running out of time
    # (``None``: the game has no such move).
    resign: M | None
    timeout: M | None
    open_moves: tuple[str, ...] = ()
    # How a client's move JSON is read when the game accepts more forms than the
    # registry's own (``move_from_json``); it may look at the state (a GCG play).
    read_move: Callable[[Any, S], M] | None = None
    # What a tentative move would do for a seat, without changing anything (the
    # crossword's live score); ``None``: the game has no preview.
    preview: Callable[[S, int, M], Any] | None = None
    # The ratings pool a config's ranked matches count in (``"en/nine-tile"``);
    # ``None``: the rules key without its version.
    rating_pool_of: Callable[[C], str] | None = None
    # The game's public rules as JSON for clients (boards, tiles, tables...).
    reference: Callable[[], dict[str, Any]] = field(default=lambda: {})
    # The options a lobby offers, as data (families, versions, variants, players...).
    option_table: Callable[[], dict[str, Any]] = field(default=lambda: {})
    # The seats a room offers for a config, as public descriptors, in order; the default:
    # one ``{}`` per seat of ``setup(config)``.
    room_slots: Callable[[C], tuple[dict[str, Any], ...]] = _unset
    # The config for the filled slot indices (in slot order; seat i = i-th filled slot);
    # raises the game's error for a seating the engine refuses. The default: every slot
    # must be filled (``room.seats_empty``) and the config stays as it is.
    seated_config: Callable[[C, Sequence[int]], C] = _unset
    # Who may write in the chat (see ``ChatRight``); state ``None`` before the start,
    # seat ``None`` for a spectator.
    chat_policy: Callable[[S | None, int | None], ChatRight] = default_chat_policy
    # The AI that can take a seat: its functions (loaded lazily by the bot runner), its
    # levels with their names and time budgets, its pace; ``None``: no AI.
    ai: AiSeat | None = None
    # The seats the table cannot go on without now (its "waiting for" line, and when an
    # AI seat's pause starts); ``None``: every seat that may act (``to_act``).
    waiting_on: Callable[[S], Sequence[int]] | None = None
    # The phase a state is in, for per-phase move timers (``{"seconds": {phase: n}}``).
    phase_of: Callable[[S], str] = default_phase
    # Every phase ``phase_of`` names: the only ones a per-phase timer may be set for.
    timer_phases: tuple[str, ...] = ("move",)
    # A stored config (JSON) as lists of matches show it (the lobby's, the watch list):
    # a game may leave out what only its table needs (Kelime Casusu: the word pack).
    listed_config: Callable[[Mapping[str, Any]], dict[str, Any]] = whole_config
    # The move a seat's public mark of card ``i`` stands for (Kelime Casusu: a guess of
    # ``i``): a mark is relayed when that move would be accepted now. ``None``: no marks.
    mark_move: Callable[[int], M] | None = None
    # A seat's team for a config (the audience of its ``"team"`` chat); ``None``: no teams.
    team_of: Callable[[C, int], str | None] = lambda config, seat: None
    # Whether spectators read the chat (everything written to all); they never write.
    spectators_read_chat: bool = False
    decode_event: Decoder = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "decode_event", Decoder(self.event_types))
        if self.room_slots is _unset:
            object.__setattr__(self, "room_slots", self._default_slots)
        if self.seated_config is _unset:
            object.__setattr__(self, "seated_config", self._default_seated)

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The AI level keys players are offered, the default first (empty: no AI)."""
        return () if self.ai is None else self.ai.offered

    def ai_level(self, key: str) -> AiLevel | None:
        """The AI level registered as ``key`` (offered or a stand-in), or ``None``."""
        return None if self.ai is None else self.ai.level(key)

    def waiting(self, state: S) -> tuple[int, ...]:
        """The seats the table waits on now (``waiting_on``, by default ``to_act``)."""
        return tuple(self.waiting_on(state) if self.waiting_on is not None
                     else self.to_act(state))

    def _default_slots(self, config: C) -> tuple[dict[str, Any], ...]:
        return tuple({} for _ in range(self.setup(config).seats))

    def _default_seated(self, config: C, filled: Sequence[int]) -> C:
        slots = len(self.room_slots(config))
        if list(filled) != list(range(slots)):
            raise GameError.of(SEATS_EMPTY, empty=slots - len(set(filled)))
        return config

    # --- configs ------------------------------------------------------------------------

    def config_from_options(self, options: Mapping[str, Any]) -> C:
        """The checked config of a creation request; unknown options are refused.

        Raises ``bad_options`` (or the game's own error) saying what is wrong.
        """
        try:
            config: C = record_from_json(self.config_type, options, strict=True)
        except WireError as error:
            raise GameError.of(BAD_OPTIONS, problem=str(error)) from None
        return self.check_config(config)

    def config_to_dict(self, config: C) -> dict[str, Any]:
        """The stored JSON form of a config."""
        out: dict[str, Any] = to_json(config)
        return out

    def config_from_dict(self, data: Mapping[str, Any]) -> C:
        """The config ``config_to_dict`` wrote."""
        config: C = record_from_json(self.config_type, data)
        return config

    def rating_pool(self, config: C) -> str:
        """The ratings pool of ``config``: rule versions of one family share a rating."""
        if self.rating_pool_of is not None:
            return self.rating_pool_of(config)
        return self.setup(config).rules.partition("@")[0]

    # --- moves and events ---------------------------------------------------------------

    def move_from_json(self, data: Any) -> M:
        """The move a client sent as JSON (``{"kind": ..., ...}``); raises ``bad_move``."""
        try:
            move: M = from_json(data, self.move_type, strict=True)
        except WireError as error:
            raise GameError.of(BAD_MOVE, problem=str(error)) from None
        return move

    def parse_move(self, data: Any, state: S) -> M:
        """The move of a client's JSON in ``state``; raises ``bad_move`` or a game error."""
        if self.read_move is not None:
            return self.read_move(data, state)
        return self.move_from_json(data)

    def move_to_json(self, move: M) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": type(move).kind, **to_json(move)}  # type: ignore[attr-defined]
        return out

    def is_legal(self, state: S, seat: int, move: M) -> bool:
        """True exactly when ``apply`` accepts ``move`` from ``seat``."""
        try:
            self.apply(state, seat, move)
        except GameError:
            return False
        return True

    def replay(
        self, config: C, seed: int, moves: Iterable[tuple[int, M]], lexicons: LexiconLoader
    ) -> S:
        """The state after ``moves`` from a new game; raises like ``apply``."""
        state = self.new_game(config, seed, lexicons)
        for seat, move in moves:
            state, _ = self.apply(state, seat, move)
        return state

    def moves_of(self, events: Iterable[EngineEvent]) -> list[tuple[int, M]]:
        """The ``(seat, move)`` pairs an event log records, in order."""
        return [recorded for e in events if (recorded := self.move_of(e)) is not None]

    def all_viewers(self, config: C, over: bool) -> tuple[Any, ...]:
        """Every viewer kind of a game (the omniscient replay only when ``over``)."""
        return (*self.viewers(config), *((Omniscient(),) if over else ()))


def seat_viewers(seats: int) -> tuple[Seat | Spectator, ...]:
    """A seat viewer for each seat and a spectator: the viewers of most games."""
    return (*(Seat(s) for s in range(seats)), Spectator())


_GAMES: dict[str, GameSpec[Any, Any, Any]] = {}


def register_game(spec: GameSpec[Any, Any, Any]) -> GameSpec[Any, Any, Any]:
    """Add ``spec`` to the registry (a name is registered once).

    An AI level key two games register must play under one name in both: a bot user
    is one per level (``bot_ai`` sits at every party game's tables)."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"a game called {spec.name!r} is already registered")
    for level in spec.ai.levels if spec.ai is not None else ():
        known = registered_ai_level(level.key)
        if known is not None and known.player_name != level.player_name:
            raise ValueError(f"AI level {level.key!r} of {spec.name!r} plays under "
                             f"{level.player_name}, another game's under {known.player_name}")
    _GAMES[spec.name] = spec
    return spec


def registered_ai_level(key: str) -> AiLevel | None:
    """The AI level some registered game registers as ``key`` (its names agree in every
    game that registers it), or ``None``."""
    for spec in _GAMES.values():
        if (level := spec.ai_level(key)) is not None:
            return level
    return None


UNKNOWN_GAME = ErrorKind(
    "unknown_game",
    "Böyle bir oyun yok: {game}.",
    "There is no such game: {game}.",
)


@contextmanager
def temporarily_registered(spec: GameSpec[Any, Any, Any]) -> Iterator[GameSpec[Any, Any, Any]]:
    """``spec`` registered for the duration of a ``with`` block (a game made up in a test)."""
    register_game(spec)
    try:
        yield spec
    finally:
        del _GAMES[spec.name]


def game(name: str) -> GameSpec[Any, Any, Any]:
    """The registered game ``name``; raises ``unknown_game``. (The shipped games are
    registered by importing :mod:`harfiyen.games`, which re-exports this function.)"""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise GameError.of(UNKNOWN_GAME, game=name) from None


def games() -> Iterator[GameSpec[Any, Any, Any]]:
    """Every registered game, in registration order."""
    return iter(list(_GAMES.values()))


__all__ = [
    "BAD_MOVE", "BAD_OPTIONS", "SEATS_EMPTY", "UNKNOWN_GAME", "ChatRight", "GameSpec",
    "LexiconLoader", "Setup", "default_chat_policy", "default_phase", "game",
    "games", "register_game", "registered_ai_level", "seat_viewers",
    "temporarily_registered",
]
