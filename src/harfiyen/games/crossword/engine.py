"""The crossword engine: new games, turns, moves, challenges and the end of the game.

Pure functions over the immutable :class:`GameState` (ARCHITECTURE.md, "The
engine contract"). ``apply`` returns a new state and the events it added, or
raises :class:`CrosswordError` and changes nothing.

>>> from dataclasses import replace
>>> from harfiyen.games.crossword.board import Placement
>>> state = new_game(CrosswordConfig("tr"), seed=7, lexicon={"AL", "LA"})
>>> state.to_move, len(state.racks[0]), len(state.bag)
(0, 7, 86)
>>> state = replace(state, racks=(tuple("ALEKMİN"), tuple("EEEEEEE")))
>>> al = Play((Placement((7, 7), "A"), Placement((7, 8), "L")))
>>> after, events = apply(state, 0, al)
>>> after.scores, after.to_move, [e.kind for e in events]
((4, 0), 1, ['play_made', 'tiles_drawn'])
>>> try:
...     apply(after, 1, Play((Placement((8, 8), "K"),)))
... except CrosswordError as error:
...     print(error.code, "|", error.message.tr, "|", error.message.en)
tile_not_on_rack | Istakanda bu taşlar yok: K. | These tiles are not on your rack: K.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from harfiyen.core.draft import Draft
from harfiyen.core.rng import Rng
from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.games.crossword.bag import deal, draw, exchange, full_bag, seating_draw
from harfiyen.games.crossword.blocked import has_valid_play
from harfiyen.games.crossword.board import Board, FormedWord, Placement
from harfiyen.games.crossword.ending import EndReason, Outcome, places_by
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.events import (
    Event,
    Exchanged,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    Passed,
    PlayAccepted,
    PlayChallenged,
    PlayMade,
    Resigned,
    TilesDrawn,
    TimedOut,
    TurnSkipped,
)
from harfiyen.games.crossword.moves import (
    Accept,
    Challenge,
    Exchange,
    Move,
    Pass,
    Play,
    Resign,
    Timeout,
)
from harfiyen.games.crossword.rules import BLANK, CENTER, SIZE, RuleSet, Square, square_name
from harfiyen.games.crossword.scoring import ScoreBreakdown, score_words
from harfiyen.games.crossword.state import CrosswordConfig, GameState, PendingPlay
from harfiyen.games.crossword.validate import (
    WordList,
    check_play,
    check_rack,
    check_words,
    take_tiles,
)
from harfiyen.lexicon.lexicon import load


def load_lexicon(lexicon_id: str) -> WordList:
    """The shipped lexicon ``lexicon_id``, compiled once per process."""
    return load(lexicon_id)


def bonus_square_candidates(layout: Iterable[Square]) -> list[Square]:
    """Squares the ★25 square is drawn from: no premium, never the centre."""
    premium = set(layout)
    return [
        (r, c) for r in range(SIZE) for c in range(SIZE)
        if (r, c) not in premium and (r, c) != CENTER
    ]


def new_game(config: CrosswordConfig, seed: int, lexicon: WordList | None = None) -> GameState:
    """A new game: ★25 square (tr), seating draw (en), shuffled bag and first racks.

    ``lexicon`` is any object answering ``word in lexicon`` for upper-case
    words; ``None`` loads ``config.lexicon``. Raises ``ValueError`` for an
    invalid config. The stored config has its version and lexicon resolved.

    >>> state = new_game(CrosswordConfig("en", players=3), seed=1, lexicon=set())
    >>> state.rules.key, state.players, sum(map(len, state.racks)) + len(state.bag)
    ('en@2', 3, 100)
    """
    config = config.resolved()
    rules = config.ruleset()
    if lexicon is None:
        lexicon = load_lexicon(config.lexicon_id)
    players = config.players
    rng = Rng(seed)
    bonus: Square | None = None
    if rules.bonus_square_points:
        bonus, rng = rng.choice(bonus_square_candidates(rules.layout))
    bag, rng = full_bag(rules, rng)
    first = 0
    seating_events: list[Event] = []
    if rules.draw_for_first:
        seating, bag, rng = seating_draw(bag, players, rules, rng)
        first = seating.first
        seating_events.append(FirstPlayerDrawn(seating.rounds, first))
    racks, bag, rng = deal(bag, players, rules, rng)
    started = GameStarted(
        rules=rules.key, lexicon=config.lexicon_id, players=players, first=first,
        rack_size=rules.rack_size, challenge=rules.challenge, variant=config.variant,
        finish_target=rules.finish_target,
        bonus_square=square_name(bonus) if bonus is not None else None,
    )
    events: tuple[Event, ...] = (
        started, *seating_events, *(TilesDrawn(seat, rack) for seat, rack in enumerate(racks))
    )
    return GameState(
        config=config, rules=rules, board=Board(), bag=bag, racks=racks,
        scores=(0,) * players, to_move=first, bonus_square=bonus, bonus_square_used=False,
        scoreless_turns=0, passes=(0,) * players, pending=None, lose_turn=(), move_number=0,
        rng=rng, outcome=None, events=events, lexicon=lexicon,
    )


def to_act(state: GameState) -> tuple[int, ...]:
    """Seats that may act now: the seat to move first, then seats that may challenge.

    Every seat may also resign at any time; that is not listed. Empty once
    the game is over.
    """
    if state.outcome is not None:
        return ()
    seats = [state.to_move]
    if state.pending is not None:
        seats += [
            s for s in range(state.players) if s not in (state.to_move, state.pending.seat)
        ]
    return tuple(seats)


def legal_moves(state: GameState, seat: int) -> Iterator[Move]:
    """The non-play moves ``seat`` may make now, lazily: pass, exchanges, accept,
    challenge, resign. Plays are checked by :func:`apply` (the move generator
    enumerates them).
    """
    if state.outcome is not None or not 0 <= seat < state.players:
        return
    pending = state.pending
    if seat == state.to_move:
        if pending is not None:
            yield Accept()
        if pending is None or not pending.ends_game:
            yield Pass()
            yield from _exchanges(state, seat)
    if pending is not None and seat != pending.seat:
        yield Challenge()
    yield Resign()


def _exchanges(state: GameState, seat: int) -> Iterator[Exchange]:
    rules = state.rules
    rack = state.racks[seat]
    # After a pending play stands its player draws first, so count those tiles out.
    bag = len(state.bag)
    if state.pending is not None:
        bag -= min(bag, rules.rack_size - len(state.racks[state.pending.seat]))
    needed = len(rack) if rules.exchange_min_bag is None else rules.exchange_min_bag
    if not rack or bag < needed:
        return
    if rules.exchange_whole_rack:
        yield Exchange(rack)
        return
    counts = sorted(Counter(rack).items())
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        if any(picks):
            chosen = zip(counts, picks, strict=True)
            yield Exchange(tuple(tile for (tile, _), k in chosen for _ in range(k)))


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.outcome


@dataclass(kw_only=True)
class _Next(Draft[GameState]):
    """The next state being built by one ``apply`` (private scratch, frozen by ``build``)."""

    board: Board
    bag: tuple[str, ...]
    racks: list[tuple[str, ...]]
    scores: list[int]
    to_move: int
    bonus_square_used: bool
    scoreless_turns: int
    passes: list[int]
    pending: PendingPlay | None
    lose_turn: list[int]
    rng: Rng
    outcome: Outcome | None

    def rack_value(self, seat: int) -> int:
        return sum(self.state.rules.tiles.value(t) for t in self.racks[seat])


def apply(state: GameState, seat: int, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``seat``'s ``move``; return the new state and the events it added.

    Raises :class:`CrosswordError` (the input state is never changed).

    >>> state = new_game(CrosswordConfig("tr"), seed=3, lexicon=set())
    >>> after, events = apply(state, 0, Pass())
    >>> after.to_move, after.scoreless_turns, [e.kind for e in events]
    (1, 1, ['passed'])
    >>> apply(after, 0, Pass())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    harfiyen.games.crossword.errors.CrosswordError: not_your_turn: ... player 2 is to move.
    """
    if state.outcome is not None:
        raise crossword_errors.fail(crossword_errors.GAME_OVER)
    if not 0 <= seat < state.players:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_SEAT, seat=seat, seats=state.players)
    nxt = _Next.of(state)
    if isinstance(move, Resign):
        nxt.events.append(Resigned(seat))
        _finish(nxt, "resigned", loser=seat)
    elif isinstance(move, Challenge):
        _challenge(nxt, seat)
    elif isinstance(move, Accept):
        _accept(nxt, seat)
    elif isinstance(move, Timeout | Play | Pass | Exchange):
        if seat != state.to_move:
            raise crossword_errors.fail(crossword_errors.NOT_YOUR_TURN, seat=state.to_move,
                                        player=state.to_move + 1)
        if isinstance(move, Timeout):
            nxt.events.append(TimedOut(seat))
            _finish(nxt, "timeout", loser=seat)
        else:
            if state.pending is not None:
                if state.pending.ends_game:
                    raise crossword_errors.fail(crossword_errors.RESOLVE_CHALLENGE_FIRST)
                _play_stands(nxt)  # the next turn starts: the challenge window closes
            if isinstance(move, Play):
                _play(nxt, seat, move)
            elif isinstance(move, Pass):
                _pass(nxt, seat)
            else:
                _exchange(nxt, seat, move)
    else:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_MOVE, move=type(move).__name__)
    _end_if_no_play_left(nxt)
    new_state = nxt.build(move_number=state.move_number + 1)
    return new_state, tuple(nxt.events)


# --- moves ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormedPlay:
    """What a play would do on a board: its tiles in square order, the words it
    forms, the rack it leaves and its score (the words are not judged yet)."""

    placements: tuple[Placement, ...]
    words: tuple[FormedWord, ...]
    rack_after: tuple[str, ...]
    breakdown: ScoreBreakdown


def form_play(
    board: Board, rack: Sequence[str], placements: Iterable[Placement], rules: RuleSet,
    bonus_square: Square | None,
) -> FormedPlay:
    """Check a play's tiles and geometry, then its tiles against ``rack``, and score it.

    Raises :class:`CrosswordError` for the first rule it breaks, in the order a
    submitted play is checked; whether its words are acceptable is left to the caller.
    """
    ordered = tuple(sorted(placements, key=lambda p: p.square))
    words = check_play(board, ordered, rules)
    rack_after = check_rack(rack, ordered)
    return FormedPlay(
        ordered, tuple(words), rack_after, score_words(words, ordered, rules, bonus_square)
    )


def preview_play(state: GameState, seat: int, placements: Iterable[Placement]) -> FormedPlay:
    """:func:`form_play` for ``seat`` on the current board of ``state``, whoever is to
    move (players plan ahead); nothing changes."""
    if not 0 <= seat < state.players:
        raise crossword_errors.fail(crossword_errors.UNKNOWN_SEAT, seat=seat, seats=state.players)
    bonus = None if state.bonus_square_used else state.bonus_square
    return form_play(state.board, state.racks[seat], placements, state.rules, bonus)


def _play(nxt: _Next, seat: int, move: Play) -> None:
    state = nxt.state
    rules = state.rules
    rack_before = nxt.racks[seat]
    bonus = None if nxt.bonus_square_used else state.bonus_square
    formed = form_play(nxt.board, rack_before, move.placements, rules, bonus)
    placements, words, rack_after, breakdown = (
        formed.placements, formed.words, formed.rack_after, formed.breakdown
    )
    # With double challenges the words are judged only if someone challenges.
    if rules.challenge != "double":
        check_words(words, _lexicon(state))
    took_bonus = breakdown.bonus_square > 0
    nxt.board = nxt.board.with_tiles(placements)
    nxt.racks[seat] = rack_after
    nxt.scores[seat] += breakdown.total
    nxt.bonus_square_used = nxt.bonus_square_used or took_bonus
    nxt.scoreless_turns = 0
    nxt.passes[seat] = 0
    texts = tuple(w.text for w in words)
    if rules.challenge == "double":
        ends = (not rack_after and not nxt.bag) or _reached_target(nxt, seat)
        nxt.pending = PendingPlay(
            seat, placements, texts, breakdown, rack_before, took_bonus, bool(ends)
        )
        nxt.events.append(PlayMade(seat, placements, texts, breakdown, awaiting_challenge=True))
        _advance(nxt, seat)
        return
    nxt.events.append(PlayMade(seat, placements, texts, breakdown))
    _refill(nxt, seat)
    if not _end_after_play(nxt, seat):
        _advance(nxt, seat)


def _pass(nxt: _Next, seat: int) -> None:
    nxt.events.append(Passed(seat))
    nxt.passes[seat] += 1
    _scoreless_turn(nxt, seat)


def _exchange(nxt: _Next, seat: int, move: Exchange) -> None:
    rules = nxt.state.rules
    rack = nxt.racks[seat]
    needed = len(rack) if rules.exchange_min_bag is None else rules.exchange_min_bag
    if len(nxt.bag) < needed:
        raise crossword_errors.fail(crossword_errors.EXCHANGE_BAG_TOO_SMALL,
                                    bag_count=len(nxt.bag), needed=needed)
    if rules.exchange_whole_rack:
        if sorted(move.tiles) != sorted(rack):
            raise crossword_errors.fail(crossword_errors.EXCHANGE_WHOLE_RACK, rack="".join(rack))
    elif not 1 <= len(move.tiles) <= rules.rack_size:
        raise crossword_errors.fail(crossword_errors.EXCHANGE_COUNT, count=len(move.tiles),
                                    rack_size=rules.rack_size)
    remaining = take_tiles(rack, move.tiles)
    # Give tiles back in rack order so the result does not depend on how the move listed them.
    returned = _removed(rack, remaining)
    drawn, nxt.bag, nxt.rng = exchange(nxt.bag, returned, nxt.rng)
    nxt.racks[seat] = remaining + drawn
    nxt.events.append(Exchanged(seat, returned))
    nxt.events.append(TilesDrawn(seat, drawn))
    nxt.passes[seat] = 0
    _scoreless_turn(nxt, seat)


def _removed(rack: Sequence[str], remaining: Sequence[str]) -> tuple[str, ...]:
    """The tiles of ``rack`` not in ``remaining``, in rack order."""
    left = Counter(remaining)
    out: list[str] = []
    for tile in rack:
        if left[tile]:
            left[tile] -= 1
        else:
            out.append(tile)
    return tuple(out)


def _challenge(nxt: _Next, seat: int) -> None:
    state = nxt.state
    if state.rules.challenge != "double":
        raise crossword_errors.fail(crossword_errors.CHALLENGE_NOT_AVAILABLE)
    pending = state.pending
    if pending is None:
        raise crossword_errors.fail(crossword_errors.NOTHING_TO_CHALLENGE)
    if seat == pending.seat:
        raise crossword_errors.fail(crossword_errors.CHALLENGE_OWN_PLAY)
    lexicon = _lexicon(state)
    invalid = tuple(w for w in dict.fromkeys(pending.words) if w not in lexicon)
    if invalid:
        # The play comes off: tiles back to the rack, its score removed, the turn lost.
        nxt.board = _without(nxt.board, [p.square for p in pending.placements])
        nxt.racks[pending.seat] = pending.rack_before
        nxt.scores[pending.seat] -= pending.breakdown.total
        if pending.took_bonus_square:
            nxt.bonus_square_used = False
        nxt.pending = None
        returned = tuple(BLANK if p.blank else p.letter for p in pending.placements)
        nxt.events.append(
            PlayChallenged(seat, pending.seat, True, invalid, returned, pending.breakdown.total)
        )
        return
    nxt.events.append(PlayChallenged(seat, pending.seat, False, (), (), 0))
    if _play_stands(nxt):
        return
    nxt.lose_turn.append(seat)
    _skip_lost_turns(nxt)


def _accept(nxt: _Next, seat: int) -> None:
    state = nxt.state
    if state.pending is None:
        raise crossword_errors.fail(crossword_errors.NOTHING_TO_ACCEPT)
    if seat != state.to_move:
        raise crossword_errors.fail(crossword_errors.NOT_YOUR_TURN, seat=state.to_move,
                                    player=state.to_move + 1)
    nxt.events.append(PlayAccepted(seat, state.pending.seat))
    _play_stands(nxt)


# --- turn mechanics ---------------------------------------------------------------------


def _play_stands(nxt: _Next) -> bool:
    """Close the challenge window: the pending play stands and its player draws.

    Returns True when that ends the game.
    """
    pending = nxt.pending
    assert pending is not None
    nxt.pending = None
    _refill(nxt, pending.seat)
    return pending.ends_game and _end_after_play(nxt, pending.seat)


def _refill(nxt: _Next, seat: int) -> None:
    """Draw up to a full rack while the bag has tiles."""
    need = nxt.state.rules.rack_size - len(nxt.racks[seat])
    tiles, nxt.bag = draw(nxt.bag, need)
    if tiles:
        nxt.racks[seat] = nxt.racks[seat] + tiles
        nxt.events.append(TilesDrawn(seat, tiles))


def _reached_target(nxt: _Next, seat: int) -> bool:
    target = nxt.state.rules.finish_target
    return target is not None and nxt.scores[seat] >= target


def _end_after_play(nxt: _Next, seat: int) -> bool:
    """End the game if the play that now stands reached the finish line or went out."""
    if _reached_target(nxt, seat):
        _finish(nxt, "finish_line", finisher=seat)
        return True
    if not nxt.racks[seat] and not nxt.bag:
        _finish(nxt, "went_out", finisher=seat)
        return True
    return False


def _end_if_no_play_left(nxt: _Next) -> None:
    """en@2: end the game when only passes are left (see ``blocked``).

    Checked after every move while the bag is too small to exchange and no play
    awaits a challenge (a pending play is judged first).
    """
    state = nxt.state
    rules = state.rules
    if not rules.no_play_end or nxt.outcome is not None or nxt.pending is not None:
        return
    if len(nxt.bag) >= (rules.exchange_min_bag or rules.rack_size):
        return
    lexicon = _lexicon(state)
    if any(has_valid_play(nxt.board, rack, rules, lexicon) for rack in nxt.racks):
        return
    _finish(nxt, "no_play")


def _scoreless_turn(nxt: _Next, seat: int) -> None:
    """Count a pass or exchange; end the game by the scoreless rules, else pass the turn."""
    rules = nxt.state.rules
    nxt.scoreless_turns += 1
    if (
        rules.scoreless_turns is not None
        and rules.scoreless_bag_below is not None
        and len(nxt.bag) < rules.scoreless_bag_below
        and nxt.scoreless_turns >= rules.scoreless_turns
    ):
        _finish(nxt, "scoreless_turns")
    elif rules.two_pass_end and nxt.passes[seat] >= 2:
        _finish(nxt, "two_passes")
    else:
        _advance(nxt, seat)


def _advance(nxt: _Next, seat: int) -> None:
    nxt.to_move = (seat + 1) % nxt.state.players
    _skip_lost_turns(nxt)


def _skip_lost_turns(nxt: _Next) -> None:
    """Skip seats that lost their next turn (a failed challenge), each once."""
    while nxt.to_move in nxt.lose_turn:
        nxt.lose_turn.remove(nxt.to_move)
        nxt.events.append(TurnSkipped(nxt.to_move))
        nxt.to_move = (nxt.to_move + 1) % nxt.state.players


def _finish(
    nxt: _Next, reason: EndReason, *, finisher: int | None = None, loser: int | None = None
) -> None:
    """End the game: rack adjustments by ``reason``, places, the ``GameEnded`` event."""
    rules = nxt.state.rules
    seats = range(nxt.state.players)
    before = tuple(nxt.scores)
    values = [nxt.rack_value(s) for s in seats]
    adjustments = [0 for _ in seats]
    if reason == "went_out" and finisher is not None:
        # Everyone else loses their rack value; the finisher gains the sum.
        adjustments = [-v for v in values]
        adjustments[finisher] = sum(v for s, v in enumerate(values) if s != finisher)
    elif reason in ("two_passes", "no_play"):
        adjustments = [-v for v in values]
    final = tuple(b + a for b, a in zip(before, adjustments, strict=True))
    keys: list[tuple[int, ...]]
    if loser is not None:
        # The seat that resigned or timed out comes last; the others rank by score.
        keys = [(int(s != loser), final[s]) for s in seats]
    elif reason == "finish_line":
        keys = [(int(s == finisher), final[s]) for s in seats]
    elif rules.tie_break_pre_adjustment:
        keys = [(final[s], before[s]) for s in seats]
    else:
        keys = [(final[s],) for s in seats]
    result = Outcome(
        reason, before, tuple(adjustments), final, places_by(keys), finisher, loser
    )
    nxt.scores = list(final)
    nxt.pending = None
    nxt.lose_turn = []
    nxt.outcome = result
    nxt.events.append(GameEnded(result))


def _without(board: Board, squares: Iterable[Square]) -> Board:
    cells = list(board.cells)
    for r, c in squares:
        cells[r * SIZE + c] = None
    return Board(tuple(cells))


def _lexicon(state: GameState) -> WordList:
    if state.lexicon is None:
        raise RuntimeError("this game state has no lexicon attached")
    return state.lexicon


# --- replay -----------------------------------------------------------------------------


def move_of(event: Event) -> tuple[int, Move] | None:
    """The ``(seat, move)`` an event records, or ``None`` (the start, draws, the end)."""
    if isinstance(event, PlayMade):
        return event.seat, Play(event.placements)
    if isinstance(event, Passed):
        return event.seat, Pass()
    if isinstance(event, Exchanged):
        return event.seat, Exchange(event.tiles)
    if isinstance(event, PlayChallenged):
        return event.challenger, Challenge()
    if isinstance(event, PlayAccepted):
        return event.seat, Accept()
    if isinstance(event, Resigned):
        return event.seat, Resign()
    if isinstance(event, TimedOut):
        return event.seat, Timeout()
    return None


def moves_of(events: Iterable[Event]) -> list[tuple[int, Move]]:
    """The ``(seat, move)`` pairs recorded in an event log, in order."""
    return [recorded for event in events if (recorded := move_of(event)) is not None]


def replay(
    config: CrosswordConfig,
    seed: int,
    moves: Iterable[tuple[int, Move]],
    lexicon: WordList | None = None,
) -> GameState:
    """The state after playing ``moves`` from a new game; raises like :func:`apply`."""
    state = new_game(config, seed, lexicon)
    for seat, move in moves:
        state, _ = apply(state, seat, move)
    return state


__all__ = [
    "CrosswordConfig", "CrosswordError", "FormedPlay", "GameState", "apply",
    "bonus_square_candidates", "form_play", "legal_moves", "load_lexicon", "move_of",
    "moves_of",
    "new_game", "outcome", "preview_play", "replay", "to_act",
]
