"""The games. Importing this package registers every shipped game in the registry
(:mod:`harfiyen.core.registry`); :func:`game` and :func:`games` reach them."""

from importlib import import_module

from harfiyen.core.registry import game, games

# The shipped games, in the order they are listed: each registers itself in its game.py.
SHIPPED = ("crossword", "codenames", "letterjam")
for _name in SHIPPED:
    import_module(f"harfiyen.games.{_name}.game")

__all__ = ["SHIPPED", "game", "games"]
