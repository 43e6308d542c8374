"""How the conformance harness plays each registered game: cases, random players, and
what each viewer may not see.

A driver gives, for one game, the cases to run (a config per rule version and
variant), a random player that mixes good moves with refused ones, moves that the
rules must refuse, and ``scramble``: the state with everything a viewer may not
see changed (events included), so that the harness can check that the viewer's
view and messages do not change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from harfiyen.ai.crossword.movegen import MoveGenerator
from harfiyen.core.viewers import Omniscient, Seat, Spectator
from harfiyen.games import codenames as cn
from harfiyen.games import crossword as cw
from harfiyen.games import letterjam as lj
from harfiyen.games.codenames.views import sees_key
from harfiyen.games.crossword.events import Exchanged, TilesDrawn
from harfiyen.lexicon.lexicon import load
from harfiyen.lexicon.normalize import ALPHABETS

Moves = Iterator[tuple[int, Any]]


@dataclass(frozen=True)
class Case:
    """One config of one game: ``options`` are the creation options the registry reads."""

    game: str
    label: str
    options: dict[str, Any]
    lexicons: Callable[[str], Any]
    max_steps: int = 160


class AnyWord:
    """A lexicon that accepts every word (random Harf Takıl clues are rarely words)."""

    def __contains__(self, word: object) -> bool:
        return True


# --- crossword --------------------------------------------------------------------------


@cache
def _generator(lexicon: str, family: str) -> MoveGenerator:
    return MoveGenerator(load(lexicon), cw.ruleset(family))


def crossword_moves(state: cw.GameState, rnd: random.Random) -> Moves:
    """Mostly plays found by the move generator, sometimes a phony (a letter changed),
    a pass, an exchange, a challenge or an acceptance, rarely a resignation."""
    pending = state.pending
    if pending is not None and (pending.ends_game or rnd.random() < 0.35):
        challengers = [s for s in range(state.players) if s != pending.seat]
        yield (rnd.choice(challengers), cw.Challenge()) if rnd.random() < 0.5 else (
            state.to_move, cw.Accept())
        return
    if rnd.random() < 0.003:
        yield rnd.randrange(state.players), cw.Resign()
        return
    seat = state.to_move
    if rnd.random() < 0.88:
        generator = _generator(state.config.lexicon_id, state.rules.family)
        plays = generator.moves(generator.scratch(state.board), state.racks[seat],
                                state.active_bonus_square)
        if plays:
            play = rnd.choice(plays[: max(1, len(plays) // 3)])
            placements = play.placements
            if len(placements) >= 2 and rnd.random() < 0.12:
                # Probably a phony: the same tiles with two letters swapped.
                i, j = rnd.sample(range(len(placements)), 2)
                a, b = placements[i], placements[j]
                swapped = list(placements)
                swapped[i] = replace(a, letter=b.letter, blank=b.blank)
                swapped[j] = replace(b, letter=a.letter, blank=a.blank)
                placements = tuple(swapped)
            yield seat, cw.Play(tuple(placements))
    others = [m for m in cw.legal_moves(state, seat) if isinstance(m, cw.Pass | cw.Exchange)]
    yield seat, rnd.choice(others[:12])


def crossword_illegal(state: cw.GameState, rnd: random.Random) -> list[tuple[int, Any]]:
    seat = state.to_move
    other = (seat + 1) % state.players
    rack = state.racks[seat] or ("A",)
    off = cw.Play((cw.Placement((rnd.randrange(15), 15), rack[0]),))
    return [
        (other, cw.Pass()) if state.pending is None else (state.pending.seat, cw.Challenge()),
        (seat, off),
        (seat, cw.Play(())),
        (seat, cw.Exchange(("Q", "Q", "Q", "Q", "Q", "Q", "Q", "Q"))),
        (state.players + 2, cw.Pass()),
    ]


def crossword_scramble(state: cw.GameState, viewer: Any, rnd: random.Random) -> cw.GameState:
    """Other racks and the bag dealt again, and every draw and exchange of the seats the
    viewer cannot see given other tiles. (Once the game is over the racks are public.)"""
    if isinstance(viewer, Omniscient) or state.outcome is not None:
        return state
    hidden = [s for s in range(state.players) if not (isinstance(viewer, Seat)
                                                      and viewer.seat == s)]
    pool = list(state.bag)
    for seat in hidden:
        pool.extend(state.racks[seat])
    rnd.shuffle(pool)
    racks = list(state.racks)
    for seat in hidden:
        racks[seat], pool = tuple(pool[: len(racks[seat])]), pool[len(racks[seat]):]
    alphabet = ALPHABETS[state.rules.language]
    events = tuple(
        replace(e, tiles=tuple(rnd.choice(alphabet) for _ in e.tiles))
        if isinstance(e, TilesDrawn | Exchanged) and e.seat in hidden else e
        for e in state.events
    )
    return replace(state, racks=tuple(racks), bag=tuple(pool), events=events)


def _crossword_cases() -> list[Case]:
    def case(label: str, steps: int = 160, **options: Any) -> Case:
        return Case("crossword", label, options, load, steps)

    return [
        case("tr@1", rules="tr", version=1),
        case("tr@2", rules="tr", version=2),
        case("en@1-double", rules="en", version=1),
        case("en@2-double", rules="en", version=2),
        case("en@2-void-3", rules="en", players=3, challenge="void"),
        case("en@2-double-4", rules="en", players=4, steps=80),
        case("en@2-nine-tile", rules="en", variant="nine-tile"),
        case("en@2-nine-tile-void", rules="en", variant="nine-tile", challenge="void"),
        case("en@2-finish-line", rules="en", variant="finish-line", finish_level="beginner"),
        case("en@2-finish-line-3", rules="en", players=3, variant="finish-line",
             finish_level="expert", challenge="void"),
    ]


# --- Kelime Casusu ------------------------------------------------------------------------


@cache
def _pack(language: str) -> list[str]:
    from importlib import resources

    text = resources.files("harfiyen.games.codenames").joinpath(f"data/pack_{language}.txt")
    return [w.strip() for w in text.read_text(encoding="utf-8").splitlines() if w.strip()]


def codenames_moves(state: cn.GameState, rnd: random.Random) -> Moves:
    seats = cn.to_act(state)
    if rnd.random() < 0.004:
        yield rnd.randrange(len(state.config.seats)), cn.Resign()
        return
    seat = rnd.choice(seats)
    if state.phase is cn.Phase.CLUE:
        letters = "ABCDEFGHKLMNOPRSTUVYZ"
        word = "".join(rnd.choice(letters) for _ in range(rnd.randint(3, 8)))
        yield seat, cn.Clue(word, rnd.randint(1, 4))
        return
    options = [m for m in cn.legal_moves(state, seat) if not isinstance(m, cn.Resign)]
    yield seat, rnd.choice(options)


def codenames_illegal(state: cn.GameState, rnd: random.Random) -> list[tuple[int, Any]]:
    config = state.config
    spymaster = config.seats_of(state.team, cn.Role.SPYMASTER)[0]
    guesser = config.seats_of(state.team, cn.Role.GUESSER)[0]
    covered = state.covered_words()
    revealed = [i for i, shown in enumerate(state.revealed) if shown]
    out: list[tuple[int, Any]] = [
        (guesser, cn.Clue("DENİZ", 2)),
        (spymaster, cn.Guess(0)),
        (spymaster, cn.Clue(covered[0], 1)),
        (spymaster, cn.Clue("İKİ KELİME", 1)),
        (spymaster, cn.Clue("SAYI", 0)),
        (guesser, cn.Guess(25)),
        (len(config.seats), cn.Pass()),
    ]
    if revealed:
        out.append((guesser, cn.Guess(revealed[0])))
    return out


def codenames_scramble(state: cn.GameState, viewer: Any, rnd: random.Random) -> cn.GameState:
    """The colours of the covered cards shuffled among them, in the state and in the
    events that carry the key, for a viewer who may not see the key."""
    if sees_key(state, viewer):
        return state
    covered = [i for i, shown in enumerate(state.revealed) if not shown]
    colours = [state.key[i] for i in covered]
    rnd.shuffle(colours)
    key = list(state.key)
    for i, colour in zip(covered, colours, strict=True):
        key[i] = colour
    events = tuple(
        replace(e, key=tuple(key)) if isinstance(e, cn.events.BoardDrawn) else e
        for e in state.events
    )
    return replace(state, key=tuple(key), events=events)


def _codenames_cases() -> list[Case]:
    tr, en = tuple(_pack("tr")), tuple(_pack("en"))
    six = ((cn.Team.RED, cn.Role.SPYMASTER), (cn.Team.RED, cn.Role.GUESSER),
           (cn.Team.RED, cn.Role.GUESSER), (cn.Team.BLUE, cn.Role.SPYMASTER),
           (cn.Team.BLUE, cn.Role.GUESSER), (cn.Team.BLUE, cn.Role.GUESSER))
    seats = [[t.value, r.value] for t, r in six]
    return [
        Case("codenames", "tr", {"words": list(tr), "language": "tr"}, load),
        Case("codenames", "en-strict-6", {"words": list(en), "language": "en",
                                          "strict_clues": True, "seats": seats}, load),
        Case("codenames", "tr-solo", {"words": list(tr), "language": "tr", "solo": True,
                                      "seats": [["red", "spymaster"], ["red", "guesser"]]},
             load),
    ]


# --- Harf Takıl ----------------------------------------------------------------------------


def letterjam_moves(state: lj.GameState, rnd: random.Random) -> Moves:
    from games.letterjam.randomplay import random_moves

    yield from random_moves(state, rnd)


def letterjam_illegal(state: lj.GameState, rnd: random.Random) -> list[tuple[int, Any]]:
    from games.letterjam.randomplay import invalid_moves

    return invalid_moves(state, rnd)


def letterjam_scramble(state: lj.GameState, viewer: Any, rnd: random.Random) -> lj.GameState:
    """Other letters for what the viewer cannot see: the deck, the pile cards below the
    tops, and a seat's own cards (its stand and its unseen bonus card)."""
    if isinstance(viewer, Omniscient) or state.outcome is not None:
        return state
    hidden = [*state.deck, *(c for pile in state.piles for c in pile.cards[1:])]
    if isinstance(viewer, Seat):
        player = state.players[viewer.seat]
        hidden += [*player.stand, *([player.bonus] if player.bonus is not None else [])]
    alphabet = ALPHABETS[state.config.language]
    cards = list(state.cards)
    for card in hidden:
        cards[card] = rnd.choice([a for a in alphabet if a != cards[card]])
    return replace(state, cards=tuple(cards))


def _letterjam_cases() -> list[Case]:
    def anyword(_: str) -> AnyWord:
        return AnyWord()

    return [
        Case("letterjam", f"{lang}-{players}-{length}",
             {"language": lang, "players": players, "word_length": length}, anyword)
        for lang, players, length in (("tr", 2, 5), ("en", 3, 4), ("tr", 4, 5), ("en", 5, 6),
                                      ("tr", 6, 3))
    ]


@dataclass(frozen=True)
class Driver:
    cases: Callable[[], list[Case]]
    moves: Callable[[Any, random.Random], Moves]
    illegal: Callable[[Any, random.Random], list[tuple[int, Any]]]
    scramble: Callable[[Any, Any, random.Random], Any]


DRIVERS: dict[str, Driver] = {
    "crossword": Driver(_crossword_cases, crossword_moves, crossword_illegal, crossword_scramble),
    "codenames": Driver(_codenames_cases, codenames_moves, codenames_illegal, codenames_scramble),
    "letterjam": Driver(_letterjam_cases, letterjam_moves, letterjam_illegal, letterjam_scramble),
}

__all__ = ["DRIVERS", "Case", "Driver", "Spectator"]
