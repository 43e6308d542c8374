"""``harfiyen score MOVE --cgp POSITION``: check a move in a position and show its score.

The position is a CGP line (its ``lex``, ``ld``, ``rules`` and ``bonus25``
opcodes are honoured); the move is GCG (``8H KALEM``, ``.`` for a tile
already on the board, lower case for a blank). The move is checked like a
submission (tiles on the rack when the CGP gives one, geometry, words in the
lexicon) and its score is printed word by word; a refusal prints its code and
the Turkish and English message and exits with 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import typer
from rich.table import Table

from harfiyen.cli.console import console as _console
from harfiyen.core.errors import GameError
from harfiyen.games.crossword.board import FormedWord
from harfiyen.games.crossword.notation.cgp import CgpPosition, parse_cgp
from harfiyen.games.crossword.notation.coords import (
    format_square_name,
    parse_move,
    parse_square_name,
    tile_text,
)
from harfiyen.games.crossword.rules import DEFAULT_LEXICON, RuleSet, ruleset
from harfiyen.games.crossword.scoring import ScoreBreakdown, score_words


def rules_of(position: CgpPosition, lang: str | None) -> RuleSet:
    """The rule set: the CGP ``rules`` opcode, else ``--lang``, else the CGP's language."""
    if position.rules:
        family, _, version = position.rules.partition("@")
        return ruleset(family, int(version) if version else None)
    family = lang or position.language()
    return ruleset(family)


def evaluate(
    move: str, cgp: str, lang: str | None = None, lexicon_name: str | None = None
) -> tuple[RuleSet, list[FormedWord], ScoreBreakdown]:
    """Check ``move`` in the CGP position and score it.

    Raises ``GameError`` for bad notation, a tile not on the rack, a refused
    placement or unknown words; ``ValueError`` for an unknown rule set.
    """
    from harfiyen.games.crossword.validate import check_play, check_rack
    from harfiyen.lexicon.lexicon import load

    default: Literal["tr", "en"] = "tr" if lang == "tr" else "en"
    position = parse_cgp(cgp, default_language=default)
    rules = rules_of(position, lang)
    placements = parse_move(move, position.board, rules.language)
    if position.racks and position.racks[0]:
        check_rack(list(position.racks[0]), placements)
    lexicon = load(lexicon_name or position.lexicon or DEFAULT_LEXICON[rules.family])
    words = check_play(position.board, placements, rules, lexicon)
    bonus = parse_square_name(position.bonus25) if position.bonus25 else None
    return rules, words, score_words(words, placements, rules, bonus)


def _premium_label(rules: RuleSet, label: str, name: str) -> str:
    return label if rules.family == "tr" else name


def _letters(word: FormedWord, rules: RuleSet) -> str:
    parts: list[str] = []
    for square, tile, new in zip(word.squares, word.tiles, word.new, strict=True):
        value = 0 if tile.blank else rules.tiles.values[tile.letter]
        text = f"{tile_text(tile.letter, tile.blank, rules.language)}{value}"
        premium = rules.layout.get(square) if new else None
        if premium is not None and premium.letter_multiplier > 1:
            text += f"×{premium.letter_multiplier}"
        parts.append(text)
    return " ".join(parts)


def breakdown_table(
    rules: RuleSet, words: Sequence[FormedWord], breakdown: ScoreBreakdown
) -> Table:
    """A Rich table: one row per word, then the fixed bonuses and the total."""
    table = Table()
    for header in ("Kelime/Word", "Harfler/Letters", "Primler/Premiums", "×", "Puan/Score"):
        table.add_column(header)
    for word, scored in zip(words, breakdown.words, strict=True):
        premiums = " ".join(
            f"{format_square_name(sq)}:{_premium_label(rules, p.value, p.name)}"
            for sq, p in scored.premiums
        )
        table.add_row(
            scored.word, _letters(word, rules), premiums or "-",
            f"×{scored.word_multiplier}", str(scored.score),
        )
    if breakdown.bonus_square:
        table.add_row("★25", "", "", "", f"+{breakdown.bonus_square}")
    if breakdown.bingo:
        table.add_row("Bingo", f"{rules.bingo_min_tiles} taş/tiles", "", "",
                      f"+{breakdown.bingo}")
    table.add_row("Toplam/Total", "", "", "", str(breakdown.total))
    return table


def score(
    move: str = typer.Argument(..., help="The move in GCG form, e.g. '8H KALEM'. / Hamle."),
    cgp: str = typer.Option(..., "--cgp", help="The position as a CGP line. / Konum (CGP)."),
    lang: str | None = typer.Option(
        None, "--lang", help="Rule set family when the CGP names none: tr or en."
    ),
    lexicon: str | None = typer.Option(
        None, "--lexicon", help="Lexicon id (default: the CGP's lex, else the rule set's)."
    ),
) -> None:
    """Check a move in a position and show its score. / Hamleyi denetle, puanını göster."""
    console = _console()
    try:
        rules, words, breakdown = evaluate(move, cgp, lang, lexicon)
    except GameError as error:
        console.print(f"[bold red]{error.code}[/]")
        console.print(f"tr: {error.message.tr}")
        console.print(f"en: {error.message.en}")
        raise typer.Exit(1) from None
    except ValueError as error:
        console.print(f"[bold red]{error}[/]")
        raise typer.Exit(1) from None
    console.print(
        f"{move}: [bold]{breakdown.total}[/] puan / points ({rules.key})"
    )
    console.print(breakdown_table(rules, words, breakdown))
