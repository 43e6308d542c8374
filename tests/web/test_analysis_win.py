"""Win chances and mistakes in the analysis, in Turkish and in English: a finished solo
match (a pass and an exchange with a full rack, a few plays, then resigned) analysed
from its page, and its GCG record pasted into the upload form and analysed again;
desktop and phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import (
    api_post,
    legal_plays,
    match_view,
    no_horizontal_scroll,
    quiet,
    register,
    unique,
)

WORDS = {
    "tr": {"win": "kazanma şansı", "mistakes": "Hatalar", "classes": "%1",
           "lost": "Şans kaybı"},
    "en": {"win": "win chance", "mistakes": "Mistakes", "classes": "1%",
           "lost": "Win chance lost"},
}


#: The elements wider than the window (to say what overflows when something does).
WIDEST = """[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth,
  ...[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right
  > window.innerWidth + 1 && !e.parentElement.closest('.table-scroll')).slice(0, 8)
  .map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.getBoundingClientRect().right)]"""


def play_then_resign(page: Any, match_id: int, plays: int) -> None:
    """The page's user passes, then exchanges the whole rack (costly moves with a full
    rack; two passes in a row would end an English game), then makes ``plays`` plays,
    then resigns."""
    scoreless = [{"kind": "pass"}, {"kind": "exchange"}]
    for _ in range(60):
        state = match_view(page, match_id)
        view = state["view"]
        if view["to_move"] != view["seat"]:
            page.wait_for_timeout(200)
            continue
        if scoreless:
            move = scoreless.pop(0)
            if move["kind"] == "exchange":
                move["tiles"] = view["rack"]
            api_post(page, f"/matches/{match_id}/moves", {"move": move})
            continue
        if plays == 0:
            break
        found = legal_plays(view)
        move = {"kind": "play", "tiles": found[0]} if found else {"kind": "pass"}
        api_post(page, f"/matches/{match_id}/moves", {"move": move})
        plays -= 1
    api_post(page, f"/matches/{match_id}/resign")
    assert match_view(page, match_id)["status"] == "finished"


def check_win_chances(page: Any, lang: str) -> None:
    """The analysis page shows both moves' win chances, the chance lost with its class,
    and the mistakes per player with the classes' bounds in the page's language."""
    words = WORDS[lang]
    page.wait_for_selector('#analysis[data-status="done"]', timeout=120_000)
    mistakes = page.locator("#analysis-mistakes")
    assert mistakes.locator("h2").inner_text() == words["mistakes"]
    assert mistakes.locator("tbody tr").count() == 2
    assert words["classes"] in page.locator("#mistake-classes").inner_text()
    # The user's pass and exchange are mistakes of some class.
    flagged = page.locator("#analysis-turns .turn-row[class*='mistake-']")
    assert flagged.count() >= 1
    counted = sum(int(cell.inner_text()) for cell in mistakes.locator("td[data-mistakes]").all())
    assert counted == flagged.count()
    flagged.first.click()
    card = page.locator("#turn-analysis")
    assert words["win"] in card.locator("[data-field='played']").inner_text()
    assert words["win"] in card.locator("[data-field='best']").inner_text()
    assert card.locator("[data-field='win-lost'] .mistake-badge").count() == 1
    assert words["lost"] in card.inner_text()
    percent = card.locator("[data-field='win-lost']").inner_text()
    assert (percent.startswith("%") if lang == "tr" else "%" in percent.split()[0])


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_win_chances_of_a_finished_match_and_an_uploaded_record(
    open_page: Any, lang: str
) -> None:
    page = open_page(DESKTOP).page
    register(page, unique("win" + lang))
    if lang == "en":
        page.click('[data-lang="en"]')
        page.locator("#new-create", has_text="Create invitation").wait_for()
    created = api_post(page, "/matches", {
        "game": "crossword", "options": {"rules": lang}, "bot": "orta",
    })
    match_id = int(created["match"]["id"])
    play_then_resign(page, match_id, plays=3)

    page.goto(f"/#/analysis/match/{match_id}")
    check_win_chances(page, lang)
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / f"analysis-win-{lang}-desktop.png"))
    page.set_viewport_size(PHONE)
    assert no_horizontal_scroll(page), page.evaluate(WIDEST)
    page.screenshot(path=str(SCREENSHOTS / f"analysis-win-{lang}-phone.png"))
    # The tables under the board: per player, mistakes, move by move.
    page.locator(".analysis-side").screenshot(
        path=str(SCREENSHOTS / f"analysis-win-{lang}-phone-tables.png"))
    page.set_viewport_size(DESKTOP)

    # The record pasted into the upload form: the same win chances and mistakes.
    record = page.request.get(f"/api/matches/{match_id}/gcg").text()
    page.goto("/#/analysis")
    page.fill("#gcg-text", record)
    page.click("#gcg-submit")
    page.wait_for_url("**/#/analysis/gcg/*")
    check_win_chances(page, lang)
    page.set_viewport_size(PHONE)
    assert no_horizontal_scroll(page)
