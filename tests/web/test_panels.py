"""The match screen's panels in two browsers: chat (live both ways, the server's refusal,
the unread badge of the phone drawer), the move list with running scores (live and after a
reload), and the score-over-time chart on the end screen."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, PHONE, Player
from .helpers import (
    api_post,
    legal_plays,
    match_view,
    no_horizontal_scroll,
    register,
    start_match,
    unique,
)


def two_players(
    open_page: Any, guest_viewport: dict[str, int] = DESKTOP
) -> tuple[Player, Player, int]:
    """Two registered users in a started Turkish match, both pages on the match screen."""
    host, guest = open_page(DESKTOP), open_page(guest_viewport)
    host.name, guest.name = unique("ev"), unique("konuk")
    register(host.page, host.name)
    register(guest.page, guest.name)
    match_id = start_match(host.page, guest.page, guest.name, {"rules": "tr"})
    for player in (host, guest):
        player.page.wait_for_selector("#match-panels:not([hidden])")
    return host, guest, match_id


def by_seat(players: tuple[Player, Player], match_id: int) -> dict[int, Player]:
    return {match_view(p.page, match_id)["view"]["seat"]: p for p in players}


def wait_seq(players: list[Player], seq: int) -> None:
    for player in players:
        player.page.wait_for_function(
            "seq => Number(document.querySelector('#match')?.dataset.seq) >= seq", arg=seq
        )


def move(player: Player, match_id: int, intent: dict[str, Any]) -> dict[str, Any]:
    """Make a move over HTTP and return the mover's view after it."""
    api_post(player.page, f"/matches/{match_id}/moves", {"move": intent})
    return match_view(player.page, match_id)


def best_play(player: Player, match_id: int) -> dict[str, Any]:
    view = match_view(player.page, match_id)["view"]
    plays = legal_plays(view)
    assert plays, "no legal play on the opening rack"
    return {"kind": "play", "tiles": plays[0]}


def test_chat_live_both_ways_with_refusal_and_unread_badge(open_page: Any) -> None:
    host, guest, _ = two_players(open_page, guest_viewport=PHONE)
    hp, gp = host.page, guest.page

    # Desktop: the panel is open; the chat tab shows the (empty) history.
    hp.click("#panel-tab-chat")
    hp.locator("#chat-log .chat-empty").wait_for()
    # Text that looks like markup stays text.
    hello = "Merhaba <b>iyi</b> oyunlar & başarılar"
    hp.fill("#chat-input", hello)
    hp.click("#chat-send")
    mine = hp.locator("#chat-log .chat-message.mine")
    mine.wait_for()
    assert mine.locator(".chat-text").inner_text() == hello
    assert mine.locator("b").count() == 0
    assert hp.input_value("#chat-input") == ""

    # Phone: the drawer is closed, so the message shows as an unread badge on the tab.
    assert gp.locator("#panel-chat").is_hidden()
    gp.locator("#chat-unread", has_text="1").wait_for()
    assert no_horizontal_scroll(gp)
    gp.click("#panel-tab-chat")
    theirs = gp.locator("#chat-log .chat-message.theirs")
    theirs.wait_for()
    assert theirs.locator(".chat-text").inner_text() == hello
    assert gp.locator("#chat-unread").is_hidden()
    # The drawer does not move the board: it covers the page's lower part instead.
    board_top = gp.locator("#board").bounding_box()
    assert board_top is not None

    gp.fill("#chat-input", "Sana da!")
    gp.click("#chat-send")
    gp.locator("#chat-log .chat-message.mine", has_text="Sana da!").wait_for()
    hp.locator("#chat-log .chat-message.theirs", has_text="Sana da!").wait_for()
    # The host reads the chat, so nothing is unread there.
    assert hp.locator("#chat-unread").is_hidden()
    assert gp.locator("#board").bounding_box() == board_top
    assert no_horizontal_scroll(gp)

    # Over the limit: the server's message, nothing sent, the text kept to be shortened.
    too_long = "a" * 501
    hp.fill("#chat-input", too_long)
    hp.click("#chat-send")
    hp.locator("#chat-error", has_text="Mesaj çok uzun").wait_for()
    assert "500" in hp.locator("#chat-error").inner_text()
    assert hp.input_value("#chat-input") == too_long
    assert hp.locator("#chat-log .chat-message").count() == 2
    assert gp.locator("#chat-log .chat-message").count() == 2
    # A message that goes through clears the error.
    hp.fill("#chat-input", "Tamam")
    hp.click("#chat-send")
    gp.locator("#chat-log .chat-message.theirs", has_text="Tamam").wait_for()
    assert hp.locator("#chat-error").inner_text() == ""


def entries(player: Player) -> list[dict[str, Any]]:
    rows = player.page.locator("#move-list tr.move-entry")
    return [{
        "what": row.locator(".move-what").inner_text(),
        "player": row.locator(".move-player").inner_text(),
        "scores": [int(c.inner_text()) for c in row.locator("td.move-score").all()],
    } for row in rows.all()]


def test_move_list_shows_plays_and_a_pass_with_running_scores(open_page: Any) -> None:
    host, guest, match_id = two_players(open_page)
    seats = by_seat((host, guest), match_id)
    first = seats[match_view(host.page, match_id)["view"]["to_move"]]
    second = guest if first is host else host

    expected: list[tuple[str, list[int]]] = []
    for mover in (first, second):
        after = move(mover, match_id, best_play(mover, match_id))
        last = after["view"]["last_move"]
        expected.append((f"{', '.join(last['words'])} +{last['total']}", after["view"]["scores"]))
    after = move(first, match_id, {"kind": "pass"})
    expected.append(("Pas geçti", after["view"]["scores"]))
    assert expected[0][1] != [0, 0] and expected[1][1][0] > 0 and expected[1][1][1] > 0


    def seen_by(player: Player) -> list[tuple[str, list[int]]]:
        """One's own pass in the second person (GLOSSARY): "Sen · Pas geçtin"."""
        own = "Pas geçtin" if player is first else "Pas geçti"
        return [*expected[:2], (own, expected[2][1])]

    wait_seq([host, guest], after["last_seq"])
    for player in (host, guest):
        player.page.wait_for_function(
            "() => document.querySelectorAll('#move-list tr.move-entry').length === 3")
        got = entries(player)
        assert [(e["what"], e["scores"]) for e in got] == seen_by(player), got
    # Each sees their own turns as "Sen" (you) and the other's under the other's name.
    assert [e["player"] for e in entries(first)] == ["Sen", second.name, "Sen"]
    assert [e["player"] for e in entries(second)] == [first.name, "Sen", first.name]

    # Opened again mid-game, the list comes from the event log.
    guest.page.reload()
    guest.page.wait_for_function(
        "() => document.querySelectorAll('#move-list tr.move-entry').length === 3")
    assert [(e["what"], e["scores"]) for e in entries(guest)] == seen_by(guest)


def test_end_screen_shows_the_score_chart(open_page: Any) -> None:
    host, guest, match_id = two_players(open_page, guest_viewport=PHONE)
    seats = by_seat((host, guest), match_id)
    mover = seats[match_view(host.page, match_id)["view"]["to_move"]]
    other = guest if mover is host else host
    move(mover, match_id, best_play(mover, match_id))
    final = move(other, match_id, {"kind": "resign"})
    assert final["status"] == "finished"
    outcome = final["view"]["outcome"]

    for player in (host, guest):
        page = player.page
        chart = page.locator("#game-end svg.score-chart")
        chart.wait_for()
        assert chart.locator("polyline.chart-line").count() == 2
        # Start, the play, the resignation, the end adjustments.
        assert chart.get_attribute("data-points") == "4"
        labelled = (chart.get_attribute("aria-labelledby") or "").split()
        assert chart.locator("title").get_attribute("id") in labelled
        # The numbers for screen readers: the last row holds the final scores.
        last_row = page.locator("#game-end .score-chart-figure table tbody tr").last
        cells = [int(c) for c in last_row.locator("td").all_inner_texts()]
        assert cells == outcome["final_scores"]
        # The move list ends with the resignation and the final scores.
        page.locator("#move-list tr.move-end").wait_for(state="attached")
        last_entry = page.locator("#move-list tr.move-entry").last
        assert "kind-resigned" in (last_entry.get_attribute("class") or "")
    assert no_horizontal_scroll(guest.page)
