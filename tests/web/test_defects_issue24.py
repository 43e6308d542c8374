"""Issue 24's defects that show in the browser, one test each: the move list and the last
move in the second person for one's own turns (CW-1, SC-1), the hand-off box only where
another person sits at a running table (CW-2), the Kelime Casusu end reason and the neutral
key sign (KC-1, KC-4) and the analysis page's moves, numbers and width (CW-3)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .codenames_helpers import free_clues, key_from_page
from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .helpers import api_post, legal_plays, match_view, quiet, register, start_match, unique
from .test_board import two_players
from .test_classic import wait_seq
from .test_codenames import start_four
from .test_letterjam import start_three

THIRD_PERSON = ("Pas geçti", "taş değiştirdi", "Teslim oldu", "Sırası atlandı", "İtiraz etti",
                "Süresi doldu")


def post_move(page: Any, match_id: int, move: dict[str, Any]) -> None:
    api_post(page, f"/matches/{match_id}/moves", {"move": move})


def rows(page: Any) -> list[tuple[str, str]]:
    """The move list's rows as (player, what)."""
    return [(row.locator(".move-player").inner_text(), row.locator(".move-what").inner_text())
            for row in page.locator("#move-list tr.move-entry").all()]


@pytest.mark.slow
def test_cw1_sc1_own_turns_in_the_second_person_and_an_accepted_play(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "en", "challenge": "double"})
    watcher = open_page(DESKTOP)
    register(watcher.page, unique("izle"))
    view = match_view(by_seat[0].page, match_id)["view"]
    x, y = by_seat[view["to_move"]], by_seat[1 - view["to_move"]]
    watcher.page.goto(f"/#/match/{match_id}")
    watcher.page.wait_for_selector('#match[data-spectator="true"]')

    # X plays; Y, the next player, accepts it in the challenge window.
    post_move(x.page, match_id, {"kind": "play",
                                 "tiles": legal_plays(match_view(x.page, match_id)["view"])[0]})
    y.page.locator('.pending [data-action="accept"]').click()
    y.page.locator(".pending").wait_for(state="detached")
    y.page.locator("#last-move", has_text=f"Hamleyi kabul ettin (oynayan: {x.name})").wait_for()
    x.page.locator("#last-move", has_text=f"{y.name} hamleni kabul etti").wait_for()
    watcher.page.locator(
        "#last-move", has_text=f"{y.name} hamleyi kabul etti (oynayan: {x.name})").wait_for()
    quiet(y.page)
    y.page.screenshot(path=str(SCREENSHOTS / "issue24-sc1-accepted-desktop.png"))
    x.page.set_viewport_size(PHONE)
    quiet(x.page)
    x.page.screenshot(path=str(SCREENSHOTS / "issue24-sc1-accepted-phone.png"), full_page=True)
    x.page.set_viewport_size(DESKTOP)
    for page in (x.page, y.page, watcher.page):
        assert "Oynadın" not in page.inner_text("#last-move")
        assert "oynadı" not in page.inner_text("#last-move")

    # Y passes, X exchanges three tiles, Y resigns: each row in the viewer's own person.
    post_move(y.page, match_id, {"kind": "pass"})
    rack = match_view(x.page, match_id)["view"]["rack"]
    post_move(x.page, match_id, {"kind": "exchange", "tiles": rack[:3]})
    post_move(y.page, match_id, {"kind": "resign"})
    last = match_view(x.page, match_id)["last_seq"]
    wait_seq([x, y, watcher], last)
    for page in (x.page, y.page, watcher.page):
        page.wait_for_function(
            "() => document.querySelectorAll('#move-list tr.move-entry').length === 4")
    assert [what for _, what in rows(y.page)][1:] == ["Pas geçtin", "3 taş değiştirdi",
                                                      "Teslim oldun"]
    assert [what for _, what in rows(x.page)][1:] == ["Pas geçti", "3 taş değiştirdin",
                                                      "Teslim oldu"]
    assert [what for _, what in rows(watcher.page)][1:] == ["Pas geçti", "3 taş değiştirdi",
                                                            "Teslim oldu"]
    for page in (x.page, y.page):
        for player, what in rows(page):
            if player == "Sen":
                assert not any(re.search(rf"{form}(?!\w)", what) for form in THIRD_PERSON), what
    for player, name in ((x, "desktop"), (y, "phone")):
        if name == "phone":
            player.page.set_viewport_size(PHONE)
            player.page.click("#panel-tab-moves")
        quiet(player.page)
        player.page.screenshot(path=str(SCREENSHOTS / f"issue24-cw1-moves-{name}.png"))
    # In English too.
    y.page.click('[data-lang="en"]')
    y.page.locator("#move-list tr.move-entry", has_text="You passed").wait_for(state="attached")
    y.page.locator("#move-list tr.move-entry", has_text="You resigned").wait_for(state="attached")
    y.page.click('[data-lang="tr"]')


def test_cw2_the_hand_off_box_only_at_a_running_table_with_another_person(
    open_page: Any,
) -> None:
    # Solo against a bot: nobody waits for the player, so no hand-off box.
    solo = open_page(DESKTOP)
    page = solo.page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.click("#opponent-bot")
    page.click("#new-create")
    page.wait_for_selector('#match[data-my-turn="true"]')
    page.wait_for_timeout(500)
    assert page.locator("#seat-hand").count() == 0
    # The exchange and pass dialogs: "Taş değiştir" (TX), the turn goes to the next player (SC-2).
    page.click("#action-menu")
    page.click("#action-exchange")
    dialog = page.locator("dialog[open]")
    dialog.locator("h2.dialog-title", has_text="Taş değiştir").wait_for()
    assert "sıra sonraki oyuncuya geçecek" in dialog.inner_text()
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "issue24-tx-exchange-desktop.png"))
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    page.click("#action-pass")
    page.locator("dialog[open]", has_text="sırayı sonraki oyuncuya verirsin").wait_for()
    page.keyboard.press("Escape")
    # The profile names the all-tiles bonus of a Turkish game (TX).
    match_id = int(page.get_attribute("#match", "data-match"))
    post_move(page, match_id, {"kind": "resign"})
    page.goto("/#/profile")
    page.locator("#stats-bonus", has_text="Yedi taş bonusu").wait_for()
    assert "Bingo" not in page.inner_text("#stats")
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "issue24-tx-profile-desktop.png"), full_page=True)

    # Two people: the box while the game runs, gone at its end (live and after a reload).
    host, guest = open_page(DESKTOP), open_page(PHONE)
    host.name, guest.name = unique("ali"), unique("bora")
    register(host.page, host.name)
    register(guest.page, guest.name)
    match_id = start_match(host.page, guest.page, guest.name, {"rules": "tr"})
    for player in (host, guest):
        player.page.locator("#seat-hand", has_text="Masadan kalkman").wait_for()
    post_move(host.page, match_id, {"kind": "resign"})
    for player in (host, guest):
        player.page.wait_for_selector("#game-end")
        player.page.locator("#seat-hand").wait_for(state="detached")
        player.page.reload()
        player.page.wait_for_selector("#game-end")
        player.page.wait_for_timeout(300)
        assert player.page.locator("#seat-hand").count() == 0
    quiet(guest.page)
    guest.page.screenshot(path=str(SCREENSHOTS / "issue24-cw2-end-phone.png"), full_page=True)


# --- Kelime Casusu ------------------------------------------------------------------------


@pytest.mark.slow
def test_kc1_the_end_says_whose_words_were_all_revealed(open_page: Any) -> None:
    match_id, seats, _ = start_four(open_page)
    red_spy = seats["red", "spymaster"].page
    watcher = open_page(PHONE)
    register(watcher.page, unique("izle"))
    watcher.page.goto(f"/#/match/{match_id}")
    watcher.page.wait_for_selector("#cn-board")
    key = key_from_page(red_spy)
    reds = [i for i, colour in key.items() if colour == "red"]
    # Red's spymaster clues for all nine, red's guesser reveals them: red wins.
    api_post(red_spy, f"/matches/{match_id}/moves",
             {"move": {"kind": "clue", "word": free_clues(red_spy)[0], "number": 9}})
    guesser = seats["red", "guesser"].page
    for index in reds:
        api_post(guesser, f"/matches/{match_id}/moves", {"move": {"kind": "guess", "index": index}})
    winners = "Takımınızın bütün kelimeleri açıldı."
    by_name = "Kırmızı takımın bütün kelimeleri açıldı."
    for (team, _), player in seats.items():
        reason = player.page.locator("#cn-end p.muted")
        reason.wait_for()
        assert reason.inner_text() == (winners if team == "red" else by_name)
    watcher.page.locator("#cn-end p.muted", has_text=by_name).wait_for()
    blue = seats["blue", "guesser"].page
    assert "Kaybettiniz — kazanan: Kırmızı takım" in blue.inner_text("#cn-end h2")
    blue.click('[data-lang="en"]')
    reason = "#cn-end p.muted"
    blue.locator(reason, has_text="All of the red team's words were revealed.").wait_for()
    guesser.click('[data-lang="en"]')
    guesser.locator(reason, has_text="All of your team's words were revealed.").wait_for()
    for page in (blue, guesser):
        page.click('[data-lang="tr"]')
    quiet(blue)
    blue.screenshot(path=str(SCREENSHOTS / "issue24-kc1-loser-desktop.png"))
    quiet(watcher.page)
    watcher.page.screenshot(path=str(SCREENSHOTS / "issue24-kc1-watcher-phone.png"))


# The ink of a sign as drawn in the card's own font: its width and height in pixels.
INK = """(el) => { const style = getComputedStyle(el); const ctx = document.createElement('canvas')
    .getContext('2d'); ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const m = ctx.measureText(el.textContent);
    return [m.actualBoundingBoxLeft + m.actualBoundingBoxRight,
            m.actualBoundingBoxAscent + m.actualBoundingBoxDescent]; }"""


@pytest.mark.slow
def test_kc4_the_neutral_key_sign_is_as_visible_as_the_others(open_page: Any) -> None:
    _, seats, _ = start_four(open_page)
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = seats["red", "spymaster"].page
        page.set_viewport_size(viewport)
        inks = {}
        for colour in ("red", "blue", "neutral", "black"):
            cue = page.locator(f"#cn-board .cn-cue[data-cue='{colour}']").first
            inks[colour] = cue.evaluate(INK)
        smallest = min(min(w, h) for c, (w, h) in inks.items() if c != "neutral")
        width, height = inks["neutral"]
        # A mark, not a dot: at least 6 px and at least 60 % of the smallest other sign.
        assert min(width, height) >= max(6.0, 0.6 * smallest), inks
        assert {c: page.locator(f"#cn-board .cn-cue[data-cue='{c}']").first.inner_text()
                for c in ("red", "blue", "black")} == {"red": "▲", "blue": "■", "black": "✖"}
        quiet(page)
        page.screenshot(path=str(SCREENSHOTS / f"issue24-kc4-spymaster-{name}.png"))


# --- analysis -----------------------------------------------------------------------------

# Every cell of the per-player table that ends right of its card: cut off (the table
# wraps its headings and names to fit instead); and whether the page scrolls sideways.
CUT = """() => { const card = document.querySelector('#analysis-totals');
    const right = card.getBoundingClientRect().right;
    const out = [...card.querySelectorAll('th, td')]
      .filter((e) => e.getBoundingClientRect().right > right + 1).map((e) => e.textContent);
    const page = document.documentElement.scrollWidth > window.innerWidth;
    const table = card.querySelector("table");
    return { out, page, widths: out.length ? [table.scrollWidth, card.clientWidth] : [] }; }"""


def test_cw3_analysis_reads_moves_and_numbers_and_fits(open_page: Any) -> None:
    player = open_page(DESKTOP)
    page = player.page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.click("#opponent-bot")
    page.click("#new-create")
    page.wait_for_selector('#match[data-my-turn="true"]')
    match_id = int(page.get_attribute("#match", "data-match"))
    rack = match_view(page, match_id)["view"]["rack"]
    seq = -1
    for move in ({"kind": "exchange", "tiles": rack}, {"kind": "pass"}, {"kind": "resign"}):
        # The player's turn again after the bot's answer (not the page before it heard of
        # the last move: its event number must have passed the move's).
        page.wait_for_function(
            "(seq) => document.querySelector('#match')?.dataset.myTurn === 'true'"
            " && Number(document.querySelector('#match').dataset.seq) > seq",
            arg=seq, timeout=30_000)
        seq = int(api_post(page, f"/matches/{match_id}/moves", {"move": move})["seq"])
    page.goto(f"/#/analysis/match/{match_id}")
    page.wait_for_selector('#analysis[data-status="done"]', timeout=120_000)
    turns = page.inner_text("#analysis-turns")
    assert "exchange" not in turns and "pass" not in turns, turns
    assert "Taş değiştirdi (7)" in turns and "Pas" in turns
    # Numbers the Turkish way: a decimal comma, never a point.
    numbers = page.inner_text("#analysis-totals") + turns
    assert not re.search(r"\d\.\d", numbers), numbers
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        cut = page.evaluate(CUT)
        assert cut == {"out": [], "page": False, "widths": []}, (name, cut)
        quiet(page)
        page.screenshot(path=str(SCREENSHOTS / f"issue24-cw3-analysis-{name}.png"), full_page=True)
    page.locator("#analysis-turns tr.turn-row", has_text="Taş değiştirdi (7)").click()
    page.locator("#turn-analysis", has_text="Taş değiştirdi (7)").wait_for()
    page.click('[data-lang="en"]')
    page.locator("#analysis-turns", has_text="Exchanged 7").wait_for()
    assert "Pass" in page.inner_text("#analysis-turns")
    page.click('[data-lang="tr"]')


# --- Harf Takıl and the waiting room of a 3-4 player game ---------------------------------


def test_ht8_a_stand_names_its_tokens_and_the_clues_given(open_page: Any) -> None:
    match_id, players = start_three(open_page)
    page = players[0].page
    page.locator("#lj-stands [data-stand-meta='1']").wait_for()
    assert page.locator("#lj-stands .lj-stand .lj-tokens-n").count() == 0
    for seat in (1, 2):
        text = page.inner_text(f"#lj-stands [data-stand-meta='{seat}']")
        assert re.fullmatch(r"jeton: \d+ · verdiği ipucu: 0", text), text
    assert re.fullmatch(r"jeton: \d+ · verdiğin ipucu: 0",
                        page.inner_text("#lj-stands [data-stand-meta='0']"))
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(viewport)
        quiet(page)
        page.screenshot(path=str(SCREENSHOTS / f"issue24-ht8-stands-{name}.png"), full_page=True)
    page.click('[data-lang="en"]')
    page.locator("#lj-stands [data-stand-meta='1']", has_text="clues given: 0").wait_for()
    assert page.inner_text("#lj-stands [data-stand-meta='1']").startswith("tokens: ")
    page.click('[data-lang="tr"]')
    assert match_id


def test_sc2_a_waiting_game_of_three_waits_for_opponents(open_page: Any) -> None:
    host = open_page(PHONE)
    register(host.page, unique("ali"))
    others = [unique("bora"), unique("cem")]
    for name in others:
        register(open_page(DESKTOP).page, name)
    created = api_post(host.page, "/matches", {
        "game": "crossword", "options": {"rules": "en", "players": 3}, "ranked": False,
        "time_control": {"kind": "none"}, "opponents": others,
    })
    host.page.goto(f"/#/match/{created['match']['id']}")
    host.page.locator(".waiting h1", has_text="Rakipler bekleniyor").wait_for()
    assert "arkadaşlarına" in host.page.inner_text(".waiting")
    quiet(host.page)
    host.page.screenshot(path=str(SCREENSHOTS / "issue24-sc2-waiting-phone.png"))


def test_kc6_a_room_names_its_lenient_clue_rule(open_page: Any) -> None:
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        host = open_page(viewport)
        register(host.page, unique("ev"))
        room = api_post(host.page, "/rooms", {"game": "codenames",
                                              "options": {"language": "tr", "strict_clues": False}})
        host.page.goto(f"/#/room/{room['code']}")
        host.page.locator("#room-options", has_text="serbest ipucu kuralı").wait_for()
        assert "ev kuralı" not in host.page.inner_text("body")
        quiet(host.page)
        host.page.screenshot(path=str(SCREENSHOTS / f"issue24-kc6-room-{name}.png"))
