"""The crossword agent interface and the bots of every level.

An agent gets only its seat's view (``harfiyen.games.crossword.views.view``)
and answers an engine move (``Play``, ``Pass``, ``Exchange``, ``Challenge`` or
``Accept``). From the view it rebuilds the board, its rack, the rules, the
lexicon and the unseen tiles (the view's tracker: bag and other racks
together); when it needs an opponent's rack it samples one from the unseen
tiles. It never sees the state.

With ``challenge=double`` (``en``) a play awaiting a challenge is shown in the
view: the bot challenges when one of its words is not in the lexicon and lets
it stand otherwise (by playing on, or with ``Accept`` when the play would end
the game).

Every decision draws its randomness from a generator seeded by the agent's
seed and the visible position, so the same view gives the same move.

Words fit for the table (``harfiyen.lexicon.fitness``, context ``play``): every
level chooses among :meth:`BotAgent.records`, the one place that filters the
generated plays. No level plays a play that forms (main or cross word) a slur
or a word of the reviewed unfit list; among the rest a level prefers the plays
whose every word is within its span of the lexicon (:attr:`Level.span`:
Çaylak the common words, Orta the everyday words, Usta a wider span, Şampiyon
the whole lexicon) and plays outside it only when it has no such play. With no fit play
at all a bot exchanges or passes. The sets are computed once per lexicon and
span (:func:`harfiyen.lexicon.fitness.play_words`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Protocol

from harfiyen.ai.crossword import endgame
from harfiyen.ai.crossword.equity import EquityContext, unseen_value
from harfiyen.ai.crossword.leaves import LeaveModel, shipped_leaves
from harfiyen.ai.crossword.levels import Level
from harfiyen.ai.crossword.movegen import BLANK_CODE, GeneratedPlay, MoveGenerator, Record
from harfiyen.ai.crossword.simulate import WINDOW, simulate, simulate_two_ply
from harfiyen.ai.crossword.situation import Situation, decision_seed, situation
from harfiyen.games.crossword.board import Board, words_formed
from harfiyen.games.crossword.moves import Accept, Challenge, Exchange, Move, Pass, Play
from harfiyen.games.crossword.rules import SIZE, RuleSet
from harfiyen.games.crossword.views import CrosswordView, PendingView
from harfiyen.lexicon.fitness import play_words
from harfiyen.lexicon.lexicon import Lexicon, load
from harfiyen.lexicon.normalize import Language, lower


class Agent(Protocol):
    """A crossword bot: one level, one seat's view in, one engine move out."""

    level: Level

    def choose(self, view: CrosswordView) -> Move: ...


_GENERATORS: dict[tuple[str, str, int], MoveGenerator] = {}


def generator_for(lexicon_id: str, rules: RuleSet) -> MoveGenerator:
    """One move generator per lexicon and rule set in this process."""
    key = (lexicon_id, rules.key, rules.rack_size)
    generator = _GENERATORS.get(key)
    if generator is None:
        generator = _GENERATORS[key] = MoveGenerator(load(lexicon_id), rules)
    return generator


@cache
def zipf(word: str, lang: Language, wordlist: str = "best") -> float:
    """The ``wordfreq`` Zipf frequency of an upper-case word (0 when unknown).

    ``wordlist="small"`` (quick to load) knows only words of Zipf 3 and above.
    """
    from wordfreq import zipf_frequency

    return float(zipf_frequency(lower(word, lang), lang, wordlist=wordlist))


# -- the shared machinery of every level -----------------------------------------------


class PlayWords:
    """The words a generator record forms on one board: its main word and the cross
    word of every new tile with a tile beside it across the main word's line (the
    words ``board.words_formed`` gives, read from the record without building the
    move). One reader per decision; it caches each square's perpendicular letters.
    """

    def __init__(self, generator: MoveGenerator, board: Board) -> None:
        self.alphabet = generator.lexicon.alphabet
        self.cells = board.cells
        self._around: dict[tuple[int, int, int], tuple[str, str]] = {}

    def around(self, direction: int, row: int, col: int) -> tuple[str, str]:
        """The board letters before and after the empty square ``(row, col)``
        perpendicular to ``direction`` (0: across, so the letters above and below)."""
        key = (direction, row, col)
        found = self._around.get(key)
        if found is None:
            cells = self.cells
            dr, dc = (1, 0) if direction == 0 else (0, 1)
            before: list[str] = []
            r, c = row - dr, col - dc
            while r >= 0 and c >= 0 and (tile := cells[r * SIZE + c]) is not None:
                before.append(tile.letter)
                r, c = r - dr, c - dc
            after: list[str] = []
            r, c = row + dr, col + dc
            while r < SIZE and c < SIZE and (tile := cells[r * SIZE + c]) is not None:
                after.append(tile.letter)
                r, c = r + dr, c + dc
            found = self._around[key] = ("".join(reversed(before)), "".join(after))
        return found

    def words(self, record: Record) -> list[str]:
        """Every word of two or more letters ``record`` forms, the main word last."""
        _, d, lane, start, codes = record
        alphabet, cells = self.alphabet, self.cells
        main: list[str] = []
        out: list[str] = []
        for k, code in enumerate(codes):
            row, col = (lane, start + k) if d == 0 else (start + k, lane)
            if code:
                letter = alphabet[(code & (BLANK_CODE - 1)) - 1]
                before, after = self.around(d, row, col)
                if before or after:
                    out.append(before + letter + after)
            else:
                tile = cells[row * SIZE + col]
                assert tile is not None
                letter = tile.letter
            main.append(letter)
        if len(main) >= 2:
            out.append("".join(main))
        return out


class BotAgent:
    """A bot of one level; subclasses choose among the legal moves in :meth:`decide`."""

    level: Level = Level.EXPERT

    def __init__(
        self, *, lang: str, seed: int, time_budget: float, leaves: LeaveModel | None = None
    ) -> None:
        self.lang: Language = "tr" if lang == "tr" else "en"
        self.seed = seed
        self.time_budget = time_budget
        self.leaves = leaves if leaves is not None else shipped_leaves(self.lang)

    # -- the interface --

    def choose(self, view: CrosswordView) -> Move:
        """This bot's move for ``view`` (the seat must be able to act).

        Raises ``ValueError`` when the game is over, is in another language, or
        when the seat is not to move and has nothing to challenge.
        """
        if view.outcome is not None:
            raise ValueError("the game is over")
        sit = situation(view)
        if sit.language != self.lang:
            raise ValueError(f"a {self.lang} bot cannot play a {sit.language} game")
        generator = generator_for(sit.lexicon_id, sit.rules)
        pending = sit.pending
        if pending is not None and pending.seat != sit.seat:
            if self.wants_challenge(pending, generator.lexicon):
                return Challenge()
            if pending.ends_game and sit.to_move == sit.seat:
                return Accept()
        if sit.to_move != sit.seat:
            raise ValueError(f"seat {sit.seat} is not to move and has nothing to challenge")
        rng = random.Random(decision_seed(self.seed, view))
        deadline = time.perf_counter() + self.time_budget
        return self.decide(sit, generator, rng, deadline)

    def wants_challenge(self, pending: PendingView, lexicon: Lexicon) -> bool:
        """Challenge exactly the plays that formed a word outside the lexicon."""
        return any(word not in lexicon for word in pending.words)

    # -- for the levels --

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        raise NotImplementedError

    def context(self, sit: Situation) -> EquityContext:
        return EquityContext(
            rules=sit.rules, rack=sit.rack, bag_count=sit.bag_count,
            unseen_value=unseen_value(sit.unseen, sit.rules), board_empty=sit.board.is_empty(),
            leaves=self.leaves,
        )

    @staticmethod
    def legal_records(sit: Situation, generator: MoveGenerator) -> list[Record]:
        """Every legal play of the rack, as generator records (fit or not)."""
        return generator.generate(generator.scratch(sit.board), sit.rack, sit.bonus_square)

    def records(self, sit: Situation, generator: MoveGenerator) -> list[Record]:
        """The plays this level chooses among: the legal plays whose every word is
        fit for the table, and of those the ones within the level's span of the
        lexicon when there are any (module docstring). Every level calls this."""
        return self.fit_records(sit, generator, self.legal_records(sit, generator))

    def fit_records(
        self, sit: Situation, generator: MoveGenerator, records: list[Record]
    ) -> list[Record]:
        """``records`` filtered by the rule of :meth:`records`."""
        fit_words = play_words(sit.lexicon_id, "whole")
        span = self.level.span
        span_words = play_words(sit.lexicon_id, span)
        reader = PlayWords(generator, sit.board)
        fit: list[Record] = []
        within: list[Record] = []
        for record in records:
            words = reader.words(record)
            if all(w in fit_words for w in words):
                fit.append(record)
                if span_words is fit_words or all(w in span_words for w in words):
                    within.append(record)
        return within or fit

    @staticmethod
    def exchanges(sit: Situation) -> list[tuple[str, ...]]:
        """The racks that may be *kept* by an exchange now (``[]`` when none is allowed)."""
        rules, rack = sit.rules, sit.rack
        needed = len(rack) if rules.exchange_min_bag is None else rules.exchange_min_bag
        if not rack or sit.bag_count < needed:
            return []
        if rules.exchange_whole_rack:
            return [()]
        kept = {tuple(sorted(c)) for n in range(len(rack)) for c in combinations(rack, n)}
        return sorted(kept)

    @staticmethod
    def play(generator: MoveGenerator, record: Record) -> Play:
        return Play(generator.to_move(record).placements)

    @staticmethod
    def exchange_move(sit: Situation, kept: Sequence[str]) -> Exchange:
        given = Counter(sit.rack)
        given.subtract(kept)
        return Exchange(tuple(sorted(given.elements())))

    def best_static(
        self, sit: Situation, records: list[Record], ctx: EquityContext
    ) -> tuple[float, Record | None, tuple[str, ...] | None]:
        """The best play or exchange by equity: ``(equity, record, None)`` or
        ``(equity, None, kept)``; ``(−inf, None, None)`` when neither exists."""
        best: tuple[float, Record | None, tuple[str, ...] | None] = (float("-inf"), None, None)
        best_key: tuple[float, int, str] | None = None
        for record in records:
            eq = ctx.record_equity(record)
            # Ties break on score, then on the record itself, for reproducibility.
            key = (eq, record[0], repr(record))
            if best_key is None or key > best_key:
                best_key, best = key, (eq, record, None)
        for kept in self.exchanges(sit):
            eq = ctx.exchange_equity(kept)
            if eq > best[0]:
                best = (eq, None, kept)
        return best

    def static_move(self, sit: Situation, generator: MoveGenerator) -> Move:
        """The Expert's choice: the move of highest static equity (pass if none)."""
        ctx = self.context(sit)
        eq, record, kept = self.best_static(sit, self.records(sit, generator), ctx)
        if record is not None:
            return self.play(generator, record)
        if kept is not None and eq > ctx.pass_equity():
            return self.exchange_move(sit, kept)
        return Pass()


# -- the levels ----------------------------------------------------------------------------


def main_word(generator: MoveGenerator, board: Board, record: Record) -> str:
    """The main word a record spells (board tiles included)."""
    _, d, lane, start, codes = record
    alphabet = generator.lexicon.alphabet
    out: list[str] = []
    for k, code in enumerate(codes):
        if code:
            out.append(alphabet[(code & (BLANK_CODE - 1)) - 1])
        else:
            sq = (lane, start + k) if d == 0 else (start + k, lane)
            tile = board[sq]
            assert tile is not None
            out.append(tile.letter)
    return "".join(out)


class BeginnerAgent(BotAgent):
    """Çaylak: a casual player who plays words it knows, not always the best one.

    Among its plays (:meth:`BotAgent.records`: fit words, everyday ones where it
    has any) it picks at random among the better third by score. With no play
    it exchanges its whole rack when allowed, else passes.
    """

    level = Level.BEGINNER
    pool_share = 3
    max_pool = 12

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        records = sorted(self.records(sit, generator), key=lambda r: (-r[0], repr(r)))
        if records:
            pool = records[: max(1, min(self.max_pool, len(records) // self.pool_share))]
            return self.play(generator, rng.choice(pool))
        kept = self.exchanges(sit)
        if () in kept:
            return self.exchange_move(sit, ())
        return Pass()


class IntermediateAgent(BotAgent):
    """Orta: plays the highest-scoring word it knows, ignoring what it keeps.

    Its plays are :meth:`BotAgent.records` (fit words, everyday ones where it has
    any). With no play it exchanges the whole rack when allowed (or, in ``en``,
    keeps its best leave), else passes.
    """

    level = Level.INTERMEDIATE

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        records = self.records(sit, generator)
        if records:
            return self.play(generator, min(records, key=lambda r: (-r[0], repr(r))))
        kept = self.exchanges(sit)
        if kept:
            best = max(kept, key=lambda k: (self.leaves.value(k), k))
            return self.exchange_move(sit, best)
        return Pass()


class ExpertAgent(BotAgent):
    """Usta: the move of highest static equity (score + learned leave + small terms)."""

    level = Level.EXPERT

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        return self.static_move(sit, generator)


class ChampionAgent(BotAgent):
    """Şampiyon: equity, a simulation of the best candidates, and the exact
    endgame solver once the bag is empty.

    With the bag empty in a two-player game the opponent's rack is exactly
    the unseen tiles, and :func:`harfiyen.ai.crossword.endgame.solve` plays
    the rest within :attr:`endgame_share` of the time budget (with the view's
    scoreless-turn and per-seat pass counters). Otherwise the best
    :attr:`candidates` plays by equity (within :data:`simulate.WINDOW` points of
    the best) are played out :attr:`plies` deep against up to :attr:`iterations`
    sampled opponent racks and draws (see :mod:`harfiyen.ai.crossword.simulate`).
    """

    level = Level.CHAMPION
    #: Candidates simulated, sampled opponent racks per move, and the plies played out
    #: (1: the opponent's reply only; 2: its reply and ours, leaves counted).
    candidates = 10
    iterations = 200
    plies = 2
    #: Share of the time left that the endgame solver may use.
    endgame_share = 0.9
    #: Share of the budget the simulation leaves unused (see :meth:`decide`).
    simulation_margin = 0.15

    def decide(
        self, sit: Situation, generator: MoveGenerator, rng: random.Random, deadline: float
    ) -> Move:
        records = self.records(sit, generator)
        if sit.bag_count == 0 and sit.players == 2 and records:
            return self.endgame_move(sit, generator, deadline)
        ctx = self.context(sit)
        eq, record, kept = self.best_static(sit, records, ctx)
        if record is None:
            if kept is not None and eq > ctx.pass_equity():
                return self.exchange_move(sit, kept)
            return Pass()
        ranked = sorted(
            ((ctx.record_equity(r), r[0], repr(r), r) for r in records), reverse=True
        )
        candidates = [
            (e, r) for e, _, _, r in ranked[: self.candidates] if e >= ranked[0][0] - WINDOW
        ]
        if kept is not None and eq > ranked[0][0]:
            # The static choice is an exchange: a one-ply reply search does not value it.
            return self.exchange_move(sit, kept)
        if len(candidates) < 2:
            return self.play(generator, record)
        # The simulation stops short of the deadline: its last sample and the move's
        # making still run after the check, and on a loaded machine they take a while.
        stop = deadline - self.simulation_margin * self.time_budget
        if self.plies == 2:
            values = simulate_two_ply(
                sit, generator, candidates, self.leaves, rng, stop, self.iterations
            )
        else:
            values = simulate(sit, generator, candidates, rng, stop, self.iterations)
        best = max(range(len(candidates)), key=lambda k: (values[k], -k))
        return self.play(generator, candidates[best][1])

    def endgame_move(self, sit: Situation, generator: MoveGenerator, deadline: float) -> Move:
        """The exact endgame solver's move (two players, bag empty)."""
        opponent = 1 - sit.seat
        racks: list[tuple[str, ...]] = [(), ()]
        racks[sit.seat] = sit.rack
        racks[opponent] = tuple(sit.unseen_tiles())
        budget = max(0.05, (deadline - time.perf_counter()) * self.endgame_share)
        fit_words = play_words(sit.lexicon_id, "whole")
        board = sit.board

        def fit(move: GeneratedPlay) -> bool:
            return all(w.text in fit_words for w in words_formed(board, move.placements))

        result = endgame.solve(
            sit.board, tuple(racks), sit.scores, sit.seat, sit.rules, generator.lexicon,
            budget, bonus_square=sit.bonus_square, scoreless_turns=sit.scoreless_turns,
            passes=sit.passes, generator=generator, root_filter=fit,
        )
        return endgame.to_engine_move(result.best_move)


def make_agent(
    level: Level | str, *, lang: str, seed: int, time_budget: float | None = None
) -> BotAgent:
    """A bot of ``level`` for the ``lang`` (``tr``/``en``) games, seeded with ``seed``.

    The agent sees only the views it is given; with the same seed and the same
    view it makes the same choice (up to its time budget, which only ever cuts
    the Champion's search short). ``time_budget`` overrides the level's
    default seconds per move. Raises ``ValueError`` for an unknown level or language.
    """
    parsed = Level.parse(level)
    if lang not in ("tr", "en"):
        raise ValueError(f"unknown language {lang!r} (tr or en)")
    budget = parsed.time_budget if time_budget is None else time_budget
    return _CLASSES[parsed](lang=lang, seed=seed, time_budget=budget)


_CLASSES: dict[Level, type[BotAgent]] = {
    Level.BEGINNER: BeginnerAgent,
    Level.INTERMEDIATE: IntermediateAgent,
    Level.EXPERT: ExpertAgent,
    Level.CHAMPION: ChampionAgent,
}


__all__ = [
    "Agent", "BeginnerAgent", "BotAgent", "ChampionAgent", "ExpertAgent", "IntermediateAgent",
    "PlayWords", "generator_for", "main_word", "make_agent",
]
