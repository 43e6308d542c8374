"""Two people in two browsers: register, invite, accept and play a Turkish game to the end
by tapping and by dragging; a refused move shows the engine's message; Undo and take back."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import DESKTOP, SCREENSHOTS, Player
from .helpers import (
    current_match,
    drag_tile,
    legal_plays,
    match_view,
    rack_tile,
    register,
    square,
    tap_tile,
    unique,
)


def wait_seq(players: list[Player], seq: int) -> None:
    """Both pages show the match after event ``seq`` (or later)."""
    for player in players:
        player.page.wait_for_function(
            "seq => Number(document.querySelector('#match')?.dataset.seq) >= seq", arg=seq
        )


def check_refusal_undo_and_take_back(player: Player, rack: list[str]) -> None:
    page = player.page
    free = page.locator("#rack .rack-tile")
    assert free.count() == 7
    # Two tiles far from the centre star: the engine refuses, the page shows its message.
    first, second = rack[0], rack[1]
    rack_tile(page, first).click()
    square(page, "A1").click()
    if first == "?":
        page.locator("dialog[open] [data-letter]").first.click()
    rack_tile(page, second).click()
    square(page, "B1").click()
    if second == "?":
        page.locator("dialog[open] [data-letter]").first.click()
    assert page.locator("#board .sq.tentative").count() == 2
    assert free.count() == 5
    page.click("#action-submit")
    error = page.locator("#move-error")
    error.filter(has_text="H8").wait_for()
    assert "ortadaki yıldızlı kareden (H8)" in error.inner_text()
    # Undo returns the last placed tile; tapping the other takes it back.
    page.click("#action-undo")
    assert page.locator("#board .sq.tentative").count() == 1
    assert square(page, "B1").get_attribute("class").find("tentative") < 0
    square(page, "A1").click()
    assert page.locator("#board .sq.tentative").count() == 0
    assert free.count() == 7


def play_turn(player: Player, tiles: list[dict[str, Any]], turn: int) -> None:
    page = player.page
    for i, tile in enumerate(tiles):
        if (turn + i) % 2 == 0:
            tap_tile(page, tile)
        else:
            drag_tile(page, tile)
    placed = {
        el.get_attribute("data-square") for el in page.locator("#board .sq.tentative").all()
    }
    assert placed == {t["square"] for t in tiles}, (placed, tiles)
    page.click("#action-submit")


@pytest.mark.slow
def test_two_players_invite_accept_and_play_to_the_end(open_page: Any) -> None:
    ali, ayse = open_page(DESKTOP), open_page(DESKTOP)
    register(ali.page, unique("ali"))
    register(ayse.page, unique("ayse"))

    # Ali invites by link/code; Ayşe joins with the code and accepts.
    ali.page.click("#new-create")
    code = ali.page.locator("#invite-code").inner_text()
    match_id = current_match(ali.page)
    assert ali.page.locator("#invite-link").input_value().endswith(f"/invite/{code}")
    ayse.page.fill("#join-code", code)
    ayse.page.click("#join-go")
    ayse.page.click("#invite-accept")
    for player in (ali, ayse):
        player.page.wait_for_selector("#board")

    by_seat = {match_view(p.page, match_id)["view"]["seat"]: p for p in (ali, ayse)}
    assert set(by_seat) == {0, 1}
    started = time.monotonic()
    turn = 0
    while True:
        state = match_view(ali.page, match_id)
        if state["status"] == "finished":
            break
        assert turn < 80 and time.monotonic() - started < 150, "the game did not end"
        seq = state["last_seq"]
        wait_seq([ali, ayse], seq)
        mover = by_seat[state["view"]["to_move"]]
        mover.page.wait_for_selector('#match[data-my-turn="true"]')
        view = match_view(mover.page, match_id)["view"]
        if turn == 0:
            check_refusal_undo_and_take_back(mover, view["rack"])
        plays = legal_plays(view)
        if plays:
            play_turn(mover, plays[0], turn)
        else:
            mover.page.click("#action-pass")
            mover.page.click("dialog[open] [data-confirm]")
        wait_seq([ali, ayse], seq + 1)
        if turn == 4:
            ali.page.screenshot(path=str(SCREENSHOTS / "match-desktop.png"))
        turn += 1

    final = match_view(ali.page, match_id)
    outcome = final["view"]["outcome"]
    assert outcome is not None
    for player in (ali, ayse):
        page = player.page
        page.wait_for_selector("#game-end")
        for seat, score in enumerate(outcome["final_scores"]):
            assert page.locator(f'[data-final="{seat}"]').inner_text() == str(score)
    # The last play's summary opens its score breakdown.
    last = final["view"]["last_move"]
    if last and last["kind"] == "play_made":
        ali.page.click("#last-move")
        ali.page.locator("dialog[open] .breakdown-table").wait_for()
        assert ali.page.locator("dialog[open] tfoot").inner_text().endswith(str(last["total"]))
    assert turn >= 6
