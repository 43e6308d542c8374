"""Drawing a board: 25 distinct words from the pack and the secret key."""

from __future__ import annotations

from collections.abc import Sequence

from harfiyen.core.rng import Rng
from harfiyen.games.codenames.rules import BOARD_SIZE, KEY_COUNTS, Colour


def draw_board(
    pack: Sequence[str], rng: Rng
) -> tuple[tuple[str, ...], tuple[Colour, ...], Rng]:
    """25 distinct words of ``pack`` (distinct already), the key for them and the next RNG.

    The key holds exactly 9 red, 8 blue, 7 neutral and 1 black card, in a
    random order independent of the words.

    >>> words, key, _ = draw_board([f"W{n}" for n in range(30)], Rng(5))
    >>> len(set(words)), sorted(key).count(Colour.RED), key.count(Colour.BLACK)
    (25, 9, 1)
    """
    shuffled, rng = rng.shuffled(pack)
    words = shuffled[:BOARD_SIZE]
    colours = [colour for colour, count in KEY_COUNTS.items() for _ in range(count)]
    key, rng = rng.shuffled(colours)
    return words, key, rng


__all__ = ["draw_board"]
