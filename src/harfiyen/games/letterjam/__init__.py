"""Harf Takıl: the cooperative letter-deduction game (Letter Jam family), 2–6 players.

Every player holds a shuffled secret word whose current card everyone but
its owner can see; each round the group picks one cluegiver, who spells a
word from the visible cards, and everyone deduces their own letter. Rules:
the seed ``000_bd26485747313d64.txt`` and RULES.md ("Harf Takıl"). The decks
and secret-word lists are data written by ``scripts/make_letterjam_deck.py``
(method in its docstring and in :mod:`.decks`).

The public API: ``new_game``, ``to_act``, ``legal_moves``, ``apply``,
``outcome``, ``view``, ``project_event``, ``replay``, ``moves_of``; the moves,
card references, config, state, events and the error type.
"""

from harfiyen.games.letterjam.cards import (
    BonusCard,
    CardRef,
    OwnCard,
    PileCard,
    SharedCard,
    Slot,
    StandCard,
    Wildcard,
    parse_refs,
    parse_slots,
    ref_label,
)
from harfiyen.games.letterjam.decks import deck_counts, secret_words
from harfiyen.games.letterjam.ending import Outcome, PlayerResult
from harfiyen.games.letterjam.engine import (
    apply,
    legal_moves,
    moves_of,
    new_game,
    outcome,
    replay,
    to_act,
    token_for,
)
from harfiyen.games.letterjam.errors import LetterJamError
from harfiyen.games.letterjam.events import Event
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
from harfiyen.games.letterjam.rules import SETUP, Setup, TokenColour, setup_for
from harfiyen.games.letterjam.state import (
    ClueRecord,
    GameState,
    LetterJamConfig,
    Phase,
    Pile,
    Player,
    WordList,
)
from harfiyen.games.letterjam.views import Omniscient, Seat, Spectator, Viewer, project_event, view

__all__ = [
    "SETUP", "AgreeEnd", "Arrange", "BonusCard", "CardRef", "ClueRecord", "Event", "GameState",
    "GiveClue", "LetterJamConfig", "LetterJamError", "Move", "MoveOn", "NameBonus", "Offer",
    "Omniscient", "Outcome", "OwnCard", "Phase", "Pile", "PileCard", "Player", "PlayerResult",
    "Seat", "Setup", "SharedCard", "Slot", "Spectator", "StandCard", "TokenColour", "Viewer",
    "Vote", "Wildcard", "Withdraw", "WordList", "apply", "deck_counts", "legal_moves",
    "moves_of", "new_game", "outcome", "parse_refs", "parse_slots", "project_event",
    "ref_label", "replay", "secret_words", "setup_for", "to_act", "token_for", "view",
]
