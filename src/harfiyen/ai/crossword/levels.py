"""Bot levels of the crossword games (``agent.make_agent`` builds their bots).

Four levels, named in Turkish and English where the crossword game registers them
(``harfiyen.games.crossword.game.AI_SEAT``; either name parses):

* ``caylak`` / Beginner: plays common words, often not the best;
* ``orta`` / Intermediate: the highest-scoring everyday word, ignoring what it
  keeps;
* ``usta`` / Expert: full static equity (score + learned leave + small terms)
  within a wider span of the lexicon;
* ``sampiyon`` / Champion: equity over the whole lexicon, a short simulation of
  the top candidates and the exact endgame solver when the bag is empty.

Every level plays by the same rules: difficulty only changes which legal move
is chosen. No level plays a word unfit for the table (``harfiyen.lexicon.fitness``);
:attr:`Level.span` names the part of the lexicon a level plays where it can.
Each level has a time budget per move (seconds).
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from harfiyen.core.ai_seat import AiLevel
from harfiyen.lexicon.fitness import Span


class Level(Enum):
    """A bot level; the value is the Turkish name without diacritics."""

    BEGINNER = "caylak"
    INTERMEDIATE = "orta"
    EXPERT = "usta"
    CHAMPION = "sampiyon"

    @property
    def registered(self) -> AiLevel:
        """The level as the crossword game registers it (its names, the runner's budget)."""
        # Imported here: naming a level loads no engine or lexicon (the CLI's help).
        from harfiyen.games.crossword.game import CROSSWORD

        found = CROSSWORD.ai_level(self.value)
        assert found is not None, f"the crossword registers every AI level ({self.value})"
        return found

    @property
    def tr_name(self) -> str:
        """The Turkish display name, e.g. ``Şampiyon``."""
        return self.registered.name.tr

    @property
    def en_name(self) -> str:
        """The English display name, e.g. ``Champion``."""
        return self.registered.name.en

    def display(self, lang: str) -> str:
        """The display name in ``lang`` (``tr`` or anything else for English)."""
        return self.tr_name if lang == "tr" else self.en_name

    @property
    def span(self) -> Span:
        """The span of the lexicon this level plays where it can
        (``harfiyen.lexicon.fitness``: ``common``, ``everyday``, ``wide`` or ``whole``).

        >>> [level.span for level in Level]
        ['common', 'everyday', 'wide', 'whole']
        """
        return SPAN[self]

    @property
    def time_budget(self) -> float:
        """The default thinking time per move, in seconds (well within the registered
        budget the server's bot runner waits for)."""
        return DEFAULT_TIME_BUDGET[self]

    @classmethod
    def parse(cls, name: Level | str) -> Level:
        """The level named ``name``: Turkish (with or without diacritics) or English.

        >>> Level.parse("usta") is Level.parse("Expert") is Level.parse("USTA")
        True
        >>> Level.parse("Şampiyon").en_name
        'Champion'

        Raises ``ValueError`` for an unknown name.
        """
        if isinstance(name, Level):
            return name
        key = _fold(name)
        for level in cls:
            if key in (level.value, level.name.lower(), _fold(level.tr_name)):
                return level
        known = ", ".join(f"{lv.value}/{lv.name.lower()}" for lv in cls)
        raise ValueError(f"unknown level {name!r} (known: {known})")


#: The span of the lexicon each level plays where it can (``harfiyen.lexicon.fitness``):
#: Çaylak common words (Zipf ≥ 3.8; short words a reader judged common), Orta everyday
#: words (Zipf ≥ 3.0; short ones judged common or known), Usta Zipf ≥ 2.0 (Turkish 3.0)
#: or at most 3 letters, Şampiyon everything.
SPAN: Final[dict[Level, Span]] = {
    Level.BEGINNER: "common",
    Level.INTERMEDIATE: "everyday",
    Level.EXPERT: "wide",
    Level.CHAMPION: "whole",
}

#: Seconds per move by level. Beginner and Intermediate answer at once; the
#: Expert needs one full generation; the Champion spends its budget simulating.
DEFAULT_TIME_BUDGET: Final = {
    Level.BEGINNER: 0.5,
    Level.INTERMEDIATE: 0.5,
    Level.EXPERT: 1.0,
    Level.CHAMPION: 3.0,
}

_FOLD: Final = str.maketrans("ÇĞİIÖŞÜçğıöşü", "CGIIOSUcgiosu")


def _fold(name: str) -> str:
    """Lower case ASCII form of a level name (``Şampiyon`` → ``sampiyon``)."""
    return name.strip().translate(_FOLD).lower()


__all__ = ["DEFAULT_TIME_BUDGET", "SPAN", "Level"]
