"""The crossword rules as clients need them, built from :mod:`.rules`.

The rule module is the only place each rule lives; this only reshapes it into
JSON (square names like ``H8``, premiums by their Turkish labels
``H2``/``H3``/``K2``/``K3``), served by ``GET /api/rules/crossword``.
"""

from __future__ import annotations

import functools
from typing import Any

from harfiyen.games.crossword import rules as R
from harfiyen.games.crossword.engine import bonus_square_candidates


def _ruleset_json(rules: R.RuleSet) -> dict[str, Any]:
    """The scalar rules of one ``family@version`` with its default options."""
    return {
        "rack_size": rules.rack_size,
        "bingo_bonus": rules.bingo_bonus,
        "bingo_min_tiles": rules.bingo_min_tiles,
        "bonus_square_points": rules.bonus_square_points,
        "balanced_first_deal": rules.balanced_first_deal,
        "exchange_whole_rack": rules.exchange_whole_rack,
        "exchange_min_bag": rules.exchange_min_bag,
        "challenge": rules.challenge,
        "scoreless_bag_below": rules.scoreless_bag_below,
        "scoreless_turns": rules.scoreless_turns,
        "two_pass_end": rules.two_pass_end,
        "no_play_end": rules.no_play_end,
        "draw_for_first": rules.draw_for_first,
        "min_players": rules.min_players,
        "max_players": rules.max_players,
    }


def _variant_json(family: str, variant: R.Variant) -> dict[str, Any]:
    """What a lobby shows of a variant: its rack, and the levels of a finish line."""
    out: dict[str, Any] = {"rack_size": R.ruleset(family, variant=variant).rack_size}
    if R.ruleset(family, variant=variant).finish_target is not None:
        out["finish_levels"] = list(next(iter(R.FINISH_LINE_TARGETS.values())))
    return out


def _family_json(family: str) -> dict[str, Any]:
    rules = R.ruleset(family)  # the default version and options
    tiles = rules.tiles
    out: dict[str, Any] = {
        "language": rules.language,
        "alphabet": list(tiles.values),
        "values": dict(tiles.values),
        "counts": dict(tiles.counts),
        "blanks": tiles.blanks,
        "total_tiles": tiles.total,
        "premiums": {R.square_name(sq): p.value for sq, p in rules.layout.items()},
        "rack_size": rules.rack_size,
        "bingo_bonus": rules.bingo_bonus,
        "bingo_min_tiles": rules.bingo_min_tiles,
        "bonus_square_points": rules.bonus_square_points,
        "min_players": rules.min_players,
        "max_players": rules.max_players,
    }
    if rules.bonus_square_points:
        # The ★ square is drawn per game (the view names it); these are the candidates.
        out["bonus_square_candidates"] = [
            R.square_name(sq) for sq in bonus_square_candidates(rules.layout)
        ]
    spec = R.FAMILIES[family]
    out["challenges"] = list(spec.challenges)
    out["variants"] = {variant: _variant_json(family, variant) for variant in spec.variants}
    if "finish-line" in spec.variants:
        out["finish_targets"] = {
            str(players): dict(levels) for players, levels in R.FINISH_LINE_TARGETS.items()
        }
    return out


@functools.cache
def reference() -> dict[str, Any]:
    """The board, tiles and rule versions of both crossword families (built once)."""
    return {
        "size": R.SIZE,
        "center": R.square_name(R.CENTER),
        "blank": R.BLANK,
        "versions": {family: list(v) for family, v in R.RULE_VERSIONS.items()},
        "default_version": dict(R.DEFAULT_VERSION),
        "default_lexicon": dict(R.DEFAULT_LEXICON),
        "families": {family: _family_json(family) for family in R.RULE_VERSIONS},
        "rulesets": {
            f"{family}@{version}": _ruleset_json(R.ruleset(family, version))
            for family, versions in R.RULE_VERSIONS.items() for version in versions
        },
    }
