"""Exact crossword endgames: with the bag empty both racks are known, so search them.

Once the bag is empty a player can work out the opponent's rack from the
unseen tiles, and the rest of the game is a two-player game of perfect
information. :func:`solve` searches it with negamax alpha-beta over the
*spread* (own points minus the opponent's, end adjustments included):

* moves are every play of the side to move plus a pass; plays that go out come
  first, then plays by score, then the pass (the transposition table's best
  move of an earlier iteration is tried before all of them);
* a transposition table keyed by a Zobrist hash of the board squares, both
  racks, the side to move, the pass counters and whether the ★25 square still
  pays stores bounds with their depth;
* iterative deepening runs until the tree is solved to the end of the game
  (``complete``) or the time limit is up; then the last finished iteration's
  move stands (a horizon node is scored by the rack values left).

The end rules follow the rule set, as the engine applies them:

* going out (bag empty, rack emptied): the others' rack values move to the
  finisher, in ``tr`` and ``en`` alike (spread ``+2×`` the opponent's rack);
* ``tr``: with fewer than 20 tiles in the bag (so always here) 4 consecutive
  scoreless turns end the game with no rack adjustment;
* ``en``: a player passing on two consecutive own turns ends the game, and
  every player loses the value of their own rack.

Values are spreads from the point of view of the side to move at the root.
The search assumes two players and no challenges (in the endgame a
``double``-challenge opponent has no reason to challenge a valid word).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harfiyen.ai.crossword.crosschecks import ScratchBoard
from harfiyen.ai.crossword.movegen import GeneratedPlay, MoveGenerator
from harfiyen.games.crossword.board import Board
from harfiyen.games.crossword.moves import Pass, Play
from harfiyen.games.crossword.rules import BLANK, SIZE, RuleSet, Square
from harfiyen.games.crossword.views import CrosswordView
from harfiyen.lexicon.lexicon import Lexicon

#: Transposition-table bound kinds.
EXACT, LOWER, UPPER = 0, 1, 2

#: Scores beyond any crossword spread, for the search window.
INFINITY = 1_000_000

#: Entries of the per-solve move cache before it is cleared (memory cap).
MOVE_CACHE_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class EndgameResult:
    """What :func:`solve` found.

    ``best_move`` is the play to make, ``None`` for a pass. ``value`` is the
    final spread (to_move's score minus the opponent's at the end of the game,
    current scores and end adjustments included) that best play reaches
    against best defence; when ``complete`` is false it is the estimate of the
    deepest finished iteration. ``principal_variation`` is the expected line
    (``None`` entries are passes). ``nodes`` counts positions searched,
    ``depth`` the deepest finished iteration (plies).
    """

    best_move: GeneratedPlay | None
    value: int
    principal_variation: tuple[GeneratedPlay | None, ...]
    complete: bool
    nodes: int
    depth: int
    seconds: float

    def line(self) -> list[str]:
        """The principal variation in GCG notation (``pass`` for a pass)."""
        return ["pass" if m is None else m.gcg for m in self.principal_variation]


def to_engine_move(move: GeneratedPlay | None) -> Play | Pass:
    """The engine move of a search move (``None`` is a pass)."""
    return Pass() if move is None else move.play


class _OutOfTime(Exception):
    """Raised inside the search when the deadline has passed."""


class _Zobrist:
    """Random 64-bit keys for squares × tiles, rack tiles × side × copy, side to move.

    Drawn from a fixed seed so hashes are the same in every run.
    """

    def __init__(self, alphabet: str) -> None:
        rng = random.Random(0x5EED_E0D6)
        letters = [*alphabet, BLANK]
        self.index = {letter: i for i, letter in enumerate(letters)}
        width = len(letters)
        # Board: (square, letter, blank) → key.
        self.square = [
            [[rng.getrandbits(64) for _ in range(2)] for _ in range(width)]
            for _ in range(SIZE * SIZE)
        ]
        # Racks: (side, letter, k-th copy) → key; racks are multisets.
        self.rack = [[[rng.getrandbits(64) for _ in range(8)] for _ in range(width)]
                     for _ in range(2)]
        self.side = rng.getrandbits(64)
        self.bonus = rng.getrandbits(64)
        self.scoreless = [rng.getrandbits(64) for _ in range(8)]
        self.passes = [[rng.getrandbits(64) for _ in range(4)] for _ in range(2)]

    def board(self, board: Board) -> int:
        h = 0
        for (r, c), tile in board.occupied():
            h ^= self.tile(r, c, tile.letter, tile.blank)
        return h

    def tile(self, row: int, col: int, letter: str, blank: bool) -> int:
        return self.square[row * SIZE + col][self.index[letter]][int(blank)]

    def racks(self, racks: Sequence[str]) -> int:
        h = 0
        for side, rack in enumerate(racks):
            seen: Counter[str] = Counter()
            for tile in rack:
                k = seen[tile]
                seen[tile] += 1
                h ^= self.rack[side][self.index[tile]][k & 7]
        return h


@dataclass(slots=True)
class _Entry:
    depth: int
    value: int
    kind: int
    best: GeneratedPlay | None
    has_best: bool
    resolved: bool  # the subtree reached no horizon: the value holds at any depth


def _remove(rack: str, tiles: str) -> str:
    left = list(rack)
    for tile in tiles:
        left.remove(tile)
    return "".join(left)


class _Search:
    """One solve: the position's fixed data, the tables and the counters."""

    def __init__(
        self,
        generator: MoveGenerator,
        rules: RuleSet,
        bonus_square: Square | None,
        deadline: float,
        node_limit: int | None,
    ) -> None:
        self.gen = generator
        self.rules = rules
        self.bonus_square = bonus_square
        self.deadline = deadline
        self.node_limit = node_limit
        self.zobrist = _Zobrist(generator.lexicon.alphabet)
        self.table: dict[int, _Entry] = {}
        self.moves_cache: dict[tuple[int, str, bool], list[GeneratedPlay]] = {}
        self.nodes = 0
        self.horizon = False
        #: Which of its own plays the seat to move at the root may choose (``None``: all).
        self.root_filter: Callable[[GeneratedPlay], bool] | None = None

    def rack_value(self, rack: str) -> int:
        """Points of the tiles on ``rack`` (blanks 0)."""
        value = self.rules.tiles.value
        return sum(value(t) for t in rack)

    # -- rules ------------------------------------------------------------------------

    def pass_outcome(
        self, side: int, racks: Sequence[str], scoreless: int, passes: tuple[int, int]
    ) -> tuple[bool, int, int, tuple[int, int]]:
        """A pass by ``side``: (ends the game, spread change for ``side``, counters)."""
        rules = self.rules
        scoreless += 1
        new_passes = (passes[0] + 1, passes[1]) if side == 0 else (passes[0], passes[1] + 1)
        if (
            rules.scoreless_turns is not None
            and rules.scoreless_bag_below is not None
            and rules.scoreless_bag_below > 0
            and scoreless >= rules.scoreless_turns
        ):
            return True, 0, scoreless, new_passes  # tr: ends with no rack adjustment
        if rules.two_pass_end and new_passes[side] >= 2:
            # en: everyone loses their own rack value.
            delta = self.rack_value(racks[1 - side]) - self.rack_value(racks[side])
            return True, delta, scoreless, new_passes
        return False, 0, scoreless, new_passes

    # -- moves ------------------------------------------------------------------------

    def moves(
        self, scratch: ScratchBoard, board_hash: int, rack: str, bonus_live: bool
    ) -> list[GeneratedPlay]:
        """Plays of ``rack``: those that go out first, then by score (cached)."""
        key = (board_hash, "".join(sorted(rack)), bonus_live)
        found = self.moves_cache.get(key)
        if found is None:
            bonus = self.bonus_square if bonus_live else None
            found = self.gen.moves(scratch, rack, bonus)
            size = len(rack)
            found.sort(key=lambda m: (len(m.tiles) == size, m.score), reverse=True)
            if len(self.moves_cache) >= MOVE_CACHE_LIMIT:
                self.moves_cache.clear()
            self.moves_cache[key] = found
        return found

    def takes_bonus(self, move: GeneratedPlay) -> bool:
        square = self.bonus_square
        return square is not None and any(p.square == square for p in move.placements)

    # -- the search ---------------------------------------------------------------------

    def negamax(
        self,
        scratch: ScratchBoard | None,
        parent: tuple[ScratchBoard, GeneratedPlay] | None,
        board_hash: int,
        racks: tuple[str, str],
        side: int,
        scoreless: int,
        passes: tuple[int, int],
        bonus_live: bool,
        depth: int,
        alpha: int,
        beta: int,
        pv: list[GeneratedPlay | None],
        *,
        root: bool = False,
    ) -> int:
        """The best spread change ``side`` can force from here (plies ``depth``).

        At the ``root`` the plays are those :attr:`root_filter` admits, and a
        table entry only orders them (it never answers for the search).

        ``scratch`` is this position's scratch board, or ``None`` with ``parent``
        (the parent's scratch and the move leading here) to build it lazily:
        horizon and table hits never need one.
        """
        self.nodes += 1
        # Checked at every node: one generation with blanks can take a good while.
        if time.monotonic() > self.deadline:
            raise _OutOfTime
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfTime
        own, other = racks[side], racks[1 - side]
        if depth <= 0:
            self.horizon = True
            pv.clear()
            # A guess at the horizon: the rack left behind is worth about its value.
            return self.rack_value(other) - self.rack_value(own)

        z = self.zobrist
        key = (
            board_hash ^ z.racks(racks) ^ (z.side if side else 0) ^ (z.bonus if bonus_live else 0)
            ^ z.scoreless[min(scoreless, 7)] ^ z.passes[0][min(passes[0], 3)]
            ^ z.passes[1][min(passes[1], 3)]
        )
        entry = self.table.get(key)
        tt_move: GeneratedPlay | None = None
        has_tt_move = False
        alpha0 = alpha
        if entry is not None:
            has_tt_move, tt_move = entry.has_best, entry.best
            if not root and (entry.resolved or entry.depth >= depth):
                usable = (
                    entry.kind == EXACT
                    or (entry.kind == LOWER and entry.value >= beta)
                    or (entry.kind == UPPER and entry.value <= alpha)
                )
                if usable:
                    if not entry.resolved:
                        self.horizon = True
                    pv[:] = [tt_move] if has_tt_move else []
                    return entry.value

        if scratch is None:
            assert parent is not None
            scratch = parent[0].copy()
            self.gen.play(scratch, parent[1])
        plays = self.moves(scratch, board_hash, own, bonus_live)
        if root and self.root_filter is not None:
            plays = [p for p in plays if self.root_filter(p)]
        ordered: list[GeneratedPlay | None] = [*plays, None]
        if has_tt_move and tt_move in ordered:
            ordered.remove(tt_move)
            ordered.insert(0, tt_move)

        best = -INFINITY
        best_move: GeneratedPlay | None = None
        best_pv: list[GeneratedPlay | None] = []
        horizon_before = self.horizon
        self.horizon = False
        child_pv: list[GeneratedPlay | None] = []
        for move in ordered:
            child_pv.clear()
            if move is None:
                ends, delta, sc, ps = self.pass_outcome(side, racks, scoreless, passes)
                if ends:
                    value = delta
                else:
                    value = -self.negamax(
                        scratch, None, board_hash, racks, 1 - side, sc, ps, bonus_live,
                        depth - 1, -beta, -alpha, child_pv,
                    )
            else:
                left = _remove(own, move.tiles)
                if not left:
                    value = move.score + 2 * self.rack_value(other)
                else:
                    h = board_hash
                    for p in move.placements:
                        h ^= z.tile(p.square[0], p.square[1], p.letter, p.blank)
                    new_racks = (left, other) if side == 0 else (other, left)
                    ps = (0, passes[1]) if side == 0 else (passes[0], 0)
                    value = move.score - self.negamax(
                        None, (scratch, move), h, new_racks, 1 - side, 0, ps,
                        bonus_live and not self.takes_bonus(move), depth - 1,
                        -beta + move.score, -alpha + move.score, child_pv,
                    )
            if value > best:
                best = value
                best_move = move
                best_pv = [move, *child_pv]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        subtree_horizon = self.horizon
        self.horizon = horizon_before or subtree_horizon
        kind = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table[key] = _Entry(depth, best, kind, best_move, True, not subtree_horizon)
        pv[:] = best_pv
        return best


def solve(
    board: Board,
    racks: Sequence[str | Sequence[str]],
    scores: Sequence[int],
    to_move: int,
    rules: RuleSet,
    lexicon: Lexicon,
    time_limit: float = 5.0,
    *,
    scoreless_turns: int,
    passes: Sequence[int],
    bonus_square: Square | None = None,
    generator: MoveGenerator | None = None,
    max_depth: int | None = None,
    node_limit: int | None = None,
    root_filter: Callable[[GeneratedPlay], bool] | None = None,
) -> EndgameResult:
    """Solve the endgame of a two-player position with the bag empty.

    ``racks`` are both players' racks (``?`` a blank), ``scores`` both scores,
    ``to_move`` the seat to move; ``scoreless_turns`` and ``passes`` the
    engine's counters (consecutive scoreless turns, each seat's consecutive
    passes: required, as a guess misjudges lines that end with ``en``'s two
    passes); ``bonus_square`` the ★25 square while it still pays. ``generator`` reuses a
    move generator for ``lexicon``/``rules``. The search stops at
    ``time_limit`` seconds, ``max_depth`` plies or ``node_limit`` nodes and
    then returns the deepest finished iteration's answer. ``root_filter``
    limits the plays the seat to move may choose now (a bot's words fit for the
    table); the search still reads every reply and later play.

    Raises ``ValueError`` for more or fewer than two racks.
    """
    started = time.monotonic()
    if len(racks) != 2 or len(scores) != 2:
        raise ValueError("the endgame solver plays two-player games")
    gen = generator if generator is not None else MoveGenerator(lexicon, rules)
    rack_pair = ("".join(racks[0]), "".join(racks[1]))
    search = _Search(gen, rules, bonus_square, started + time_limit, node_limit)
    search.root_filter = root_filter
    scratch = gen.scratch(board)
    board_hash = search.zobrist.board(board)
    spread = scores[to_move] - scores[1 - to_move]
    counters = (int(passes[0]), int(passes[1]))
    bonus_live = bonus_square is not None

    # Depth 1 is the fallback answer: the first move in search order.
    first = search.moves(scratch, board_hash, rack_pair[to_move], bonus_live)
    if root_filter is not None:
        first = [p for p in first if root_filter(p)]
    best_move: GeneratedPlay | None = first[0] if first else None
    best_value = spread + (best_move.score if best_move else 0)
    best_pv: tuple[GeneratedPlay | None, ...] = (best_move,)
    finished_depth = 0
    complete = False
    limit = max_depth if max_depth is not None else 4 * (len(rack_pair[0]) + len(rack_pair[1]) + 2)
    depth = 1
    while depth <= limit:
        pv: list[GeneratedPlay | None] = []
        search.horizon = False
        try:
            value = search.negamax(
                scratch, None, board_hash, rack_pair, to_move, scoreless_turns, counters,
                bonus_live, depth, -INFINITY, INFINITY, pv, root=True,
            )
        except _OutOfTime:
            break
        finished_depth = depth
        best_value = spread + value
        best_pv = tuple(pv)
        best_move = pv[0] if pv else None
        if not search.horizon:
            complete = True
            break
        depth += 1
    return EndgameResult(
        best_move, best_value, best_pv, complete, search.nodes, finished_depth,
        time.monotonic() - started,
    )


def racks_from_view(view: CrosswordView) -> tuple[str, str]:
    """Own rack and the opponent's, as known from a seat's view with the bag empty.

    The opponent holds exactly the unseen tiles. Raises ``ValueError`` for a
    view that is not a seat's, while the bag still has tiles, or for more
    than two players.
    """
    if view.rack is None or view.unseen is None:
        raise ValueError("the endgame needs a seat's view (with its rack)")
    if view.bag_count:
        raise ValueError("the opponent's rack is known only once the bag is empty")
    if view.players != 2:
        raise ValueError("the endgame solver plays two-player games")
    other = "".join(tile * n for tile, n in view.unseen.items())
    return "".join(view.rack), other


def solve_view(
    view: CrosswordView,
    lexicon: Lexicon,
    time_limit: float = 5.0,
    *,
    generator: MoveGenerator | None = None,
    max_depth: int | None = None,
    node_limit: int | None = None,
) -> EndgameResult:
    """:func:`solve` for the seat whose view this is (bag empty, two players).

    The view gives only what the seat may know, which here is everything the
    search needs: own rack, board, scores, the unseen tiles (with the bag
    empty, the opponent's rack), the rule set, the ★25 square, the
    scoreless-turn counter and each seat's consecutive passes.
    """
    own, other = racks_from_view(view)
    seat = view.seat
    assert seat is not None  # racks_from_view checked it is a seat's view
    racks = (own, other) if seat == 0 else (other, own)
    return solve(
        view.board, racks, view.scores, seat, view.ruleset(), lexicon, time_limit,
        bonus_square=view.active_bonus_square, scoreless_turns=view.scoreless_turns,
        passes=view.passes, generator=generator, max_depth=max_depth, node_limit=node_limit,
    )


__all__ = [
    "EndgameResult", "racks_from_view", "solve", "solve_view",
    "to_engine_move",
]
