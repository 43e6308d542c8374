"""The checked replay of a stored event log."""

from __future__ import annotations

import logging
from typing import Any, NoReturn

from harfiyen.core.errors import HarfiyenError
from harfiyen.server.errors import internal
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import GameAdapter, LexiconLoader
from harfiyen.server.models import Match

log = logging.getLogger(__name__)


def replay_log(
    game: GameAdapter, match: Match, rows: list[tuple[int, dict[str, Any]]],
    lexicons: LexiconLoader, after: Any = None,
) -> Any:
    """The state a stored log leads to, replayed from the match's config and seed, or
    from ``after``, a state of the first events of the log, through the rows after them.

    Each stored row is decoded to its event, the move it records is applied, and
    every event the engine produces again must match its row: every stored field
    equal (a newer wire form may add derived fields). Raises ``match.replay_diverged``
    (and logs where and how) for a row that does not decode, a move the engine
    refuses, an event that differs, or a log that ends too soon or too late.
    """
    state = game.new_game(match.config, match.seed, lexicons) if after is None else after
    produced = list(game.events(state))
    base = 0 if after is None else len(produced)  # the events ``rows`` come after
    for index, (seq, data) in enumerate(rows, start=base):
        if index == len(produced):
            try:
                # A move's events may come before the one that records it (a play made
                # while another awaits a challenge: that one's refill is drawn first).
                recorded = None
                for _, ahead in rows[index - base:]:
                    recorded = game.move_of(game.decode_event(ahead))
                    if recorded is not None:
                        break
                if recorded is None:
                    raise ValueError("the row records no move, and the replay did not make it")
                state, new = game.apply(state, *recorded)
            except (ValueError, HarfiyenError) as error:
                _diverged(match, seq, f"{error}", data, None)
            produced.extend(new)
        if index >= len(produced):  # pragma: no cover - apply always adds an event
            _diverged(match, seq, "the replay made no event for this row", data, None)
        again = game.event_dict(produced[index])
        if any(again.get(key, _MISSING) != value for key, value in data.items()):
            _diverged(match, seq, "the replayed event differs", data, again)
    stored = base + len(rows)
    if len(produced) != stored:
        _diverged(match, stored + 1, f"the replay made {len(produced)} events, the log "
                  f"holds {stored}", None, game.event_dict(produced[stored]))
    return state


_MISSING = object()


def _diverged(
    match: Match, seq: int, why: str, stored: Any, replayed: Any
) -> NoReturn:
    log.error("match %s (%s %s) does not replay at event %s: %s; stored %s; replayed %s",
              match.id, match.game, match.rules, seq, why, stored, replayed)
    raise internal(match_errors.REPLAY_DIVERGED, match=match.id, seq=seq)
