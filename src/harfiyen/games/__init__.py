"""The games. Importing this package registers every shipped game in the registry
(:mod:`harfiyen.core.registry`); :func:`game` and :func:`games` reach them."""

from harfiyen.core.registry import game, games
from harfiyen.games.codenames import game as _codenames
from harfiyen.games.crossword import game as _crossword
from harfiyen.games.letterjam import game as _letterjam

# Registration happens on import; the names only keep the modules referenced.
_SHIPPED = (_crossword, _codenames, _letterjam)

__all__ = ["game", "games"]
