"""The lobby, the English switch, a solo game against a bot (exchange and resign with
confirmation), the phone layout, and the screenshots under docs/screenshots."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import (
    match_view,
    no_horizontal_scroll,
    register,
    start_solo_as_guest,
    unique,
    wait_true,
)


def test_lobby_english_switch_and_screenshots(open_page: Any) -> None:
    desktop = open_page(DESKTOP)
    register(desktop.page, unique("deniz"))
    page = desktop.page
    assert page.locator("#new-create").inner_text() == "Davet oluştur"
    page.screenshot(path=str(SCREENSHOTS / "lobby-desktop.png"))

    page.click('[data-lang="en"]')
    page.locator("#new-create", has_text="Create invitation").wait_for()
    assert page.evaluate("document.documentElement.lang") == "en"
    # Kept in the account's preferences and across a reload.
    wait_true(page, "fetch('/api/me').then(r => r.json())"
                    ".then(d => d.user.preferences.language === 'en')")
    page.reload()
    page.locator("#new-create", has_text="Create invitation").wait_for()
    # Error messages follow the interface language too.
    page.fill("#join-code", "no-such-code")
    page.click("#join-go")
    page.locator(".form-error", has_text="invitation").wait_for()
    page.click('[data-lang="tr"]')
    page.locator("#topbar a[href='#/lobby']", has_text="Lobi").wait_for()

    phone = open_page(PHONE)
    register(phone.page, unique("ece"))
    assert no_horizontal_scroll(phone.page)
    phone.page.screenshot(path=str(SCREENSHOTS / "lobby-phone.png"))


def test_solo_game_against_a_bot_exchange_and_resign(open_page: Any) -> None:
    player = open_page(PHONE)
    page = player.page
    match_id = start_solo_as_guest(page)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(SCREENSHOTS / "match-phone.png"))

    # Exchange asks first; cancelling changes nothing.
    seq = match_view(page, match_id)["last_seq"]
    page.click("#action-menu")
    page.click("#action-exchange")
    page.locator("dialog[open]").get_by_role("button", name="Vazgeç").click()
    assert match_view(page, match_id)["last_seq"] == seq
    page.click("#action-menu")
    page.click("#action-exchange")
    page.click("dialog[open] [data-confirm]")
    # The exchange is applied, then the bot replies and it is our turn again.
    page.wait_for_function(
        "seq => Number(document.querySelector('#match').dataset.seq) > seq", arg=seq + 1
    )
    page.wait_for_selector('#match[data-my-turn="true"]')
    view = match_view(page, match_id)["view"]
    assert view["last_move"]["seat"] != view["seat"]
    assert no_horizontal_scroll(page)

    # Resign asks first too, then ends the game.
    page.click("#action-menu")
    page.click("#action-resign")
    page.locator("dialog[open]").get_by_role("button", name="Vazgeç").click()
    assert match_view(page, match_id)["status"] == "active"
    page.click("#action-menu")
    page.click("#action-resign")
    page.click("dialog[open] [data-confirm]")
    page.wait_for_selector("#game-end")
    assert page.locator("#game-end h2").inner_text() == "Kaybettin"
    final = match_view(page, match_id)
    assert final["status"] == "finished"
    assert final["view"]["outcome"]["reason"] == "resigned"
    assert no_horizontal_scroll(page)
