"""Crossword move generation: every legal play of a rack, blanks included, with scores.

The search is Gordon's GADDAG algorithm over the two-way automaton of
:mod:`harfiyen.lexicon.gaddag`. For every lane (row or column) and every anchor
(an empty square next to a tile, or the centre on an empty board) it places a
letter on the anchor, reads leftwards through the left automaton (over a run of
board tiles, or over free squares that are not anchors themselves, which makes
every play come from exactly one anchor: its leftmost new tile on an anchor),
crosses to the lexicon DAWG and reads rightwards. Letters are bitmasks: the
automaton's children, the rack's letters and the square's cross-check are
intersected in one ``&``.

Scores are computed incrementally while searching: the main word's letter sum
(letter premiums under new tiles), its word multiplier, and for each new tile
its cross word from the precomputed cross-sum (``crosschecks.py``); the bingo
and ★25 bonuses are added on the way. Tests check every score against
``scoring.score_move``.

A single tile that forms words both ways is generated once, across (as GCG
writes it). Results are compact records ``(score, direction, lane, start,
codes)`` where ``codes`` spell the main word: ``0`` for a tile already on the
board, ``s`` for a new tile of symbol ``s``, ``s | BLANK_CODE`` for a blank;
:meth:`MoveGenerator.to_move` turns one into a :class:`GeneratedPlay`.

The search has two implementations with one behaviour: the compiled core
(``_movegen.c``, a C extension built at install when a compiler is there) and the
pure-Python search below, which is the reference and the fallback. Both visit the
anchors and letters in the same order and return the same records in the same
order; ``tests/ai/crossword`` runs the movegen tests with each and compares them on
random positions. A generator uses the compiled core when the extension imports,
unless ``HARFIYEN_PURE_MOVEGEN=1`` is set or ``compiled=False`` is passed.
"""

from __future__ import annotations

import heapq
import os
from collections.abc import Sequence
from dataclasses import dataclass

from harfiyen.ai.crossword.bounds import anchor_bounds
from harfiyen.ai.crossword.crosschecks import ACROSS, DOWN, ScratchBoard, lane_index
from harfiyen.games.crossword.board import Board, Direction, Placement
from harfiyen.games.crossword.moves import Play
from harfiyen.games.crossword.notation.coords import Position, format_position, tile_text
from harfiyen.games.crossword.rules import BLANK, SIZE, RuleSet, Square
from harfiyen.lexicon.gaddag import Gaddag, gaddag
from harfiyen.lexicon.lexicon import Lexicon

#: Added to a symbol in a record's codes for a blank showing that letter.
BLANK_CODE = 64

#: ``(score, direction, lane, start, codes)``; see the module docstring.
Record = tuple[int, int, int, int, list[int]]

try:
    from harfiyen.ai.crossword import _movegen
except ImportError:  # built without a C compiler: the pure-Python search only
    _movegen = None  # type: ignore[assignment]

#: Set to ``1`` to make generators use the pure-Python search.
PURE_ENV = "HARFIYEN_PURE_MOVEGEN"


def compiled_available() -> bool:
    """True when the compiled core was built and imports."""
    return _movegen is not None


def _pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


# The compiled tables of a lexicon's automata (4.9 / 10.9 MB of C arrays for TR-1 /
# ENABLE-1), made once per left automaton; each entry holds its Gaddag so that the
# id keying it stays its own. A few ad-hoc lexicons of tests come and go: keep the last.
_TABLES: dict[int, tuple[Gaddag, _movegen.Tables]] = {}
_TABLES_KEPT = 4


def _tables_for(g: Gaddag) -> _movegen.Tables:
    found = _TABLES.get(id(g))
    if found is not None and found[0] is g:
        return found[1]
    assert _movegen is not None
    tables = _movegen.Tables(g.table, g.stride, g.nodes)
    while len(_TABLES) >= _TABLES_KEPT:
        del _TABLES[next(iter(_TABLES))]
    _TABLES[id(g)] = (g, tables)
    return tables


@dataclass(frozen=True, slots=True)
class GeneratedPlay:
    """A play the generator found: its new tiles, score and GCG notation.

    A search result, not an engine move: :attr:`play` is the engine's ``Play``
    of the same tiles (the engine scores and checks it again when it is made).
    """

    placements: tuple[Placement, ...]
    score: int
    #: GCG position of the main word's first square: ``8H`` across, ``H8`` down.
    position: str
    #: GCG word: ``.`` for a tile already on the board, lower case for a blank.
    word: str
    #: The rack tiles the play uses, ``?`` for a blank.
    tiles: str
    direction: Direction
    start: Square

    @property
    def gcg(self) -> str:
        return f"{self.position} {self.word}"

    @property
    def play(self) -> Play:
        """The engine move that makes this play."""
        return Play(self.placements)

    def as_json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "word": self.word,
            "score": self.score,
            "tiles": self.tiles,
            "direction": "across" if self.direction is Direction.ACROSS else "down",
        }


class MoveGenerator:
    """Generates plays for one lexicon and rule set (reusable across positions).

    ``compiled`` chooses the search: ``None`` (default) the compiled core when it is
    built and ``HARFIYEN_PURE_MOVEGEN`` is not set, ``False`` the pure-Python search,
    ``True`` the compiled core or :class:`RuntimeError` when it is not there.
    """

    def __init__(
        self, lexicon: Lexicon, rules: RuleSet, *, compiled: bool | None = None
    ) -> None:
        if lexicon.language != rules.language:
            raise ValueError(f"lexicon {lexicon.id} is not {rules.language}")
        self.lexicon = lexicon
        self.rules = rules
        self.gaddag: Gaddag = gaddag(lexicon)
        lm = [[1] * (SIZE * SIZE), [1] * (SIZE * SIZE)]
        wm = [[1] * (SIZE * SIZE), [1] * (SIZE * SIZE)]
        for (row, col), premium in rules.layout.items():
            for d in (ACROSS, DOWN):
                lm[d][lane_index(d, row, col)] = premium.letter_multiplier
                wm[d][lane_index(d, row, col)] = premium.word_multiplier
        self._letter_mult = lm
        self._word_mult = wm
        self._alphabet = lexicon.alphabet
        self._core: _movegen.Core | None = None
        letters = len(lexicon.alphabet)
        if compiled is None:
            compiled = (
                _movegen is not None and not _pure_requested()
                and letters <= _movegen.MAX_LETTERS
            )
        if compiled:
            if _movegen is None:
                raise RuntimeError("the compiled move generator is not built")
            values = [0] * (letters + 1)
            for letter, value in rules.tiles.values.items():
                sym = lexicon.symbol(letter)
                if sym:
                    values[sym] = value
            self._core = _movegen.Core(
                _tables_for(self.gaddag), letters, values, lm, wm,
                rules.bingo_bonus, rules.bingo_min_tiles,
            )

    @property
    def compiled(self) -> bool:
        """True when this generator searches with the compiled core."""
        return self._core is not None

    # -- positions -----------------------------------------------------------------

    def scratch(self, board: Board) -> ScratchBoard:
        """A scratch board for ``board`` with all cross-checks computed."""
        return ScratchBoard.from_board(board, self.lexicon, self.rules, self.gaddag.dawg_masks)

    def play(self, scratch: ScratchBoard, move: GeneratedPlay) -> None:
        """Put ``move``'s tiles on ``scratch``, updating only the lanes it touches."""
        sym = self.lexicon.symbol
        scratch.place(
            (p.square[0], p.square[1], sym(p.letter), p.blank) for p in move.placements
        )

    # -- racks -----------------------------------------------------------------------

    def _rack(self, rack: str | Sequence[str]) -> tuple[list[int], int]:
        counts = [0] * (len(self._alphabet) + 1)
        blanks = 0
        for tile in rack:
            if tile == BLANK:
                blanks += 1
                continue
            sym = self.lexicon.symbol(tile)
            if not sym:
                raise ValueError(f"{tile!r} is not a tile of {self.rules.language}")
            counts[sym] += 1
        return counts, blanks

    def _bonus_arrays(self, bonus_square: Square | None) -> list[list[int]]:
        bonus = [[0] * (SIZE * SIZE), [0] * (SIZE * SIZE)]
        if bonus_square is not None and self.rules.bonus_square_points:
            for d in (ACROSS, DOWN):
                bonus[d][lane_index(d, *bonus_square)] = self.rules.bonus_square_points
        return bonus

    # -- generation ----------------------------------------------------------------

    def generate(
        self,
        scratch: ScratchBoard,
        rack: str | Sequence[str],
        bonus_square: Square | None = None,
    ) -> list[Record]:
        """Every legal play of ``rack`` on ``scratch`` as compact records (any order)."""
        counts, blanks = self._rack(rack)
        if self._core is not None:
            return self._compiled(scratch, counts, blanks, bonus_square)
        anchors = [
            (d, lane, pos)
            for d in (ACROSS, DOWN)
            for lane in range(SIZE)
            for pos in range(SIZE)
            if scratch.anchor[d][lane * SIZE + pos]
        ]
        out: list[Record] = []
        self._search(scratch, counts, blanks, anchors, self._bonus_arrays(bonus_square), out)
        return out

    def moves(
        self,
        scratch: ScratchBoard,
        rack: str | Sequence[str],
        bonus_square: Square | None = None,
    ) -> list[GeneratedPlay]:
        """Every legal play as :class:`GeneratedPlay` objects, best score first."""
        records = self.generate(scratch, rack, bonus_square)
        records.sort(reverse=True)
        return [self.to_move(r) for r in records]

    def best(
        self,
        scratch: ScratchBoard,
        rack: str | Sequence[str],
        n: int = 1,
        bonus_square: Square | None = None,
    ) -> list[GeneratedPlay]:
        """The ``n`` highest-scoring plays, best first (ties in an arbitrary order).

        Anchors are searched in the order of an upper bound on what any play
        through them can score; once ``n`` plays are known, anchors whose bound is
        below the ``n``-th best score are skipped, and plays below it are not kept.
        """
        return [self.to_move(r) for r in self.best_records(scratch, rack, n, bonus_square)]

    def best_records(
        self,
        scratch: ScratchBoard,
        rack: str | Sequence[str],
        n: int = 1,
        bonus_square: Square | None = None,
    ) -> list[Record]:
        """:meth:`best` as compact records."""
        if n < 1:
            return []
        counts, blanks = self._rack(rack)
        if self._core is not None:
            # The compiled core computes the same bounds and searches in their order.
            kept = self._compiled(scratch, counts, blanks, bonus_square, keep=n)
        else:
            bonus = self._bonus_arrays(bonus_square)
            bounded = anchor_bounds(
                scratch, counts, blanks, bonus, self.rules, self._letter_mult, self._word_mult
            )
            bounded.sort(reverse=True)
            kept = []
            self._search(
                scratch, counts, blanks, [(d, lane, pos) for _, d, lane, pos in bounded], bonus,
                kept, keep=n, bounds=[b for b, _, _, _ in bounded],
            )
        kept.sort(reverse=True)
        return kept[:n]

    # -- records → moves -------------------------------------------------------------

    def to_move(self, record: Record) -> GeneratedPlay:
        """The :class:`GeneratedPlay` of a compact record."""
        score, d, lane, start, codes = record
        alphabet, lang = self._alphabet, self.rules.language
        placements: list[Placement] = []
        word: list[str] = []
        tiles: list[str] = []
        for k, code in enumerate(codes):
            if not code:
                word.append(".")
                continue
            blank = code >= BLANK_CODE
            letter = alphabet[(code & (BLANK_CODE - 1)) - 1]
            square = (lane, start + k) if d == ACROSS else (start + k, lane)
            placements.append(Placement(square, letter, blank))
            word.append(tile_text(letter, blank, lang))
            tiles.append(BLANK if blank else letter)
        direction = Direction.ACROSS if d == ACROSS else Direction.DOWN
        first = (lane, start) if d == ACROSS else (start, lane)
        return GeneratedPlay(
            tuple(placements),
            score,
            format_position(Position(first, direction)),
            "".join(word),
            "".join(tiles),
            direction,
            first,
        )

    # -- the search --------------------------------------------------------------------

    def _compiled(
        self,
        scratch: ScratchBoard,
        counts: list[int],
        blanks: int,
        bonus_square: Square | None,
        keep: int = 0,
    ) -> list[Record]:
        """The search in the compiled core: the records of :meth:`_search` over all anchors.

        With ``keep`` it visits the anchors by the bounds of ``bounds.py`` (computed in
        C) and returns every play at or above the final floor, a superset of the
        ``keep`` best that the caller sorts and cuts, as after :meth:`_search`.
        """
        assert self._core is not None
        points = self.rules.bonus_square_points if bonus_square is not None else 0
        row, col = bonus_square if bonus_square is not None and points else (-1, -1)
        return self._core.search(
            scratch.fixed, scratch.fixed_value, scratch.cross, scratch.cross_sum,
            scratch.anchor, counts, blanks, row, col, points, keep,
        )

    def _lane_arrays(
        self, scratch: ScratchBoard, bonus: list[list[int]], d: int, lane: int
    ) -> tuple[list[int], ...]:
        """One lane's slices: tiles, values, cross-checks, cross-sums, anchors,
        premiums, the ★25 bonus, and ``free_left`` (empty non-anchor squares in a
        row just left of each square: the room for left parts)."""
        base = lane * SIZE
        end = base + SIZE
        fx = scratch.fixed[d][base:end]
        anch = [int(x) for x in scratch.anchor[d][base:end]]
        free_left = [0] * SIZE
        for k in range(1, SIZE):
            free_left[k] = free_left[k - 1] + 1 if not (fx[k - 1] or anch[k - 1]) else 0
        return (
            fx,
            scratch.fixed_value[d][base:end],
            scratch.cross[d][base:end],
            scratch.cross_sum[d][base:end],
            anch,
            self._letter_mult[d][base:end],
            self._word_mult[d][base:end],
            bonus[d][base:end],
            free_left,
        )

    def _search(
        self,
        scratch: ScratchBoard,
        counts: list[int],
        blanks: int,
        anchors: Sequence[tuple[int, int, int]],
        bonus: list[list[int]],
        out: list[Record],
        keep: int = 0,
        bounds: Sequence[int] = (),
    ) -> None:
        """Append the records of plays from ``anchors`` ``(direction, lane, pos)`` to ``out``.

        With ``keep``, ``out`` is cut to the ``keep`` best after each anchor, plays
        below the ``keep``-th best score are not recorded, and the search stops at
        the first anchor whose entry in ``bounds`` is below it. ``counts`` is restored.
        """
        floor = -1
        nodes = self.gaddag.nodes
        table = scratch.table
        dmasks = self.gaddag.dawg_masks
        stride = len(scratch.values)
        values = scratch.values
        cnt = counts
        all_letters = scratch.all_letters
        bingo = self.rules.bingo_bonus
        bingo_min = self.rules.bingo_min_tiles
        append = out.append
        rack_mask = 0
        for s in range(1, len(cnt)):
            if cnt[s]:
                rack_mask |= 1 << (s - 1)

        # Lane state, rebound per lane and read by the closures below.
        fx: list[int] = []
        fv: list[int] = []
        cc: list[int] = []
        xs: list[int] = []
        lm: list[int] = []
        wm: list[int] = []
        bon: list[int] = []
        anch: list[int] = []
        buf: list[int] = [0] * SIZE
        free_left: list[int] = [0] * SIZE
        total = blanks + sum(cnt)
        direction = ACROSS
        lane = 0
        dup_single = False

        def right(
            j: int, d: int, start: int, msum: int, wmul: int, xsum: int, nt: int,
            rmask: int, nb: int,
        ) -> None:
            # Squares start..j-1 hold the word so far; ``d`` is its DAWG node.
            while j < SIZE:
                s = fx[j]
                if not s:
                    break
                d = table[d + s]
                if d < 0:
                    return
                msum += fv[j]
                j += 1
            if table[d] == 1 and j - start > 1 and not (nt == 1 and dup_single):
                score = msum * wmul + xsum + (bingo if nt >= bingo_min else 0)
                if score >= floor:
                    append((score, direction, lane, start, buf[start:j]))
            if j == SIZE or not (rmask or nb):
                return
            m = dmasks[d // stride] & cc[j]
            if not m:
                return
            lmj = lm[j]
            w = wm[j]
            w2 = wmul * w
            x = xs[j]
            bo = bon[j]
            j1 = j + 1
            nt1 = nt + 1
            mr = m & rmask
            while mr:
                b = mr & -mr
                mr ^= b
                s = b.bit_length()
                v = values[s] * lmj
                c = cnt[s] - 1
                cnt[s] = c
                buf[j] = s
                right(
                    j1, table[d + s], start, msum + v, w2,
                    xsum + bo + ((x + v) * w if x >= 0 else 0), nt1,
                    rmask if c else rmask ^ b, nb,
                )
                cnt[s] = c + 1
            if nb:
                xb = xsum + bo + (x * w if x >= 0 else 0)
                nb1 = nb - 1
                while m:
                    b = m & -m
                    m ^= b
                    s = b.bit_length()
                    buf[j] = s | BLANK_CODE
                    right(j1, table[d + s], start, msum, w2, xb, nt1, rmask, nb1)

        def left(
            i: int, n: int, r0: int, msum: int, wmul: int, xsum: int, nt: int,
            rmask: int, nb: int,
        ) -> None:
            # The word so far is i..r0-1 (read leftwards to left node ``n``), i-1 is
            # empty; after the separator the right part starts at ``r0``.
            d = nodes[n + 1]
            if d >= 0:
                right(r0, d, i, msum, wmul, xsum, nt, rmask, nb)
            if i == 0 or not (rmask or nb):
                return
            j = i - 1
            if anch[j]:
                return
            # A free square: no perpendicular neighbours, so no cross-check or cross word.
            mask = nodes[n]
            base = n + 2
            lmj = lm[j]
            w2 = wmul * wm[j]
            xb = xsum + bon[j]
            nt1 = nt + 1
            # Letters still to place leftwards: tiles left and free squares left of j.
            room = total - nt1
            if free_left[j] < room:
                room = free_left[j]
            m = mask & rmask
            while m:
                b = m & -m
                m ^= b
                child = nodes[base + (mask & (b - 1)).bit_count()]
                if nodes[child + 1] + room < 0:
                    continue  # cannot reach the word's first letter
                s = b.bit_length()
                c = cnt[s] - 1
                cnt[s] = c
                buf[j] = s
                left(
                    j, child, r0, msum + values[s] * lmj, w2, xb, nt1,
                    rmask if c else rmask ^ b, nb,
                )
                cnt[s] = c + 1
            if nb:
                nb1 = nb - 1
                m = mask
                while m:
                    b = m & -m
                    m ^= b
                    child = nodes[base + (mask & (b - 1)).bit_count()]
                    if nodes[child + 1] + room < 0:
                        continue
                    buf[j] = b.bit_length() | BLANK_CODE
                    left(j, child, r0, msum, w2, xb, nt1, rmask, nb1)

        def at_anchor(
            a: int, r0: int, n: int, msum: int, wmul: int, xsum: int, rmask: int, nb: int
        ) -> None:
            # A letter is on anchor ``a`` (left node ``n``, the board run right of it
            # already read); a board run to its left is forced.
            i = a
            while i > 0:
                s = fx[i - 1]
                if not s:
                    break
                mask = nodes[n]
                b = 1 << (s - 1)
                if not mask & b:
                    return
                n = nodes[n + 2 + (mask & (b - 1)).bit_count()]
                msum += fv[i - 1]
                i -= 1
            if i < a:
                # The square left of the run touches it, so it is an anchor: stop here.
                d = nodes[n + 1]
                if d >= 0:
                    right(r0, d, i, msum, wmul, xsum, 1, rmask, nb)
            else:
                left(a, n, r0, msum, wmul, xsum, 1, rmask, nb)

        current: tuple[int, int] | None = None
        lanes: dict[tuple[int, int], tuple[list[int], ...]] = {}
        for number, (d_, lane_, a) in enumerate(anchors):
            if keep:
                if len(out) >= keep:
                    out[:] = heapq.nlargest(keep, out)
                    floor = out[-1][0]
                if bounds[number] < floor:
                    break
            if current != (d_, lane_):
                current = (d_, lane_)
                direction, lane = d_, lane_
                arrays = lanes.get(current)
                if arrays is None:
                    arrays = lanes[current] = self._lane_arrays(scratch, bonus, d_, lane_)
                fx, fv, cc, xs, anch, lm, wm, bon, free_left = arrays
                buf = [0] * SIZE
            dup_single = direction == DOWN and xs[a] >= 0
            # A board run right of the anchor is read first (leftwards, from its far
            # end): Gordon's split after the run, so it constrains the anchor letter
            # and everything left of it before any rack tile is tried.
            r0 = a + 1
            while r0 < SIZE and fx[r0]:
                r0 += 1
            n0 = 0
            ms0 = 0
            q = r0 - 1
            while q > a:
                s = fx[q]
                mask = nodes[n0]
                b = 1 << (s - 1)
                if not mask & b:
                    break
                n0 = nodes[n0 + 2 + (mask & (b - 1)).bit_count()]
                ms0 += fv[q]
                q -= 1
            if q > a:
                continue
            start_mask = nodes[n0]
            m = start_mask & cc[a] & all_letters
            lma, wma, xa, boa = lm[a], wm[a], xs[a], bon[a]
            # With a board tile to the left the run is forced; else the letters still
            # needed leftwards must fit the rack and the free squares.
            room = SIZE if a and fx[a - 1] else min(total - 1, free_left[a])
            mr = m & rack_mask
            while mr:
                b = mr & -mr
                mr ^= b
                child = nodes[n0 + 2 + (start_mask & (b - 1)).bit_count()]
                if nodes[child + 1] + room < 0:
                    continue
                s = b.bit_length()
                v = values[s] * lma
                c = cnt[s] - 1
                cnt[s] = c
                buf[a] = s
                at_anchor(
                    a, r0, child, ms0 + v, wma, boa + ((xa + v) * wma if xa >= 0 else 0),
                    rack_mask if c else rack_mask ^ b, blanks,
                )
                cnt[s] = c + 1
            if blanks:
                xb = boa + (xa * wma if xa >= 0 else 0)
                while m:
                    b = m & -m
                    m ^= b
                    child = nodes[n0 + 2 + (start_mask & (b - 1)).bit_count()]
                    if nodes[child + 1] + room < 0:
                        continue
                    buf[a] = b.bit_length() | BLANK_CODE
                    at_anchor(a, r0, child, ms0, wma, xb, rack_mask, blanks - 1)


def generate_moves(
    board: Board,
    rack: str | Sequence[str],
    rules: RuleSet,
    lexicon: Lexicon,
    bonus_square: Square | None = None,
    *,
    compiled: bool | None = None,
) -> list[GeneratedPlay]:
    """Every legal play of ``rack`` on ``board``, best score first."""
    generator = MoveGenerator(lexicon, rules, compiled=compiled)
    return generator.moves(generator.scratch(board), rack, bonus_square)


__all__ = [
    "BLANK_CODE",
    "PURE_ENV",
    "GeneratedPlay",
    "MoveGenerator",
    "Record",
    "compiled_available",
    "generate_moves",
]
