"""``harfiyen moves --cgp POSITION [--top N] [--json]``: every legal play of the rack.

The position is a CGP line; the rack is the first rack in it (the player to
move), or ``--rack``. Its ``lex``, ``ld``, ``rules`` and ``bonus25`` opcodes are
honoured. Plays are listed best score first, in GCG notation (``8H`` across,
``H8`` down, ``.`` for a tile already on the board, lower case for a blank).
With ``--json`` one JSON array is printed: objects with ``position``, ``word``,
``score``, ``tiles`` (rack tiles used, ``?`` for a blank) and ``direction``.
``--top N`` keeps the N best, using the generator's pruned best-N search.
"""

from __future__ import annotations

import json
from typing import Literal

import typer
from rich.table import Table

from harfiyen.ai.crossword.movegen import GeneratedPlay, MoveGenerator
from harfiyen.cli.console import console as _console
from harfiyen.cli.score_cmd import rules_of
from harfiyen.core.errors import GameError
from harfiyen.games.crossword.notation.cgp import parse_cgp
from harfiyen.games.crossword.notation.coords import parse_square_name
from harfiyen.games.crossword.rules import BLANK, DEFAULT_LEXICON
from harfiyen.lexicon.lexicon import load
from harfiyen.lexicon.normalize import upper

# The command's help (``harfiyen moves --help``): what a CGP line holds, and an example.
HELP = "\n\n".join([
    "List the legal plays of the rack, best first. / Istakanın geçerli hamlelerini listele.",
    "CGP (a position on one line): the 15 board rows from row 1 to 15, separated by \"/\"; "
    "a number is that many empty squares, a lower-case letter a blank. Then the racks, the "
    "player to move first, separated by \"/\" (\"?\" is a blank); the scores (\"45/51\"); "
    "the number of turns in a row without a score; and opcodes ending in \";\" such as "
    "\"lex ENABLE-1;\", \"rules tr@2;\" and, in Turkish games, \"bonus25 C5;\".",
    "CGP (tek satırda bir konum): 1'den 15'e tahta satırları \"/\" ile ayrılır; sayı o kadar "
    "boş kare, küçük harf jokerdir. Ardından ıstakalar (sıradaki oyuncu önce, \"/\" ile, "
    "\"?\" joker), skorlar, puansız tur sayısı ve \";\" ile biten işlemler "
    "(\"lex TR-1;\", \"rules tr@2;\", \"bonus25 C5;\").",
    "Example / Örnek: an empty board, the Turkish rack KALEMİA, the five best plays: "
    "harfiyen moves --top 5 --cgp \"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 KALEMİA/ "
    "0/0 0 rules tr@2; bonus25 C5;\"",
])


def find_moves(
    cgp: str,
    top: int | None = None,
    rack: str | None = None,
    lang: str | None = None,
    lexicon_name: str | None = None,
) -> list[GeneratedPlay]:
    """The plays of the position's rack (or ``rack``), best first; ``top`` keeps the N best.

    Raises ``GameError`` for a bad CGP, ``ValueError`` for an unknown rule set or
    a rack tile outside the game's letters.
    """
    default: Literal["tr", "en"] = "tr" if lang == "tr" else "en"
    position = parse_cgp(cgp, default_language=default)
    rules = rules_of(position, lang)
    tiles = position.racks[0] if rack is None else rack
    tiles = "".join(t if t == BLANK else upper(t, rules.language) for t in tiles)
    lexicon = load(lexicon_name or position.lexicon or DEFAULT_LEXICON[rules.family])
    generator = MoveGenerator(lexicon, rules)
    scratch = generator.scratch(position.board)
    bonus = parse_square_name(position.bonus25) if position.bonus25 else None
    if top is not None:
        return generator.best(scratch, tiles, top, bonus)
    return generator.moves(scratch, tiles, bonus)


def moves(
    cgp: str = typer.Option(..., "--cgp", help="The position as a CGP line. / Konum (CGP)."),
    top: int | None = typer.Option(
        None, "--top", min=1, help="Only the N best plays. / Yalnız en iyi N hamle."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON array. / JSON yaz."),
    rack: str | None = typer.Option(
        None, "--rack", help="Rack to use instead of the CGP's (? is a blank). / Istaka."
    ),
    lang: str | None = typer.Option(
        None, "--lang", help="Rule set family when the CGP names none: tr or en."
    ),
    lexicon: str | None = typer.Option(
        None, "--lexicon", help="Lexicon id (default: the CGP's lex, else the rule set's)."
    ),
) -> None:
    """List the legal plays of the rack, best first. / Istakanın geçerli hamlelerini listele."""
    console = _console()
    try:
        found = find_moves(cgp, top, rack, lang, lexicon)
    except GameError as error:
        console.print(f"[bold red]{error.code}[/]")
        console.print(f"tr: {error.message.tr}")
        console.print(f"en: {error.message.en}")
        raise typer.Exit(1) from None
    except ValueError as error:
        console.print(f"[bold red]{error}[/]")
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps([m.as_json() for m in found], ensure_ascii=False))
        return
    if not found:
        console.print("Geçerli hamle yok. / No legal play.")
        return
    table = Table()
    for header in ("#", "Konum/Position", "Kelime/Word", "Taşlar/Tiles", "Puan/Score"):
        table.add_column(header)
    for number, move in enumerate(found, 1):
        table.add_row(str(number), move.position, move.word, move.tiles, str(move.score))
    console.print(table)
