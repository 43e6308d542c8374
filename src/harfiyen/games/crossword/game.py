"""The crossword games in the game registry: one spec for ``tr`` and ``en`` alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from harfiyen.core.ai_seat import AiLevel, AiSeat
from harfiyen.core.errors import GameError, Message
from harfiyen.core.registry import (
    BAD_MOVE,
    GameSpec,
    LexiconLoader,
    Setup,
    register_game,
    seat_viewers,
)
from harfiyen.core.wire import WireError, from_json
from harfiyen.games.crossword import engine
from harfiyen.games.crossword import errors as crossword_errors
from harfiyen.games.crossword.board import Placement
from harfiyen.games.crossword.events import EVENT_TYPES
from harfiyen.games.crossword.moves import Move, Play, Resign, Timeout
from harfiyen.games.crossword.notation.coords import parse_move, parse_square_name
from harfiyen.games.crossword.preview import preview
from harfiyen.games.crossword.reference import reference
from harfiyen.games.crossword.rules import FAMILIES, FINISH_LINE_TARGETS, SIZE
from harfiyen.games.crossword.state import CrosswordConfig, GameState
from harfiyen.games.crossword.views import project_event, view
from harfiyen.lexicon.wordlists import LEXICON_IDS, UNKNOWN_LEXICON, language_of


def check_config(config: CrosswordConfig) -> CrosswordConfig:
    """``config`` with its defaults resolved; raises a :class:`CrosswordError` when
    the rule set, an option or the lexicon (unknown, or of another language) is wrong."""
    resolved = config.resolved()
    rules = resolved.ruleset()
    lexicon = resolved.lexicon_id
    if lexicon not in LEXICON_IDS:
        raise crossword_errors.fail(UNKNOWN_LEXICON, lexicon_id=lexicon, known=list(LEXICON_IDS))
    if language_of(lexicon) != rules.language:
        raise crossword_errors.fail(crossword_errors.LEXICON_LANGUAGE, lexicon=lexicon,
                                    rules=rules.family, language=rules.language)
    return resolved


def setup(config: CrosswordConfig) -> Setup:
    rules = config.ruleset()
    return Setup(rules.key, config.lexicon_id, rules.language, config.players)


def new_game(config: CrosswordConfig, seed: int, lexicons: LexiconLoader) -> GameState:
    return engine.new_game(config, seed, lexicons(config.lexicon_id))


def read_move(data: Any, state: GameState) -> Move:
    """A client's move: the registry's JSON form of any move, and two more forms of a
    play: ``{"kind": "play", "tiles": [{"square": "H8", "letter": "A", "blank": false}]}``
    or ``{"kind": "play", "gcg": "8H KALEM"}`` (``.`` for a tile already on the board).

    Raises ``bad_move`` for a form it cannot read (a notation error for a bad GCG).
    """
    if not (isinstance(data, Mapping) and data.get("kind") == "play"
            and "placements" not in data):
        return CROSSWORD.move_from_json(data)
    extra = sorted(set(data) - {"kind", "tiles", "gcg"})
    if extra:
        raise GameError.of(BAD_MOVE, problem=f"unknown field {extra[0]!r}")
    if ("tiles" in data) == ("gcg" in data):
        raise GameError.of(BAD_MOVE, problem="give either tiles or gcg")
    if "gcg" in data:
        if not isinstance(data["gcg"], str) or len(data["gcg"]) > 40:
            raise GameError.of(BAD_MOVE, problem="gcg: expected a move such as '8H KALEM'")
        return Play(parse_move(data["gcg"], state.board, state.rules.language))
    tiles = data["tiles"]
    if isinstance(tiles, list):
        # Square names are read by the notation's parser, so a bad one gets its error.
        for tile in tiles:
            if isinstance(tile, Mapping) and isinstance(tile.get("square"), str):
                parse_square_name(tile["square"])
    try:
        placements = from_json(tiles, tuple[Placement, ...], "tiles", strict=True)
    except WireError as error:
        raise GameError.of(BAD_MOVE, problem=str(error)) from None
    if not 1 <= len(placements) <= SIZE:
        raise GameError.of(BAD_MOVE, problem=f"tiles: give 1 to {SIZE} tiles")
    return Play(placements)


def rating_pool(config: CrosswordConfig) -> str:
    """``tr``, ``en``: versions of a family share a rating; a variant has its own
    (``en/nine-tile``), since it changes the game."""
    return config.rules if config.variant == "standard" else f"{config.rules}/{config.variant}"


def option_table() -> dict[str, Any]:
    """The choices a lobby offers, per rule family (from the rules tables)."""
    return {
        "families": {
            name: {
                "language": family.versions[family.default_version].language,
                "versions": list(family.versions),
                "default_version": family.default_version,
                "lexicon": family.lexicon,
                "players": list(family.players),
                "challenges": list(family.challenges),
                "variants": list(family.variants),
            }
            for name, family in FAMILIES.items()
        },
        "finish_levels": list(next(iter(FINISH_LINE_TARGETS.values()))),
    }


# The AI levels (harfiyen.ai.crossword.levels.Level reads its names here; games must not
# import the AI), then the simple stand-ins the seat module also plays (kept for tests and
# as the fallback; never offered). Budget: what the runner waits for, well above a
# level's own thinking time, for a first move that loads the lexicon.
AI_SEAT = AiSeat(
    choose="harfiyen.ai.crossword.seat:choose",
    fallback="harfiyen.ai.crossword.seat:fallback",
    levels=(
        AiLevel("caylak", Message("Çaylak", "Beginner")),
        AiLevel("orta", Message("Orta", "Intermediate")),
        AiLevel("usta", Message("Usta", "Expert")),
        AiLevel("sampiyon", Message("Şampiyon", "Champion")),
        AiLevel("greedy", Message("Açgözlü", "Greedy"), offered=False),
        AiLevel("random", Message("Rastgele", "Random"), offered=False),
    ),
)

CROSSWORD: GameSpec[CrosswordConfig, GameState, Move] = GameSpec(
    name="crossword",
    title=Message("Kelime oyunu", "Crossword game"),
    config_type=CrosswordConfig,
    check_config=check_config,
    setup=setup,
    new_game=new_game,
    to_act=engine.to_act,
    legal_moves=engine.legal_moves,
    apply=engine.apply,
    outcome=engine.outcome,
    view=view,
    project_event=project_event,  # type: ignore[arg-type]
    events=lambda state: state.events,
    event_types=EVENT_TYPES,
    move_type=Move,
    move_of=engine.move_of,  # type: ignore[arg-type]
    viewers=lambda config: seat_viewers(config.players),
    resign=Resign(),
    timeout=Timeout(),
    open_moves=("play",),
    option_table=option_table,
    read_move=read_move,
    preview=preview,
    rating_pool_of=rating_pool,
    reference=reference,
    ai=AI_SEAT,
)
register_game(CROSSWORD)

__all__ = ["AI_SEAT", "CROSSWORD", "check_config", "read_move"]
