"""The pages around play: preferences (theme, language, default rules), friends and blocks,
profile with ratings and a guest claiming the account, the random-opponent queue, the bot
levels in the lobby, notification permission asked only after a click, and the phone
layout of every page."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, PHONE, Player
from .helpers import PASSWORD, current_match, no_horizontal_scroll, register, unique, wait_true

# Counts calls to Notification.requestPermission and answers as the test says.
PERMISSION_PROBE = """
window.__permissionAsked = 0;
window.__permissionAnswer = "denied";
if (window.Notification) {
  Notification.requestPermission = async () => {
    window.__permissionAsked += 1;
    return window.__permissionAnswer;
  };
}
"""


def open_route(page: Any, route: str, ready: str) -> None:
    """Go to ``#route`` inside the app and wait for the page's own element."""
    page.evaluate("route => { location.hash = route; }", route)
    page.wait_for_selector(ready)


def as_guest(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.wait_for_selector("#new-create")


def api_json(page: Any, path: str) -> Any:
    response = page.request.get(f"/api{path}")
    assert response.ok, response.text()
    return response.json()


def assert_phone_fits(player: Player) -> None:
    assert no_horizontal_scroll(player.page), player.page.url


def test_preferences_persist_across_reload_and_theme_applies(open_page: Any) -> None:
    player = open_page(PHONE)
    page = player.page
    register(page, unique("tema"))
    assert page.evaluate("document.documentElement.classList.contains('theme-classic')")
    open_route(page, "/settings", "#settings")
    assert_phone_fits(player)
    board_colour = "getComputedStyle(document.documentElement).getPropertyValue('--board')"
    classic = page.evaluate(board_colour)

    page.check("#theme-dark")
    page.wait_for_function("document.documentElement.classList.contains('theme-dark')")
    page.locator("#settings-status", has_text="Kaydedildi").wait_for()
    dark = page.evaluate(board_colour)
    assert dark.strip() != classic.strip()
    page.select_option("#pref-rules", "en")
    page.locator("#settings-status", has_text="Kaydedildi").wait_for()
    wait_true(page, "fetch('/api/me').then(r => r.json()).then(d =>"
                    " d.user.preferences.default_rules === 'en'"
                    " && d.user.preferences.board_theme === 'dark')")

    page.reload()
    page.wait_for_selector("#settings")
    assert page.evaluate("document.documentElement.classList.contains('theme-dark')")
    assert page.is_checked("#theme-dark")
    assert page.input_value("#pref-rules") == "en"
    # The default rules reach the lobby's new-match form.
    open_route(page, "/lobby", "#new-create")
    assert page.input_value("#new-rules") == "en"
    page.wait_for_selector("#new-variant")

    # The interface language: the page is drawn again in English and stays so.
    open_route(page, "/settings", "#settings")
    page.select_option("#pref-language", "en")
    page.locator("#nav-settings", has_text="Settings").wait_for()
    page.reload()
    page.locator("h1", has_text="Settings").wait_for()
    page.check("#theme-wood")
    page.wait_for_function("document.documentElement.classList.contains('theme-wood')"
                           " && !document.documentElement.classList.contains('theme-dark')")
    assert_phone_fits(player)


def test_friends_add_remove_and_block_unblock(open_page: Any) -> None:
    ali, bora = open_page(PHONE), open_page(DESKTOP)
    ali_name, bora_name = unique("ali"), unique("bora")
    register(ali.page, ali_name)
    register(bora.page, bora_name)
    page = ali.page
    open_route(page, "/friends", "#friends")
    assert_phone_fits(ali)

    # A name that does not exist: the server's message in Turkish, nothing added.
    page.fill("#friend-username", "yok_" + bora_name)
    page.click("#friend-add")
    page.locator("#friend-error", has_text="kullanıcı yok").wait_for()
    assert api_json(page, "/friends")["friends"] == []

    page.fill("#friend-username", bora_name)
    page.click("#friend-add")
    page.wait_for_selector(f'#friends-list [data-user="{bora_name}"]')
    assert [f["username"] for f in api_json(page, "/friends")["friends"]] == [bora_name]
    assert_phone_fits(ali)

    # Invite the friend to a match; Bora accepts, so Ali sees Bora among recent opponents.
    page.click(f'#friends-list [data-user="{bora_name}"] .friend-invite')
    match_id = current_match(page)
    invites = api_json(bora.page, "/invites")["invites"]
    code = next(i["code"] for i in invites if i["match"] == match_id)
    bora.page.goto(f"/#/invite/{code}")
    bora.page.click("#invite-accept")
    assert current_match(bora.page) == match_id

    open_route(page, "/friends", "#friends")
    page.click(f'#friends-list [data-user="{bora_name}"] .friend-remove')
    page.wait_for_selector("#friends-list", state="detached")
    assert api_json(page, "/friends")["friends"] == []
    page.click(f'#recent-list [data-user="{bora_name}"] .recent-befriend')
    page.wait_for_selector(f'#friends-list [data-user="{bora_name}"]')

    # Block from the recent opponents (asks first); the block also ends the friendship.
    page.click(f'#recent-list [data-user="{bora_name}"] .recent-block')
    page.click("dialog[open] [data-confirm]")
    page.wait_for_selector(f'#blocks-list [data-user="{bora_name}"]')
    page.wait_for_selector("#friends-list", state="detached")
    assert [b["username"] for b in api_json(page, "/blocks")["blocks"]] == [bora_name]
    assert_phone_fits(ali)

    page.click(f'#blocks-list [data-user="{bora_name}"] .block-remove')
    page.wait_for_selector("#blocks-list", state="detached")
    assert api_json(page, "/blocks")["blocks"] == []

    # Block by username, then unblock.
    page.fill("#block-username", bora_name)
    page.click("#block-add")
    page.wait_for_selector(f'#blocks-list [data-user="{bora_name}"]')
    page.click(f'#blocks-list [data-user="{bora_name}"] .block-remove')
    page.wait_for_selector("#blocks-list", state="detached")
    assert api_json(page, "/blocks")["blocks"] == []


def test_profile_ratings_and_guest_claims_the_account(open_page: Any) -> None:
    player = open_page(PHONE)
    page = player.page
    as_guest(page)
    page.click("#opponent-bot")
    page.click("#new-create")
    match_id = current_match(page)

    open_route(page, "/profile", "#profile")
    page.wait_for_selector("#ratings")
    page.wait_for_selector(f'#recent-matches a[href="#/match/{match_id}"]')
    page.wait_for_selector("#claim")
    assert_phone_fits(player)

    # Bad input: a clear message, the guest stays a guest.
    page.fill("#claim-username", "x")
    page.fill("#claim-password", PASSWORD)
    page.evaluate("document.querySelector('#claim form').noValidate = true")
    page.click("#claim-submit")
    # The server explains the username rule in the page's language.
    page.locator("#claim .form-error").filter(has_text="Kullanıcı adı 3–32 karakter").wait_for()
    assert api_json(page, "/me")["user"]["guest"] is True

    name = unique("kalici")
    page.fill("#claim-username", name)
    page.click("#claim-submit")
    page.wait_for_selector(f'#profile[data-user="{name}"]')
    page.wait_for_selector("#claim", state="detached")
    me = api_json(page, "/me")["user"]
    assert me["guest"] is False and me["username"] == name
    assert match_id in [m["id"] for m in api_json(page, "/matches")["matches"]]
    page.wait_for_selector(f'#recent-matches a[href="#/match/{match_id}"]')
    # The top bar follows the new name (hidden on a phone, so read, not seen).
    page.wait_for_function("n => document.querySelector('.whoami')?.textContent === n", arg=name)
    assert_phone_fits(player)

    # The account signs in with the new password and still has the match.
    page.request.post("/api/auth/logout", headers={"X-CSRF-Token": csrf(page)})
    login = page.request.post("/api/auth/login", data={"username": name, "password": PASSWORD})
    assert login.ok, login.text()
    assert match_id in [m["id"] for m in api_json(page, "/matches")["matches"]]

    # Someone else's profile: ratings and the social buttons; the matches page fits too.
    other = open_page(PHONE)
    register(other.page, unique("ziyaret"))
    open_route(other.page, f"/user/{name}", f'#profile[data-user="{name}"]')
    other.page.wait_for_selector("#ratings")
    other.page.wait_for_selector("#profile-befriend")
    assert_phone_fits(other)
    open_route(other.page, "/user/yok_boyle_biri", ".form-error")
    assert_phone_fits(other)


def csrf(page: Any) -> str:
    token: str = page.evaluate(
        "document.cookie.split('; ').find(c => c.startsWith('harfiyen_csrf=')).split('=')[1]"
    )
    return token


def test_random_opponent_queue_cancel_and_pairing(open_page: Any) -> None:
    ece, efe = open_page(PHONE), open_page(DESKTOP)
    register(ece.page, unique("ece"))
    register(efe.page, unique("efe"))

    # Join, see the waiting time, cancel.
    ece.page.click("#opponent-random")
    assert ece.page.locator("#new-create").inner_text() == "Rakip bul"
    ece.page.click("#new-create")
    ece.page.wait_for_selector("#queue-cancel")
    ece.page.wait_for_function("/^\\d+:\\d\\d$/.test(document.querySelector('#queue-waited').textContent)")
    assert ece.page.is_disabled("#new-create")
    assert api_json(ece.page, "/matchmaking")["queue"]["status"] == "waiting"
    assert_phone_fits(ece)
    ece.page.click("#queue-cancel")
    ece.page.wait_for_selector("#queue-cancel", state="detached")
    assert api_json(ece.page, "/matchmaking")["queue"]["status"] == "cancelled"
    assert ece.page.is_enabled("#new-create")

    # Both join with the same settings and land in the same match.
    ece.page.click("#new-create")
    ece.page.wait_for_selector("#queue-cancel")
    efe.page.click("#opponent-random")
    efe.page.click("#new-create")
    match_id = current_match(efe.page)
    assert current_match(ece.page) == match_id
    match = api_json(ece.page, f"/matches/{match_id}")["match"]
    assert match["status"] == "active"
    assert {p["display_name"] for p in match["players"]} == {
        api_json(ece.page, "/me")["user"]["display_name"],
        api_json(efe.page, "/me")["user"]["display_name"],
    }

    # My matches: whose turn it is, for both.
    for player in (ece, efe):
        open_route(player.page, "/matches", f'#match-list [data-match="{match_id}"]')
    badges = [p.page.locator(f'#match-list [data-match="{match_id}"] .badge').inner_text()
              for p in (ece, efe)]
    assert sorted(badges) == ["Rakipte", "Sıra sende"]
    assert_phone_fits(ece)


def test_lobby_lists_the_four_bot_levels_in_both_languages(open_page: Any) -> None:
    player = open_page(DESKTOP)
    page = player.page
    register(page, unique("seviye"))
    page.click("#opponent-bot")
    options = page.locator("#new-bot option")
    assert options.all_inner_texts() == ["Çaylak", "Orta", "Usta", "Şampiyon"]
    values = [o.get_attribute("value") for o in options.all()]
    assert values == ["caylak", "orta", "usta", "sampiyon"]
    # Ranked is off for a solo match, with the reason given.
    assert page.is_disabled("#new-ranked")
    page.locator("#new-ranked-why", has_text="yapay zekâ").wait_for()
    # With a friend: this test server approves no pair for ranked play, and says so.
    page.click("#opponent-invite")
    assert page.is_disabled("#new-ranked")
    page.locator("#new-ranked-why", has_text="henüz").wait_for()
    # English rules offer the challenge rule and the variants.
    page.select_option("#new-rules", "en")
    page.wait_for_selector("#new-challenge")
    page.select_option("#new-variant", "finish-line")
    page.wait_for_selector("#new-finish-level")

    page.click('[data-lang="en"]')
    page.locator("#new-create", has_text="Create invitation").wait_for()
    page.click("#opponent-bot")
    assert page.locator("#new-bot option").all_inner_texts() == [
        "Beginner", "Intermediate", "Expert", "Champion"
    ]
    # The chosen level is the one the match is played against.
    page.select_option("#new-bot", "usta")
    page.click("#new-create")
    match_id = current_match(page)
    players = api_json(page, f"/matches/{match_id}")["match"]["players"]
    assert any(p["username"].endswith("usta") for p in players)


def test_notification_permission_is_asked_only_after_a_click(open_page: Any) -> None:
    player = open_page(PHONE)
    page = player.page
    page.context.add_init_script(PERMISSION_PROBE)
    as_guest(page)
    assert page.evaluate("window.__permissionAsked") == 0

    # A solo game against a bot, which answers within seconds, offers nothing (the match
    # controller decides before it draws the page).
    page.click("#opponent-bot")
    page.click("#new-create")
    current_match(page)
    page.wait_for_selector("#board")
    assert page.locator("#notify-offer").count() == 0
    # A match waiting for a person offers notifications in a banner, still without asking.
    open_route(page, "/lobby", "#new-create")
    page.click("#opponent-invite")
    page.click("#new-create")
    page.wait_for_selector("#withdraw")
    assert page.evaluate("window.__permissionAsked") == 0
    if page.evaluate("'PushManager' in window && Notification.permission === 'default'"):
        page.wait_for_selector("#notify-offer")
        assert_phone_fits(player)
        page.click("#notify-offer-on")
        page.wait_for_function("window.__permissionAsked === 1")
        page.locator(".toast-error", has_text="izin").wait_for()
        page.wait_for_selector("#notify-offer", state="detached")

    # Settings: the button asks; a refusal is explained; nothing is stored as on.
    open_route(page, "/settings", "#settings")
    asked = page.evaluate("window.__permissionAsked")
    page.click("#notify-on")
    page.wait_for_function("n => window.__permissionAsked === n + 1", arg=asked)
    page.locator("#notify-message", has_text="izin").wait_for()
    assert api_json(page, "/me")["user"]["preferences"]["notifications"] is False

    # Granted, but this headless browser has no push service: a clear message again.
    page.evaluate("window.__permissionAnswer = 'granted'")
    page.click("#notify-on")
    page.locator("#notify-message", has_text="bildirim").wait_for()
    assert page.evaluate("window.__permissionAsked") == asked + 2
    assert api_json(page, "/me")["user"]["preferences"]["notifications"] is False
    assert_phone_fits(player)


def test_service_worker_is_served_with_the_app() -> None:
    from pathlib import Path

    sw = Path(__file__).resolve().parents[2] / "src" / "harfiyen" / "web" / "sw.js"
    text = sw.read_text(encoding="utf-8")
    assert 'addEventListener("push"' in text and 'addEventListener("notificationclick"' in text
