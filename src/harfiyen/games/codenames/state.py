"""The configuration of a Kelime Casusu game and the immutable game state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from harfiyen.core.rng import Rng
from harfiyen.games.codenames import errors as codenames_errors
from harfiyen.games.codenames.ending import Outcome
from harfiyen.games.codenames.events import Event
from harfiyen.games.codenames.packs import pack_pairs, validate_pack
from harfiyen.games.codenames.rules import (
    EXTRA_GUESSES,
    KEY_COUNTS,
    Colour,
    Phase,
    Role,
    Team,
    colour_of,
)
from harfiyen.lexicon.normalize import Language

SeatSpec = tuple[Team, Role]

DEFAULT_SEATS: Final[tuple[SeatSpec, ...]] = (
    (Team.RED, Role.SPYMASTER),
    (Team.RED, Role.GUESSER),
    (Team.BLUE, Role.SPYMASTER),
    (Team.BLUE, Role.GUESSER),
)
SOLO_SEATS: Final[tuple[SeatSpec, ...]] = DEFAULT_SEATS[:2]


@dataclass(frozen=True, slots=True)
class CodenamesConfig:
    """What a game is created with; stored with the game and replayed forever.

    ``words`` is the pack the board is drawn from (loaded by the caller; see
    :func:`~harfiyen.games.codenames.packs.validate_pack`); creation options
    without words get the language's built-in pack (``game.check_config``). ``seats[i]`` is
    seat ``i``'s ``(team, role)``; any seat may be played by an AI. Team and
    role names given as strings are converted. ``solo``: red plays alone
    against the board (the benchmark setting "find all 9"): blue has no seats
    and never takes a turn, so a turn that ends goes back to red; revealing
    blue's last word or the black word still loses.
    """

    words: tuple[str, ...] = ()
    language: Language = "tr"
    seats: tuple[SeatSpec, ...] = DEFAULT_SEATS
    strict_clues: bool = False
    solo: bool = False
    #: Word pairs never dealt onto one board (near-synonyms). ``None``: the
    #: built-in pack's pairs among ``words`` (:func:`~harfiyen.games.codenames.packs.pack_pairs`);
    #: a stored config always holds the pairs it was dealt with (an old one without
    #: the key: none), so it replays the same board.
    apart: tuple[tuple[str, str], ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", tuple(self.words))
        if self.apart is None:  # the built-in pairs among this pack's words
            words = set(self.words)
            pairs = tuple((a, b) for a, b in pack_pairs(self.language) if {a, b} <= words)
            object.__setattr__(self, "apart", pairs)
        else:
            object.__setattr__(self, "apart", tuple((a, b) for a, b in self.apart))
        object.__setattr__(
            self, "seats", tuple((Team(team), Role(role)) for team, role in self.seats)
        )

    def checked_pack(self) -> tuple[str, ...]:
        """Check the language, the seats and the pack; the pack in normal form.

        Raises :class:`CodenamesError`: ``unknown_language``,
        ``team_needs_one_spymaster``, ``team_needs_a_guesser``, or a pack error.
        """
        if self.language not in ("tr", "en"):
            raise codenames_errors.fail(codenames_errors.UNKNOWN_LANGUAGE, language=self.language)
        self.check_seats()
        return validate_pack(self.words, self.language)

    def check_seats(self) -> None:
        """Refuse a seating the game cannot be played with: ``solo_seats_red_only``,
        ``team_needs_one_spymaster``, ``team_needs_a_guesser``."""
        if self.solo and any(team is not Team.RED for team, _ in self.seats):
            raise codenames_errors.fail(codenames_errors.SOLO_SEATS_RED_ONLY)
        for team in (Team.RED,) if self.solo else Team:
            roles = [role for t, role in self.seats if t is team]
            spymasters = roles.count(Role.SPYMASTER)
            if spymasters != 1:
                raise codenames_errors.fail(codenames_errors.TEAM_NEEDS_ONE_SPYMASTER, team=team,
                                            count=spymasters)
            if Role.GUESSER not in roles:
                raise codenames_errors.fail(codenames_errors.TEAM_NEEDS_A_GUESSER, team=team)

    def kept_apart(self) -> tuple[tuple[str, str], ...]:
        """The pairs this game's dealing keeps apart (see :attr:`apart`)."""
        return self.apart or ()

    @property
    def teams(self) -> tuple[Team, ...]:
        """Each seat's team, by seat."""
        return tuple(team for team, _ in self.seats)

    def team_of(self, seat: int) -> Team:
        return self.seats[seat][0]

    def role_of(self, seat: int) -> Role:
        return self.seats[seat][1]

    def seats_of(self, team: Team, role: Role) -> tuple[int, ...]:
        """The seats of ``team`` playing ``role``, in seat order."""
        return tuple(s for s, spec in enumerate(self.seats) if spec == (team, role))

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": list(self.words),
            "language": self.language,
            "seats": [[team.value, role.value] for team, role in self.seats],
            "strict_clues": self.strict_clues,
            "solo": self.solo,
            "apart": [list(pair) for pair in self.kept_apart()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CodenamesConfig:
        """The config ``to_dict`` wrote; missing keys other than ``words`` take their defaults."""
        seats = data.get("seats")
        return cls(
            words=tuple(str(w) for w in data["words"]),
            language=data.get("language", "tr"),
            seats=DEFAULT_SEATS if seats is None else tuple(
                (Team(team), Role(role)) for team, role in seats
            ),
            strict_clues=bool(data.get("strict_clues", False)),
            solo=bool(data.get("solo", False)),
            apart=tuple((str(a), str(b)) for a, b in data.get("apart", ())),
        )


@dataclass(frozen=True, slots=True)
class ClueRecord:
    """A clue given in the game and the cards guessed under it, in order."""

    team: Team
    seat: int
    word: str
    number: int
    guesses: tuple[int, ...] = ()
    # The guessers' time ran out under this clue (their turn ended with it).
    timed_out: bool = False

    @property
    def max_guesses(self) -> int:
        return self.number + EXTRA_GUESSES

    @property
    def guesses_left(self) -> int:
        return self.max_guesses - len(self.guesses)


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment; never changed, only replaced by ``apply``.

    ``key[i]`` is the colour of ``words[i]``: secret from guessers and
    spectators until the card is revealed (views never copy it for them).
    ``team`` is the team to act and ``phase`` says whether its spymaster gives
    a clue or its guessers guess under ``clues[-1]``.
    """

    config: CodenamesConfig
    words: tuple[str, ...]
    key: tuple[Colour, ...]
    revealed: tuple[bool, ...]
    team: Team
    phase: Phase
    clues: tuple[ClueRecord, ...]
    move_number: int
    rng: Rng
    outcome: Outcome | None
    events: tuple[Event, ...]

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def language(self) -> Language:
        return self.config.language

    @property
    def current_clue(self) -> ClueRecord | None:
        """The clue the team to act is guessing under, or ``None`` in the clue phase."""
        return self.clues[-1] if self.phase is Phase.GUESS and self.clues else None

    def covered_words(self) -> tuple[str, ...]:
        """The board words not yet revealed."""
        return tuple(w for w, shown in zip(self.words, self.revealed, strict=True) if not shown)

    def remaining(self, team: Team) -> int:
        """How many of ``team``'s words are still covered (public: the board shows it)."""
        colour = colour_of(team)
        revealed = sum(
            1 for c, shown in zip(self.key, self.revealed, strict=True) if shown and c is colour
        )
        return KEY_COUNTS[colour] - revealed

    def acting_seats(self) -> tuple[int, ...]:
        """The seats that may act: the spymaster in the clue phase, else the guessers."""
        if self.outcome is not None:
            return ()
        role = Role.SPYMASTER if self.phase is Phase.CLUE else Role.GUESSER
        return self.config.seats_of(self.team, role)


__all__ = ["DEFAULT_SEATS", "ClueRecord", "CodenamesConfig", "GameState", "SeatSpec"]
