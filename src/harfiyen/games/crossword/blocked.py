"""Is any valid play left? The test behind the classic end "no further play is possible".

Seed 002 ends a game "when a player uses the last tile or when no plays
remain". RULES.md lists the second end for ``en``; the engine decides it
(``en@2``, see ``RuleSet.no_play_end``) with this module:

* a *play* is a placement the engine would accept with every word it forms in
  the match's lexicon (a phony is not a play that "remains": a challenge would
  take it off, and a void-challenge game refuses it outright);
* no further play is possible when no seat can make one with its rack *and*
  no seat can exchange (the bag holds fewer tiles than an exchange needs), so
  only passes are left. A seat's own knowledge does not matter: the engine
  sees every rack.

The search walks every line of the board in both directions from every
square where a word may start, placing rack tiles (a blank as any letter) on
empty squares and reading board tiles, pruned by the lexicon's automaton and
by per-square cross-checks; it stops at the first valid play. It only runs
while the bag is too small to exchange, when racks are small and plays rare.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.rules import BLANK, SIZE, RuleSet
from harfiyen.games.crossword.validate import WordList
from harfiyen.lexicon.lexicon import Lexicon
from harfiyen.lexicon.normalize import ALPHABETS

Line = list[str | None]


def _prefix_automaton(lexicon: WordList, rules: RuleSet) -> Any:
    """An object with ``automaton`` and ``symbol`` for prefix pruning, or ``None``.

    Shipped lexicons have one; a plain set of words (tests) gets a small one built here.
    """
    if isinstance(lexicon, Lexicon):
        return lexicon
    if isinstance(lexicon, Iterable):
        words = [w for w in lexicon if isinstance(w, str)]
        return Lexicon.from_words("scratch", rules.language, words)
    return None


def has_valid_play(
    board: Board, rack: Sequence[str], rules: RuleSet, lexicon: WordList
) -> bool:
    """True when ``rack`` can make at least one play on ``board`` whose words are all in
    ``lexicon``. Undecidable lexicons (no prefixes to walk) count as "a play exists"."""
    if not rack:
        return False
    walker = _prefix_automaton(lexicon, rules)
    if walker is None:
        return True
    alphabet = ALPHABETS[rules.language]
    tiles = Counter(rack)
    automaton = walker.automaton
    symbol = walker.symbol
    if board.is_empty():
        return _word_from_rack(automaton, symbol, alphabet, tiles)
    rows: list[Line] = [
        [None if (t := board[(r, c)]) is None else t.letter for c in range(SIZE)]
        for r in range(SIZE)
    ]
    cols: list[Line] = [[rows[r][c] for r in range(SIZE)] for c in range(SIZE)]
    searched: list[tuple[Line, list[frozenset[str] | None]]] = []
    for lines, other in ((rows, cols), (cols, rows)):
        for index, line in enumerate(lines):
            if all(cell is None for cell in line) and not _near_tiles(lines, index):
                continue
            checks = _cross_checks(other, index, line, alphabet, lexicon)
            # One tile beside the board is the play most often left, and a cheap one to
            # find: every line is tried for it before any longer play is searched for.
            if _one_tile_play(line, checks, alphabet, tiles, lexicon):
                return True
            searched.append((line, checks))
    return any(_line_has_play(line, checks, automaton, symbol, alphabet, tiles)
               for line, checks in searched)


def _one_tile_play(line: Line, checks: list[frozenset[str] | None], alphabet: str,
                   tiles: Counter[str], lexicon: WordList) -> bool:
    """A play of a single rack tile on ``line``: the word along the line through it (and the
    perpendicular word, by ``checks``) valid, and at least one of them two letters long."""
    letters = alphabet if tiles[BLANK] else "".join(t for t, n in tiles.items() if n)
    for pos in range(SIZE):
        if line[pos] is not None:
            continue
        before, after = _perpendicular(line, pos)
        allowed = checks[pos]
        if not before and not after and allowed is None:
            continue  # touches nothing
        for letter in letters:
            if allowed is not None and letter not in allowed:
                continue
            if not before and not after:
                return True  # the perpendicular word alone, checked above
            if before + letter + after in lexicon:
                return True
    return False


def _near_tiles(lines: list[Line], index: int) -> bool:
    return any(
        0 <= i < SIZE and any(cell is not None for cell in lines[i])
        for i in (index - 1, index + 1)
    )


def _cross_checks(
    other: list[Line], index: int, line: Line, alphabet: str, lexicon: WordList
) -> list[frozenset[str] | None]:
    """Per square of the line: the letters allowed by the perpendicular word (``None``:
    no perpendicular neighbour, any letter, and the square does not connect)."""
    out: list[frozenset[str] | None] = []
    for pos in range(SIZE):
        if line[pos] is not None:
            out.append(None)
            continue
        # The perpendicular line through this square is other[pos]; our line is its index.
        before, after = _perpendicular(other[pos], index)
        if not before and not after:
            out.append(None)
        else:
            out.append(frozenset(x for x in alphabet if before + x + after in lexicon))
    return out


def _perpendicular(cells: Line, at: int) -> tuple[str, str]:
    """The letters just before and after index ``at`` of a perpendicular line."""
    i = at - 1
    before: list[str] = []
    while i >= 0 and (ch := cells[i]) is not None:
        before.append(ch)
        i -= 1
    j = at + 1
    after: list[str] = []
    while j < SIZE and (ch := cells[j]) is not None:
        after.append(ch)
        j += 1
    return "".join(reversed(before)), "".join(after)


def _line_has_play(
    line: Line,
    checks: list[frozenset[str] | None],
    automaton: Any,
    symbol: Any,
    alphabet: str,
    tiles: Counter[str],
) -> bool:
    """A word along ``line`` that places at least one tile and touches the board."""
    table, stride = automaton.table, automaton.stride

    def child(node: int, letter: str) -> int:
        sym = symbol(letter)
        return table[node + sym] if 0 < sym < stride else -1

    def extend(pos: int, node: int, placed: int, connected: bool, length: int) -> bool:
        if pos == SIZE or line[pos] is None:
            # The word read so far ends here (the next square is empty or the edge).
            if placed and connected and length >= 2 and table[node] == 1:
                return True
            if pos == SIZE:
                return False
        cell = line[pos]
        if cell is not None:
            nxt = child(node, cell)
            return nxt >= 0 and extend(pos + 1, nxt, placed, True, length + 1)
        allowed = checks[pos]
        touches = allowed is not None
        for tile in list(tiles):
            if tiles[tile] == 0:
                continue
            letters = alphabet if tile == BLANK else tile
            tiles[tile] -= 1
            try:
                for letter in letters:
                    if allowed is not None and letter not in allowed:
                        continue
                    nxt = child(node, letter)
                    if nxt >= 0 and extend(pos + 1, nxt, placed + 1, connected or touches,
                                           length + 1):
                        return True
            finally:
                tiles[tile] += 1
        return False

    # A word must reach a board tile or a square with a cross-word within the rack's reach.
    useful = [pos for pos in range(SIZE) if line[pos] is not None or checks[pos] is not None]
    reach = sum(tiles.values())
    for start in range(SIZE):
        if start > 0 and line[start - 1] is not None:
            continue  # a word cannot start right after a tile
        ahead = next((pos for pos in useful if pos >= start), None)
        if ahead is None or ahead - start >= reach + (line[ahead] is not None):
            continue
        if extend(start, 0, 0, False, 0):
            return True
    return False


def _word_from_rack(automaton: Any, symbol: Any, alphabet: str, tiles: Counter[str]) -> bool:
    """An empty board: any word of two letters or more spelled from the rack."""
    table, stride = automaton.table, automaton.stride

    def walk(node: int, length: int) -> bool:
        if length >= 2 and table[node] == 1:
            return True
        for tile in list(tiles):
            if tiles[tile] == 0:
                continue
            tiles[tile] -= 1
            try:
                for letter in (alphabet if tile == BLANK else tile):
                    sym = symbol(letter)
                    nxt = table[node + sym] if 0 < sym < stride else -1
                    if nxt >= 0 and walk(nxt, length + 1):
                        return True
            finally:
                tiles[tile] += 1
        return False

    return walk(0, 0)


__all__ = ["has_valid_play"]
