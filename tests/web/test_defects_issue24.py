"""Issue 24's defects that show in the browser, one test each: the move list and the last
move in the second person for one's own turns (CW-1, SC-1), the hand-off box only where
another person sits at a running table (CW-2), the Kelime Casusu end reason and the neutral
key sign (KC-1, KC-4) and the analysis page's moves, numbers and width (CW-3)."""

from __future__ import annotations

import re
from typing import Any

from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import api_post, legal_plays, match_view, quiet, register, start_match, unique
from .test_board import two_players
from .test_classic import wait_seq

THIRD_PERSON = ("Pas geçti", "taş değiştirdi", "Teslim oldu", "Sırası atlandı", "İtiraz etti",
                "Süresi doldu")


def post_move(page: Any, match_id: int, move: dict[str, Any]) -> None:
    api_post(page, f"/matches/{match_id}/moves", {"move": move})


def rows(page: Any) -> list[tuple[str, str]]:
    """The move list's rows as (player, what)."""
    return [(row.locator(".move-player").inner_text(), row.locator(".move-what").inner_text())
            for row in page.locator("#move-list tr.move-entry").all()]


def test_cw1_sc1_own_turns_in_the_second_person_and_an_accepted_play(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "en", "challenge": "double"})
    watcher = open_page(DESKTOP)
    register(watcher.page, unique("izle"))
    view = match_view(by_seat[0].page, match_id)["view"]
    x, y = by_seat[view["to_move"]], by_seat[1 - view["to_move"]]
    watcher.page.goto(f"/#/match/{match_id}")
    watcher.page.wait_for_selector('#match[data-spectator="true"]')

    # X plays; Y, the next player, accepts it in the challenge window.
    post_move(x.page, match_id, {"kind": "play",
                                 "tiles": legal_plays(match_view(x.page, match_id)["view"])[0]})
    y.page.locator('.pending [data-action="accept"]').click()
    y.page.locator(".pending").wait_for(state="detached")
    y.page.locator("#last-move", has_text=f"Hamleyi kabul ettin (oynayan: {x.name})").wait_for()
    x.page.locator("#last-move", has_text=f"{y.name} hamleni kabul etti").wait_for()
    watcher.page.locator(
        "#last-move", has_text=f"{y.name} hamleyi kabul etti (oynayan: {x.name})").wait_for()
    for page in (x.page, y.page, watcher.page):
        assert "Oynadın" not in page.inner_text("#last-move")
        assert "oynadı" not in page.inner_text("#last-move")

    # Y passes, X exchanges three tiles, Y resigns: each row in the viewer's own person.
    post_move(y.page, match_id, {"kind": "pass"})
    rack = match_view(x.page, match_id)["view"]["rack"]
    post_move(x.page, match_id, {"kind": "exchange", "tiles": rack[:3]})
    post_move(y.page, match_id, {"kind": "resign"})
    last = match_view(x.page, match_id)["last_seq"]
    wait_seq([x, y, watcher], last)
    for page in (x.page, y.page, watcher.page):
        page.wait_for_function(
            "() => document.querySelectorAll('#move-list tr.move-entry').length === 4")
    assert [what for _, what in rows(y.page)][1:] == ["Pas geçtin", "3 taş değiştirdi",
                                                      "Teslim oldun"]
    assert [what for _, what in rows(x.page)][1:] == ["Pas geçti", "3 taş değiştirdin",
                                                      "Teslim oldu"]
    assert [what for _, what in rows(watcher.page)][1:] == ["Pas geçti", "3 taş değiştirdi",
                                                            "Teslim oldu"]
    for page in (x.page, y.page):
        for player, what in rows(page):
            if player == "Sen":
                assert not any(re.search(rf"{form}(?!\w)", what) for form in THIRD_PERSON), what
    # In English too.
    y.page.click('[data-lang="en"]')
    y.page.locator("#move-list tr.move-entry", has_text="You passed").wait_for()
    y.page.locator("#move-list tr.move-entry", has_text="You resigned").wait_for()
    y.page.click('[data-lang="tr"]')


def test_cw2_the_hand_off_box_only_at_a_running_table_with_another_person(
    open_page: Any,
) -> None:
    # Solo against a bot: nobody waits for the player, so no hand-off box.
    solo = open_page(DESKTOP)
    page = solo.page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.click("#opponent-bot")
    page.click("#new-create")
    page.wait_for_selector('#match[data-my-turn="true"]')
    page.wait_for_timeout(500)
    assert page.locator("#seat-hand").count() == 0
    # The profile names the all-tiles bonus of a Turkish game (TX).
    match_id = int(page.get_attribute("#match", "data-match"))
    post_move(page, match_id, {"kind": "resign"})
    page.goto("/#/profile")
    page.locator("#stats-bonus", has_text="Yedi taş bonusu").wait_for()
    assert "Bingo" not in page.inner_text("#stats")

    # Two people: the box while the game runs, gone at its end (live and after a reload).
    host, guest = open_page(DESKTOP), open_page(PHONE)
    host.name, guest.name = unique("ali"), unique("bora")
    register(host.page, host.name)
    register(guest.page, guest.name)
    match_id = start_match(host.page, guest.page, guest.name, {"rules": "tr"})
    for player in (host, guest):
        player.page.locator("#seat-hand", has_text="Masadan kalkman").wait_for()
    post_move(host.page, match_id, {"kind": "resign"})
    for player in (host, guest):
        player.page.wait_for_selector("#game-end")
        player.page.locator("#seat-hand").wait_for(state="detached")
        player.page.reload()
        player.page.wait_for_selector("#game-end")
        player.page.wait_for_timeout(300)
        assert player.page.locator("#seat-hand").count() == 0
    quiet(guest.page)
    guest.page.screenshot(path=str(SCREENSHOTS / "issue24-cw2-end-phone.png"), full_page=True)
