"""Word packs and arranged boards shared by the Kelime Casusu tests."""

from __future__ import annotations

from dataclasses import replace

from harfiyen.games.codenames.engine import apply, new_game
from harfiyen.games.codenames.events import BoardDrawn
from harfiyen.games.codenames.moves import Clue, Guess, Move
from harfiyen.games.codenames.rules import Colour
from harfiyen.games.codenames.state import CodenamesConfig, GameState
from harfiyen.lexicon.normalize import Language


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Everyday concrete words chosen for these tests (25 exactly: every one is on the board).
TR_BOARD = _words("""
ELMA ARMUT KEDİ KÖPEK DENİZ GÖLGE KİTAP AĞAÇ KALEM MASA KAPI PENCERE İLİK KIŞ BULUT
YILDIZ GÜNEŞ DAĞ NEHİR KÖPRÜ ŞEHİR TREN UÇAK GEMİ RENK
""")
TR_EXTRA = _words("SAAT ÇİÇEK BALIK EKMEK PEYNİR İNEK KUZU TAVUK ŞEKER ORMAN")
TR_PACK = TR_BOARD + TR_EXTRA

EN_BOARD = _words("""
APPLE PEAR CAT DOG SEA SHADOW BOOK TREE PEN TABLE DOOR WINDOW STAR WINTER CLOUD
MOON SUN MOUNTAIN RIVER BRIDGE CITY TRAIN PLANE SHIP CLOCK
""")

# Clue words that are on no board above.
TR_CLUES = _words("""
SU HAVA TOPRAK ATEŞ RÜZGAR MEYVE HAYVAN EV YOL OKUL SES IŞIK SICAK SOĞUK MAVİ YEŞİL
KUŞ DERİN UZUN KISA GECE SABAH TATLI DEMİR ÇELİK TAHTA
""")

# The arranged key: cards 0–8 red, 9–16 blue, 17–23 neutral, 24 black.
RED = tuple(range(0, 9))
BLUE = tuple(range(9, 17))
NEUTRAL = tuple(range(17, 24))
BLACK = 24
ARRANGED_KEY = (
    (Colour.RED,) * 9 + (Colour.BLUE,) * 8 + (Colour.NEUTRAL,) * 7 + (Colour.BLACK,)
)

# Default seats: 0 red spymaster, 1 red guesser, 2 blue spymaster, 3 blue guesser.
RED_SPY, RED_GUESS, BLUE_SPY, BLUE_GUESS = 0, 1, 2, 3


def config(
    words: tuple[str, ...] = TR_PACK, lang: Language = "tr", *, strict: bool = False
) -> CodenamesConfig:
    return CodenamesConfig(words, language=lang, strict_clues=strict)


def arranged(
    words: tuple[str, ...] = TR_BOARD,
    key: tuple[Colour, ...] = ARRANGED_KEY,
    *,
    lang: Language = "tr",
    strict: bool = False,
) -> GameState:
    """A new game whose board is ``words`` in order with ``key`` (recorded in its events)."""
    state = new_game(config(words, lang, strict=strict), seed=0)
    drawn = state.events[1]
    assert isinstance(drawn, BoardDrawn)
    events = (state.events[0], BoardDrawn(words, key, drawn.spymasters))
    return replace(state, words=words, key=key, events=events)


def play(state: GameState, *moves: tuple[int, Move]) -> GameState:
    for seat, move in moves:
        state, _ = apply(state, seat, move)
    return state


def red_clue(state: GameState, word: str = "SU", number: int = 2) -> GameState:
    return play(state, (RED_SPY, Clue(word, number)))


def guesses(seat: int, *indices: int) -> tuple[tuple[int, Move], ...]:
    return tuple((seat, Guess(i)) for i in indices)


def with_key(state: GameState, key: tuple[Colour, ...]) -> GameState:
    """A fresh game ``state`` (no moves yet) with its key replaced, events included."""
    assert state.move_number == 0
    drawn = state.events[1]
    assert isinstance(drawn, BoardDrawn)
    events = (state.events[0], BoardDrawn(drawn.words, key, drawn.spymasters))
    return replace(state, key=key, events=events)
