"""The contract every game engine implements (ARCHITECTURE.md, "The engine contract")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")
Config = TypeVar("Config", contravariant=True)


class Engine(Protocol[Config, State, Move]):
    """A pure game engine. ``apply`` returns a new state or raises ``GameError``."""

    def new_game(self, config: Config, seed: int) -> State: ...

    def to_act(self, state: State) -> Sequence[int]: ...

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]: ...

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, Sequence[Any]]: ...

    def outcome(self, state: State) -> Any: ...

    def view(self, state: State, viewer: Any) -> dict[str, Any]: ...
