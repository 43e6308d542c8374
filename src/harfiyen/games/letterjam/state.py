"""The configuration of a Harf Takıl game and the immutable game state.

Cards are numbered: ``GameState.cards[i]`` is the letter of card ``i`` (the
numbering is itself shuffled at setup, so a card number says nothing about
its letter). Stands, piles, the deck and events hold card numbers; letters
are looked up only where a viewer may see them (``views``), which keeps the
"never your own letters" rule in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from harfiyen.core.rng import Rng
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.ending import EndReason, Outcome
from harfiyen.games.letterjam.events import Event
from harfiyen.games.letterjam.moves import Arrange, Offer
from harfiyen.games.letterjam.rules import (
    DEFAULT_WORD_LENGTH,
    MAX_WORD_LENGTH,
    MIN_WORD_LENGTH,
    RULES_VERSION,
    RULES_VERSIONS,
    Setup,
    setup_for,
)
from harfiyen.lexicon.normalize import Language, upper
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON


class WordList(Protocol):
    """Anything that answers ``word in lexicon`` for upper-case words."""

    def __contains__(self, word: object, /) -> bool: ...


class Phase(StrEnum):
    """``round``: offers, votes, moving on; ``clue``: the chosen cluegiver acts;
    ``final``: no more clues, players arrange their cards; ``over``: revealed."""

    ROUND = "round"
    CLUE = "clue"
    FINAL = "final"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LetterJamConfig:
    """What a game is created with; stored with the game and replayed forever.

    ``nonplayer_stands`` below the table's count and ``word_length`` other
    than 5 are the seed's difficulty options. ``secret_words`` (one per seat)
    are words chosen by the players' neighbours; ``None`` lets the game deal
    them. ``scoring`` turns on the optional scoring.
    """

    language: Language = "tr"
    players: int = 4
    word_length: int = DEFAULT_WORD_LENGTH
    nonplayer_stands: int | None = None
    scoring: bool = False
    lexicon: str | None = None
    secret_words: tuple[str, ...] | None = None
    version: int = RULES_VERSION

    def __post_init__(self) -> None:
        if self.secret_words is not None:
            words = tuple(upper(w, self.language) for w in self.secret_words)
            object.__setattr__(self, "secret_words", words)

    @property
    def lexicon_id(self) -> str:
        return self.lexicon if self.lexicon is not None else DEFAULT_LEXICON[self.language]

    def setup(self) -> Setup:
        """The setup row; raises a :class:`LetterJamError` for an invalid config."""
        if self.language not in ("tr", "en"):
            raise letterjam_errors.fail(letterjam_errors.UNKNOWN_LANGUAGE, language=self.language)
        if self.version not in RULES_VERSIONS:
            raise letterjam_errors.fail(letterjam_errors.UNKNOWN_VERSION, version=self.version)
        if not MIN_WORD_LENGTH <= self.word_length <= MAX_WORD_LENGTH:
            raise letterjam_errors.fail(letterjam_errors.WORD_LENGTH, min=MIN_WORD_LENGTH,
                                        max=MAX_WORD_LENGTH,
                                        length=self.word_length)
        if self.secret_words is not None and len(self.secret_words) != self.players:
            raise letterjam_errors.fail(letterjam_errors.SECRET_WORD_COUNT,
                                        count=len(self.secret_words), players=self.players)
        return setup_for(self.players, self.nonplayer_stands)

    def to_dict(self) -> dict[str, Any]:
        return {
            "language": self.language, "players": self.players, "word_length": self.word_length,
            "nonplayer_stands": self.nonplayer_stands, "scoring": self.scoring,
            "lexicon": self.lexicon, "version": self.version,
            "secret_words": None if self.secret_words is None else list(self.secret_words),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LetterJamConfig:
        """The config ``to_dict`` wrote; missing keys take their defaults."""
        default = cls()
        language = data.get("language", default.language)
        words = data.get("secret_words")
        return cls(
            language="en" if language == "en" else "tr",
            players=int(data.get("players", default.players)),
            word_length=int(data.get("word_length", default.word_length)),
            nonplayer_stands=data.get("nonplayer_stands"),
            scoring=bool(data.get("scoring", default.scoring)),
            lexicon=data.get("lexicon"),
            secret_words=None if words is None else tuple(words),
            version=int(data.get("version", default.version)),
        )


@dataclass(frozen=True, slots=True)
class ClueRecord:
    """One clue as one player wrote it down.

    ``cards``: the reference labels in word order (``P2``, ``N0``, ``*``, ...);
    ``letters``: what the player saw at each place: the letter, ``*`` for the
    wildcard and ``?`` for the player's own card (stand or bonus).
    ``own_position``: which of the player's own cards the ``?`` on their stand
    stands for (``None`` if the clue did not use it).
    """

    number: int
    cluegiver: int
    cards: tuple[str, ...]
    letters: tuple[str, ...]
    own_position: int | None

    @property
    def text(self) -> str:
        return "".join(self.letters)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "cluegiver": self.cluegiver, "cards": list(self.cards),
            "letters": list(self.letters), "text": self.text, "own_position": self.own_position,
        }


@dataclass(frozen=True, slots=True)
class Player:
    """One seat: its word's cards, progress, guess sheet, tokens and round state.

    ``dealt``: card numbers in the secret word's order; ``stand``: the same
    cards shuffled, in the order they are shown; ``position``: the index in
    ``stand`` of the card now shown (``len(stand)`` once past the last).
    ``guesses[i]`` is the guess recorded for ``stand[i]``. ``bonus``: the
    unseen bonus card; ``bonus_used``: it was used in a clue and must be named.
    """

    dealt: tuple[int, ...]
    stand: tuple[int, ...]
    position: int = 0
    guesses: tuple[str | None, ...] = ()
    bonus: int | None = None
    bonus_used: bool = False
    red_left: int = 0
    clues_given: int = 0
    records: tuple[ClueRecord, ...] = ()
    offer: Offer | None = None
    vote: int | None = None
    agrees_end: bool = False
    arrangement: Arrange | None = None

    @property
    def current(self) -> int | None:
        """The card number now on the stand, or ``None`` past the last card."""
        return self.stand[self.position] if self.position < len(self.stand) else None


@dataclass(frozen=True, slots=True)
class Pile:
    """A nonplayer stand: ``cards[0]`` shows; ``green_under`` until the pile runs out."""

    cards: tuple[int, ...]
    green_under: bool = True

    @property
    def top(self) -> int | None:
        return self.cards[0] if self.cards else None


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment; never changed, only replaced by ``apply``.

    ``deck`` is ordered (hidden from everyone). ``green_open``: greens anyone
    may take; ``green_centre``: greens locked until the last red is taken.
    ``lexicon`` is the word list clues are checked with; not part of equality.
    """

    config: LetterJamConfig
    setup: Setup
    cards: tuple[str, ...]
    players: tuple[Player, ...]
    piles: tuple[Pile, ...]
    deck: tuple[int, ...]
    shared: tuple[int, ...]
    discards: tuple[int, ...]
    green_open: int
    green_centre: int
    phase: Phase
    cluegiver: int | None
    clue_number: int
    end_reason: EndReason | None
    rng: Rng
    outcome: Outcome | None
    events: tuple[Event, ...]
    lexicon: WordList | None = field(default=None, compare=False, repr=False, hash=False)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def red_left(self) -> int:
        return sum(p.red_left for p in self.players)

    @property
    def green_under_piles(self) -> int:
        return sum(pile.green_under for pile in self.piles)

    @property
    def unused_greens(self) -> int:
        """Green tokens never taken: open, in the centre and under piles."""
        return self.green_open + self.green_centre + self.green_under_piles

    def letter(self, card: int) -> str:
        return self.cards[card]


__all__ = ["ClueRecord", "GameState", "LetterJamConfig", "Phase", "Pile", "Player", "WordList"]
