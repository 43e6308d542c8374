"""Harf Takıl AI seats: one AI teammate playing from its own seat's view on the server.

The server's bot runner calls :func:`choose` (the game's ``ai.choose``) after every
command that leaves the seat among those who may act, which in Harf Takıl is nearly
always (every seat acts at once in a round). So :func:`choose` answers the one move
the seat wants *now*, or ``None`` when it has nothing to add and waits for the table;
it never answers a move that would change nothing (a repeated vote, an agreement
already given), so AI seats never keep each other busy. Like
:class:`~harfiyen.ai.letterjam.agent.LetterJamAI` it keeps no memory: the same view
gives the same answer, and nothing but the view (never the state) goes in.

In each phase:

- a bonus card of this seat used in the last clue is named first (any phase);
- ``round``: move on when confident of the current card, else publish an honest
  offer (only one the seat could spell itself), else vote, else agree to end when no
  offer is on the table and the seat has none worth a token. When every other seat has
  agreed to end (the people want to stop) and no offer is on the table, the seat agrees
  too unless its best clue is worth far more: at least :data:`FAR_MORE` bits, about a
  whole letter a teammate learns; then it offers that clue instead;
- ``clue``: the chosen cluegiver spells the best clue that keeps its offer (its shape
  and the flags it said; after the bonus letters of the last clue were named), or
  withdraws when it finds none;
- ``final``: the arrangement most likely to spell a word, once.

Votes never stall: the first vote goes to the offer that should help most (judged,
like a person, only by what offers say); once anyone has voted, a seat whose vote
is cast joins the offer with most votes (ties: the lowest seat), so the votes of AI
seats and of people who follow them converge on one offer and reach the majority.
A table where nobody offers ends by agreement.

:func:`stand_in` is the move the server makes for a person whose phase timer ran out.
:func:`fallback` is the safe move when the AI fails or its move is refused: name
the bonus with the most common letter, withdraw the clue, agree to end, the stand
order as the arrangement (``None`` when even that would change nothing). :func:`warm`
builds the language's word index ahead of the first decision.
"""

from __future__ import annotations

import threading
from typing import Any, Final

from harfiyen.ai.letterjam.agent import LetterJamAI, offer_rank
from harfiyen.ai.letterjam.cluesearch import MIN_VALUE, search
from harfiyen.ai.letterjam.table import Table, read_table
from harfiyen.ai.letterjam.words import word_index
from harfiyen.ai.seats import AfterPeople
from harfiyen.games.letterjam.cards import OwnCard
from harfiyen.games.letterjam.clues import offer_for
from harfiyen.games.letterjam.game import LETTERJAM
from harfiyen.games.letterjam.moves import (
    AgreeEnd,
    Arrange,
    Move,
    NameBonus,
    Offer,
    Vote,
    Withdraw,
)
from harfiyen.games.letterjam.state import Phase
from harfiyen.games.letterjam.views import LetterJamView
from harfiyen.lexicon.normalize import ALPHABETS
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON

#: The levels of Harf Takıl AI seats, as the game registers them (one: ``ai``).
LEVELS: Final = LETTERJAM.ai_levels

# One agent per thread: its word index is loaded once per lexicon and only read after.
_LOCAL = threading.local()


def _agent() -> LetterJamAI:
    agent = getattr(_LOCAL, "agent", None)
    if agent is None:
        agent = _LOCAL.agent = LetterJamAI()
    return agent


def warm(language: str) -> None:
    """Build the word index of the language's default lexicon (once per process; the bot
    runner calls this in a thread when it first sees a match with an AI seat), so the
    first decision does not wait for it."""
    if language not in DEFAULT_LEXICON:
        raise ValueError(f"no Harf Takıl AI for language {language!r}")
    word_index(DEFAULT_LEXICON[language])


def _seat_view(view: LetterJamView) -> LetterJamView:
    if view.seat is None or view.outcome is not None or view.phase is Phase.OVER:
        raise ValueError("an AI seat plays from its own seat's view of a running game")
    return view


#: The value (bits) of a clue for which an AI seat offers rather than agreeing to end
#: when everyone else has agreed: about a whole letter learned by a teammate.
FAR_MORE = 4.0


def choose(view: LetterJamView, level: str, seed: int, lexicons: Any
           ) -> Move | AfterPeople | None:
    """The move this AI seat wants now, or ``None`` (see the module doc). ``seed`` and
    ``lexicons`` are not needed: the agent is deterministic and reads its own word index
    of the view's lexicon."""
    if level not in LEVELS:
        raise ValueError(f"unknown Harf Takıl AI level {level!r} ({', '.join(LEVELS)})")
    view = _seat_view(view)
    agent = _agent()
    table = read_table(view)
    if table.bonus_used:
        return agent.name_bonus(view)
    if view.phase is Phase.CLUE:
        if table.cluegiver != table.seat or any(s.bonus_used for s in view.stands):
            return None  # not ours, or the last clue's bonus letters are still named
        return agent.clue(view)
    if view.phase is Phase.FINAL:
        return agent.arrange(view) if view.arrangement is None else None
    return _round(view, table, agent)


def _round(view: LetterJamView, table: Table, agent: LetterJamAI
           ) -> Move | AfterPeople | None:
    move: Move | None = agent.move_on(view)
    if move is not None:
        return move
    me = table.seat
    if table.offers[me] is None:
        # Everyone else wants to end and nothing is on the table: only a clue worth far
        # more than a token keeps the game going.
        others_agree = all(a for s, a in enumerate(view.agrees_end) if s != me)
        nothing_offered = all(o is None for o in table.offers)
        least = FAR_MORE if others_agree and nothing_offered else MIN_VALUE
        offer = _honest_offer(table, agent, least)
        if offer is not None:
            return offer
    vote = _vote(table)
    if vote is not None:
        # A vote may make the majority that picks the cluegiver: people vote first.
        return AfterPeople(vote)
    if all(o is None for o in table.offers) and not view.agrees_end[me]:
        return AgreeEnd(True)
    return None


def _honest_offer(table: Table, agent: LetterJamAI, least: float = MIN_VALUE
                  ) -> Offer | None:
    """The shape of the best clue this seat sees, with whether it uses the wildcard and a
    shared bonus letter (said truthfully), when it is worth ``least`` (a token) and a
    clue of that shape can be spelled (so a chosen AI never has to withdraw and offer
    again)."""
    if not table.can_clue:
        return None
    index = agent._index(table)
    found = search(table, index)
    if not found or found[0].value < least:
        return None
    best = found[0]
    if not search(table, index, shape=best.shape):
        return None
    return offer_for(best.refs)


def _vote(table: Table) -> Vote | None:
    """This seat's vote when it differs from the one it has (see the module doc)."""
    offered = [s for s, o in enumerate(table.offers) if o is not None]
    if not offered:
        return None
    mine = table.votes[table.seat]
    if mine is None:
        if any(v is not None for v in table.votes):
            target = leader(table.votes, offered)
        else:
            target = max(offered, key=lambda s: offer_rank(table, s, offered))
    else:
        target = leader(table.votes, offered)
    return None if target == mine else Vote(target)


def leader(votes: tuple[int | None, ...], offered: list[int]) -> int:
    """The offer with most votes; a tie goes to the lowest seat."""
    return max(offered, key=lambda s: (votes.count(s), -s))


def stand_in(view: LetterJamView) -> Move | None:
    """The move a person's seat still owes the table when the phase's timer has run out,
    chosen as an AI teammate would from that seat's view; ``None`` when it owes none.

    A seat owes what the table cannot go on without: naming its bonus letter, the clue
    it was chosen to give (or withdrawing it), its arrangement at the end, and in a
    round a vote when offers wait for one (with no offer, its agreement to end).
    Offering and moving on stay the person's own choices: a stand-in never makes them.
    """
    view = _seat_view(view)
    table = read_table(view)
    if view.phase is not Phase.ROUND or table.bonus_used:
        answer = choose(view, LEVELS[0], 0, None)
        assert not isinstance(answer, AfterPeople)  # only a round's votes wait for people
        return answer
    me = table.seat
    if table.votes[me] is None:
        vote = _vote(table)
        if vote is not None:
            return vote
    if all(o is None for o in table.offers) and not view.agrees_end[me]:
        return AgreeEnd(True)
    return None


def fallback(view: LetterJamView, seed: int, lexicons: Any, refused: bool) -> Move | None:
    """A move the engine accepts when :func:`choose` failed (see the module doc)."""
    view = _seat_view(view)
    me = view.seat
    assert me is not None
    stand = view.stands[me]
    if stand.bonus_used:
        counts = view.deck_letters
        return NameBonus(max(ALPHABETS[view.language], key=lambda c: counts.get(c, 0)))
    if view.phase is Phase.CLUE:
        return Withdraw() if view.cluegiver == me else None
    if view.phase is Phase.FINAL:
        if view.arrangement is not None:
            return None
        return Arrange(tuple(OwnCard(i) for i in range(stand.cards)))
    if not view.agrees_end[me]:
        return AgreeEnd(True)
    return None


__all__ = ["FAR_MORE", "LEVELS", "choose", "fallback", "leader", "stand_in", "warm"]
