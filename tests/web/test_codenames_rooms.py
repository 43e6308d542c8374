"""Kelime Casusu rooms and solo tables in the browser: a room made in the lobby, joined by
its link, seats taken and switched, AI seats, the host's video link and QR code, start and
rematch (roles rotate); a person guessing with an AI spymaster; a person giving clues to AI
guessers; a table of four AIs watched; a custom word pack uploaded and used."""

from __future__ import annotations

import itertools
from typing import Any

from .codenames_helpers import (
    assert_never_saw_the_key,
    card,
    covered,
    free_clues,
    give_clue,
    key_from_page,
    mark_and_reveal,
    role_of,
    tr_upper,
)
from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import no_horizontal_scroll, quiet, register, unique


def slot(page: Any, team: str, role: str, n: int = 0) -> Any:
    return page.locator(f".room-team[data-team='{team}'] .room-slot[data-role='{role}']").nth(n)


def slot_number(page: Any, team: str, role: str, n: int = 0) -> int:
    return int(slot(page, team, role, n).get_attribute("data-slot"))


def test_a_room_is_made_joined_seated_with_ais_started_and_rematched(open_page: Any) -> None:
    host, friend = open_page(DESKTOP), open_page(DESKTOP)
    host.name, friend.name = unique("oda"), unique("misafir")
    register(host.page, host.name)
    register(friend.page, friend.name)
    page = host.page
    page.select_option("#cn-clue-timer", "120")
    page.click("#cn-create")
    page.wait_for_selector("#room .room-team")
    code = page.get_attribute("#room", "data-code")
    assert "ipucu 2 dk" in page.locator("#room-options").inner_text()
    # The join link and its QR code, made on the page.
    link = page.input_value("#room-link")
    assert link.endswith(f"/#/room/{code}")
    assert page.locator("#room-qr svg path").count() == 1
    assert code in page.get_attribute("#room-qr svg", "aria-label")
    # The host's video link: refused unless a web link, then a button for everyone.
    page.fill("#video-url", "javascript:alert(1)")
    page.click("#video-save")
    page.locator("#room-error").filter(has_text="https://").wait_for()
    page.fill("#video-url", "https://meet.example.org/harfiyen-oda")
    page.click("#video-save")
    page.wait_for_selector("#video-link")

    # The friend opens the join link and sees the room live.
    friend.page.goto(link)
    friend.page.wait_for_selector("#room .room-team")
    assert friend.page.get_attribute("#video-link", "href") == "https://meet.example.org/harfiyen-oda"
    assert friend.page.locator("#room-start").count() == 0
    red_spy = slot_number(page, "red", "spymaster")
    red_guesser = slot_number(page, "red", "guesser")
    friend.page.click(f"#sit-{red_spy}")
    slot(page, "red", "spymaster").filter(has_text=friend.name).wait_for()
    # Switch: from spymaster to guesser; the host takes the spymaster's seat.
    friend.page.click(f"#sit-{red_guesser}")
    slot(friend.page, "red", "guesser").and_(friend.page.locator(".mine")).wait_for()
    page.click(f"#sit-{red_spy}")
    slot(friend.page, "red", "spymaster").filter(has_text=host.name).wait_for()
    # Not startable yet: blue has nobody; the engine's reason is shown.
    page.wait_for_selector("#room-start-problem")
    assert page.locator("#room-start").is_disabled()
    for team, role in (("blue", "spymaster"), ("blue", "guesser")):
        page.click(f"#ai-{slot_number(page, team, role)}")
        slot(page, team, role).and_(page.locator("[data-occupied='ai']")).wait_for()
    # A locked seat cannot be taken.
    spare = slot_number(page, "red", "guesser", 1)
    page.click(f"#lock-{spare}")
    slot(friend.page, "red", "guesser", 1).and_(friend.page.locator(".locked")).wait_for()
    assert friend.page.locator(f"#sit-{spare}").count() == 0
    page.wait_for_selector("#room-start:not([disabled])")
    for p, name in ((page, "room-desktop"), (friend.page, "room-guest")):
        quiet(p)
        p.screenshot(path=str(SCREENSHOTS / f"codenames-{name}.png"), full_page=True)
    friend.page.set_viewport_size(PHONE)
    quiet(friend.page)
    assert no_horizontal_scroll(friend.page)
    friend.page.screenshot(path=str(SCREENSHOTS / "codenames-room-phone.png"), full_page=True)
    friend.page.set_viewport_size(DESKTOP)

    # Start: both pages go to the match, each in its seat.
    page.click("#room-start")
    assert role_of(page) == ("red", "spymaster")
    assert role_of(friend.page) == ("red", "guesser")
    # The clue timer chosen at creation counts down from the state's deadline.
    timer = page.locator("#cn-timer")
    timer.wait_for()
    assert timer.inner_text() in ("2:00", "1:59", "1:58", "1:57")
    key = key_from_page(page)
    give_clue(page, None, 9)
    for index in [i for i, c in key.items() if c == "red"]:
        mark_and_reveal(friend.page, index)
    friend.page.wait_for_selector("#cn-end")
    assert "Kazandınız" in friend.page.locator("#cn-end h2").inner_text()
    assert_never_saw_the_key(friend)

    # Rematch from the room: the same room, roles rotated (the guesser gives the clues).
    page.click("#cn-back-room")
    page.click("#room-rematch")
    assert role_of(page)[1] == "guesser"
    friend.page.click("#cn-back-room")
    friend.page.click("#room-open-match")
    assert role_of(friend.page)[1] == "spymaster"


def play_guesser_until_the_end(page: Any) -> None:
    """Guess covered cards in order (the guesser does not know the key) until it is over."""
    for _ in range(200):
        if page.locator("#cn-end").count():
            return
        page.wait_for_selector("#cn-guess-bar, #cn-end", timeout=30_000)
        if page.locator("#cn-end").count():
            return
        left = sorted(covered(page))
        card(page, left[0]).click()
        page.click("#cn-reveal")
        page.wait_for_function(
            "i => document.querySelector(`#cn-board .cn-card[data-index='${i}']`)"
            "?.dataset.revealed === 'true' || document.querySelector('#cn-end')", arg=left[0])
    raise AssertionError("the game did not end")


def test_a_person_guesses_with_an_ai_spymaster_and_sees_what_it_meant(open_page: Any) -> None:
    player = open_page(DESKTOP)
    register(player.page, unique("tahmin"))
    page = player.page
    page.click("#cn-solo-guesser")
    assert role_of(page) == ("red", "guesser")
    # The first clue of a server process may wait for the AI's models to load.
    page.wait_for_selector("#cn-guess-bar", timeout=90_000)
    assert page.locator("#cn-current").inner_text().startswith("İpucu:")
    play_guesser_until_the_end(page)
    # The end: the key for everyone and, under each AI clue, the words it meant.
    assert page.locator("#cn-board [data-colour]").count() == 25
    page.wait_for_selector("#cn-log [data-meant]")
    assert "Yapay zekânın kastettiği" in page.locator("#cn-log [data-meant]").first.inner_text()
    assert_never_saw_the_key(player)


def test_a_person_gives_clues_to_ai_guessers(open_page: Any) -> None:
    player = open_page(DESKTOP)
    register(player.page, unique("anlatan"))
    page = player.page
    page.click("#cn-solo-spymaster")
    assert role_of(page) == ("red", "spymaster")
    clues = itertools.cycle(free_clues(page))
    for _ in range(60):
        page.wait_for_selector("#cn-clue-form, #cn-end", timeout=60_000)
        if page.locator("#cn-end").count():
            break
        before = page.locator("#cn-log .cn-clue").count()
        page.fill("#cn-clue-word", next(clues))
        page.click("#cn-clue-send")
        page.wait_for_function(
            "n => document.querySelectorAll('#cn-log .cn-clue').length > n"
            " || document.querySelector('#cn-error')?.textContent", arg=before)
        if page.locator("#cn-log .cn-clue").count() > before:
            # The AI guessers answer on the same page: their guesses show under the clue.
            page.wait_for_function(
                "n => document.querySelectorAll('#cn-log .cn-clue')[n]"
                "?.querySelector('.cn-guess') || document.querySelector('#cn-end')",
                arg=before, timeout=60_000)
    page.wait_for_selector("#cn-end", timeout=60_000)
    assert page.locator("#cn-log .cn-clue[data-team='red'] .cn-guess").count() >= 1


def covered_colours(page: Any) -> int | None:
    """How many covered cards show a colour, read in one go with whether the game is over
    (None once it is)."""
    return page.evaluate(
        "() => document.querySelector('#cn-end') ? null : document.querySelectorAll("
        "\"#cn-board .cn-card[data-revealed='false'][data-colour]\").length")


def test_a_table_of_four_ais_is_watched_without_the_key(open_page: Any) -> None:
    player = open_page(DESKTOP)
    register(player.page, unique("izle"))
    page = player.page
    page.click("#cn-solo-watch")
    assert role_of(page) == ("", "spectator")
    # The key is public once the game is over, and four AIs can end it within a guess
    # (a black word), so each look at the board also says whether the game has ended.
    looks = [covered_colours(page)]
    page.wait_for_selector("#cn-log .cn-guess", timeout=60_000)
    looks.append(covered_colours(page))
    assert looks[0] is not None, "the game ended before the spectator saw its board"
    assert all(coloured == 0 for coloured in looks if coloured is not None), looks
    assert page.locator("#cn-clue-form, #cn-guess-bar").count() == 0
    assert_never_saw_the_key(player)


PACK = ["elma", "armut", "kiraz", "incir", "ıhlamur", "üzüm", "dut", "erik", "vişne", "ayva",
        "nar", "kavun", "karpuz", "limon", "portakal", "mandalina", "muz", "kivi", "ananas",
        "hurma", "zeytin", "fındık", "ceviz", "badem", "kestane", "fıstık", "kayısı", "şeftali"]


def test_a_custom_pack_is_uploaded_with_errors_named_and_used(open_page: Any) -> None:
    player = open_page(DESKTOP)
    register(player.page, unique("paket"))
    page = player.page
    page.goto("/#/packs")
    page.fill("#pack-name", "Meyveler")
    # Bad lines are named one by one, with the reason.
    page.fill("#pack-text", "\n".join([*PACK[:20], "iki kelime", "elma3"]))
    page.click("#pack-save")
    bad = page.locator("#pack-bad-lines li")
    bad.first.wait_for()
    assert bad.count() == 2
    assert bad.nth(0).get_attribute("data-line") == "21"
    assert "Satır 21" in bad.nth(0).inner_text() and "iki kelime" in bad.nth(0).inner_text()
    assert "Satır 22" in bad.nth(1).inner_text()
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "codenames-packs-desktop.png"), full_page=True)
    # The list from a file instead: saved and listed.
    page.set_input_files("#pack-file", files=[{
        "name": "meyveler.txt", "mimeType": "text/plain",
        "buffer": "\n".join(PACK).encode("utf-8"),
    }])
    page.wait_for_function("() => document.querySelector('#pack-text').value.includes('şeftali')")
    page.click("#pack-save")
    page.locator("#pack-list [data-pack]").filter(has_text="Meyveler").wait_for()
    assert "28" in page.locator("#pack-list [data-pack]").first.inner_text()
    # Chosen in the lobby for a solo table: every card comes from the pack (Turkish casing).
    page.goto("/#/lobby")
    page.wait_for_selector("#cn-pack option[data-language]", state="attached")
    value = page.locator("#cn-pack option[data-language]").first.get_attribute("value")
    page.select_option("#cn-pack", value)
    page.click("#cn-solo-find9")
    role_of(page)
    words = {w.strip() for w in page.locator("#cn-board .cn-word").all_inner_texts()}
    upper = {tr_upper(w) for w in PACK}
    assert len(words) == 25 and words <= upper, words - upper


def test_quick_play_fills_one_room_and_the_last_player_fills_it_with_ais(
        open_page: Any) -> None:
    """Quick play in English (a queue of its own): two people land in one public room,
    listed in the lobby; a third asks for AIs in the empty seats and the game starts for
    all three."""
    people = [open_page(DESKTOP) for _ in range(4)]
    for person in people:
        register(person.page, unique("hizli"))
    first, second, third, watcher = (p.page for p in people)
    first.select_option("#cn-language", "en")
    first.uncheck("#cn-fill")
    first.click("#cn-quickplay")
    first.wait_for_selector("#room .room-slot.mine")
    code = first.get_attribute("#room", "data-code")
    # The quick room is public: the others' lobby lists it.
    second.reload()
    second.locator(f"#cn-rooms [data-room='{code}']").wait_for()
    second.select_option("#cn-language", "en")
    second.uncheck("#cn-fill")
    second.click("#cn-quickplay")
    second.wait_for_selector("#room .room-slot.mine")
    assert second.get_attribute("#room", "data-code") == code
    first.locator(".room-slot[data-occupied='user']").nth(1).wait_for()
    third.select_option("#cn-language", "en")
    third.click("#cn-quickplay")
    for page in (first, second, third):
        team, role = role_of(page)
        assert team in ("red", "blue") and role in ("spymaster", "guesser")
    match_id = int(first.get_attribute("#match", "data-match"))
    assert match_id == int(third.get_attribute("#match", "data-match"))
    # A fourth person finds the game in the lobby's watch list, named as a party game
    # (no scores per seat), and watches it.
    watcher.reload()
    row = watcher.locator(f"#watch-list [data-match='{match_id}']")
    row.wait_for()
    assert "Kelime Casusu · İngilizce" in row.inner_text()
    row.locator("a.btn").click()
    assert role_of(watcher) == ("", "spectator")
