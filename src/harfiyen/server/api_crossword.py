"""REST routes around crossword matches: live matches to watch, GCG downloads, analyses,
player statistics and the word checker.

Reads only, except starting an analysis (which writes its cached row). What a
route shows follows the match's audience: a GCG record (every rack) only once
the match is over, the live list only public matches.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import defaultdict
from typing import Annotated, Any, Final

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from harfiyen.core.errors import ErrorKind
from harfiyen.core.viewers import Spectator
from harfiyen.games.crossword.rules import DEFAULT_LEXICON
from harfiyen.lexicon.normalize import ALPHABETS, fold_circumflex, upper
from harfiyen.lexicon.wordlists import manifest
from harfiyen.server.analysis import NOT_FOUND, AnalysisService, check_recordable, match_gcg
from harfiyen.server.api import CurrentUser, Db, _match_out, _user_named, optional_user
from harfiyen.server.api import service_of as _service_of
from harfiyen.server.errors import InternalFailure, fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.models import Match, MatchEvent, MatchPlayer
from harfiyen.server.schemas import MatchId

router = APIRouter(prefix="/api")

UNKNOWN_LEXICON: Final = ErrorKind(
    "lexicon.unknown", "Böyle bir sözlük yok: {lexicon}.", "There is no lexicon {lexicon}."
)
TOO_MANY_WORDS: Final = ErrorKind(
    "lexicon.too_many_words",
    "Bir seferde en çok {limit} kelime denetlenir.",
    "At most {limit} words are checked at once.",
)
MAX_CHECKED: Final = 20
STATS_MATCHES: Final = 1000


def analyses_of(request: Request) -> AnalysisService:
    service: AnalysisService = request.app.state.analyses
    return service


# --- watching ---------------------------------------------------------------------------


@router.get("/watch")
async def live_matches(
    request: Request, user: CurrentUser, db: Db,
    limit: Annotated[int, Query(ge=1, le=50)] = 20,
) -> Any:
    """Public matches being played now (newest first), to watch: every game's, with the
    scores and the move number where its public view has them."""
    service = _service_of(request)
    matches = (await db.execute(
        select(Match).where(Match.status == "active", Match.public.is_(True))
        .order_by(Match.started_at.desc(), Match.id.desc()).limit(limit)
    )).scalars().all()
    out = []
    for match in matches:
        try:
            state = await service.state(db, match)
        except InternalFailure as error:
            if error.code != match_errors.REPLAY_DIVERGED.code:
                raise
            continue  # a log that does not replay (logged): the others are still listed
        item = await _match_out(db, match, user, listed=True)
        seen = adapter(match.game).view(state, Spectator())
        item["scores"] = seen.get("scores")
        item["move_number"] = seen.get("move_number")
        out.append(item)
    return {"matches": out}


# --- records and analyses -----------------------------------------------------------------


async def _finished(request: Request, db: Any, match_id: int, user_id: int) -> Match:
    match = await _service_of(request).watchable(db, match_id, user_id)
    check_recordable(match)
    return match


@router.get("/matches/{match_id}/gcg")
async def match_record(match_id: MatchId, request: Request, user: CurrentUser, db: Db) -> Any:
    """The finished match as a GCG record (every rack: the game is over)."""
    match = await _finished(request, db, match_id, user.id)
    text = await match_gcg(_service_of(request), match)
    return PlainTextResponse(text, media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="harfiyen-{match_id}.gcg"',
    })


@router.post("/matches/{match_id}/analysis")
async def analyse_match(match_id: MatchId, request: Request, user: CurrentUser, db: Db) -> Any:
    """Start the analysis of a finished match, or return the one already made."""
    match = await _finished(request, db, match_id, user.id)
    return {"analysis": await analyses_of(request).for_match(match, user.id)}


@router.get("/matches/{match_id}/analysis")
async def match_analysis(match_id: MatchId, request: Request, user: CurrentUser, db: Db) -> Any:
    """The match's analysis (running with its progress, or done), or ``null``."""
    await _service_of(request).watchable(db, match_id, user.id)
    return {"analysis": await analyses_of(request).get(f"match:{match_id}")}


class UploadRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    gcg: str = Field(min_length=1, max_length=1_000_000)


@router.post("/analyses")
async def analyse_upload(body: UploadRequest, request: Request, user: CurrentUser) -> Any:
    """Analyse an uploaded GCG record (JSON ``{"gcg": text}``); the key opens it later."""
    return {"analysis": await analyses_of(request).for_upload(body.gcg.encode(), user.id)}


@router.get("/analyses/{key}")
async def get_analysis(key: str, request: Request, user: CurrentUser) -> Any:
    found = await analyses_of(request).get(key)
    if found is None:
        raise fail(NOT_FOUND, status=404)
    return {"analysis": found}


@router.get("/analyses/{key}/gcg")
async def analysis_record(key: str, request: Request, user: CurrentUser) -> Any:
    text = await analyses_of(request).gcg_of(key)
    name = key.replace(":", "-")
    return PlainTextResponse(text, media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}.gcg"',
    })


# --- statistics ---------------------------------------------------------------------------


@router.get("/users/{username}/stats")
async def user_stats(username: str, request: Request, db: Db) -> Any:
    """Per game and language: games, wins, draws, losses, average final score, the best
    play (highest score; a play challenged off does not count) and bingos."""
    await optional_user(request, db)
    user = await _user_named(db, username)
    rows = (await db.execute(
        select(Match, MatchPlayer.seat).join(MatchPlayer, MatchPlayer.match_id == Match.id)
        .where(MatchPlayer.user_id == user.id, Match.status == "finished")
        .order_by(Match.id.desc()).limit(STATS_MATCHES)
    )).all()
    seat_of = {match.id: seat for match, seat in rows}
    plays: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if seat_of:
        events = (await db.execute(
            select(MatchEvent.match_id, MatchEvent.kind, MatchEvent.data)
            .where(MatchEvent.match_id.in_(list(seat_of)),
                   MatchEvent.kind.in_(("play_made", "play_challenged")))
            .order_by(MatchEvent.match_id, MatchEvent.seq)
        )).all()
        for match_id, kind, data in events:
            mine = plays[match_id]
            if kind == "play_made" and data["seat"] == seat_of[match_id]:
                mine.append(data)
            elif kind == "play_challenged" and data.get("upheld") \
                    and data["seat"] == seat_of[match_id] and mine:
                mine.pop()  # the last play came off the board
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for match, seat in rows:
        result = match.result or {}
        group = groups.setdefault((match.game, match.language), {
            "game": match.game, "language": match.language, "games": 0, "wins": 0,
            "draws": 0, "losses": 0, "total_score": 0, "best_move": None, "bingos": 0,
        })
        group["games"] += 1
        winners = result.get("winners", [])
        if result.get("draw") and seat in winners:
            group["draws"] += 1
        elif seat in winners:
            group["wins"] += 1
        else:
            group["losses"] += 1
        finals = result.get("final_scores") or []
        group["total_score"] += finals[seat] if seat < len(finals) else 0
        for play in plays.get(match.id, []):
            if play["breakdown"].get("bingo"):
                group["bingos"] += 1
            best = group["best_move"]
            if best is None or play["total"] > best["score"]:
                group["best_move"] = {"words": play["words"], "score": play["total"],
                                      "match": match.id}
    stats = []
    for group in sorted(groups.values(), key=lambda g: (g["game"], g["language"] != "tr")):
        total = group.pop("total_score")
        group["average_score"] = round(total / group["games"], 1) if group["games"] else 0
        stats.append(group)
    return {"user": user.username, "stats": stats}


# --- the word checker ---------------------------------------------------------------------


@router.get("/lexicons")
async def lexicons() -> Any:
    """The shipped lexicons: id, language, size, and which one each language uses."""
    entries = manifest()["lexicons"]
    return {
        "lexicons": [{"id": lexicon_id, "language": entry["language"], "words": entry["words"]}
                     for lexicon_id, entry in entries.items()],
        "default": dict(DEFAULT_LEXICON),
    }


@router.get("/lexicons/{lexicon_id}/check")
async def check_words(
    lexicon_id: str, request: Request, db: Db,
    words: Annotated[str, Query(max_length=2000)] = "",
) -> Any:
    """Is each word (comma or space separated) in the lexicon? Letters are upper-cased by the
    lexicon's language (``i → İ`` in Turkish) and circumflexes folded; nothing else is
    guessed. Meanings are a separate look-up (``/api/meanings``) and never decide this."""
    await optional_user(request, db)
    entries = manifest()["lexicons"]
    if lexicon_id not in entries:
        raise fail(UNKNOWN_LEXICON, status=404, lexicon=lexicon_id[:32])
    language = entries[lexicon_id]["language"]
    asked = [w for w in words.replace(",", " ").split() if w]
    if len(asked) > MAX_CHECKED:
        raise fail(TOO_MANY_WORDS, limit=MAX_CHECKED)
    lexicon = await asyncio.to_thread(_service_of(request).lexicons, lexicon_id)
    alphabet = set(ALPHABETS[language])
    results = []
    for text in asked:
        word = unicodedata.normalize("NFC", text)
        if language == "tr":
            word = fold_circumflex(word)
        word = upper(word, language)
        if not set(word) <= alphabet:
            results.append({"input": text, "word": word, "valid": False, "reason": "letters"})
        elif not 2 <= len(word) <= 15:
            results.append({"input": text, "word": word, "valid": False, "reason": "length"})
        else:
            results.append({"input": text, "word": word, "valid": word in lexicon,
                            "reason": None})
    return {"lexicon": lexicon_id, "language": language, "results": results}
