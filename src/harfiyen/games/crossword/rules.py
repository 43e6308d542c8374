"""The crossword rule sets as data: tile sets, board layouts, rule versions.

One engine plays both tile games; everything that differs between the
Turkish app rules (``tr``) and classic Scrabble (``en``) is a value here.
The board is 15×15; a square is ``(row, col)`` with 0-based indices, row 0
being GCG row ``1`` and column 0 being GCG column ``A``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Final, Literal

from harfiyen.core.wire import Codec
from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.lexicon.normalize import Language

SIZE: Final = 15
CENTER: Final = (7, 7)
BLANK: Final = "?"  # a blank (joker) on a rack or in the bag

Square = tuple[int, int]
ChallengeMode = Literal["none", "double", "void"]
Variant = Literal["standard", "nine-tile", "finish-line"]
FinishLevel = Literal["beginner", "intermediate", "expert"]


class Premium(Enum):
    """A premium square. Turkish labels: H2, H3 (letter), K2, K3 (word)."""

    DL = "H2"
    TL = "H3"
    DW = "K2"
    TW = "K3"

    @property
    def letter_multiplier(self) -> int:
        return {Premium.DL: 2, Premium.TL: 3}.get(self, 1)

    @property
    def word_multiplier(self) -> int:
        return {Premium.DW: 2, Premium.TW: 3}.get(self, 1)


def parse_square(name: str) -> Square:
    """``"C1"`` (column letter A–O, row 1–15) → ``(0, 2)``; raises ``ValueError``.

    >>> parse_square("H8"), parse_square("O15")
    ((7, 7), (14, 14))
    """
    column, row = name[:1], name[1:]
    if not ("A" <= column <= "O" and row.isascii() and row.isdigit() and row[0] != "0"
            and 1 <= int(row) <= SIZE):
        raise ValueError(f"not a square name: {name!r}")
    return int(row) - 1, ord(column) - ord("A")


def square_name(square: Square) -> str:
    """``(0, 2)`` → ``"C1"``."""
    return f"{chr(ord('A') + square[1])}{square[0] + 1}"


# Squares are written by name on the wire (``"H8"``), lists of squares as lists of names.
SQUARE: Final = Codec(square_name, parse_square)
SQUARES: Final = Codec(
    lambda squares: [square_name(sq) for sq in squares],
    lambda names: tuple(parse_square(n) for n in names),
)


def _layout(spec: Mapping[Premium, str]) -> Mapping[Square, Premium]:
    out: dict[Square, Premium] = {}
    for premium, names in spec.items():
        for name in names.split():
            out[parse_square(name)] = premium
    return MappingProxyType(out)


TR_LAYOUT: Final = _layout({
    Premium.TW: "C1 M1 A3 O3 A13 O13 C15 M15",
    Premium.DW: "H3 D4 L4 C8 M8 D12 L12 H13 H8",
    Premium.TL: "B2 N2 E5 K5 E11 K11 B14 N14",
    Premium.DL: "F1 J1 G2 I2 A6 F6 J6 O6 B7 G7 I7 N7 B9 G9 I9 N9 A10 F10 J10 O10 G14 I14 F15 J15",
})

EN_LAYOUT: Final = _layout({
    Premium.TW: "A1 H1 O1 A8 O8 A15 H15 O15",
    Premium.DW: "B2 C3 D4 E5 K11 L12 M13 N14 B14 C13 D12 E11 K5 L4 M3 N2 H8",
    Premium.TL: "B6 B10 F2 F6 F10 F14 J2 J6 J10 J14 N6 N10",
    Premium.DL: "A4 A12 C7 C9 D1 D8 D15 G3 G7 G9 G13 H4 H12 I3 I7 I9 I13 L1 L8 L15 M7 M9 O4 O12",
})


@dataclass(frozen=True)
class TileSet:
    """Letters with their count in the bag and their value; blanks are worth 0."""

    counts: Mapping[str, int]
    values: Mapping[str, int]
    blanks: int

    @property
    def total(self) -> int:
        return sum(self.counts.values()) + self.blanks

    def value(self, tile: str) -> int:
        """Value of a rack tile (``?`` is a blank, worth 0)."""
        return 0 if tile == BLANK else self.values[tile]

    def bag(self) -> tuple[str, ...]:
        """Every tile of a full bag, in alphabet order."""
        return tuple(
            letter for letter, n in self.counts.items() for _ in range(n)
        ) + (BLANK,) * self.blanks


def _tiles(spec: str) -> tuple[Mapping[str, int], Mapping[str, int]]:
    counts: dict[str, int] = {}
    values: dict[str, int] = {}
    for item in spec.split():
        letter, count, value = item.split(":")
        counts[letter] = int(count)
        values[letter] = int(value)
    return MappingProxyType(counts), MappingProxyType(values)


# The seed's Turkish table: letter:count:value.
_TR_COUNTS, _TR_VALUES = _tiles(
    "A:12:1 B:2:3 C:2:4 Ç:2:4 D:2:3 E:8:1 F:1:7 G:1:5 Ğ:1:8 H:1:5 I:4:2 İ:7:1 J:1:10 "
    "K:7:1 L:7:1 M:4:2 N:5:1 O:3:2 Ö:1:7 P:1:5 R:6:1 S:3:2 Ş:2:4 T:5:1 U:3:2 Ü:2:3 "
    "V:1:7 Y:2:3 Z:2:4"
)
TR_TILES: Final = TileSet(_TR_COUNTS, _TR_VALUES, blanks=2)

_EN_COUNTS, _EN_VALUES = _tiles(
    "A:9:1 B:2:3 C:2:3 D:4:2 E:12:1 F:2:4 G:3:2 H:2:4 I:9:1 J:1:8 K:1:5 L:4:1 M:2:3 "
    "N:6:1 O:8:1 P:2:3 Q:1:10 R:6:1 S:4:1 T:6:1 U:4:1 V:2:4 W:2:4 X:1:8 Y:2:4 Z:1:10"
)
EN_TILES: Final = TileSet(_EN_COUNTS, _EN_VALUES, blanks=2)

# Finish-line targets by number of players and level (seed 002).
FINISH_LINE_TARGETS: Final[Mapping[int, Mapping[FinishLevel, int]]] = MappingProxyType({
    2: MappingProxyType({"beginner": 70, "intermediate": 120, "expert": 200}),
    3: MappingProxyType({"beginner": 60, "intermediate": 100, "expert": 180}),
    4: MappingProxyType({"beginner": 50, "intermediate": 90, "expert": 160}),
})


@dataclass(frozen=True)
class RuleSet:
    """Everything the engine needs to know about one rule set and its options."""

    family: Literal["tr", "en"]
    version: int
    language: Language
    tiles: TileSet
    layout: Mapping[Square, Premium]
    min_players: int
    max_players: int
    rack_size: int = 7
    bingo_bonus: int = 50
    bingo_min_tiles: int = 7
    # tr: a ★25 square drawn per game among the plain squares, paying once.
    bonus_square_points: int = 0
    # tr@2: first racks hold at least 2 vowels and 2 consonants (blanks neither).
    balanced_first_deal: bool = False
    # tr: an exchange swaps the whole rack; en: any 1..rack tiles.
    exchange_whole_rack: bool = False
    # Tiles the bag must hold to exchange; None: as many as are exchanged.
    exchange_min_bag: int | None = None
    challenge: ChallengeMode = "none"
    # tr: with fewer than ``scoreless_bag_below`` tiles in the bag,
    # ``scoreless_turns`` consecutive passes/exchanges end the game unadjusted.
    scoreless_bag_below: int | None = None
    scoreless_turns: int | None = None
    # en: a player passing on two consecutive own turns ends the game.
    two_pass_end: bool = False
    # en: seats are drawn (nearest to A starts, a blank beats all).
    draw_for_first: bool = False
    # en: ties go to the higher score before the end adjustments.
    tie_break_pre_adjustment: bool = False
    finish_target: int | None = None
    # en@2: the game ends when no seat can play a valid word and none can exchange
    # (``blocked.has_valid_play``); en@1 games keep ending only by the other rules.
    no_play_end: bool = False
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def key(self) -> str:
        """``rules@version`` as stored with a match, e.g. ``tr@2``."""
        return f"{self.family}@{self.version}"


def _tr(version: int) -> RuleSet:
    """The Turkish app's rules (seed 001); version 2 balances the first racks."""
    return RuleSet(
        family="tr", version=version, language="tr", tiles=TR_TILES, layout=TR_LAYOUT,
        min_players=2, max_players=2, bingo_bonus=30, bonus_square_points=25,
        balanced_first_deal=version >= 2, exchange_whole_rack=True,
        challenge="none", scoreless_bag_below=20, scoreless_turns=4,
    )


def _en(version: int) -> RuleSet:
    """Classic Scrabble (seed 002), before its options are applied; version 2 also
    ends the game when no play is possible."""
    return RuleSet(
        family="en", version=version, language="en", tiles=EN_TILES, layout=EN_LAYOUT,
        min_players=2, max_players=4, rack_size=7, bingo_bonus=50, bingo_min_tiles=7,
        exchange_min_bag=7, challenge="double", two_pass_end=True, draw_for_first=True,
        tie_break_pre_adjustment=True, no_play_end=version >= 2,
    )


@dataclass(frozen=True)
class Family:
    """A rule family as data: its versions, lexicon, players, challenge modes and variants.

    ``challenges``: the modes a match may choose, the first being the default
    (``("none",)``: no challenges). ``variants``: the variants it offers.
    """

    name: Literal["tr", "en"]
    versions: Mapping[int, RuleSet]
    default_version: int
    lexicon: str
    challenges: tuple[ChallengeMode, ...]
    variants: tuple[Variant, ...]

    @property
    def players(self) -> tuple[int, int]:
        base = self.versions[self.default_version]
        return base.min_players, base.max_players


FAMILIES: Final[Mapping[str, Family]] = MappingProxyType({
    "tr": Family("tr", MappingProxyType({1: _tr(1), 2: _tr(2)}), 2, "TR-1", ("none",),
                 ("standard",)),
    "en": Family("en", MappingProxyType({1: _en(1), 2: _en(2)}), 2, "ENABLE-1", ("double", "void"),
                 ("standard", "nine-tile", "finish-line")),
})


def _nine_tile(rules: RuleSet, players: int, level: FinishLevel) -> RuleSet:
    # Racks of 9; the bingo bonus for 7, 8 or 9 tiles; an exchange needs 9 in the bag.
    return replace(rules, rack_size=9, exchange_min_bag=9)


def _finish_line(rules: RuleSet, players: int, level: FinishLevel) -> RuleSet:
    return replace(rules, finish_target=FINISH_LINE_TARGETS[players][level])


# Each variant changes the family's rules; "standard" changes nothing.
VARIANTS: Final[Mapping[Variant, Callable[[RuleSet, int, FinishLevel], RuleSet]]] = (
    MappingProxyType({
        "standard": lambda rules, players, level: rules,
        "nine-tile": _nine_tile,
        "finish-line": _finish_line,
    })
)

RULE_VERSIONS: Final = {name: tuple(f.versions) for name, f in FAMILIES.items()}
DEFAULT_VERSION: Final = {name: f.default_version for name, f in FAMILIES.items()}
DEFAULT_LEXICON: Final = {name: f.lexicon for name, f in FAMILIES.items()}


def ruleset(
    family: str,
    version: int | None = None,
    *,
    players: int = 2,
    challenge: ChallengeMode | None = None,
    variant: Variant = "standard",
    finish_level: FinishLevel = "intermediate",
) -> RuleSet:
    """The rule set ``family@version`` with its options applied (from the tables above).

    Raises :class:`~harfiyen.games.crossword.errors.CrosswordError` for an unknown
    family or version, a player count, challenge mode or variant the family does
    not have.
    """
    spec = FAMILIES.get(family)
    version = (spec.default_version if spec else 0) if version is None else version
    if spec is None or version not in spec.versions:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_RULES, rules=f"{family}@{version}",
                                    known=[f"{f}@{v}" for f, s in FAMILIES.items()
                                           for v in s.versions])
    base = spec.versions[version]
    if not base.min_players <= players <= base.max_players:
        raise crossword_errors.fail(crossword_errors.PLAYER_COUNT, rules=family, players=players,
                                    min=base.min_players, max=base.max_players)
    mode = challenge or spec.challenges[0]
    if mode not in spec.challenges:
        raise crossword_errors.fail(crossword_errors.NO_SUCH_CHALLENGE, rules=family,
                                    challenge=mode, allowed=list(spec.challenges))
    if variant not in spec.variants:
        raise crossword_errors.fail(crossword_errors.NO_SUCH_VARIANT, rules=family, variant=variant,
                                    allowed=list(spec.variants))
    rules = VARIANTS[variant](replace(base, challenge=mode), players, finish_level)
    if len(spec.challenges) == 1 and len(spec.variants) == 1:
        return rules  # a family without choices records no options
    options: dict[str, str] = {"challenge": mode, "variant": variant}
    if rules.finish_target is not None:
        options["level"] = finish_level
    return replace(rules, options=MappingProxyType(options))
