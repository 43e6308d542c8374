"""Reading and writing GCG records: every line shape, pragmas kept, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.games.crossword.notation.gcg import (
    Event,
    EventKind,
    GameRecord,
    GcgError,
    Pragma,
    decode_gcg,
    format_event,
    header,
    parse_event,
    parse_gcg,
    write_gcg,
)

# A made-up game that uses every line shape (figures need not add up here).
EVERY_SHAPE = """\
#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob B. Example
#title A test game
#description Every line shape
#id test 42
#lexicon ENABLE-1
#tile-set whatever
#note before the first move
>ann: ACEHRTX 8d chart +28 28
>bob: ?EINRST 9c reTAINS +24 24
>bob: ?EINRST -  +0 0
>ann: AEIRSTX -AIX +0 28
>bob: ?EINRST -3 +0 0
>ann: EERSTX  h8 .EX +30 58  EX, AX
#note a note
that goes on
over lines
#rack2 ABC
>bob: ?EINRST --  -24 0
>ann: EERST (challenge) +5 63
>bob: (time) -10 -10
>ann:  (ABC) +14 77
>bob: ABC (ABC) -7 -17
>ann: (??) +0 77
"""


def test_header_pragmas() -> None:
    record = parse_gcg(EVERY_SHAPE)
    assert [(p.seat, p.nick, p.name) for p in record.players] == [
        (0, "ann", "Ann Example"), (1, "bob", "Bob B. Example"),
    ]
    assert record.title == "A test game"
    assert record.description == "Every line shape"
    assert record.id == "test 42"
    assert record.lexicon == "ENABLE-1"
    assert record.encoding == "UTF-8"
    assert record.pragma("tile-set") == "whatever"  # unknown pragmas are kept
    assert record.rules is None and record.bonus25 is None
    assert record.notes[0] == "before the first move"


def test_every_event_shape() -> None:
    events = parse_gcg(EVERY_SHAPE).events
    kinds = [e.kind for e in events]
    assert kinds == [
        EventKind.PLAY, EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE,
        EventKind.EXCHANGE, EventKind.PLAY, EventKind.WITHDRAWN, EventKind.CHALLENGE_BONUS,
        EventKind.TIME_PENALTY, EventKind.END_RACK_GAIN, EventKind.END_RACK_PENALTY,
        EventKind.END_RACK_GAIN,
    ]
    first = events[0]
    assert (first.nick, first.rack, first.position, first.word, first.score, first.total) == (
        "ann", "ACEHRTX", "8D", "chart", 28, 28,
    )
    assert (events[1].position, events[1].word) == ("9C", "reTAINS")
    assert events[3].exchanged == "AIX" and events[4].exchanged == "3"
    assert events[5].position == "H8" and events[5].comment == "EX, AX"
    assert events[5].notes == ("a note\nthat goes on\nover lines",)
    assert events[5].after[-1] == Pragma("rack2", "ABC")
    assert events[6].score == -24
    assert events[8].rack == "" and events[8].score == -10
    assert events[9].end_rack == "ABC" and events[9].score == 14
    assert events[10].rack == "ABC" and events[10].total == -17


def test_round_trip_keeps_everything() -> None:
    record = parse_gcg(EVERY_SHAPE)
    text = write_gcg(record)
    assert parse_gcg(text) == record
    assert write_gcg(parse_gcg(text)) == text
    assert ">ann: EERSTX H8 .EX +30 58 EX, AX" in text.splitlines()


TURKISH = """\
#character-encoding UTF-8
#player1 ayşe Ayşe Yılmaz
#player2 ılgın Ilgın Işık
#rules tr@2
#bonus25 I8
#lexicon TR-1
>ayşe: AEKLMİŞ 8H KALEM +37 37
>ılgın: ?IİNRŞU H4 çİLE. +4 4
#note İyi hamle, ılık değil.
>ayşe: ADEIİİŞ L5 İSi. +5 42
>ılgın: ?IİNRŞU 9I ı +2 6
"""


def test_turkish_record_round_trips_dotted_and_dotless_i() -> None:
    record = parse_gcg(TURKISH)
    assert record.rules == "tr@2" and record.bonus25 == "I8"
    assert [p.nick for p in record.players] == ["ayşe", "ılgın"]
    assert [e.word for e in record.events if e.kind is EventKind.PLAY] == [
        "KALEM", "çİLE.", "İSi.", "ı",
    ]
    assert record.events[1].notes == ("İyi hamle, ılık değil.",)
    assert parse_gcg(write_gcg(record)) == record
    assert "İSi." in write_gcg(record) and "ı +2 6" in write_gcg(record)


def test_quackle_style_lines_with_lower_case_columns_and_spaces() -> None:
    event = parse_event(">David: DOLTTPI  8g   TOLD            +10   10  ")
    assert (event.position, event.word, event.score, event.total) == ("8G", "TOLD", 10, 10)
    event = parse_event(">Pakorn: LWGRAKE   -- +0 59")
    assert event.kind is EventKind.WITHDRAWN and event.score == 0
    event = parse_event(">Brian:    (ENOR) +8 481")
    assert event.kind is EventKind.END_RACK_GAIN and event.rack == ""


def test_a_move_line_without_a_rack() -> None:
    event = parse_event(">ann: 8H CAT +10 10")
    assert (event.rack, event.position, event.word) == ("", "8H", "CAT")


@pytest.mark.parametrize(
    "line",
    [
        ">ann ACE 8H CAT +10 10",  # no colon
        ">: ACE 8H CAT +10 10",  # no nick
        ">ann: ACE 8H CAT +10",  # no total
        ">ann: ACE 8H CAT ten 10",  # not a number
        ">ann: ACE ZZ CAT +10 10",  # not a position
        ">ann: ACE 16A CAT +10 10",  # off the board
        ">ann: ACE - +0",
        ">ann:",
    ],
)
def test_bad_event_lines(line: str) -> None:
    with pytest.raises(GcgError) as info:
        parse_gcg(f"#player1 ann Ann\n{line}\n")
    assert info.value.code == "gcg.bad_line"
    assert info.value.details["line"] == 2
    assert "satır" in info.value.message.tr


def test_text_before_any_pragma_is_refused() -> None:
    with pytest.raises(GcgError):
        parse_gcg("hello\n#player1 a A\n")


def test_blank_lines_and_crlf_are_ignored() -> None:
    text = "#player1 a A\r\n\r\n#player2 b B\r\n>a: AB 8H AB +4 4\r\n\r\n"
    record = parse_gcg(text)
    assert len(record.players) == 2 and len(record.events) == 1


def test_header_builder() -> None:
    record = GameRecord(
        header([("ayşe", "Ayşe"), ("ılgın", "Ilgın")], rules="tr@2", bonus25="C5",
               lexicon="TR-1"),
        (Event(EventKind.PASS, "ayşe", 0, 0, rack="AEİIKLM"),),
    )
    text = write_gcg(record)
    assert text.startswith("#character-encoding UTF-8\n#player1 ayşe Ayşe\n")
    assert "#rules tr@2" in text and "#bonus25 C5" in text
    assert ">ayşe: AEİIKLM - +0 0" in text
    assert parse_gcg(text) == record


def test_decoding() -> None:
    latin = "#player1 césar César\n".encode("iso-8859-1")
    assert decode_gcg(latin).startswith("#player1 césar")
    utf8 = "#character-encoding UTF-8\n#player1 ılgın Ilgın\n".encode()
    assert "ılgın" in decode_gcg(utf8)
    assert "ılgın" in decode_gcg(b"\xef\xbb\xbf" + utf8)
    # The pragma decides when it names a codec the bytes fit ...
    declared = "#character-encoding ISO-8859-9\n#player1 ılgın\n".encode("iso-8859-9")
    assert "ılgın" in decode_gcg(declared)
    # ... and a wrong or unknown one falls back to UTF-8.
    assert "ılgın" in decode_gcg(b"#character-encoding NOPE-1\n" + "ılgın".encode())


NICKS = st.text(alphabet="abcçğıiöşüXYZ_0123456789", min_size=1, max_size=8)
RACKS = st.text(alphabet="ABCÇĞIİÖŞÜ?", max_size=7)
WORDS = st.text(alphabet="ABCÇĞIİÖŞÜabcçğıiöşü.", min_size=1, max_size=9)
POSITIONS = st.sampled_from(["8H", "H8", "1A", "A1", "15O", "O15", "3K", "K3"])
SCORES = st.integers(-200, 999)


@st.composite
def events(draw: st.DrawFn) -> Event:
    kind = draw(st.sampled_from(list(EventKind)))
    nick = draw(NICKS)
    score = draw(SCORES)
    total = draw(SCORES)
    rack = draw(RACKS)
    if kind is EventKind.PLAY:
        return Event(kind, nick, score, total, rack=rack, position=draw(POSITIONS),
                     word=draw(WORDS))
    if kind is EventKind.EXCHANGE:
        return Event(kind, nick, score, total, rack=rack,
                     exchanged=draw(st.text(alphabet="ABCİI?", min_size=1, max_size=7)))
    if kind is EventKind.END_RACK_GAIN:
        return Event(kind, nick, draw(st.integers(1, 99)), total,
                     end_rack=draw(st.text(alphabet="ABİ?", min_size=1, max_size=7)))
    if kind is EventKind.END_RACK_PENALTY:
        letters = draw(st.text(alphabet="ABİ?", min_size=1, max_size=7))
        return Event(kind, nick, -draw(st.integers(1, 99)), total, rack=letters,
                     end_rack=letters)
    return Event(kind, nick, score, total, rack=rack)


@given(st.lists(events(), max_size=8))
def test_written_events_parse_back(evs: list[Event]) -> None:
    record = GameRecord(header([("a", "A"), ("b", "B")]), tuple(evs))
    assert parse_gcg(write_gcg(record)) == record
    for event in evs:
        assert parse_event(format_event(event)) == event
