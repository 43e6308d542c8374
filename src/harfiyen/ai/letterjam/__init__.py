"""Harf Takıl AI teammates: deduction, clue search, votes and the final arrangement.

Each teammate (:class:`LetterJamAI`) decides from its own seat's view only;
:func:`play_game` drives whole games through the engine (selfplay, the
terminal game).
"""

from harfiyen.ai.letterjam.agent import LetterJamAI
from harfiyen.ai.letterjam.driver import GameStats, Teammate, Timings, game_stats, play_game

__all__ = ["GameStats", "LetterJamAI", "Teammate", "Timings", "game_stats", "play_game"]
