"""GCG game records: parse and write.

A record is a header of pragma lines (``#player1 nick Full Name``, ``#title``,
``#lexicon``, ``#character-encoding``, the Turkish ``#rules tr@2`` and
``#bonus25 C5``, and any other pragma, kept as written) followed by event
lines, each of which may be followed by pragma lines of its own (``#note``,
``#rack1``, ...). Event lines have the shapes::

    >nick: RACK 8H WORD +score total [comment]   a play
    >nick: RACK - +0 total                       a pass
    >nick: RACK -ABC +0 total  /  -3             an exchange (tiles or a count)
    >nick: RACK -- -score total                  a withdrawn phony
    >nick: RACK (challenge) +bonus total         a challenge bonus
    >nick: RACK (time) -penalty total            a time penalty
    >nick: (RACK) +points total                  end: points for the others' racks
    >nick: RACK (RACK) -points total             end: one's own rack subtracted

The rack may be missing on any line. A ``#note`` continues over the
following lines that start with neither ``#`` nor ``>``.

``write_gcg(parse_gcg(text))`` re-parses to the same record. Positions are
stored in canonical form (``8H``/``H8``); words and racks as written, since
their case carries the blank (Turkish lower case included).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from harfiyen.core.errors import ErrorKind
from harfiyen.games.crossword.notation.coords import (
    NotationError,
    format_position,
    parse_position,
)


class GcgError(NotationError):
    """A GCG record that cannot be read."""


BAD_LINE: Final = ErrorKind(
    "gcg.bad_line",
    "GCG satırı {line} okunamadı: {text}",
    "GCG line {line} cannot be read: {text}",
)


def _bad_line(number: int, text: str) -> GcgError:
    error = BAD_LINE.error(GcgError, line=number, text=text.strip())
    assert isinstance(error, GcgError)
    return error


class EventKind(Enum):
    PLAY = "play"
    PASS = "pass"
    EXCHANGE = "exchange"
    WITHDRAWN = "withdrawn"
    CHALLENGE_BONUS = "challenge"
    TIME_PENALTY = "time"
    END_RACK_GAIN = "end-gain"
    END_RACK_PENALTY = "end-penalty"


@dataclass(frozen=True, slots=True)
class Pragma:
    """A ``#name value`` line; ``value`` may hold newlines (a multi-line note)."""

    name: str
    value: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    """One ``>nick: ...`` line of a record, with the pragma lines that follow it.

    ``position`` and ``word`` belong to plays; ``exchanged`` to exchanges
    (tiles, or a count as digits); ``end_rack`` to end-of-game rack lines.
    ``comment`` is text after the running total (some programs list cross words).
    """

    kind: EventKind
    nick: str
    score: int
    total: int
    rack: str = ""
    position: str = ""
    word: str = ""
    exchanged: str = ""
    end_rack: str = ""
    comment: str = ""
    after: tuple[Pragma, ...] = ()

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(p.value for p in self.after if p.name == "note")


@dataclass(frozen=True, slots=True)
class Player:
    """A ``#playerN nick Full Name`` pragma; ``seat`` is N - 1."""

    seat: int
    nick: str
    name: str


_PLAYER_RE: Final = re.compile(r"^player(\d+)$")


@dataclass(frozen=True)
class GameRecord:
    """A parsed GCG record: header pragmas in order, then the events."""

    header: tuple[Pragma, ...] = ()
    events: tuple[Event, ...] = ()

    def pragma(self, name: str) -> str | None:
        """The value of the first header pragma ``name``, if any."""
        return next((p.value for p in self.header if p.name == name), None)

    @property
    def players(self) -> tuple[Player, ...]:
        """The ``#playerN`` pragmas, by seat."""
        players: list[Player] = []
        for p in self.header:
            if match := _PLAYER_RE.match(p.name):
                nick, _, name = p.value.partition(" ")
                players.append(Player(int(match[1]) - 1, nick, name.strip()))
        return tuple(sorted(players, key=lambda pl: pl.seat))

    @property
    def title(self) -> str | None:
        return self.pragma("title")

    @property
    def description(self) -> str | None:
        return self.pragma("description")

    @property
    def id(self) -> str | None:
        return self.pragma("id")

    @property
    def lexicon(self) -> str | None:
        return self.pragma("lexicon")

    @property
    def encoding(self) -> str | None:
        return self.pragma("character-encoding")

    @property
    def rules(self) -> str | None:
        """``#rules tr@2``: the rule set key; ``None`` means classic ``en``."""
        return self.pragma("rules")

    @property
    def bonus25(self) -> str | None:
        """``#bonus25 C5``: the ★25 square of a Turkish game."""
        return self.pragma("bonus25")

    @property
    def notes(self) -> tuple[str, ...]:
        """Header notes followed by every event's notes."""
        head = tuple(p.value for p in self.header if p.name == "note")
        return head + tuple(n for e in self.events for n in e.notes)


def header(
    players: Iterable[tuple[str, str]],
    *,
    title: str | None = None,
    lexicon: str | None = None,
    rules: str | None = None,
    bonus25: str | None = None,
    encoding: str | None = "UTF-8",
    extra: Iterable[Pragma] = (),
) -> tuple[Pragma, ...]:
    """Header pragmas for a new record; ``players`` are ``(nick, full name)`` pairs."""
    out: list[Pragma] = []
    if encoding:
        out.append(Pragma("character-encoding", encoding))
    for seat, (nick, name) in enumerate(players, 1):
        out.append(Pragma(f"player{seat}", f"{nick} {name}".strip()))
    for name, value in (("title", title), ("lexicon", lexicon), ("rules", rules),
                        ("bonus25", bonus25)):
        if value is not None:
            out.append(Pragma(name, value))
    out.extend(extra)
    return tuple(out)


# ---------------------------------------------------------------- parsing

_POSITION_RE: Final = re.compile(r"^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$")
_SCORE_RE: Final = re.compile(r"^[+-]?\d+$")


def _int(token: str, number: int, line: str) -> int:
    if not _SCORE_RE.match(token):
        raise _bad_line(number, line)
    return int(token)


def _is_rack(token: str) -> bool:
    return not token.startswith(("(", "-", "+")) and not _POSITION_RE.match(token)


def parse_event(line: str, number: int = 1) -> Event:
    """Parse one ``>nick: ...`` line (without the pragmas that follow it).

    Raises ``GcgError`` (``gcg.bad_line``) when the line fits no known shape.
    """
    body = line.strip()
    if not body.startswith(">") or ":" not in body:
        raise _bad_line(number, line)
    nick, _, rest = body[1:].partition(":")
    nick = nick.strip()
    tokens = rest.split()
    rack = ""
    if tokens and _is_rack(tokens[0]):
        rack = tokens.pop(0)
    if len(tokens) < 3 or not nick:
        raise _bad_line(number, line)

    def tail(start: int) -> tuple[int, int, str]:
        if len(tokens) < start + 2:
            raise _bad_line(number, line)
        score = _int(tokens[start], number, line)
        total = _int(tokens[start + 1], number, line)
        return score, total, " ".join(tokens[start + 2:])

    first = tokens[0]
    if first == "-":
        score, total, comment = tail(1)
        return Event(EventKind.PASS, nick, score, total, rack=rack, comment=comment)
    if first == "--":
        score, total, comment = tail(1)
        return Event(EventKind.WITHDRAWN, nick, score, total, rack=rack, comment=comment)
    if first.startswith("-"):
        score, total, comment = tail(1)
        return Event(
            EventKind.EXCHANGE, nick, score, total, rack=rack, exchanged=first[1:],
            comment=comment,
        )
    if first == "(challenge)":
        score, total, comment = tail(1)
        return Event(EventKind.CHALLENGE_BONUS, nick, score, total, rack=rack, comment=comment)
    if first == "(time)":
        score, total, comment = tail(1)
        return Event(EventKind.TIME_PENALTY, nick, score, total, rack=rack, comment=comment)
    if first.startswith("(") and first.endswith(")"):
        score, total, comment = tail(1)
        # A negative score subtracts one's own rack; otherwise the line credits
        # the others' racks. A 0-point line (blanks only) is a penalty when the
        # player's own rack is written before it, as penalty lines do.
        penalty = score < 0 or (score == 0 and bool(rack))
        kind = EventKind.END_RACK_PENALTY if penalty else EventKind.END_RACK_GAIN
        return Event(kind, nick, score, total, rack=rack, end_rack=first[1:-1],
                     comment=comment)
    if not _POSITION_RE.match(first):
        raise _bad_line(number, line)
    try:
        position = format_position(parse_position(first))
    except NotationError:
        raise _bad_line(number, line) from None
    if len(tokens) < 4:
        raise _bad_line(number, line)
    score, total, comment = tail(2)
    return Event(
        EventKind.PLAY, nick, score, total, rack=rack, position=position, word=tokens[1],
        comment=comment,
    )


def _parse_pragma(line: str) -> Pragma:
    name, _, value = line[1:].partition(" ")
    return Pragma(name.strip(), value.strip())


def parse_gcg(text: str) -> GameRecord:
    """Parse GCG ``text`` (already decoded; see ``decode_gcg``) into a record.

    Blank lines are skipped; a line that is neither a pragma nor an event
    continues the pragma before it (multi-line notes). Raises ``GcgError``
    for an event line of unknown shape or text before the first pragma.
    """
    head: list[Pragma] = []
    events: list[Event] = []
    pending: list[Pragma] = []  # pragmas after the last event

    def last_pragmas() -> list[Pragma]:
        return pending if events else head

    def flush() -> None:
        if events and pending:
            events[-1] = replace(events[-1], after=events[-1].after + tuple(pending))
        pending.clear()

    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith(">"):
            flush()
            events.append(parse_event(line, number))
        elif line.startswith("#"):
            last_pragmas().append(_parse_pragma(line))
        else:
            target = last_pragmas()
            if not target:
                raise _bad_line(number, line)
            previous = target[-1]
            target[-1] = Pragma(previous.name, f"{previous.value}\n{line.strip()}")
    flush()
    return GameRecord(tuple(head), tuple(events))


# ---------------------------------------------------------------- writing


def _signed(value: int) -> str:
    return f"{value:+d}"


def format_event(event: Event) -> str:
    """The ``>nick: ...`` line of ``event`` (without its following pragmas)."""
    fields: list[str] = [event.rack] if event.rack else []
    kind = event.kind
    if kind is EventKind.PLAY:
        fields += [event.position, event.word]
    elif kind is EventKind.PASS:
        fields.append("-")
    elif kind is EventKind.EXCHANGE:
        fields.append(f"-{event.exchanged}")
    elif kind is EventKind.WITHDRAWN:
        fields.append("--")
    elif kind is EventKind.CHALLENGE_BONUS:
        fields.append("(challenge)")
    elif kind is EventKind.TIME_PENALTY:
        fields.append("(time)")
    else:
        fields.append(f"({event.end_rack})")
    fields += [_signed(event.score), str(event.total)]
    if event.comment:
        fields.append(event.comment)
    return f">{event.nick}: {' '.join(fields)}"


def format_pragma(pragma: Pragma) -> str:
    return f"#{pragma.name} {pragma.value}".rstrip()


def write_gcg(record: GameRecord) -> str:
    """The GCG text of ``record``, one line per pragma and event, ending in a newline."""
    lines = [format_pragma(p) for p in record.header]
    for event in record.events:
        lines.append(format_event(event))
        lines.extend(format_pragma(p) for p in event.after)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- decoding

_ENCODING_RE: Final = re.compile(rb"^#character-encoding[ \t]+(\S+)", re.MULTILINE)


def decode_gcg(data: bytes) -> str:
    """Decode a GCG file's bytes.

    The ``#character-encoding`` pragma decides when present and Python knows
    the codec and the bytes fit it; otherwise UTF-8, then ISO-8859-1 (which
    never fails), as older programs wrote Latin-1 without saying so.
    """
    candidates: list[str] = []
    if match := _ENCODING_RE.search(data):
        candidates.append(match[1].decode("ascii", "replace"))
    candidates += ["utf-8-sig", "iso-8859-1"]
    for encoding in candidates:
        try:
            return data.decode(encoding)
        except (LookupError, UnicodeDecodeError):
            continue
    raise AssertionError("ISO-8859-1 decodes any bytes")  # pragma: no cover


def with_event(record: GameRecord, event: Event) -> GameRecord:
    """``record`` with ``event`` appended."""
    return GameRecord(record.header, (*record.events, event))


__all__ = [
    "BAD_LINE",
    "Event",
    "EventKind",
    "GameRecord",
    "GcgError",
    "Player",
    "Pragma",
    "decode_gcg",
    "format_event",
    "format_pragma",
    "header",
    "parse_event",
    "parse_gcg",
    "with_event",
    "write_gcg",
]
