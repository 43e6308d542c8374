"""Handing a seat to the AI in the browser: a player who must leave taps "Yerime yapay zekâ
oynasın" under the match (on a phone too), the others are told by name, the AI plays the
seat, and the player takes it back; the host of a room does the same for a friend from the
room page; a crossword match offers it too."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, SCREENSHOTS
from .helpers import (
    api_post,
    match_view,
    no_horizontal_scroll,
    quiet,
    register,
    start_match,
    unique,
    wait_true,
)
from .test_letterjam import PHONE_SMALL, WIDE, start_three


def toast_with(page: Any, text: str) -> None:
    page.locator("#toasts .toast-text").filter(has_text=text).first.wait_for()


def test_a_player_hands_their_seat_to_the_ai_and_takes_it_back(open_page: Any) -> None:
    match_id, seats = start_three(open_page, ("ece", "fikret", "gizem"))
    leaving = seats[1].page
    leaving.set_viewport_size(PHONE_SMALL)
    bar = leaving.locator("#seat-hand")
    bar.wait_for()
    assert "Masadan kalkman mı gerekiyor?" in bar.inner_text()
    assert no_horizontal_scroll(leaving), leaving.evaluate(WIDE)
    leaving.click("#seat-hand-toggle")
    leaving.locator("#seat-hand[data-handed='true']").wait_for()
    assert "Senin yerine şimdi yapay zekâ oynuyor." in leaving.locator("#seat-hand").inner_text()
    assert leaving.locator("#seat-hand-toggle").inner_text() == "Koltuğumu geri al"
    toast_with(seats[0].page, f"{seats[1].name} yerine artık yapay zekâ oynuyor.")
    # The stand says the AI plays it, not the person named (HT-7).
    mark = seats[0].page.locator("#lj-stands li[data-seat='1'] [data-ai-mark]")
    assert mark.inner_text() == "yapay zekâ oynuyor"
    assert match_view(seats[0].page, match_id)["players"][1]["handed"] == "ai"
    assert no_horizontal_scroll(leaving), leaving.evaluate(WIDE)
    quiet(leaving)
    leaving.locator("#seat-hand").scroll_into_view_if_needed()
    leaving.screenshot(path=str(SCREENSHOTS / "seat-handed-phone.png"))
    # The AI plays the seat: in a round it votes once an offer is on the table.
    offer = seats[0].page
    offer.select_option("#lj-offer-length", "3")
    offer.select_option("#lj-offer-players", "1")
    offer.select_option("#lj-offer-nonplayers", "2")
    offer.click("#lj-offer-send")
    wait_true(offer, "(id) => fetch(`/api/matches/${id}`).then((r) => r.json())"
              ".then((d) => d.match.view.votes[1] !== null)", match_id, timeout=60)
    # Back in the seat: the player acts again, the others are told.
    leaving.click("#seat-hand-toggle")
    leaving.locator("#seat-hand[data-handed='false']").wait_for()
    toast_with(seats[2].page, f"{seats[1].name} koltuğuna geri döndü.")
    seats[2].page.locator("#lj-stands li[data-seat='1'] [data-ai-mark]").wait_for(state="detached")
    leaving.set_viewport_size(DESKTOP)


def test_the_host_hands_a_friends_seat_to_the_ai_from_the_room(open_page: Any) -> None:
    host, friend = open_page(DESKTOP), open_page(DESKTOP)
    host.name, friend.name = unique("ev"), unique("misafir")
    register(host.page, host.name)
    register(friend.page, friend.name)
    room = api_post(host.page, "/rooms", {"game": "letterjam",
                                          "options": {"language": "tr", "players": 2}})
    code = room["code"]
    api_post(host.page, f"/rooms/{code}/seat", {"slot": 0})
    api_post(friend.page, f"/rooms/{code}/join")
    api_post(friend.page, f"/rooms/{code}/seat", {"slot": 1})
    match_id = int(api_post(host.page, f"/rooms/{code}/start")["match"])
    friend.page.goto(f"/#/match/{match_id}")
    friend.page.locator("#seat-hand[data-handed='false']").wait_for()
    host.page.goto(f"/#/room/{code}")
    row = host.page.locator("#room-hand li[data-seat='1']")
    row.wait_for()
    assert friend.name in row.inner_text()
    host.page.click("#hand-1")
    host.page.locator("#room-hand li[data-seat='1'][data-handed='true']").wait_for()
    assert "yerine yapay zekâ oynuyor" in row.inner_text()
    assert host.page.get_attribute("#hand-1", "aria-label") == \
        f"Koltuğu {friend.name} adlı oyuncuya geri ver"
    # The friend's page says so, and offers the seat back.
    toast_with(friend.page, "Yerine artık yapay zekâ oynuyor")
    friend.page.locator("#seat-hand[data-handed='true']").wait_for()
    host.page.set_viewport_size(PHONE_SMALL)
    assert no_horizontal_scroll(host.page), host.page.evaluate(WIDE)
    quiet(host.page)
    host.page.locator("#room-hand").screenshot(path=str(SCREENSHOTS / "room-hand-phone.png"))
    host.page.set_viewport_size(DESKTOP)
    host.page.click("#hand-1")
    host.page.locator("#room-hand li[data-seat='1'][data-handed='false']").wait_for()
    friend.page.locator("#seat-hand[data-handed='false']").wait_for()


def test_a_crossword_player_can_let_the_ai_play_on(open_page: Any) -> None:
    a, b = open_page(DESKTOP), open_page(DESKTOP)
    a.name, b.name = unique("kelime"), unique("oyun")
    register(a.page, a.name)
    register(b.page, b.name)
    match_id = start_match(a.page, b.page, b.name, {"rules": "tr"})
    mover = a if match_view(a.page, match_id)["to_move"] == next(
        p["seat"] for p in match_view(a.page, match_id)["players"] if p["username"] == a.name
    ) else b
    # The other may claim the win of an untimed match its opponent left, but not this soon.
    waiter = b if mover is a else a
    waiter.page.click("#action-menu")
    waiter.page.click("#action-claim")
    waiter.page.locator("#move-error", has_text="saat kaldı").wait_for()
    mover.page.set_viewport_size(PHONE_SMALL)
    mover.page.reload()  # as a phone opens it: the panels closed to their tab bar
    mover.page.wait_for_selector("#board")
    assert no_horizontal_scroll(mover.page), mover.page.evaluate(WIDE)
    mover.page.click("#seat-hand-toggle")
    mover.page.locator("#seat-hand[data-handed='true']").wait_for()
    assert no_horizontal_scroll(mover.page), mover.page.evaluate(WIDE)
    quiet(mover.page)
    mover.page.screenshot(path=str(SCREENSHOTS / "seat-handed-crossword-phone.png"))
    # The bot plays the turn for them: the move passes to the other player.
    other = b if mover is a else a
    other.page.wait_for_selector('#match[data-my-turn="true"]', timeout=60_000)


def test_a_player_hands_an_away_persons_seat_to_the_ai_from_the_match(open_page: Any) -> None:
    match_id, seats = start_three(open_page, ("hale", "ilker", "jale"))
    here, gone = seats[0].page, seats[2]
    # With no offer yet the table waits on everyone to offer or to agree to end.
    line = here.locator("#waiting-line")
    line.filter(has_text="bekleniyorsunuz").wait_for()
    assert gone.name in line.inner_text() and line.inner_text().startswith("Sen, ")
    # Present or not yet seen (they came after this page's snapshot): never marked away.
    here.locator("#seat-presence [data-seat='2']:not([data-presence='away'])").wait_for()
    # The third person closes the browser: the others are told, and the seat shows away.
    gone.page.context.close()
    toast_with(here, f"{gone.name} masadan ayrıldı.")
    here.locator("#seat-presence [data-seat='2'][data-presence='away']").wait_for()
    assert "Masada değil" in here.locator("#seat-presence [data-seat='2']").inner_text()
    here.set_viewport_size(PHONE_SMALL)
    assert no_horizontal_scroll(here), here.evaluate(WIDE)
    quiet(here)
    here.locator("#seat-presence").scroll_into_view_if_needed()
    here.screenshot(path=str(SCREENSHOTS / "presence-away-phone.png"))
    here.set_viewport_size(DESKTOP)
    # Anyone seated may hand the away seat to the AI at once.
    here.click("#hand-away-2")
    toast_with(here, f"{gone.name} yerine artık yapay zekâ oynuyor.")
    here.locator("#lj-stands li[data-seat='2'] [data-ai-mark]").wait_for()
    assert match_view(here, match_id)["players"][2]["handed"] == "ai"
    assert no_horizontal_scroll(here), here.evaluate(WIDE)
