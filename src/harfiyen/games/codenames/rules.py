"""The fixed facts of Kelime Casusu: teams, roles, card colours, the key and clue limits.

One place for every number the rules name (RULES.md, "Kelime Casusu"): a
board of 25 words whose key holds 9 red, 8 blue, 7 neutral and 1 black card;
red has the extra word and starts; a clue number is 1–9 and a team may make
up to ``number + 1`` guesses.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Team(StrEnum):
    RED = "red"
    BLUE = "blue"

    @property
    def other(self) -> Team:
        return Team.BLUE if self is Team.RED else Team.RED

    @property
    def tr_name(self) -> str:
        return _TEAM_TR[self]


class Role(StrEnum):
    SPYMASTER = "spymaster"
    GUESSER = "guesser"

    @property
    def tr_name(self) -> str:
        return _ROLE_TR[self]


class Colour(StrEnum):
    """The colour of a card in the key."""

    RED = "red"
    BLUE = "blue"
    NEUTRAL = "neutral"
    BLACK = "black"

    @property
    def team(self) -> Team | None:
        """The team that owns a card of this colour (``None`` for neutral and black)."""
        return _TEAM_OF.get(self)


class Phase(StrEnum):
    """What the team to act does next: its spymaster gives a clue, or its guessers guess."""

    CLUE = "clue"
    GUESS = "guess"


_TEAM_TR: Final = {Team.RED: "kırmızı", Team.BLUE: "mavi"}
_ROLE_TR: Final = {Role.SPYMASTER: "anlatıcı", Role.GUESSER: "tahminci"}
_TEAM_OF: Final = {Colour.RED: Team.RED, Colour.BLUE: Team.BLUE}

# The rules a game stores and replays with (one version so far).
RULES_KEY: Final = "codenames@1"
BOARD_SIZE: Final = 25
KEY_COUNTS: Final[dict[Colour, int]] = {
    Colour.RED: 9,
    Colour.BLUE: 8,
    Colour.NEUTRAL: 7,
    Colour.BLACK: 1,
}
FIRST_TEAM: Final = Team.RED  # red holds the extra word, so red starts
CLUE_NUMBERS: Final = range(1, 10)  # a clue's number is 1..9
EXTRA_GUESSES: Final = 1  # guessers may make up to number + 1 guesses
MIN_PACK_SIZE: Final = BOARD_SIZE

assert sum(KEY_COUNTS.values()) == BOARD_SIZE


def colour_of(team: Team) -> Colour:
    """The card colour that belongs to ``team``."""
    return Colour.RED if team is Team.RED else Colour.BLUE


__all__ = [
    "BOARD_SIZE", "CLUE_NUMBERS", "EXTRA_GUESSES", "FIRST_TEAM", "KEY_COUNTS", "MIN_PACK_SIZE",
    "RULES_KEY", "Colour", "Phase", "Role", "Team", "colour_of",
]
