"""Word packs: at least 25 distinct single words of letters, in normal form."""

from __future__ import annotations

import pytest

from harfiyen.games.codenames.engine import new_game
from harfiyen.games.codenames.errors import CodenamesError
from harfiyen.games.codenames.packs import validate_pack
from harfiyen.games.codenames.state import CodenamesConfig
from harfiyen.lexicon.normalize import tr_lower

from .helpers import EN_BOARD, TR_BOARD, TR_PACK


def test_pack_is_normalised_to_upper_case_with_turkish_rules() -> None:
    raw = [w.lower() for w in EN_BOARD]
    assert validate_pack(raw, "en") == EN_BOARD
    turkish = ["ilik", "ılık", "şeker", *TR_BOARD]
    pack = validate_pack(turkish, "tr")
    assert pack[:3] == ("İLİK", "ILIK", "ŞEKER")


def test_pack_counts_distinct_words_after_normalising() -> None:
    doubled = [*TR_BOARD[:24], "elma", "ELMA", " Elma "]
    with pytest.raises(CodenamesError) as excinfo:
        validate_pack(doubled, "tr")
    assert excinfo.value.code == "pack_too_small"
    assert excinfo.value.details == {"count": 24, "needed": 25}


def test_pack_of_exactly_25_words_is_enough() -> None:
    assert len(validate_pack(TR_BOARD, "tr")) == 25


def test_pack_refuses_phrases_hyphens_digits_and_foreign_letters() -> None:
    bad = ["deniz feneri", "çay-bahçesi", "r2d2", "WEB", ""]
    with pytest.raises(CodenamesError) as excinfo:
        validate_pack([*TR_PACK, *bad], "tr")
    assert excinfo.value.code == "pack_bad_words"
    assert excinfo.value.details == {"words": bad}
    assert "deniz feneri" in excinfo.value.message.tr


def test_new_game_checks_the_pack() -> None:
    with pytest.raises(CodenamesError, match="pack_too_small"):
        new_game(CodenamesConfig(TR_BOARD[:10]), 1)


def test_board_words_come_out_in_normal_form() -> None:
    state = new_game(CodenamesConfig(tuple(tr_lower(w) for w in TR_PACK)), 5)
    assert set(state.words) <= set(TR_PACK)


def test_dotted_capital_i_lowered_by_str_lower_comes_back() -> None:
    # "İ".lower() is "i" + U+0307 (combining dot above); a pack lowered that way still works.
    # (Dotless I cannot survive str.lower, which makes it "i": such words are left out here.)
    clean = tuple(w for w in TR_PACK if "I" not in w)
    assert len(clean) >= 25 and any("İ" in w for w in clean)
    assert validate_pack([w.lower() for w in clean], "tr") == clean
