"""Replaying GCG records: every figure recomputed or checked, the first mismatch reported."""

from __future__ import annotations

import pytest

from harfiyen.games.crossword.board import Tile
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.notation.gcg import parse_gcg
from harfiyen.games.crossword.notation.replay import rack_value, replay, rules_for
from harfiyen.games.crossword.rules import EN_TILES, TR_TILES

# Hand checks: WINDY 8D = (W4×2 + I1 + N1 + D2 + Y4) × 2 (H8) = 32.
# GALE 7C = G2×2 + A + L + E = 7, plus AW 5, LI 2, EN 2 = 16.
# NOVA 9G = N1×2 + O1 + V4×2 + A1 = 12, plus DN 4 and YO 5 = 21.
# CHATTER K5 = 12 × 2 × 2 (K5, K11) + NOVAT 8 + DESIREE 8 + 50 = 114.
CLASSIC = """\
#player1 ann Ann
#player2 bob Bob
>ann: DINNVWY 8D WINDY +32 32
>bob: ADEEGIL 7C GALE +16 16
>ann: ADINNOV 9G NOVA +21 53
>bob: DEEIRST 10E DESIRE +30 46
>ann: ADEINOT K4 ODIATEN +82 135
>ann: ADEINOT -- -82 53
#note the phony comes off and K4 to K10 are free again
>bob: ACEHRTT K5 CHATTER +114 160
>bob: ACEHRTT (challenge) +5 165
>ann: ADEINOT - +0 53
>bob: ABEIOUU -UUO +0 165
>ann: ADEINOT -7 +0 53
>bob: ABEIOUU C2 ABOUT +18 183
>ann: ADEINOT 12A ANOINTED +74 127
>ann: ADEINOT (time) -10 117
>ann: (BE) +8 125
"""


def _replace_line(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_a_classic_game_replays() -> None:
    result = replay(parse_gcg(CLASSIC))
    assert result.passed, result.mismatch
    assert result.moves == 15
    assert result.totals == (125, 183)
    assert result.scores == (32, 16, 21, 30, 82, 114, 18, 74)
    assert result.unknown_words is None  # no lexicon given
    assert result.board[(4, 10)] == Tile("C")  # CHATTER, not the withdrawn phony
    assert result.board[(3, 10)] is None


def test_a_wrong_score_is_the_first_mismatch() -> None:
    text = _replace_line(CLASSIC, "NOVA +21 53", "NOVA +22 54")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None
    assert (mismatch.move, mismatch.what, mismatch.expected, mismatch.got) == (
        3, "score", "22", "21",
    )
    assert str(mismatch) == "move 3 (ann 9G NOVA): score expected 22, got 21"


def test_a_wrong_running_total() -> None:
    text = _replace_line(CLASSIC, "DESIRE +30 46", "DESIRE +30 47")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None
    assert (mismatch.move, mismatch.what) == (4, "total")
    assert (mismatch.expected, mismatch.got) == ("47", "46")


def test_a_withdrawn_phony_must_cost_what_it_scored() -> None:
    text = _replace_line(CLASSIC, "-- -82 53", "-- -80 55")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and (mismatch.move, mismatch.what) == (6, "score")
    assert mismatch.expected == "-82"


def test_quackle_writes_withdrawals_as_zero_with_the_total_lowered() -> None:
    text = _replace_line(CLASSIC, "-- -82 53", "-- +0 53")
    assert replay(parse_gcg(text)).passed


def test_only_the_players_own_last_play_can_be_withdrawn() -> None:
    text = _replace_line(CLASSIC, ">ann: ADEINOT -- -82 53", ">bob: ADEINOT -- -82 -36")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and mismatch.what == "withdrawn play"


def test_passes_and_exchanges_score_nothing() -> None:
    text = _replace_line(CLASSIC, ">ann: ADEINOT - +0 53", ">ann: ADEINOT - +3 56")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and (mismatch.move, mismatch.what) == (9, "score")


def test_end_rack_single_line_is_doubled() -> None:
    text = _replace_line(CLASSIC, "(BE) +8 125", "(BE) +4 121")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None
    assert (mismatch.what, mismatch.expected, mismatch.got) == ("end rack score", "8", "4")


def test_end_rack_in_separate_lines() -> None:
    text = _replace_line(CLASSIC, ">ann: (BE) +8 125", ">ann: (BE) +4 121\n>bob: BE (BE) -4 179")
    assert replay(parse_gcg(text)).passed
    wrong = _replace_line(text, "(BE) -4 179", "(BE) -5 178")
    mismatch = replay(parse_gcg(wrong)).mismatch
    assert mismatch is not None and mismatch.expected == "-4"


def test_time_penalties_and_challenge_bonuses_have_a_sign() -> None:
    text = _replace_line(CLASSIC, "(time) -10 117", "(time) +10 137")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and mismatch.what == "time penalty"
    text = _replace_line(CLASSIC, "(challenge) +5 165", "(challenge) -5 155")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and mismatch.what == "challenge bonus"


def test_unreadable_moves_are_reported_as_mismatches() -> None:
    text = _replace_line(CLASSIC, "9G NOVA", "9G .OVA")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None and mismatch.what == "notation"
    assert "notation.no_tile_there" in mismatch.expected


def test_letters_the_rule_set_lacks_are_reported() -> None:
    # The parser reads any case-bearing letter; scoring needs a value for it.
    text = "#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n"
    assert replay(parse_gcg(text)).passed
    mismatch = replay(parse_gcg(text.replace("8H AB", "8H AŁ"))).mismatch
    assert mismatch is not None and mismatch.what == "notation"


def test_unknown_words_are_listed_but_never_fail() -> None:
    lexicon = {"WINDY", "GALE", "AW", "LI", "EN"}
    result = replay(parse_gcg(CLASSIC), lexicon)
    assert result.passed
    assert result.unknown_words is not None
    assert "NOVA" in result.unknown_words and "WINDY" not in result.unknown_words
    assert "ODIATEN" in result.unknown_words


def test_players_sharing_a_nick_are_told_apart_by_their_totals() -> None:
    text = CLASSIC.replace("ann", "sam").replace("bob", "sam")
    result = replay(parse_gcg(text))
    assert result.passed, result.mismatch
    assert result.totals == (125, 183)


def test_undeclared_nicks_get_their_own_seat() -> None:
    text = "\n".join(line for line in CLASSIC.splitlines() if not line.startswith("#player"))
    result = replay(parse_gcg(text))
    assert result.passed and result.totals == (125, 183)


def test_three_players_credit_the_finisher_once() -> None:
    text = """\
#player1 a A
#player2 b B
#player3 c C
>a: DINNVWY 8D WINDY +32 32
>b: ADEEGIL 7C GALE +16 16
>c: ADINNOV 9G NOVA +21 21
>c: (BEQ) +14 35
"""
    assert replay(parse_gcg(text)).passed


# Turkish rules: KALEM over H8 (K2) = 6 × 2 = 12, plus ★25 on I8 = 37.
# ÇİLEK down to H8's K with a blank Ç: 0 + 1 + 1 + 1 + K 1 (no premium) = 4.
# İSİM down to L8's M with a blank İ: 1 + S2 + 0 + M2 = 5.
# A blank ı under I8's A: A1 + 0 (I9 is H2 but a blank is worth 0) = 1.
TURKISH = """\
#character-encoding UTF-8
#player1 ayşe Ayşe
#player2 ılgın Ilgın
#rules tr@2
#bonus25 I8
#lexicon TR-1
>ayşe: AEKLMİŞ 8H KALEM +37 37
>ılgın: ?IİNRŞU H4 çİLE. +4 4
>ayşe: ?ADEIİŞ L5 İSi. +5 42
>ılgın: ?IİNRŞU I8 .ı +1 5
"""


def test_turkish_record_with_the_bonus_square_and_turkish_blanks() -> None:
    record = parse_gcg(TURKISH)
    assert rules_for(record).key == "tr@2"
    result = replay(record)
    assert result.passed, result.mismatch
    assert result.board[(7, 7)] == Tile("K")
    assert result.board[(3, 7)] == Tile("Ç", blank=True)
    assert result.board[(6, 11)] == Tile("İ", blank=True)
    assert result.board[(8, 8)] == Tile("I", blank=True)
    assert result.totals == (42, 5)


def test_the_bonus_square_changes_the_score() -> None:
    text = TURKISH.replace("#bonus25 I8", "#bonus25 A2")
    mismatch = replay(parse_gcg(text)).mismatch
    assert mismatch is not None
    assert (mismatch.move, mismatch.expected, mismatch.got) == (1, "37", "12")


def test_turkish_all_tiles_bonus_is_thirty() -> None:
    # KALEMİS over G8..M8: 9 × 2 × 2 (H8, M8) + 30 = 66.
    text = "#player1 a A\n#player2 b B\n#rules tr@2\n>a: AEİKLMS 8G KALEMİS +66 66\n"
    assert replay(parse_gcg(text)).passed


def test_unknown_rule_sets_raise() -> None:
    with pytest.raises(CrosswordError) as raised:
        replay(parse_gcg("#player1 a A\n#rules xx@1\n"))
    assert raised.value.code == "unknown_rules"


def test_rack_values() -> None:
    assert rack_value("BE?", rules_for(parse_gcg("#player1 a A\n"))) == EN_TILES.values["B"] + 1
    turkish = rules_for(parse_gcg("#rules tr@2\n"))
    assert rack_value("ĞJ?", turkish) == TR_TILES.values["Ğ"] + TR_TILES.values["J"]
