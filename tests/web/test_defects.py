"""One test per defect found by trying the web app as a new user (issue list): spectators,
"you" status lines, the move list's last row, unseen counts, the unknown-word error and the
layout at 1366×900, Turkish usernames, the invitations list, rematch offers, the URL after
accepting, history and rematch after a solo game, the end racks, the rules page and the word
checker, and no clock for solo games."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, SCREENSHOTS
from .helpers import (
    PASSWORD,
    api_post,
    match_view,
    quiet,
    register,
    start_match,
    start_solo_as_guest,
    unique,
)
from .test_board import mover_and_other, phony_play, place_tiles, two_players

WIDE = {"width": 1366, "height": 900}


def resign(page: Any) -> None:
    page.click("#action-menu")
    page.click("#action-resign")
    page.click("dialog[open] [data-confirm]")
    page.wait_for_selector("#game-end")


def test_a_spectator_is_not_treated_as_a_player(open_page: Any) -> None:
    host, guest, watcher = open_page(DESKTOP), open_page(DESKTOP), open_page(DESKTOP)
    host.name, guest.name = unique("ali"), unique("bora")
    register(host.page, host.name)
    register(guest.page, guest.name)
    register(watcher.page, unique("izle"))
    match_id = start_match(host.page, guest.page, guest.name, {"rules": "tr"})
    page = watcher.page
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector('#match[data-spectator="true"]')
    # Board, scores and the move list; no rack, no action bar, no "…" menu, no preview.
    assert page.locator("#board").count() == 1 and page.locator(".player").count() == 2
    assert page.locator("#move-list").count() == 1
    for absent in ("#rack", ".actions", "#action-menu", "#action-resign", "#move-preview"):
        assert page.locator(absent).count() == 0, absent
    page.locator("#watching", has_text="İzliyorsun").wait_for()
    # A click on the board does nothing for a spectator.
    page.locator('#board [data-square="H8"]').click()
    assert page.locator("#board .sq.cursor").count() == 0
    resign(host.page)
    page.wait_for_selector("#game-end")
    headline = page.locator("#game-end h2").inner_text()
    assert headline.startswith("Kazanan:") and "Kaybettin" not in headline
    assert page.locator("#rematch").count() == 0


def test_status_lines_speak_to_you_and_the_last_row_tells_the_end(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "tr"})
    mover, other, _ = mover_and_other(by_seat, match_id)
    mover.page.click("#action-pass")
    mover.page.click("dialog[open] [data-confirm]")
    mover.page.locator("#last-move", has_text="Pas geçtin").wait_for()
    other.page.locator("#last-move", has_text=f"{mover.name} pas geçti").wait_for()
    assert "Sen pas" not in mover.page.inner_text("body")
    resign(other.page)
    other.page.locator("#last-move", has_text="Teslim oldun").wait_for()
    other.page.locator("#game-end", has_text="Teslim oldun.").wait_for()
    mover.page.locator("#last-move", has_text=f"{other.name} teslim oldu").wait_for()
    for player in (mover, other):
        text = player.page.inner_text("body")
        assert "Sen teslim oldu" not in text and "Sen pas geçti" not in text
        end_row = player.page.locator("#move-list .move-end")
        end_row.wait_for(state="attached")
        row = end_row.inner_text()
        assert "teslim" in row and "düşüldü" not in row


def test_unseen_tiles_are_counts_and_the_joker_is_named(open_page: Any) -> None:
    player = open_page(DESKTOP)
    start_solo_as_guest(player.page)
    page = player.page
    page.click(".unseen summary")
    items = page.locator(".unseen-item")
    assert items.count() > 10
    texts = [t.strip() for t in items.all_inner_texts()]
    assert all(" ×" in t for t in texts), texts
    assert page.locator(".unseen-grid sub").count() == 0
    assert "★" not in page.inner_text(".unseen-grid")
    blank = page.locator('.unseen-item[data-letter="?"]')
    if blank.count():
        assert blank.inner_text().startswith("Joker ×")


def test_an_unknown_word_is_told_once_and_the_action_bar_stays_in_view(open_page: Any) -> None:
    host, guest = open_page(WIDE), open_page(WIDE)
    host.name, guest.name = unique("mülahazakâr"), unique("bora")
    register(host.page, host.name)
    register(guest.page, guest.name)
    csrf = next(c["value"] for c in host.page.context.cookies() if c["name"] == "harfiyen_csrf")
    renamed = host.page.request.patch("/api/me", data={"display_name": "Ayşegül Mülahazakâroğlu"},
                                      headers={"X-CSRF-Token": csrf})
    assert renamed.ok, renamed.text()
    match_id = start_match(host.page, guest.page, guest.name, {"rules": "tr"})
    by_seat = {match_view(p.page, match_id)["view"]["seat"]: p for p in (host, guest)}
    mover, _, view = mover_and_other(by_seat, match_id)
    page = mover.page
    place_tiles(page, phony_play(view))
    page.locator('#move-preview[data-state="invalid"]').wait_for()
    page.click("#action-submit")
    page.locator("#move-error", has_text="Sözlükte olmayan").wait_for()
    message = page.inner_text("#move-error")
    # The preview asks again after the refusal and then leaves the message to #move-error.
    page.locator('#move-preview[data-state="invalid"]').wait_for()
    assert page.inner_text("body").count(message) == 1
    box = page.locator("#action-submit").bounding_box()
    assert box is not None and box["y"] + box["height"] <= WIDE["height"]
    rack = page.locator("#rack").bounding_box()
    assert rack is not None and rack["y"] + rack["height"] <= WIDE["height"]
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "match-unknown-word-1366.png"))
    # The move table keeps words whole and names readable (wrapped, never cut off).
    words = page.evaluate("""() => { const probe = document.createElement('td');
        probe.className = 'move-what'; document.querySelector('#move-list').append(probe);
        const s = getComputedStyle(probe); const out = [s.overflowWrap, s.wordBreak];
        probe.remove(); return out; }""")
    assert words == ["normal", "keep-all"]
    cut = page.evaluate("""() => [...document.querySelectorAll('.move-player, .move-table th')]
        .filter(el => getComputedStyle(el).textOverflow === 'ellipsis'
                      && el.scrollWidth > el.clientWidth)
        .map(el => el.textContent)""")
    assert cut == []


def test_turkish_usernames_and_the_rule_in_the_pages_language(open_page: Any) -> None:
    player = open_page(DESKTOP)
    page = player.page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#tab-register")
    assert page.get_attribute("#auth-username", "pattern") is None
    page.fill("#auth-username", "аyşe_öz")  # a Cyrillic а
    page.fill("#auth-password", PASSWORD)
    page.click("#auth-submit")
    page.locator(".auth .form-error", has_text="Türkçe ya da İngilizce harfler").wait_for()
    page.click('[data-lang="en"]')
    page.click("#tab-register")
    page.fill("#auth-username", "аyşe_öz")
    page.fill("#auth-password", PASSWORD)
    page.click("#auth-submit")
    page.locator(".auth .form-error", has_text="Turkish or English letters").wait_for()
    page.click('[data-lang="tr"]')
    page.click("#tab-register")
    name = "ayşe_öz_" + unique("")[:4]
    page.fill("#auth-username", name)
    page.fill("#auth-password", PASSWORD)
    page.click("#auth-submit")
    page.wait_for_selector("#new-create")
    assert page.get_attribute(".whoami", "title") == name


def test_invitations_appear_at_once_rematch_offer_and_the_url_after_accepting(
    open_page: Any,
) -> None:
    ali, bora = open_page(DESKTOP), open_page(DESKTOP)
    ali.name, bora.name = unique("ali"), unique("bora")
    register(ali.page, ali.name)
    register(bora.page, bora.name)
    bora.page.locator(".invites", has_text="Açık davet yok.").wait_for()
    created = api_post(ali.page, "/matches", {"options": {"rules": "tr"}, "opponent": bora.name})
    match_id = created["match"]["id"]
    # No reload: the invitation arrives as a notice and the list follows.
    bora.page.locator(f'.invites [data-invite="{created["invite"]["code"]}"]').wait_for()
    bora.page.locator(".invites .list-item a.btn-primary").first.click()
    bora.page.click("#invite-accept")
    bora.page.wait_for_selector("#board")
    assert bora.page.url.endswith(f"#/match/{match_id}")
    ali.page.goto(f"/#/match/{match_id}")
    ali.page.wait_for_selector("#board")
    resign(ali.page)
    bora.page.wait_for_selector("#game-end")
    ali.page.click("#rematch")
    ali.page.wait_for_selector('#match[data-status="waiting"]')
    # Bora's end screen shows the rematch invitation (not only a short toast).
    bora.page.locator("#rematch-offer #accept-rematch").wait_for()
    bora.page.click("#accept-rematch")
    bora.page.wait_for_selector(f'#match:not([data-match="{match_id}"])[data-status="active"]')
    again = match_view(bora.page, int(bora.page.get_attribute("#match", "data-match")))
    assert again["status"] == "active" and again["rematch_of"] == match_id


def test_solo_rematch_history_end_racks_rules_and_word_checker(open_page: Any) -> None:
    player = open_page(DESKTOP)
    page = player.page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.click("#opponent-bot")
    # RULES.md: solo games have no time limit, so no clock is offered.
    assert page.locator("#new-clock").count() == 0
    page.locator("#solo-no-clock").wait_for()
    page.click("#new-create")
    page.wait_for_selector("#board")
    first = int(page.get_attribute("#match", "data-match"))
    page.wait_for_selector('#match[data-my-turn="true"]')
    resign(page)
    me = match_view(page, first)["view"]["seat"]
    # The loser's tiles left are shown, and a rematch starts a new solo game at once.
    assert len(page.inner_text(f'[data-end-rack="{me}"]').split()) == 7
    page.click("#rematch")
    page.wait_for_selector(f'#match:not([data-match="{first}"])[data-status="active"]')
    second = int(page.get_attribute("#match", "data-match"))
    state = match_view(page, second)
    assert state["status"] == "active", (first, second, state["result"], state["rematch_of"])
    # History: the result, the scores and the date.
    page.goto("/#/matches")
    row = page.locator(f'#history-list [data-match="{first}"]')
    row.wait_for()
    assert row.locator(".result-badge").inner_text() == "Kaybettin"
    assert "Sen " in row.locator(".history-scores").inner_text()
    assert any(ch.isdigit() for ch in row.locator(".muted").first.inner_text())
    # The rules pages, in Turkish and in English.
    page.click("#nav-rules")
    page.click("#help-crossword-tr")
    page.locator("#help h1", has_text="Türkçe kelime oyunu").wait_for()
    assert page.locator("#tile-table tbody tr").count() == 30
    page.click('[data-lang="en"]')
    page.locator("#help h1", has_text="Turkish crossword game").wait_for()
    page.goto("/#/rules/crossword-en")
    page.locator("#help", has_text="double challenge").wait_for()
    page.click('[data-lang="tr"]')
    # The word checker: validity from the lexicon, meanings on request.
    page.click("#nav-dictionary")
    page.fill("#dictionary-words", "kalem ışık kalemx")
    page.click("#dictionary-check")
    page.locator('.word-result[data-word="KALEM"][data-valid="true"]').wait_for()
    page.locator('.word-result[data-word="IŞIK"][data-valid="true"]').wait_for()
    page.locator('.word-result[data-word="KALEMX"][data-valid="false"]').wait_for()
    page.click('[data-meaning="KALEM"]')
    page.locator('.word-result[data-word="KALEM"] .meanings[data-state]').wait_for()
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "dictionary-desktop.png"))
