"""The texts of whom a table waits for and of the seven-tile bonus, in Turkish and in
English (checked without a browser)."""

from __future__ import annotations

from .test_static import load

TR, EN = load("i18n/tr.json"), load("i18n/en.json")


def test_the_waiting_line_names_the_seats_and_speaks_to_the_viewer() -> None:
    assert TR["waiting.others"].format(names="Ayşe, Mehmet") == "Bekleniyor: Ayşe, Mehmet"
    assert EN["waiting.others"].format(names="Ayşe, Mehmet") == "Waiting for: Ayşe, Mehmet"
    # The viewer is spoken to, never named in the third person ("Bekleniyor: Sen").
    assert (TR["waiting.you"], EN["waiting.you"]) == ("Sıra sende", "Your turn")
    you_and = "{}, Ayşe{}Mehmet"
    assert TR["waiting.you_and_others"].format(
        names=you_and.format(TR["waiting.you_first"], TR["waiting.and"])
    ) == "Sen, Ayşe ve Mehmet bekleniyorsunuz"
    assert EN["waiting.you_and_others"].format(
        names=you_and.format(EN["waiting.you_first"], EN["waiting.and"])
    ) == "Waiting for you, Ayşe and Mehmet"


def test_the_bonus_for_seven_tiles_is_named_so() -> None:
    assert TR["breakdown.bingo"] == "Yedi taş bonusu" == TR["profile.stats_bonus_tr"]
    assert EN["breakdown.bingo"] == "Seven-tile bonus"
    assert EN["profile.stats_bonus_tr"] == "Seven-tile bonuses"
