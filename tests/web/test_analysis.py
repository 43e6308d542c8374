"""After a Turkish game: its analysis opened from the end screen and stepped through on the
board; its GCG downloaded and uploaded back for analysis; the history and the profile's
statistics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import api_post, legal_plays, match_view, no_horizontal_scroll, quiet, unique


def play_solo_to_the_end(page: Any, match_id: int) -> dict[str, Any]:
    """The page's user plays the best move each turn (over HTTP) until the game ends."""
    for _ in range(120):
        state = match_view(page, match_id)
        if state["status"] == "finished":
            return state
        view = state["view"]
        if view["to_move"] != view["seat"]:
            page.wait_for_function(
                "seq => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=state["last_seq"], timeout=30_000)
            continue
        plays = legal_plays(view)
        move = {"kind": "play", "tiles": plays[0]} if plays else {"kind": "pass"}
        api_post(page, f"/matches/{match_id}/moves", {"move": move})
    raise AssertionError("the game did not end")


def board_tiles(page: Any) -> int:
    return int(page.locator("#board .sq.committed").count())


def wait_done(page: Any) -> None:
    page.wait_for_selector('#analysis[data-status="done"]', timeout=120_000)


def test_analysis_replay_gcg_round_trip_history_and_statistics(
    open_page: Any, tmp_path: Path
) -> None:
    player = open_page(DESKTOP)
    page = player.page
    name = "ayşe_" + unique("")[:6]
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#tab-register")
    page.fill("#auth-username", name)
    page.fill("#auth-password", "correct horse battery")
    page.click("#auth-submit")
    page.wait_for_selector("#new-create")
    page.click("#opponent-bot")
    page.click("#new-create")
    page.wait_for_selector("#board")
    match_id = int(page.get_attribute("#match", "data-match"))
    final = play_solo_to_the_end(page, match_id)
    page.wait_for_selector("#game-end")
    assert page.locator("[data-end-rack]").count() == 2

    # The analysis: started from the end screen, computed off the server's event loop.
    page.click("#open-analysis")
    page.wait_for_selector("#analysis")
    wait_done(page)
    turns = page.locator("#analysis-turns .turn-row")
    assert turns.count() >= 10
    assert page.locator("#analysis-totals tbody tr").count() == 2
    first = board_tiles(page)
    assert first >= 2  # the first play is on the board
    page.click("#step-next")
    page.click("#step-next")
    assert board_tiles(page) > first
    page.click("#step-prev")
    page.keyboard.press("ArrowRight")
    at = int(page.get_attribute("#analysis", "data-step"))
    assert at == 3
    assert page.locator("#turn-analysis [data-field='best']").inner_text() != ""
    # The best move found, drawn on the board before the move.
    if page.locator("#show-best").count():
        page.check("#show-best")
        assert page.locator("#board .sq.tentative").count() >= 1
        page.uncheck("#show-best")
    turns.nth(5).click()
    assert page.locator("#analysis-turns .turn-row.current").count() == 1
    page.click("#step-last")
    assert board_tiles(page) == len(final["view"]["board"])
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "analysis-desktop.png"))
    page.set_viewport_size(PHONE)
    page.click("#step-first")
    page.click("#step-next")
    assert no_horizontal_scroll(page)
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "analysis-phone.png"), full_page=False)
    page.set_viewport_size(DESKTOP)

    # The record downloaded, then uploaded back: the same analysis.
    with page.expect_download() as download:
        page.click("#analysis-gcg")
    record = tmp_path / "game.gcg"
    download.value.save_as(record)
    text = record.read_text(encoding="utf-8")
    assert "#rules tr@2" in text and "#bonus25" in text and "#player2" in text
    page.goto("/#/analysis")
    page.set_input_files("#gcg-file", str(record))
    page.click("#gcg-submit")
    page.wait_for_url("**/#/analysis/gcg/*")
    wait_done(page)
    assert page.locator("#analysis-turns .turn-row").count() == turns.count()

    # History: the result, the scores, the date and the rules.
    page.goto("/#/matches")
    row = page.locator(f'#history-list [data-match="{match_id}"]')
    row.wait_for()
    mine = next(p["seat"] for p in final["players"] if p["username"] == name)
    won = mine in final["result"]["winners"]
    assert row.locator(".result-badge").inner_text() in (
        ("Kazandın", "Berabere") if won else ("Kaybettin",))
    assert str(final["result"]["final_scores"][mine]) in row.locator(".history-scores").inner_text()
    assert "Türkçe" in row.inner_text()
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "history-desktop.png"))

    # Profile statistics per game and language.
    page.goto("/#/profile")
    stats = page.locator('#stats [data-stats="crossword:tr"]')
    stats.wait_for()
    assert stats.locator('[data-stat="games"]').inner_text() == "1"
    assert stats.locator('[data-stat="wins"]').inner_text() == ("1" if won else "0")
    best = stats.locator('[data-stat="best"]').inner_text()
    assert "(" in best and best.endswith(")")
    assert stats.locator('[data-stat="average"]').inner_text() == format(
        float(final["result"]["final_scores"][mine]), "g")
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "profile-desktop.png"))
