"""Whole-game analyses: computed once in worker processes, kept in the database.

A finished match (``match:<id>``) or an uploaded GCG record (``gcg:<sha256>``)
is analysed by :mod:`harfiyen.server.analysis_worker` in a process pool, so
the event loop keeps answering moves, previews and pages while the move
generator works. The row in ``analyses`` is the cache: asking again returns
it; while it runs it carries the progress (turns done of all), which the
worker reports through a queue and the server writes about once a second.

The record of a match is written from its full event log, with every rack:
only a finished match can be analysed (it would be a hint while it runs).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from datetime import timedelta
from typing import Any, Final, TypeGuard

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from harfiyen.core.errors import ErrorKind, HarfiyenError
from harfiyen.games.crossword.game import CROSSWORD
from harfiyen.games.crossword.notation.gcg import EventKind, decode_gcg, parse_gcg, write_gcg
from harfiyen.games.crossword.notation.record import game_record
from harfiyen.games.crossword.notation.replay import rules_for
from harfiyen.server import analysis_worker
from harfiyen.server.errors import fail
from harfiyen.server.models import Analysis, Match, MatchPlayer, User, utcnow
from harfiyen.server.schemas import iso
from harfiyen.server.service import MatchService

log = logging.getLogger(__name__)

NOT_FINISHED: Final = ErrorKind(
    "analysis.not_finished",
    "Maç bitince analiz edilebilir.",
    "A match can be analysed once it is over.",
)
BAD_GCG: Final = ErrorKind(
    "analysis.bad_gcg",
    "Bu GCG kaydı okunamadı: {problem}",
    "This GCG record cannot be read: {problem}",
)
TOO_LARGE: Final = ErrorKind(
    "analysis.too_large",
    "Kayıt çok büyük ({size} bayt; en çok {limit}).",
    "The record is too large ({size} bytes; at most {limit}).",
)
NO_RECORD: Final = ErrorKind(
    "analysis.no_record",
    "Yalnız kelime oyunu ve Scrabble maçlarının GCG kaydı ve analizi olur.",
    "Only crossword and Scrabble matches have a GCG record and an analysis.",
)
NOT_FOUND: Final = ErrorKind(
    "analysis.not_found", "Böyle bir analiz yok.", "There is no such analysis."
)
# A "running" row nobody has touched for this long was left by a stopped process.
STALE: Final = timedelta(minutes=5)


def check_recordable(match: Match) -> None:
    """A GCG record (and so an analysis) exists only for a finished crossword match."""
    if match.game != CROSSWORD.name:
        raise fail(NO_RECORD, status=404)
    if match.status != "finished":
        raise fail(NOT_FINISHED, status=409)


def analysis_json(row: Analysis, progress: tuple[int, int] | None = None) -> dict[str, Any]:
    done, total = progress or (row.progress, row.total)
    return {
        "key": row.key, "match": row.match_id, "status": row.status,
        "progress": done, "total": total, "error": row.error,
        "created_at": iso(row.created_at), "updated_at": iso(row.updated_at),
        "result": row.result if row.status == "done" else None,
    }


def _reusable(found: dict[str, Any] | None) -> TypeGuard[dict[str, Any]]:
    """Whether a stored analysis answers the request: running, or done by this version
    (one computed before win chances existed is computed again)."""
    if found is None or found["status"] not in ("running", "done"):
        return False
    result = found["result"]
    return found["status"] == "running" or (
        result is not None and "win_chances" in result.get("analysis", {}))


async def match_gcg(service: MatchService, match: Match) -> str:
    """The GCG record of a finished match, racks included (see the module docstring)."""
    async with service.sessions() as db:
        rows = (await db.execute(
            select(MatchPlayer.seat, User.username, User.display_name)
            .join(User, User.id == MatchPlayer.user_id)
            .where(MatchPlayer.match_id == match.id).order_by(MatchPlayer.seat)
        )).all()
        state = await service.state(db, match)
    players = [(username, display) for _, username, display in rows]
    record = game_record(state.events, players, language=state.rules.language,
                         title=f"Harfiyen #{match.id}")
    return write_gcg(record)


class AnalysisService:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.settings = service.settings
        self.progress: dict[str, tuple[int, int]] = {}
        self.running: dict[str, asyncio.Task[None]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._queue: Any = None
        self._listener: threading.Thread | None = None

    # --- the worker processes --------------------------------------------------------

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, started on first use (most server processes never analyse)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._queue = context.Queue()
            self._pool = ProcessPoolExecutor(
                max_workers=max(1, self.settings.analysis_workers), mp_context=context,
                initializer=analysis_worker.init, initargs=(self._queue,),
            )
            self._listener = threading.Thread(target=self._listen, name="harfiyen-analysis",
                                              daemon=True)
            self._listener.start()
        return self._pool

    def _listen(self) -> None:
        queue = self._queue
        while True:
            try:
                item = queue.get()
            except (EOFError, OSError):
                return
            if item is None:
                return
            key, done, total = item
            self.progress[key] = (int(done), int(total))

    async def close(self) -> None:
        for task in list(self.running.values()):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            with contextlib.suppress(Exception):
                self._queue.put(None)
            self._pool = None

    # --- asking for one --------------------------------------------------------------

    async def for_match(self, match: Match, user_id: int) -> dict[str, Any]:
        """Start (or find) the analysis of a finished match."""
        check_recordable(match)
        key = f"match:{match.id}"
        found = await self.get(key)
        if _reusable(found):
            return found
        text = await match_gcg(self.service, match)
        return await self._start(key, text, match.id, user_id)

    async def for_upload(self, data: bytes, user_id: int) -> dict[str, Any]:
        """Start (or find) the analysis of an uploaded GCG record."""
        limit = self.settings.analysis_max_gcg_bytes
        if len(data) > limit:
            raise fail(TOO_LARGE, status=413, size=len(data), limit=limit)
        try:
            text = decode_gcg(data)
            record = parse_gcg(text)
            rules_for(record)
        except HarfiyenError as error:
            raise fail(BAD_GCG, status=422, problem=error.message.tr,
                       problem_en=error.message.en) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise fail(BAD_GCG, status=422, problem=str(error)) from None
        if not any(e.kind is EventKind.PLAY for e in record.events):
            raise fail(BAD_GCG, status=422, problem="no play")
        key = "gcg:" + hashlib.sha256(text.encode()).hexdigest()[:40]
        found = await self.get(key)
        if _reusable(found):
            return found
        return await self._start(key, text, None, user_id)

    async def get(self, key: str) -> dict[str, Any] | None:
        async with self.service.sessions() as db:
            row = (await db.execute(select(Analysis).where(Analysis.key == key))
                   ).scalar_one_or_none()
            if row is None:
                return None
            if row.status == "running" and key not in self.running \
                    and row.updated_at < utcnow() - STALE:
                row.status, row.error = "failed", "interrupted"
                await db.commit()
            return analysis_json(row, self.progress.get(key) if key in self.running else None)

    async def gcg_of(self, key: str) -> str:
        async with self.service.sessions() as db:
            text = (await db.execute(select(Analysis.gcg).where(Analysis.key == key))
                    ).scalar_one_or_none()
        if text is None:
            raise fail(NOT_FOUND, status=404)
        return text

    async def _start(self, key: str, text: str, match_id: int | None, user_id: int
                     ) -> dict[str, Any]:
        try:
            async with self.service.sessions() as db, db.begin():
                row = (await db.execute(select(Analysis).where(Analysis.key == key))
                       ).scalar_one_or_none()
                if row is None:
                    db.add(Analysis(key=key, match_id=match_id, created_by=user_id, gcg=text,
                                    status="running", progress=0, total=0))
                else:
                    row.status, row.error, row.result, row.progress = "running", None, None, 0
                    row.gcg, row.updated_at = text, utcnow()
        except IntegrityError:
            # Asked twice at once: the other request started it.
            found = await self.get(key)
            if found is None:
                raise
            return found
        task = asyncio.get_running_loop().create_task(self._run(key, text))
        self.running[key] = task
        task.add_done_callback(lambda _: self.running.pop(key, None))
        found = await self.get(key)
        assert found is not None
        return found

    async def _run(self, key: str, text: str) -> None:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor(), analysis_worker.run, key, text)
        status, result, error = "failed", None, None
        try:
            while True:
                done, _ = await asyncio.wait({future}, timeout=1.0)
                if done:
                    break
                await self._write(key, progress=self.progress.get(key))
            result = future.result()
            status = "done"
        except asyncio.CancelledError:
            raise
        except Exception as problem:
            log.exception("analysis %s failed", key)
            error = str(problem)[:500] or type(problem).__name__
        finally:
            done_total = self.progress.pop(key, None)
        await self._write(key, progress=done_total, status=status, result=result, error=error)

    async def _write(self, key: str, *, progress: tuple[int, int] | None = None,
                     status: str | None = None, result: Any = None, error: str | None = None
                     ) -> None:
        async with self.service.sessions() as db, db.begin():
            row = (await db.execute(select(Analysis).where(Analysis.key == key))
                   ).scalar_one_or_none()
            if row is None:
                return
            if progress is not None:
                row.progress, row.total = progress
            if status is not None:
                row.status, row.result, row.error = status, result, error
                if status == "done" and result is not None:
                    turns = len(result["analysis"]["turns"])
                    row.progress = row.total = turns
            row.updated_at = utcnow()


__all__ = ["AnalysisService", "analysis_json", "match_gcg"]
