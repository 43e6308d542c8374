"""Types of the compiled move-generation core (``_movegen.c``)."""

from collections.abc import Sequence

MAX_LETTERS: int

class Tables:
    """A lexicon's DAWG table and left automaton, copied into C arrays."""

    def __init__(self, table: Sequence[int], stride: int, nodes: Sequence[int]) -> None: ...
    @property
    def nbytes(self) -> int: ...

class Core:
    """``Tables`` plus a rule set's tile values, premiums and bingo bonus."""

    def __init__(
        self,
        tables: Tables,
        letters: int,
        values: Sequence[int],
        letter_mult: Sequence[Sequence[int]],
        word_mult: Sequence[Sequence[int]],
        bingo: int,
        bingo_min: int,
    ) -> None: ...
    def search(
        self,
        fixed: Sequence[Sequence[int]],
        fixed_value: Sequence[Sequence[int]],
        cross: Sequence[Sequence[int]],
        cross_sum: Sequence[Sequence[int]],
        anchor: Sequence[Sequence[bool]],
        counts: Sequence[int],
        blanks: int,
        bonus_row: int,
        bonus_col: int,
        bonus_points: int,
        keep: int = 0,
    ) -> list[tuple[int, int, int, int, list[int]]]: ...
    def bounds(
        self,
        fixed: Sequence[Sequence[int]],
        fixed_value: Sequence[Sequence[int]],
        cross_sum: Sequence[Sequence[int]],
        anchor: Sequence[Sequence[bool]],
        counts: Sequence[int],
        blanks: int,
        bonus_row: int,
        bonus_col: int,
        bonus_points: int,
    ) -> list[tuple[int, int, int, int]]: ...
