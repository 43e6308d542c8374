"""The configuration of a crossword match and the immutable game state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from harfiyen.core.rng import Rng
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.ending import Outcome
from harfiyen.games.crossword.events import Event
from harfiyen.games.crossword.rules import (
    DEFAULT_LEXICON,
    DEFAULT_VERSION,
    ChallengeMode,
    FinishLevel,
    RuleSet,
    Square,
    Variant,
    ruleset,
)
from harfiyen.games.crossword.scoring import ScoreBreakdown
from harfiyen.games.crossword.validate import WordList


@dataclass(frozen=True, slots=True)
class CrosswordConfig:
    """What a match is created with; stored with the match and replayed forever.

    ``version``/``lexicon`` ``None`` mean the current defaults; ``new_game``
    stores the resolved values (:meth:`resolved`) so a match keeps them.
    """

    rules: str = "tr"
    version: int | None = None
    lexicon: str | None = None
    players: int = 2
    challenge: ChallengeMode | None = None
    variant: Variant = "standard"
    finish_level: FinishLevel = "intermediate"

    @property
    def lexicon_id(self) -> str:
        return self.lexicon if self.lexicon is not None else DEFAULT_LEXICON[self.rules]

    def ruleset(self) -> RuleSet:
        """The rule set with this config's options; raises ``ValueError`` if invalid."""
        return ruleset(
            self.rules, self.version, players=self.players, challenge=self.challenge,
            variant=self.variant, finish_level=self.finish_level,
        )

    def resolved(self) -> CrosswordConfig:
        """This config with the default version, lexicon and challenge mode filled in."""
        rules = self.ruleset()
        return CrosswordConfig(
            rules=self.rules,
            version=self.version if self.version is not None else DEFAULT_VERSION[self.rules],
            lexicon=self.lexicon_id,
            players=self.players,
            challenge=rules.challenge if self.rules != "tr" else None,
            variant=self.variant,
            finish_level=self.finish_level,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "version": self.version, "lexicon": self.lexicon,
            "players": self.players, "challenge": self.challenge, "variant": self.variant,
            "finish_level": self.finish_level,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrosswordConfig:
        """The config ``to_dict`` wrote; missing keys take their defaults."""
        default = cls()
        return cls(
            rules=str(data.get("rules", default.rules)),
            version=data.get("version"),
            lexicon=data.get("lexicon"),
            players=int(data.get("players", default.players)),
            challenge=data.get("challenge"),
            variant=data.get("variant", default.variant),
            finish_level=data.get("finish_level", default.finish_level),
        )


@dataclass(frozen=True, slots=True)
class PendingPlay:
    """A play on the board that still awaits a possible challenge (``challenge=double``).

    Its tiles are on the board and its score is counted; a successful
    challenge takes both back and restores ``rack_before``. Replacement tiles
    are drawn only when the play stands. ``ends_game``: standing, it ends the
    game (the player went out with the bag empty, or reached the finish line),
    so the next seat must challenge or accept it.
    """

    seat: int
    placements: tuple[Placement, ...]
    words: tuple[str, ...]
    breakdown: ScoreBreakdown
    rack_before: tuple[str, ...]
    took_bonus_square: bool
    ends_game: bool


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment; never changed, only replaced by ``apply``.

    ``bag`` is ordered (its order is hidden information, as are other seats'
    racks): views never expose it. ``lexicon`` is the word list the game
    checks words with; it is not part of equality.
    """

    config: CrosswordConfig
    rules: RuleSet
    board: Board
    bag: tuple[str, ...]
    racks: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    to_move: int
    bonus_square: Square | None
    bonus_square_used: bool
    scoreless_turns: int
    passes: tuple[int, ...]
    pending: PendingPlay | None
    lose_turn: tuple[int, ...]
    move_number: int
    rng: Rng
    outcome: Outcome | None
    events: tuple[Event, ...]
    lexicon: WordList | None = field(default=None, compare=False, repr=False, hash=False)

    @property
    def players(self) -> int:
        return len(self.racks)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def active_bonus_square(self) -> Square | None:
        """The ★25 square while it still pays, else ``None``."""
        return None if self.bonus_square_used else self.bonus_square

    def rack_value(self, seat: int) -> int:
        """The value of the tiles left on ``seat``'s rack (blanks 0)."""
        return sum(self.rules.tiles.value(tile) for tile in self.racks[seat])


__all__ = ["CrosswordConfig", "GameState", "PendingPlay"]
