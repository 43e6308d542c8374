"""Public reference data for the web app: crossword rules, server config, bot levels, meanings.

None of these change a thing; only ``/api/meanings`` does real work (the
first look-up in a language may build the WordNet index), so it runs in a
worker thread.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import unicodedata
from typing import Any

from fastapi import APIRouter, Request

from harfiyen.games import games
from harfiyen.lexicon.normalize import Language
from harfiyen.server.api import Db, optional_user, settings_of
from harfiyen.server.errors import fail
from harfiyen.server.errors import reference as reference_errors
from harfiyen.server.games import adapter

router = APIRouter(prefix="/api")
log = logging.getLogger(__name__)

LANGUAGES: tuple[Language, ...] = ("tr", "en")
# Longest text looked up; WordNet has multi-word entries, but nothing near this long.
MAX_WORD_CHARS = 64
# One look-up at a time: the first one in a language builds the index, and two
# threads building it together would only do the work twice.
_DEFINE_LOCK = threading.Lock()


@router.get("/rules/{game}")
async def rules_of_game(game: str) -> Any:
    """A game's public rules (for the crossword: board layouts, tiles and rule versions)
    and the options a new match may choose, both from the game's registration."""
    spec = adapter(game).spec
    return {**spec.reference(), "options": spec.option_table()}


@router.get("/config")
async def config(request: Request) -> Any:
    """What the lobby needs to offer only what this server allows."""
    return {
        "ranked_approved": list(settings_of(request).ranked_approved),
        "languages": list(LANGUAGES),
        "games": [spec.name for spec in games()],
        "push": getattr(request.app.state, "vapid", None) is not None,
    }


@router.get("/bots")
async def bots() -> Any:
    """The AI levels each game offers players, named in both languages, from the games'
    registrations (a game without an AI is left out; the crossword's stand-ins are not
    offered)."""
    return {spec.name: [
        {"id": level.key, "tr": level.name.tr, "en": level.name.en}
        for level in spec.ai.levels if level.offered
    ] for spec in games() if spec.ai is not None}


@router.get("/meanings/{lang}/{word}")
async def meanings(lang: str, word: str, request: Request, db: Db) -> Any:
    """Meanings from the WordNets (shown to players; they never decide validity)."""
    await optional_user(request, db)
    if lang not in LANGUAGES:
        raise fail(reference_errors.BAD_LANGUAGE, lang=lang[:16])
    text = " ".join(unicodedata.normalize("NFC", word).split())
    if len(text) > MAX_WORD_CHARS:
        raise fail(reference_errors.WORD_TOO_LONG, length=len(text), limit=MAX_WORD_CHARS)
    shown_in = request.state.language
    found = await asyncio.to_thread(_define, text, lang) if text else []
    return {"word": text, "language": lang, "meanings": [
        {"word": m.word, "pos": m.pos_name(shown_in), "pos_code": m.pos,
         "definition": m.definition, "examples": list(m.examples), "synonyms": list(m.synonyms)}
        for m in found
    ]}


def warm_meanings() -> threading.Event:
    """Load every language's meanings in a background thread (set the event when done),
    so that the first word a player taps does not wait seconds for a cold WordNet.
    A look-up meanwhile waits on the lock rather than build an index twice."""
    done = threading.Event()

    def run() -> None:
        from harfiyen.lexicon.meanings import warm

        try:
            for lang in LANGUAGES:
                with _DEFINE_LOCK:
                    warm(lang)
        except (OSError, ImportError):
            log.warning("meanings could not be loaded ahead (look-ups will say so)",
                        exc_info=True)
        finally:
            done.set()

    threading.Thread(target=run, name="harfiyen-meanings", daemon=True).start()
    return done


def _define(word: str, lang: Any) -> list[Any]:
    from harfiyen.lexicon.meanings import define

    try:
        with _DEFINE_LOCK:
            return define(word, lang)
    except (OSError, ImportError) as error:
        raise fail(reference_errors.MEANINGS_UNAVAILABLE, status=503) from error
