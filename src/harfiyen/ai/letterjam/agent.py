"""An AI teammate for Harf Takıl: one seat, deciding from that seat's view alone.

Every method takes the typed view the engine gives the seat
(``view(state, Seat(n))``) and returns a move (or ``None`` for "nothing
now"). The agent keeps no memory between calls, so the same view always
gives the same decision, and nothing but the view can influence it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from harfiyen.ai.letterjam.cluesearch import MIN_VALUE, Candidate, search
from harfiyen.ai.letterjam.deduction import believe, best_arrangement, bonus_guess
from harfiyen.ai.letterjam.table import Table, read_table
from harfiyen.ai.letterjam.words import WordIndex, word_index
from harfiyen.games.letterjam.cards import OwnCard
from harfiyen.games.letterjam.clues import offer_mismatch
from harfiyen.games.letterjam.moves import (
    Arrange,
    GiveClue,
    Move,
    MoveOn,
    NameBonus,
    Offer,
    Vote,
    Withdraw,
)
from harfiyen.games.letterjam.views import LetterJamView

View = LetterJamView

#: Move on once the current card is this likely.
MOVE_ON = 0.8
#: ... or this likely after this many clues on the same card (more rarely helps).
STUCK_CLUES = 3
STUCK_MOVE_ON = 0.5
#: How much a red token counts in a vote, in "players helped": reds are per player,
#: and the centre greens open only once every red is taken.
RED_PREFERENCE = 1.0
#: How much each clue an offering seat has given beyond the fewest of the offering seats
#: counts against its offer in a vote, in "players helped": the clues stay shared out in
#: proportion, one seat does not give most of the table's clues.
CLUE_BALANCE = 0.5


@dataclass
class LetterJamAI:
    """A deterministic AI teammate. ``index`` defaults to the view's lexicon."""

    index: WordIndex | None = None

    def _index(self, table: Table) -> WordIndex:
        if self.index is None or self.index.lexicon_id != table.lexicon:
            self.index = word_index(table.lexicon)
        return self.index

    # -- deduction -------------------------------------------------------------------------

    def move_on(self, view: View) -> MoveOn | None:
        """Move on with the best guess when confident enough of the current card."""
        table = read_table(view)
        if not table.has_card or table.phase != "round":
            return None
        belief = believe(table, self._index(table))
        letter, p = belief.best(table.position)
        if table.position not in belief.clued or letter is None:
            return None
        clues = sum(r.own_position == table.position for r in table.records)
        if p >= MOVE_ON or (clues >= STUCK_CLUES and p >= STUCK_MOVE_ON):
            return MoveOn(letter)
        return None

    def arrange(self, view: View) -> Arrange:
        """The order of one's own cards most likely to spell a lexicon word."""
        table = read_table(view)
        index = self._index(table)
        order, _ = best_arrangement(believe(table, index), index)
        return Arrange(tuple(OwnCard(i) for i in order))

    def name_bonus(self, view: View) -> NameBonus:
        table = read_table(view)
        letter = bonus_guess(table, self._index(table))
        return NameBonus(letter or self._index(table).alphabet[0])

    # -- clues -----------------------------------------------------------------------------

    def best_clue(self, view: View) -> Candidate | None:
        """The most helpful clue this seat sees now, or ``None``."""
        table = read_table(view)
        found = search(table, self._index(table))
        return found[0] if found else None

    def offer(self, view: View) -> Offer | None:
        """An honest offer (the shape of the best clue) when it is worth a token."""
        table = read_table(view)
        if table.phase != "round" or not table.can_clue:
            return None
        best = self.best_clue(view)
        if best is None or best.value < MIN_VALUE:
            return None
        return Offer(*best.shape)

    def clue(self, view: View) -> GiveClue | Withdraw:
        """As the chosen cluegiver: the best clue matching the published offer (its shape
        and the wildcard and bonus-letter flags it said)."""
        table = read_table(view)
        offer = table.offers[table.seat]
        said = view.offers[table.seat]
        keep: Callable[[Candidate], bool] | None = None
        if said is not None and (said.wildcard is not None or said.bonus is not None):
            keep = partial(_keeps, Offer(said.length, said.players, said.nonplayers,
                                         said.wildcard, said.bonus))
        found = search(table, self._index(table), shape=offer, keep=keep)
        if not found:
            return Withdraw()
        best = found[0]
        return GiveClue(best.refs, best.wildcard)

    def vote(self, view: View) -> Vote | None:
        """Vote for the offer that should help most, judged only by what offers say:
        players used, then a red token to spend, then nonplayer stands. When a first
        round of votes chose nobody, join the offer with most votes."""
        table = read_table(view)
        offered = [s for s, o in enumerate(table.offers) if o is not None]
        if not offered:
            return None
        counts = {s: table.votes.count(s) for s in offered}
        if any(v is not None for v in table.votes) and table.votes[table.seat] is not None:
            leader = max(offered, key=lambda s: (counts[s], -s))
            return Vote(leader)
        return Vote(max(offered, key=lambda s: offer_rank(table, s, offered)))

    def agrees_end(self, view: View) -> bool:
        """Agree to end when this seat has no clue worth giving (the driver asks only
        when nobody offered)."""
        return self.offer(view) is None

    # -- one entry point ---------------------------------------------------------------------

    def act(self, view: View) -> Move | None:
        """The one move this seat wants now in the view's phase, or ``None``."""
        table = read_table(view)
        if table.bonus_used:
            return self.name_bonus(view)
        if table.phase == "clue":
            return self.clue(view) if table.cluegiver == table.seat else None
        if table.phase == "final":
            return self.arrange(view) if view.arrangement is None else None
        if table.phase != "round":
            return None
        move: Move | None = self.move_on(view)
        if move is None and table.offers[table.seat] is None:
            move = self.offer(view)
        if move is None and table.votes[table.seat] is None:
            move = self.vote(view)
        return move


def offer_rank(table: Table, seat: int, offered: list[int]) -> tuple[float, int, int]:
    """How good the offer of ``seat`` looks, judged only by what offers say (the players
    it helps, a red token to spend, nonplayer stands) and by the clues each offering
    seat has given already (:data:`CLUE_BALANCE`); ties go to the seat that has given
    fewer clues, then to the lowest seat."""
    offer = table.offers[seat]
    assert offer is not None
    _, players, nonplayers = offer
    red = RED_PREFERENCE if table.red_left[seat] > 0 else 0.0
    fewest = min(table.clues_given[s] for s in offered)
    extra = table.clues_given[seat] - fewest
    value = players + red + 0.1 * nonplayers - CLUE_BALANCE * extra
    return round(value, 9), -extra, -seat


def _keeps(offer: Offer, candidate: Candidate) -> bool:
    """Whether ``candidate`` keeps every part ``offer`` said (the engine's own check)."""
    return not offer_mismatch(offer, candidate.refs)


__all__ = ["CLUE_BALANCE", "LetterJamAI", "offer_rank"]
