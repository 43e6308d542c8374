"""Kelime Casusu in the browser: four people (two spymasters, two guessers) play a whole
Turkish game while a fifth watches the table view; the key readable without colour; a
refused clue in the player's language; a page closed mid-game comes back to its seat."""

from __future__ import annotations

from typing import Any

import pytest

from harfiyen.games.codenames.packs import load_pack

from .codenames_helpers import (
    CUES,
    assert_never_saw_the_key,
    card,
    covered,
    free_clues,
    give_clue,
    key_from_page,
    mark_and_reveal,
    role_of,
    seq_of,
    tr_upper,
    wait_seq,
)
from .conftest import DESKTOP, PHONE, SCREENSHOTS, Player
from .helpers import accept_invite_for, api_post, no_horizontal_scroll, quiet, register, unique

# What sticks out on the right, when a page scrolls sideways (for the failure message).
WIDE = """[...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8)
    .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


def start_four(open_page: Any) -> tuple[int, dict[tuple[str, str], Player], list[Player]]:
    """Four people in a Turkish match (the host invites three by name over HTTP); each page
    on the match; the players by (team, role)."""
    players = [open_page(DESKTOP) for _ in range(4)]
    names = [unique(n) for n in ("ali", "ayse", "can", "deniz")]
    for player, name in zip(players, names, strict=True):
        register(player.page, name)
        player.name = name
    created = api_post(players[0].page, "/matches", {
        "game": "codenames", "options": {"words": list(load_pack("tr")), "language": "tr"},
        "time_control": {"kind": "none"}, "opponents": names[1:],
    })
    match_id = int(created["match"]["id"])
    for player in players[1:]:
        accept_invite_for(player.page, match_id)
    seats: dict[tuple[str, str], Player] = {}
    for player in players:
        player.page.goto(f"/#/match/{match_id}")
        seats[role_of(player.page)] = player
    assert set(seats) == {("red", "spymaster"), ("red", "guesser"), ("blue", "spymaster"),
                          ("blue", "guesser")}
    return match_id, seats, players


@pytest.mark.slow
def test_four_players_play_a_whole_turkish_game_and_a_fifth_watches_the_table(
        open_page: Any) -> None:
    match_id, seats, players = start_four(open_page)
    red_spy, red_guess = seats["red", "spymaster"].page, seats["red", "guesser"].page
    blue_spy, blue_guess = seats["blue", "spymaster"].page, seats["blue", "guesser"].page
    watcher = open_page(DESKTOP)
    register(watcher.page, unique("izleyen"))
    watcher.page.goto(f"/#/table/{match_id}")
    watcher.page.wait_for_selector("#cn-table #cn-board")

    key = key_from_page(red_spy)
    assert key == key_from_page(blue_spy)
    assert sorted(key.values()).count("red") == 9 and list(key.values()).count("black") == 1
    words = {i: card(red_spy, i).locator(".cn-word").inner_text() for i in key}

    # The key without colour: every covered card of a spymaster carries its sign and says
    # its colour in words; a guesser's and the table's cards carry neither.
    for i, colour in key.items():
        assert card(red_spy, i).locator(".cn-cue").inner_text() == CUES[colour]
        label = card(red_spy, i).get_attribute("aria-label")
        assert label.startswith(words[i]) and "anahtar:" in label
    assert red_guess.locator("#cn-board .cn-cue").count() == 0
    assert red_guess.locator("#cn-board [data-colour]").count() == 0
    assert watcher.page.locator("#cn-board [data-colour]").count() == 0
    assert "kapalı" in card(red_guess, 0).get_attribute("aria-label")
    assert red_spy.locator("#cn-legend").inner_text().count("kara kelime") == 1
    # Spymasters cannot write in the chat while the game runs; guessers write to their team.
    assert red_spy.locator("#cn-chat form").is_hidden()
    assert red_guess.locator("#cn-chat form").is_visible()

    reds = [i for i, c in key.items() if c == "red"]
    blues = [i for i, c in key.items() if c == "blue"]
    neutrals = [i for i, c in key.items() if c == "neutral"]

    # A clue that is a covered board word: the engine's refusal, in Turkish.
    red_spy.fill("#cn-clue-word", words[reds[0]])
    red_spy.click("#cn-clue-send")
    red_spy.locator("#cn-error").filter(has_text=words[reds[0]]).wait_for()
    assert "tahtada henüz açılmamış" in red_spy.locator("#cn-error").inner_text()
    # In English once the player switches: the same refusal in the player's language.
    red_spy.click(".lang[data-lang='en']")
    red_spy.locator("#cn-turn").filter(has_text="Your turn").wait_for()
    red_spy.fill("#cn-clue-word", words[reds[0]])
    red_spy.click("#cn-clue-send")
    red_spy.locator("#cn-error").filter(has_text="still covered").wait_for()
    assert "key: " in card(red_spy, reds[0]).get_attribute("aria-label")
    red_spy.click(".lang[data-lang='tr']")
    red_spy.locator("#cn-turn").filter(has_text="Sıra sende").wait_for()
    # Only the spymaster has a clue form; the guessers wait.
    assert red_guess.locator("#cn-clue-form").count() == 0

    # Turn 1 (red): clue for 2, two red cards, then pass.
    first_clue = free_clues(red_spy)[0]
    red_spy.fill("#cn-clue-word", first_clue)
    red_spy.select_option("#cn-clue-number", "2")
    shoot(red_spy, "codenames-spymaster")
    give_clue(red_spy, first_clue, 2)
    red_guess.wait_for_selector("#cn-guess-bar")
    assert red_guess.locator("#cn-pass").is_disabled()
    assert tr_upper(first_clue) in watcher.page.locator("#cn-current").inner_text()
    mark_and_reveal(red_guess, reds[0])
    # A mark is seen by everyone before the reveal; a second tap on the same card reveals.
    card(red_guess, reds[1]).click()
    card(watcher.page, reds[1]).and_(watcher.page.locator(".marked")).wait_for()
    card(red_spy, reds[1]).and_(red_spy.locator(".marked")).wait_for()
    card(red_guess, reds[1]).click()
    card(red_guess, reds[1]).and_(red_guess.locator("[data-revealed='true']")).wait_for()
    assert "1 tahmin hakkı" in red_guess.locator("#cn-counters").inner_text()
    red_guess.click("#cn-pass")

    # Turn 2 (blue): one blue card, then a neutral one ends the turn.
    give_clue(blue_spy, None, 3)
    mark_and_reveal(blue_guess, blues[0])
    card(blue_guess, neutrals[0]).click()
    blue_guess.wait_for_selector("#cn-reveal")
    shoot(blue_guess, "codenames-guesser")
    blue_guess.click("#cn-reveal")
    red_spy.wait_for_selector("#cn-clue-form")
    counters = watcher.page.locator("#cn-counters")
    counters.filter(has_text="Kırmızı takım: 7 kelime kaldı").wait_for()
    assert "Mavi takım: 7 kelime kaldı" in counters.inner_text()

    # The clue log on the table: team, clue, number, the guesses with their colours.
    log = watcher.page.locator("#cn-log .cn-clue")
    assert log.count() == 2
    assert log.nth(0).get_attribute("data-team") == "red"
    assert tr_upper(first_clue) in log.nth(0).inner_text() and "2" in log.nth(0).inner_text()
    assert log.nth(1).locator(".cn-guess").nth(1).get_attribute("data-colour") == "neutral"
    shoot(watcher.page, "codenames-table")

    # Turn 3 (red): a clue for 7 and the seven red cards left: red wins.
    give_clue(red_spy, None, 7)
    for index in reds[2:]:
        mark_and_reveal(red_guess, index)
    for player in [*players, watcher]:
        player.page.wait_for_selector("#cn-end")
    assert "Kazandınız" in red_guess.locator("#cn-end h2").inner_text()
    assert "Kaybettiniz" in blue_spy.locator("#cn-end h2").inner_text()
    assert "Kırmızı" in watcher.page.locator("#cn-end h2").inner_text()
    # The end reveals the key to everyone.
    assert red_guess.locator("#cn-board [data-colour]").count() == 25
    shoot(blue_spy, "codenames-end")
    assert not covered(red_guess).isdisjoint(blues)
    for player in (seats["red", "guesser"], seats["blue", "guesser"], watcher):
        assert_never_saw_the_key(player)


def shoot(page: Any, name: str) -> None:
    """``name``-desktop.png and ``name``-phone.png of the page as it is; no horizontal
    scroll on the phone nor at 360 px."""
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    quiet(page)
    assert no_horizontal_scroll(page), (name, page.evaluate(WIDE))
    page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    assert no_horizontal_scroll(page), (f"{name} at 360 px", page.evaluate(WIDE))
    page.set_viewport_size(DESKTOP)


def test_a_page_closed_mid_game_comes_back_to_its_seat_and_state(open_page: Any) -> None:
    match_id, seats, _ = start_four(open_page)
    red_spy, red_guess = seats["red", "spymaster"], seats["red", "guesser"]
    clue = free_clues(red_spy.page)[0]
    give_clue(red_spy.page, clue, 2)
    key = key_from_page(red_spy.page)
    first = next(i for i, c in key.items() if c == "red")
    mark_and_reveal(red_guess.page, first)
    seq = seq_of(red_guess.page)
    # The phone goes to sleep: the page is closed; a new page of the same browser returns.
    context = red_guess.page.context
    red_guess.page.close()
    page = context.new_page()
    page.goto(f"/#/match/{match_id}")
    assert role_of(page) == ("red", "guesser")
    wait_seq([page], seq)
    assert card(page, first).get_attribute("data-revealed") == "true"
    page.wait_for_selector("#cn-guess-bar")
    assert tr_upper(clue) in page.locator("#cn-current").inner_text()
    assert not page.locator("#cn-pass").is_disabled()
    # Its keyboard works as before: arrow keys move between cards, Enter marks, Enter reveals.
    second = next(i for i, c in key.items() if c == "red" and i != first)
    page.locator("#cn-board .cn-card[tabindex='0']").focus()
    start = int(page.evaluate("document.activeElement.dataset.index"))
    for _ in range(abs(second - start)):
        page.keyboard.press("ArrowRight" if second > start else "ArrowLeft")
    assert int(page.evaluate("document.activeElement.dataset.index")) == second
    page.keyboard.press("Enter")
    card(page, second).and_(page.locator(".selected")).wait_for()
    page.keyboard.press("Enter")
    card(page, second).and_(page.locator("[data-revealed='true']")).wait_for()
