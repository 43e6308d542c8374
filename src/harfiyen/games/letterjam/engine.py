"""The Harf Takıl engine: setup, offers and votes, clues, moving on, bonus letters, the end.

Pure functions over the immutable :class:`GameState` (ARCHITECTURE.md, "The
engine contract"). ``apply`` returns a new state and the events it added, or
raises :class:`LetterJamError` and changes nothing.

>>> words = ["KALEM", "KİTAP", "MASAL", "ELMAS"]
>>> config = LetterJamConfig("tr", players=2)
>>> state = new_game(config, seed=1, lexicon=set(words), words=words)
>>> state.phase.value, [p.red_left for p in state.players], state.green_open, len(state.piles)
('round', [3, 3], 2, 4)
>>> state, _ = apply(state, 0, Offer(length=3, players=1, nonplayers=2))
>>> state, events = apply(state, 1, Vote(0))
>>> [e.kind for e in events], state.phase.value
(['vote_cast'], 'round')
>>> state, events = apply(state, 0, Vote(0))
>>> [e.kind for e in events], state.cluegiver
(['vote_cast', 'cluegiver_chosen'], 0)
>>> try:
...     apply(state, 0, GiveClue(parse_refs("P0 N0 N1")))
... except LetterJamError as error:
...     print(error.code, "|", error.message.en)
own_card_not_visible | You cannot see your own card, so you cannot use it in a clue (P0).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from harfiyen.core.rng import Rng
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.cards import (
    BonusCard,
    PileCard,
    parse_refs,
)
from harfiyen.games.letterjam.clues import (
    normal_letter,
    offer_mismatch,
    offer_shape,
    record_for,
    resolve,
    shape,
)
from harfiyen.games.letterjam.deal import candidate_words, deal
from harfiyen.games.letterjam.decks import secret_words
from harfiyen.games.letterjam.ending import Outcome
from harfiyen.games.letterjam.errors import LetterJamError
from harfiyen.games.letterjam.events import (
    Arranged,
    BonusDrawn,
    BonusNamed,
    ClueAbandoned,
    ClueGiven,
    CluegiverChosen,
    Dealt,
    EndAgreed,
    Event,
    GameStarted,
    GreensUnlocked,
    MovedOn,
    OfferMade,
    OfferWithdrawn,
    PileAdvanced,
    VoteCast,
)
from harfiyen.games.letterjam.final import agree_end, arrange, check_arrangement
from harfiyen.games.letterjam.moves import (
    AgreeEnd,
    Arrange,
    GiveClue,
    Move,
    MoveOn,
    NameBonus,
    Offer,
    Vote,
    Withdraw,
)
from harfiyen.games.letterjam.rules import majority, rules_key
from harfiyen.games.letterjam.scratch import Next, clues_over, new_round, require_phase
from harfiyen.games.letterjam.state import (
    GameState,
    LetterJamConfig,
    Phase,
    Pile,
    Player,
    WordList,
)
from harfiyen.games.letterjam.tokens import any_token, take_token, token_for, unlock_centre
from harfiyen.lexicon.lexicon import load
from harfiyen.lexicon.normalize import ALPHABETS


def load_lexicon(lexicon_id: str) -> WordList:
    """The shipped lexicon ``lexicon_id``, compiled once per process."""
    return load(lexicon_id)


def new_game(
    config: LetterJamConfig,
    seed: int,
    lexicon: WordList | None = None,
    words: Iterable[str] | None = None,
) -> GameState:
    """A new game: shuffled cards, secret words dealt onto the stands, piles, tokens.

    ``lexicon`` answers ``word in lexicon`` for upper-case words (``None``
    loads ``config.lexicon_id``). ``words`` are the candidate secret words
    (default: the shipped list for the language); only those of the right
    length, in the lexicon and not blocked are dealt. Raises a
    :class:`LetterJamError` for an invalid config or words that cannot be dealt.

    >>> state = new_game(LetterJamConfig("en", players=6, word_length=3), 2, lexicon=_Any())
    >>> len(state.piles), state.green_open, state.green_centre, len(state.deck)
    (0, 4, 1, 46)
    """
    setup = config.setup()
    if lexicon is None:
        lexicon = load_lexicon(config.lexicon_id)
    lang = config.language
    pool = (secret_words(lang, config.word_length, config.version) if words is None
            else tuple(words))
    candidates = candidate_words(pool, lang, config.word_length, lexicon)
    chosen = config.secret_words
    if chosen is not None:
        bad = [w for w in chosen if candidate_words([w], lang, config.word_length,
                                                    lexicon) != (w,)]
        if bad:
            raise letterjam_errors.fail(letterjam_errors.BAD_SECRET_WORDS, words=bad)
    dealt = deal(lang, setup, config.word_length, candidates, chosen, Rng(seed))
    players = tuple(
        Player(dealt=word, stand=stand, red_left=setup.red_each)
        for word, stand in zip(dealt.words, dealt.stands, strict=True)
    )
    events: tuple[Event, ...] = (
        GameStarted(
            rules=rules_key(config.version), language=lang, lexicon=config.lexicon_id,
            players=config.players,
            word_length=config.word_length, piles=setup.piles, red_each=setup.red_each,
            green_open=setup.green_open, green_centre=setup.green_centre,
            scoring=config.scoring,
        ),
        Dealt(dealt.cards, dealt.words, dealt.stands, dealt.piles, dealt.deck),
    )
    return GameState(
        config=config, setup=setup, cards=dealt.cards, players=players,
        piles=tuple(Pile(cards) for cards in dealt.piles), deck=dealt.deck, shared=(),
        discards=(), green_open=setup.green_open, green_centre=setup.green_centre,
        phase=Phase.ROUND, cluegiver=None, clue_number=0, end_reason=None, rng=dealt.rng,
        outcome=None, events=events, lexicon=lexicon,
    )


class _Any:
    """A word list that accepts everything (doctests only)."""

    def __contains__(self, word: object) -> bool:
        return True


def to_act(state: GameState) -> tuple[int, ...]:
    """Seats that may act now: every seat in a round; during a clue the cluegiver and
    the seats that must name a bonus; at the end every seat (an arrangement may be
    changed, and moving on is still allowed, until the last seat has arranged)."""
    seats = range(state.player_count)
    if state.phase in (Phase.ROUND, Phase.FINAL):
        return tuple(seats)
    if state.phase is Phase.CLUE:
        assert state.cluegiver is not None
        naming = {s for s in seats if state.players[s].bonus_used}
        return tuple(sorted(naming | {state.cluegiver}))
    return ()


def waiting_on(state: GameState) -> tuple[int, ...]:
    """The seats the table cannot go on without now: those naming a bonus letter the
    last clue used; else the cluegiver spelling the clue, in a round the seats yet to
    vote while offers wait (none yet to vote: any may change its vote; no offer: those
    yet to agree to end), at the end the seats yet to arrange."""
    seats = range(state.player_count)
    players = state.players
    naming = tuple(s for s in seats if players[s].bonus_used)
    if state.phase is Phase.OVER or naming:
        return () if state.phase is Phase.OVER else naming
    if state.phase is Phase.CLUE:
        assert state.cluegiver is not None
        return (state.cluegiver,)
    if state.phase is Phase.FINAL:
        return tuple(s for s in seats if players[s].arrangement is None)
    if any(p.offer is not None for p in players):
        return tuple(s for s in seats if players[s].vote is None) or tuple(seats)
    return tuple(s for s in seats if not players[s].agrees_end)


def legal_moves(state: GameState, seat: int) -> Iterator[Move]:
    """The small moves ``seat`` may make now, lazily: votes, withdrawing, moving on
    (with every guess), naming a bonus, agreeing to end. Offers, clues and
    arrangements are checked by :func:`apply` (the AI builds them)."""
    if state.phase is Phase.OVER or not 0 <= seat < state.player_count:
        return
    player = state.players[seat]
    alphabet = ALPHABETS[state.config.language]
    if state.phase is Phase.ROUND:
        for target, other in enumerate(state.players):
            if other.offer is not None and player.vote != target:
                yield Vote(target)
        if player.offer is not None:
            yield Withdraw()
        yield AgreeEnd(not player.agrees_end)
    if state.phase is Phase.CLUE and seat == state.cluegiver:
        yield Withdraw()
    if state.phase in (Phase.ROUND, Phase.FINAL) and player.current is not None:
        yield MoveOn(None)
        yield from (MoveOn(letter) for letter in alphabet)
    if player.bonus_used:
        yield from (NameBonus(letter) for letter in alphabet)


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.outcome


def apply(state: GameState, seat: int, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``seat``'s ``move``; return the new state and the events it added.

    Raises :class:`LetterJamError` (the input state is never changed).
    """
    if state.phase is Phase.OVER:
        raise letterjam_errors.fail(letterjam_errors.GAME_OVER)
    if not 0 <= seat < state.player_count:
        raise letterjam_errors.fail(letterjam_errors.UNKNOWN_SEAT, seat=seat,
                                    seats=state.player_count)
    nxt = Next.of(state)
    if isinstance(move, Offer):
        _offer(nxt, seat, move)
    elif isinstance(move, Vote):
        _vote(nxt, seat, move)
    elif isinstance(move, Withdraw):
        _withdraw(nxt, seat)
    elif isinstance(move, GiveClue):
        _give_clue(nxt, seat, move)
    elif isinstance(move, MoveOn):
        _move_on(nxt, seat, move)
    elif isinstance(move, NameBonus):
        _name_bonus(nxt, seat, move)
    elif isinstance(move, AgreeEnd):
        agree_end(nxt, seat, move)
    elif isinstance(move, Arrange):
        arrange(nxt, seat, move)
    else:
        raise letterjam_errors.fail(letterjam_errors.UNKNOWN_MOVE, move=type(move).__name__)
    return nxt.build(), tuple(nxt.events)


# --- offers and votes --------------------------------------------------------------------


def _offer(nxt: Next, seat: int, move: Offer) -> None:
    require_phase(nxt, Phase.ROUND)
    if token_for(nxt.players[seat], nxt.green_open) is None:
        raise letterjam_errors.fail(letterjam_errors.NO_TOKEN)
    max_players = nxt.state.player_count - 1
    max_piles = len(nxt.piles)
    flag_letters = sum(f is True for f in (move.wildcard, move.bonus))
    if not (
        move.length >= 1 and 0 <= move.players <= max_players
        and 0 <= move.nonplayers <= max_piles
        and move.players + move.nonplayers + flag_letters <= move.length
        and all(f is None or isinstance(f, bool) for f in (move.wildcard, move.bonus))
    ):
        raise letterjam_errors.fail(
            letterjam_errors.BAD_OFFER, length=move.length, players=move.players,
            nonplayers=move.nonplayers,
            max_players=max_players, max_nonplayers=max_piles,
        )
    offer = Offer(move.length, move.players, move.nonplayers, move.wildcard, move.bonus)
    nxt.update(seat, offer=offer)
    nxt.events.append(OfferMade(seat, offer.length, offer.players, offer.nonplayers,
                                offer.wildcard, offer.bonus))


def _vote(nxt: Next, seat: int, move: Vote) -> None:
    require_phase(nxt, Phase.ROUND)
    target = move.seat
    if target is not None:
        if not 0 <= target < nxt.state.player_count:
            raise letterjam_errors.fail(letterjam_errors.UNKNOWN_SEAT, seat=target,
                                        seats=nxt.state.player_count)
        if nxt.players[target].offer is None:
            raise letterjam_errors.fail(letterjam_errors.NO_OFFER, player=target + 1, seat=target)
    nxt.update(seat, vote=target)
    nxt.events.append(VoteCast(seat, target))
    if target is None:
        return
    votes = sum(p.vote == target for p in nxt.players)
    if votes >= majority(nxt.state.player_count):
        nxt.phase = Phase.CLUE
        nxt.cluegiver = target
        nxt.events.append(CluegiverChosen(target, votes))


def _withdraw(nxt: Next, seat: int) -> None:
    if nxt.phase is Phase.CLUE and nxt.cluegiver == seat:
        nxt.events.append(ClueAbandoned(seat))
        new_round(nxt)
        return
    if nxt.phase is Phase.ROUND and nxt.players[seat].offer is not None:
        nxt.update(seat, offer=None)
        # Votes for a withdrawn offer lapse with it.
        for voter, player in enumerate(nxt.players):
            if player.vote == seat:
                nxt.update(voter, vote=None)
        nxt.events.append(OfferWithdrawn(seat))
        return
    raise letterjam_errors.fail(letterjam_errors.NOTHING_TO_WITHDRAW)


# --- giving a clue -----------------------------------------------------------------------


def _give_clue(nxt: Next, seat: int, move: GiveClue) -> None:
    require_phase(nxt, Phase.CLUE)
    if seat != nxt.cluegiver:
        assert nxt.cluegiver is not None
        raise letterjam_errors.fail(letterjam_errors.NOT_CLUEGIVER, player=nxt.cluegiver + 1,
                                    seat=nxt.cluegiver)
    naming = [s for s, p in enumerate(nxt.players) if p.bonus_used]
    if naming:
        raise letterjam_errors.fail(letterjam_errors.BONUS_NAMING_PENDING,
                                    players=[s + 1 for s in naming], seats=naming)
    state = nxt.state
    clue = resolve(state, seat, move)
    offer = nxt.players[seat].offer
    assert offer is not None
    differs = offer_mismatch(offer, clue.refs)
    if differs:
        raise letterjam_errors.fail(letterjam_errors.OFFER_MISMATCH, offer=list(offer_shape(offer)),
                                    clue=list(shape(clue.refs)), parts=list(differs))
    if state.lexicon is None:
        raise RuntimeError("this game state has no lexicon attached")
    if clue.word not in state.lexicon:
        raise letterjam_errors.fail(letterjam_errors.NOT_A_WORD, word=clue.word)
    token = take_token(nxt, seat)
    # Everyone writes the clue down as they see it (with the stands as they were).
    for reader in range(state.player_count):
        record = record_for(state, reader, clue, seat)
        nxt.update(reader, records=(*nxt.players[reader].records, record))
    nxt.clue_number += 1
    nxt.events.append(
        ClueGiven(seat, nxt.clue_number, clue.refs, clue.used, clue.wildcard, clue.word, token)
    )
    unlock_centre(nxt)
    for owner in sorted({r.seat for r in clue.refs if isinstance(r, BonusCard)}):
        nxt.update(owner, bonus_used=True)
    for pile in sorted({r.pile for r in clue.refs if isinstance(r, PileCard)}):
        _advance_pile(nxt, pile)
    new_round(nxt)
    if not any_token(nxt):
        clues_over(nxt, "tokens")


def _advance_pile(nxt: Next, index: int) -> None:
    """Discard the used top card; an emptied pile opens its green, then draws from the deck."""
    pile = nxt.piles[index]
    discarded, rest = pile.cards[0], pile.cards[1:]
    nxt.discards.append(discarded)
    green_under = pile.green_under
    from_deck = False
    if not rest:
        if green_under:
            nxt.events.append(GreensUnlocked("pile", index, 1))
            nxt.green_open += 1
            green_under = False
        if nxt.deck:
            rest = (nxt.deck.pop(0),)
            from_deck = True
    nxt.piles[index] = Pile(rest, green_under)
    nxt.events.append(PileAdvanced(index, discarded, rest[0] if rest else None, from_deck))


# --- moving on and bonus letters ---------------------------------------------------------


def _move_on(nxt: Next, seat: int, move: MoveOn) -> None:
    if nxt.phase is Phase.CLUE:
        raise letterjam_errors.fail(letterjam_errors.CLUE_IN_PROGRESS)
    require_phase(nxt, Phase.ROUND, Phase.FINAL)
    player = nxt.players[seat]
    if player.current is None:
        raise letterjam_errors.fail(letterjam_errors.NO_CARD_TO_MOVE_ON)
    guess = None
    if move.guess is not None:
        guess = normal_letter(nxt.state, move.guess)
        if guess is None:
            raise letterjam_errors.fail(letterjam_errors.BAD_LETTER, letter=move.guess)
    position = player.position + 1
    nxt.update(seat, position=position, guesses=(*player.guesses, guess))
    shown = nxt.players[seat].current
    nxt.events.append(MovedOn(seat, player.position, guess, shown))
    if shown is None:
        _draw_bonus(nxt, seat)


def _draw_bonus(nxt: Next, seat: int) -> None:
    """A player past their last card draws an unseen bonus card while the deck lasts
    (not once the clues are over: a bonus could no longer be used)."""
    if nxt.phase in (Phase.ROUND, Phase.CLUE) and nxt.deck and nxt.players[seat].bonus is None:
        card = nxt.deck.pop(0)
        nxt.update(seat, bonus=card)
        nxt.events.append(BonusDrawn(seat, card))


def _name_bonus(nxt: Next, seat: int, move: NameBonus) -> None:
    player = nxt.players[seat]
    if not player.bonus_used or player.bonus is None:
        raise letterjam_errors.fail(letterjam_errors.NO_BONUS_TO_NAME)
    named = normal_letter(nxt.state, move.letter)
    if named is None:
        raise letterjam_errors.fail(letterjam_errors.BAD_LETTER, letter=move.letter)
    card = player.bonus
    correct = nxt.state.cards[card] == named
    # Right: the letter joins the wildcard for everyone; wrong: discarded.
    (nxt.shared if correct else nxt.discards).append(card)
    nxt.update(seat, bonus=None, bonus_used=False)
    nxt.events.append(BonusNamed(seat, named, card, correct))
    _draw_bonus(nxt, seat)


# --- replay ------------------------------------------------------------------------------


def move_of(e: Event) -> tuple[int, Move] | None:
    """The ``(seat, move)`` an event records, or ``None`` (deals, draws, unlocks, the end)."""
    if isinstance(e, OfferMade):
        return e.seat, Offer(e.length, e.players, e.nonplayers, e.wildcard, e.bonus)
    if isinstance(e, VoteCast):
        return e.seat, Vote(e.target)
    if isinstance(e, OfferWithdrawn | ClueAbandoned):
        return e.seat, Withdraw()
    if isinstance(e, ClueGiven):
        return e.seat, GiveClue(e.refs, e.wildcard)
    if isinstance(e, MovedOn):
        return e.seat, MoveOn(e.guess)
    if isinstance(e, BonusNamed):
        return e.seat, NameBonus(e.named)
    if isinstance(e, EndAgreed):
        return e.seat, AgreeEnd(e.agree)
    if isinstance(e, Arranged):
        return e.seat, Arrange(e.slots, e.wildcard)
    return None


def moves_of(events: Iterable[Event]) -> list[tuple[int, Move]]:
    """The ``(seat, move)`` pairs recorded in an event log, in order."""
    return [recorded for event in events if (recorded := move_of(event)) is not None]


def replay(
    config: LetterJamConfig,
    seed: int,
    moves: Iterable[tuple[int, Move]],
    lexicon: WordList | None = None,
    words: Sequence[str] | None = None,
) -> GameState:
    """The state after playing ``moves`` from a new game; raises like :func:`apply`."""
    state = new_game(config, seed, lexicon, words)
    for seat, move in moves:
        state, _ = apply(state, seat, move)
    return state


__all__ = [
    "LetterJamConfig", "LetterJamError", "apply", "check_arrangement", "legal_moves",
    "load_lexicon", "move_of", "moves_of", "new_game", "outcome", "parse_refs", "replay", "to_act",
    "token_for", "waiting_on",
]
