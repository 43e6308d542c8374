"""Drawing a board: 25 distinct words from the pack and the secret key."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from harfiyen.core.rng import Rng
from harfiyen.games.codenames.rules import BOARD_SIZE, KEY_COUNTS, Colour


def draw_board(
    pack: Sequence[str], rng: Rng, apart: Iterable[tuple[str, str]] = ()
) -> tuple[tuple[str, ...], tuple[Colour, ...], Rng]:
    """25 distinct words of ``pack`` (distinct already), the key for them and the next RNG.

    Words are taken in shuffled order, skipping a word that ``apart`` pairs
    with one already taken (near-synonyms such as TANIK / ŞAHİT never meet on
    a board); only a pack too small for that fills up with skipped words.
    Without pairs the board is the first 25 shuffled words. The key holds
    exactly 9 red, 8 blue, 7 neutral and 1 black card, in a random order
    independent of the words.

    >>> words, key, _ = draw_board([f"W{n}" for n in range(30)], Rng(5))
    >>> len(set(words)), sorted(key).count(Colour.RED), key.count(Colour.BLACK)
    (25, 9, 1)
    >>> words, _, _ = draw_board([f"W{n}" for n in range(30)], Rng(5), [("W0", "W1")])
    >>> "W0" in words and "W1" in words
    False
    """
    shuffled, rng = rng.shuffled(pack)
    partners: dict[str, set[str]] = {}
    for a, b in apart:
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    taken: list[str] = []
    skipped: list[str] = []
    for word in shuffled:
        if len(taken) == BOARD_SIZE:
            break
        if partners.get(word, set()).isdisjoint(taken):
            taken.append(word)
        else:
            skipped.append(word)
    words = tuple(taken + skipped[: BOARD_SIZE - len(taken)])
    colours = [colour for colour, count in KEY_COUNTS.items() for _ in range(count)]
    key, rng = rng.shuffled(colours)
    return words, key, rng


__all__ = ["draw_board"]
