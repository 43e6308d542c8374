"""Shared building blocks of every game engine: errors, RNG, the engine protocol."""

from harfiyen.core.errors import GameError, Message
from harfiyen.core.rng import Rng

__all__ = ["GameError", "Message", "Rng"]
