"""Harf Takıl in the game registry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from harfiyen.core.ai_seat import AiSeat, plain_ai_level
from harfiyen.core.errors import ErrorKind, Message
from harfiyen.core.events import EngineEvent
from harfiyen.core.registry import (
    ChatRight,
    GameSpec,
    LexiconLoader,
    Setup,
    register_game,
    seat_viewers,
)
from harfiyen.games.letterjam import engine
from harfiyen.games.letterjam.errors import LetterJamError
from harfiyen.games.letterjam.events import EVENT_TYPES
from harfiyen.games.letterjam.moves import Move, Vote
from harfiyen.games.letterjam.rules import (
    MAX_PLAYERS,
    MAX_WORD_LENGTH,
    MIN_PLAYERS,
    MIN_WORD_LENGTH,
    SETUP,
    rules_key,
)
from harfiyen.games.letterjam.state import GameState, LetterJamConfig, Phase
from harfiyen.games.letterjam.views import project_event, view

#: Secret words chosen at creation: the match's config is public, so everyone would read
#: every word (and whoever chose them would know their own).
SECRET_WORDS_DEALT: Final = ErrorKind(
    "secret_words_dealt",
    "Çevrim içi oyunda gizli kelimeleri oyun dağıtır; kurulurken kelime verilemez.",
    "Online, the game deals the secret words; none can be given when it is set up.",
)


def check_config(config: LetterJamConfig) -> LetterJamConfig:
    """``config`` as given; raises :class:`LetterJamError` for a setup it cannot have,
    and for secret words given at creation (:data:`SECRET_WORDS_DEALT`)."""
    config.setup()
    if config.secret_words is not None:
        raise LetterJamError.of(SECRET_WORDS_DEALT)
    return config


def setup(config: LetterJamConfig) -> Setup:
    return Setup(rules_key(config.version), config.lexicon_id, config.language, config.players)


def new_game(config: LetterJamConfig, seed: int, lexicons: LexiconLoader) -> GameState:
    return engine.new_game(config, seed, lexicons(config.lexicon_id))


#: A vote for the offer one already votes for: the engine would record it again and
#: change nothing, so the match layer refuses it (``a vote twice``), in both languages.
ALREADY_VOTED: Final = ErrorKind(
    "already_voted",
    "Zaten {player}. oyuncunun teklifine oy verdin; başka bir teklife oy verebilir ya da "
    "verdiğin oyu geri alabilirsin.",
    "Your vote is already on player {player}'s offer; vote for another offer or take "
    "your vote back.",
)

#: An offer that says more than the seed lets a player say about a clue.
OFFER_SAYS_TOO_MUCH: Final = ErrorKind(
    "offer_says_too_much",
    "Teklifte yalnızca kelimenin uzunluğu, kaç oyuncunun ve kaç oyuncu olmayan sehpanın "
    "kartının kullanılacağı, jokerin ve ortak bonus harfinin kullanılıp kullanılmadığı "
    "söylenir; başka bir şey söylenemez ({fields}).",
    "An offer says only the word's length, how many players' and nonplayer stands' "
    "cards it uses and whether it uses the wildcard and a shared bonus letter; nothing "
    "else may be said ({fields}).",
)
#: What an offer may say (the seed's discussion rule), beside its ``kind``.
OFFER_FIELDS: Final = frozenset(
    {"kind", "length", "players", "nonplayers", "wildcard", "bonus"}
)

#: The phases a per-phase timer may be set for (``{"seconds": {"round": 120, ...}}``).
PHASES: Final = tuple(p.value for p in Phase if p is not Phase.OVER)


def apply(state: GameState, seat: int, move: Move) -> tuple[GameState, Sequence[EngineEvent]]:
    """The engine's ``apply``, refusing a repeated vote (see :data:`ALREADY_VOTED`)."""
    if (isinstance(move, Vote) and move.seat is not None and state.phase is Phase.ROUND
            and 0 <= seat < state.player_count and state.players[seat].vote == move.seat):
        raise LetterJamError.of(ALREADY_VOTED, player=move.seat + 1, seat=move.seat)
    return engine.apply(state, seat, move)


def read_move(data: Any, state: GameState) -> Move:
    """A client's move JSON; an offer that says more than the seed allows (a letter, a
    word, whose card...) is refused as such, naming what it tried to say."""
    if isinstance(data, dict) and data.get("kind") == "offer":
        extra = sorted(str(k) for k in data if k not in OFFER_FIELDS)
        if extra:
            raise LetterJamError.of(OFFER_SAYS_TOO_MUCH, fields=", ".join(extra))
    move: Move = LETTERJAM.move_from_json(data)
    return move


def chat_policy(state: GameState | None, seat: int | None) -> ChatRight:
    """No free chat while the game runs: the seed allows only the structured offers
    (a word could tell a player their letters). Before the start and after the end
    everyone at the table talks; spectators only read."""
    if seat is None:
        return "none"
    if state is None or state.outcome is not None:
        return "all"
    return "none"


def phase_of(state: GameState) -> str:
    """``round`` (offers, votes, moving on), ``clue`` (the cluegiver spells) or ``final``
    (the arrangement): the timers a match may set. Harf Takıl has no timeout move: at a
    deadline the AI makes the moves people still owe (``harfiyen.ai.letterjam.seat.
    stand_in``)."""
    return state.phase.value


def option_table() -> dict[str, Any]:
    return {
        "languages": ["tr", "en"],
        "players": [MIN_PLAYERS, MAX_PLAYERS],
        "word_length": [MIN_WORD_LENGTH, MAX_WORD_LENGTH],
        "nonplayer_stands": {str(n): len(row.piles) for n, row in SETUP.items()},
        "scoring": [False, True],
        "phases": list(PHASES),
    }


LETTERJAM: GameSpec[LetterJamConfig, GameState, Move] = GameSpec(
    name="letterjam",
    title=Message("Harf Takıl", "Harf Takıl (letter jam)"),
    config_type=LetterJamConfig,
    check_config=check_config,
    setup=setup,
    new_game=new_game,
    to_act=engine.to_act,
    waiting_on=engine.waiting_on,
    legal_moves=engine.legal_moves,
    apply=apply,
    outcome=engine.outcome,
    view=view,
    project_event=project_event,  # type: ignore[arg-type]
    events=lambda state: state.events,
    event_types=EVENT_TYPES,
    move_type=Move,
    move_of=engine.move_of,  # type: ignore[arg-type]
    viewers=lambda config: seat_viewers(config.players),
    resign=None,
    timeout=None,
    open_moves=("offer", "clue", "arrange"),
    read_move=read_move,
    option_table=option_table,
    chat_policy=chat_policy,
    ai=AiSeat(
        choose="harfiyen.ai.letterjam.seat:choose",
        fallback="harfiyen.ai.letterjam.seat:fallback",
        warm="harfiyen.ai.letterjam.seat:warm",
        stand_in="harfiyen.ai.letterjam.seat:stand_in",
        levels=(plain_ai_level(),),
        paces_itself=True,
    ),
    phase_of=phase_of,
    timer_phases=PHASES,
)
register_game(LETTERJAM)

__all__ = [
    "ALREADY_VOTED", "LETTERJAM", "OFFER_FIELDS", "OFFER_SAYS_TOO_MUCH", "PHASES",
    "SECRET_WORDS_DEALT",
]
