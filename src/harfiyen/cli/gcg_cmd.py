"""``harfiyen gcg``: work with GCG game records.

``harfiyen gcg check FILE...`` replays each record and compares every move's
score and running total with what the record says: one line per file, then
``N passed, M failed``; the exit code is 1 when any file failed.
"""

from __future__ import annotations

from collections.abc import Container
from pathlib import Path

import typer

from harfiyen.core.errors import GameError
from harfiyen.games.crossword.notation.gcg import decode_gcg, parse_gcg
from harfiyen.games.crossword.notation.replay import ReplayResult, replay, rules_for
from harfiyen.games.crossword.rules import DEFAULT_LEXICON

app = typer.Typer(
    no_args_is_help=True,
    help="GCG game records. / GCG oyun kayıtları.",
)


def _lexicon(name: str, cache: dict[str, Container[str] | None]) -> Container[str] | None:
    """The lexicon ``name``, or ``None`` when it is not available (word check skipped)."""
    if name not in cache:
        try:
            from harfiyen.lexicon.lexicon import load

            cache[name] = load(name)
        except Exception:  # no shipped word list yet: words are simply not checked
            cache[name] = None
    return cache[name]


def check_file(
    path: Path, cache: dict[str, Container[str] | None], *, words: bool = True
) -> tuple[bool, str]:
    """Replay one record: (passed, the report line)."""
    name = path.name
    try:
        record = parse_gcg(decode_gcg(path.read_bytes()))
        lexicon = None
        if words:
            lexicon = _lexicon(DEFAULT_LEXICON[rules_for(record).family], cache)
        result: ReplayResult = replay(record, lexicon)
    except OSError as error:
        return False, f"FAIL {name}: cannot read ({error.strerror or error})"
    except GameError as error:
        return False, f"FAIL {name}: {error.code}: {error.message.en}"
    except ValueError as error:
        return False, f"FAIL {name}: {error}"
    if result.mismatch is not None:
        return False, f"FAIL {name}: {result.mismatch}"
    unknown = "?" if result.unknown_words is None else str(len(result.unknown_words))
    return True, f"PASS {name} ({result.moves} moves, unknown words: {unknown})"


@app.command()
def check(
    files: list[Path] = typer.Argument(  # noqa: B008
        ..., help="GCG files to replay. / Oynatılacak GCG dosyaları."
    ),
    words: bool = typer.Option(
        True, "--words/--no-words",
        help="Count words missing from the lexicon. / Sözlükte olmayan kelimeleri say.",
    ),
) -> None:
    """Replay GCG records and check every score and total. / Kayıtları oynat, puanları denetle."""
    cache: dict[str, Container[str] | None] = {}
    passed = failed = 0
    for path in files:
        ok, line = check_file(path, cache, words=words)
        typer.echo(line)
        if ok:
            passed += 1
        else:
            failed += 1
    typer.echo(f"{passed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)
