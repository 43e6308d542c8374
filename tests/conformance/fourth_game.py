"""A fourth game, written only to show what adding a game takes: "Gizli harf".

Each player is dealt a secret letter that only they see. Players take turns
saying a word that starts with the last letter of the word before; a word that
holds the speaker's secret letter scores its length. After ``turns`` words each,
the higher score wins. Everything below ``# --- registration`` is what the
platform needs; the server, the harness and the AI runner need nothing else. Its AI
seat is :mod:`.fourth_game_ai`, named by the spec's ``ai`` part.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from harfiyen.core.ai_seat import AiSeat, plain_ai_level
from harfiyen.core.errors import (
    GAME_OVER,
    UNKNOWN_MOVE,
    UNKNOWN_SEAT,
    ErrorKind,
    GameError,
    Message,
)
from harfiyen.core.events import EngineEvent
from harfiyen.core.outcome import Outcome, Result, results_from_places
from harfiyen.core.registry import GameSpec, LexiconLoader, Setup, seat_viewers
from harfiyen.core.rng import Rng
from harfiyen.core.viewers import Omniscient, Seat
from harfiyen.core.wire import FLATTEN
from harfiyen.lexicon.normalize import ALPHABETS, upper

from .drivers import Case, Driver

ALPHABET = ALPHABETS["tr"]


class SecretLetterError(GameError):
    pass


NOT_YOUR_TURN = ErrorKind("not_your_turn", "Sıra sende değil.", "It is not your turn.")
BAD_WORD = ErrorKind(
    "bad_word", "“{word}” olmaz: {why_tr}.", "“{word}” will not do: {why_en}."
)


@dataclass(frozen=True, slots=True)
class Config:
    players: int = 2
    turns: int = 3


@dataclass(frozen=True, slots=True)
class Say:
    kind: ClassVar[str] = "say"
    word: str


@dataclass(frozen=True, slots=True)
class Resign:
    kind: ClassVar[str] = "resign"


Move = Say | Resign


@dataclass(frozen=True, slots=True)
class Ending(Outcome):
    reason: str
    scores: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def results(self) -> tuple[Result, ...]:
        return results_from_places(self.places)

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "scores": list(self.scores), "places": list(self.places),
                **self.standing()}


class _Event(EngineEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    kind: ClassVar[str] = "dealt"
    letters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Said(_Event):
    kind: ClassVar[str] = "said"
    seat: int
    word: str
    points: int


@dataclass(frozen=True, slots=True)
class Resigned(_Event):
    kind: ClassVar[str] = "resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class Ended(_Event):
    kind: ClassVar[str] = "ended"
    outcome: Ending = field(metadata=FLATTEN)


Event = Dealt | Said | Resigned | Ended


@dataclass(frozen=True)
class State:
    config: Config
    letters: tuple[str, ...]
    words: tuple[str, ...]
    scores: tuple[int, ...]
    to_move: int
    outcome: Ending | None
    events: tuple[Event, ...]


def new_game(config: Config, seed: int, lexicons: LexiconLoader) -> State:
    if not 2 <= config.players <= 3 or not 1 <= config.turns <= 5:
        raise SecretLetterError.of(BAD_WORD, word="-", why_tr="ayarlar geçersiz",
                                   why_en="bad options")
    letters, _ = Rng(seed).shuffled(ALPHABET)
    dealt = tuple(letters[: config.players])
    return State(config, dealt, (), (0,) * config.players, 0, None, (Dealt(dealt),))


def to_act(state: State) -> tuple[int, ...]:
    return () if state.outcome else (state.to_move,)


def legal_moves(state: State, seat: int) -> Iterator[Move]:
    if state.outcome is None and 0 <= seat < state.config.players:
        yield Resign()


def _end(scores: tuple[int, ...], reason: str, loser: int | None) -> Ending:
    keys = [(s != loser, score) for s, score in enumerate(scores)]
    return Ending(reason, scores, tuple(1 + sum(k > key for k in keys) for key in keys))


def apply(state: State, seat: int, move: Move) -> tuple[State, tuple[Event, ...]]:
    if state.outcome is not None:
        raise SecretLetterError.of(GAME_OVER)
    if not 0 <= seat < state.config.players:
        raise SecretLetterError.of(UNKNOWN_SEAT, seat=seat, seats=state.config.players)
    if isinstance(move, Resign):
        ending = _end(state.scores, "resigned", seat)
        events: tuple[Event, ...] = (Resigned(seat), Ended(ending))
        return replace(state, outcome=ending, events=state.events + events), events
    if not isinstance(move, Say):
        raise SecretLetterError.of(UNKNOWN_MOVE, move=type(move).__name__)
    if seat != state.to_move:
        raise SecretLetterError.of(NOT_YOUR_TURN)
    word = upper(move.word.strip(), "tr")
    why = None
    if not 2 <= len(word) <= 12 or any(ch not in ALPHABET for ch in word):
        why = ("2–12 harf olmalı", "it must be 2 to 12 letters")
    elif state.words and word[0] != state.words[-1][-1]:
        why = (f"{state.words[-1][-1]} ile başlamalı", f"it must start with {state.words[-1][-1]}")
    elif word in state.words:
        why = ("bu kelime söylendi", "it has been said")
    if why is not None:
        raise SecretLetterError.of(BAD_WORD, word=word, why_tr=why[0], why_en=why[1])
    points = len(word) if state.letters[seat] in word else 0
    scores = tuple(s + points * (i == seat) for i, s in enumerate(state.scores))
    events = (Said(seat, word, points),)
    words = (*state.words, word)
    ending = None
    if len(words) == state.config.players * state.config.turns:
        ending = _end(scores, "turns", None)
        events = (*events, Ended(ending))
    new = replace(state, words=words, scores=scores, outcome=ending,
                  to_move=(seat + 1) % state.config.players, events=state.events + events)
    return new, events


@dataclass(frozen=True)
class View:
    letter: str | None
    letters: tuple[str, ...] | None
    words: tuple[str, ...]
    scores: tuple[int, ...]
    to_move: int

    def to_json(self) -> dict[str, Any]:
        return {"letter": self.letter, "letters": self.letters and list(self.letters),
                "words": list(self.words), "scores": list(self.scores), "to_move": self.to_move}


def view(state: State, viewer: Any) -> View:
    if isinstance(viewer, Omniscient) and state.outcome is None:
        raise SecretLetterError.of(BAD_WORD, word="-", why_tr="oyun sürüyor",
                                   why_en="the game is on")
    everything = state.outcome is not None or isinstance(viewer, Omniscient)
    own = state.letters[viewer.seat] if isinstance(viewer, Seat) else None
    return View(own, state.letters if everything else None, state.words, state.scores,
                state.to_move)


def project_event(event: Event, viewer: Any, state: State) -> dict[str, Any]:
    if isinstance(event, Dealt) and state.outcome is None and not isinstance(viewer, Omniscient):
        mine = [event.letters[viewer.seat]] if isinstance(viewer, Seat) else []
        return {"kind": event.kind, "letters": mine}
    return event.to_dict()


def move_of(event: Event) -> tuple[int, Move] | None:
    if isinstance(event, Said):
        return event.seat, Say(event.word)
    if isinstance(event, Resigned):
        return event.seat, Resign()
    return None


# --- registration: all the platform needs to offer the game ------------------------------
SECRET_LETTER: GameSpec[Config, State, Move] = GameSpec(
    name="gizli-harf", title=Message("Gizli harf", "Secret letter"), config_type=Config,
    check_config=lambda config: config,
    setup=lambda config: Setup("gizli-harf@1", None, "tr", config.players),
    new_game=new_game, to_act=to_act, legal_moves=legal_moves, apply=apply,
    outcome=lambda state: state.outcome, view=view, project_event=project_event,
    events=lambda state: state.events, event_types=(Dealt, Said, Resigned, Ended),
    move_type=Move, move_of=move_of, viewers=lambda config: seat_viewers(config.players),
    resign=Resign(), timeout=Resign(), open_moves=("say",),
    # Its AI seat: the bot runner imports the module when a match first seats it. The AI
    # answers at once: a short budget is enough.
    ai=AiSeat(choose="conformance.fourth_game_ai:choose",
              fallback="conformance.fourth_game_ai:fallback",
              levels=(plain_ai_level(budget_seconds=10.0),)),
)


# --- the harness's driver (tests only) ---------------------------------------------------


def _moves(state: State, rnd: Any) -> Iterator[tuple[int, Move]]:
    start = state.words[-1][-1] if state.words else rnd.choice(ALPHABET)
    word = start + "".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(1, 6)))
    if rnd.random() < 0.02:
        yield state.to_move, Resign()
    yield state.to_move, Say(word)


def _illegal(state: State, rnd: Any) -> list[tuple[int, Move]]:
    other = (state.to_move + 1) % state.config.players
    return [(other, Say("KEDİ")), (state.to_move, Say("X")), (9, Resign())]


def _scramble(state: State, viewer: Any, rnd: Any) -> State:
    if state.outcome is not None or isinstance(viewer, Omniscient):
        return state
    letters = tuple(
        letter if isinstance(viewer, Seat) and viewer.seat == s else rnd.choice(ALPHABET)
        for s, letter in enumerate(state.letters)
    )
    events = tuple(Dealt(letters) if isinstance(e, Dealt) else e for e in state.events)
    return replace(state, letters=letters, events=events)


def _cases() -> list[Case]:
    return [Case("gizli-harf", "2", {"players": 2}, lambda _: None),
            Case("gizli-harf", "3-5", {"players": 3, "turns": 5}, lambda _: None)]


DRIVER = Driver(_cases, _moves, _illegal, _scramble)
