"""Issue 24's defects that are only a text: the catalogues say what the corrected wording
says, in Turkish and in English (checked without a browser)."""

from __future__ import annotations

import re

from .test_static import load

TR, EN = load("i18n/tr.json"), load("i18n/en.json")


def test_kc6_the_lenient_clue_rule_is_named_plainly() -> None:
    assert TR["room.lenient"] == "serbest ipucu kuralı"
    assert EN["room.lenient"] == "lenient clues"


def test_tx_corrected_turkish_wording() -> None:
    assert TR["cn.key_revealed"] == "Oyun bitti: anahtarın tamamı tahtada görünüyor."
    assert TR["exchange.title"] == "Taş değiştir"
    assert (TR["end.before"], TR["end.final"]) == ("Puan", "Son puan")
    assert (TR["match.scores"], TR["moves.col_score"]) == ("Puanlar", "Puan")
    assert TR["lj.offer_rule"].endswith(
        "Joker ve ortak bonus harfte “—” seçersen bunu söylemezsin.")
    # "Skor" is not a word of the interface (GLOSSARY: puan).
    assert not [key for key, value in TR.items() if re.search(r"\b[Ss]kor", value)]
    # The profile names the all-tiles bonus of Turkish games by its own name.
    assert TR["profile.stats_bonus_tr"] == "Yedi taş bonusu"
    assert TR["profile.stats_bonus_en"] == "Bingo"
    assert EN["profile.stats_bonus_en"] == "Bingos"


def test_ht8_a_stand_says_what_its_numbers_count() -> None:
    assert TR["lj.stand_meta"] == "jeton: {tokens} · verdiği ipucu: {clues}"
    assert TR["lj.stand_meta_you"] == "jeton: {tokens} · verdiğin ipucu: {clues}"
    given = "tokens: {tokens} · clues given: {clues}"
    assert EN["lj.stand_meta"] == EN["lj.stand_meta_you"] == given
    assert "lj.clues_given" not in TR


def test_sc2_no_single_opponent_in_games_of_three_or_four() -> None:
    # Right with any number of players: the turn goes to the next player.
    for catalogue in (TR, EN):
        for key in ("pass.text", "exchange.whole_rack"):
            assert not re.search(r"(?i)rakib|opponent", catalogue[key]), (key, catalogue[key])
    assert "sonraki oyuncuya" in TR["pass.text"] and "sonraki oyuncuya" in TR["exchange.whole_rack"]
    # Chosen by how many opponents there are.
    assert TR["match.waiting"] == "Rakip bekleniyor"
    assert TR["match.waiting_many"] == "Rakipler bekleniyor"
    assert EN["match.waiting_many"] == "Waiting for your opponents"
    assert "rakiplerin ıstakalarında" in TR["unseen.hint_many"]
    assert "opponents' racks" in EN["unseen.hint_many"]
    assert "ıstaka" in TR["unseen.hint_watch"] and "rakip" not in TR["unseen.hint_watch"]
