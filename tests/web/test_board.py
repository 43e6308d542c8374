"""The match screen's board: keyboard play, square labels, the live score preview, word
meanings, challenges in an English double-challenge match, rematch, and zoom/pan."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from harfiyen.games import crossword as cw
from harfiyen.games.crossword import rules as R
from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.errors import CrosswordError
from harfiyen.games.crossword.validate import check_play
from harfiyen.games.crossword.views import CrosswordView
from harfiyen.lexicon.normalize import tr_lower

from .conftest import DESKTOP, PHONE, Player
from .helpers import (
    accept_invite_for,
    current_match,
    match_view,
    no_horizontal_scroll,
    rack_tile,
    register,
    scored_plays,
    square,
    start_match,
    start_solo_as_guest,
    tap_tile,
    unique,
)
from .test_static import WEB

TR = json.loads((WEB / "i18n" / "tr.json").read_text(encoding="utf-8"))

Tiles = list[dict[str, Any]]


# --- the engine's side ----------------------------------------------------------------------


@functools.cache
def _lexicon(lexicon_id: str) -> Any:
    from harfiyen.lexicon.lexicon import load

    return load(lexicon_id)


@functools.cache
def _meaningful(word: str, lang: str) -> bool:
    from harfiyen.lexicon.meanings import has_meaning

    return has_meaning(word, lang)  # type: ignore[arg-type]


def _board(view: dict[str, Any]) -> Board:
    return CrosswordView.from_json(view).board


def words_of(view: dict[str, Any], tiles: Tiles) -> list[str]:
    """The words ``tiles`` form on the view's board (main word first)."""
    placements = [Placement(cw.parse_square(t["square"]), t["letter"], t["blank"]) for t in tiles]
    rules = CrosswordView.from_json(view).ruleset()
    return [w.text for w in check_play(_board(view), placements, rules)]


def phony_play(view: dict[str, Any]) -> Tiles:
    """A play of the rack's (non-blank) tiles that fits the board but forms a word not in
    the lexicon: two tiles across the centre on an empty board, else one tile by a tile."""
    lexicon = _lexicon(view["lexicon"])
    letters = sorted({x for x in view["rack"] if x != R.BLANK})
    rules = CrosswordView.from_json(view).ruleset()
    board = _board(view)
    candidates: list[Tiles] = []
    if not view["board"]:
        candidates = [[
            {"square": "H8", "letter": a, "blank": False},
            {"square": "I8", "letter": b, "blank": False},
        ] for a in letters for b in letters if a != b or view["rack"].count(a) > 1]
    else:
        for row in range(R.SIZE):
            for col in range(R.SIZE):
                if board[(row, col)] is None and board.has_neighbour((row, col)):
                    name = cw.square_name((row, col))
                    candidates += [[{"square": name, "letter": x, "blank": False}] for x in letters]
    for tiles in candidates:
        placements = [Placement(cw.parse_square(t["square"]), t["letter"], False) for t in tiles]
        try:
            words = check_play(board, placements, rules)
        except CrosswordError:
            continue
        if any(w.text not in lexicon for w in words):
            return tiles
    raise AssertionError(f"no phony play for rack {view['rack']}")


# --- the pages ------------------------------------------------------------------------------


def two_players(open_page: Any, options: dict[str, Any]) -> tuple[int, dict[int, Player]]:
    """Two registered people in two browsers, in a started match; players by seat."""
    host, guest = open_page(DESKTOP), open_page(DESKTOP)
    host.name, guest.name = unique("ali"), unique("bora")
    register(host.page, host.name)
    register(guest.page, guest.name)
    match_id = start_match(host.page, guest.page, guest.name, options)
    by_seat = {match_view(p.page, match_id)["view"]["seat"]: p for p in (host, guest)}
    assert set(by_seat) == {0, 1}
    return match_id, by_seat


def solo_match(open_page: Any, viewport: dict[str, int]) -> tuple[Player, int]:
    """A guest's Turkish match against a bot, waiting until it is the guest's turn."""
    player = open_page(viewport)
    return player, start_solo_as_guest(player.page)


def my_turn(player: Player) -> None:
    player.page.wait_for_selector('#match[data-my-turn="true"]')


def wait_seq(players: list[Player], seq: int) -> None:
    for player in players:
        player.page.wait_for_function(
            "seq => Number(document.querySelector('#match')?.dataset.seq) >= seq", arg=seq
        )


def mover_and_other(
    by_seat: dict[int, Player], match_id: int
) -> tuple[Player, Player, dict[str, Any]]:
    """The seat to move (once its page says so), the other seat, and the mover's view."""
    view = match_view(by_seat[0].page, match_id)["view"]
    mover, other = by_seat[view["to_move"]], by_seat[1 - view["to_move"]]
    wait_seq([mover, other], match_view(mover.page, match_id)["last_seq"])
    my_turn(mover)
    return mover, other, match_view(mover.page, match_id)["view"]


def type_letter(page: Any, letter: str) -> None:
    """Type a letter as a Turkish keyboard would (lower case; ğ, ş, ı... as their own keys)."""
    key = tr_lower(letter)
    if key.isascii():
        page.keyboard.press(key)
        return
    # Playwright knows only the US layout's keys; the browser takes any key over CDP.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "text": key})
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key})
    cdp.detach()


def wait_preview(page: Any, state: str, total: int | None = None) -> Any:
    selector = f'#move-preview[data-state="{state}"]'
    if total is not None:
        selector += f'[data-total="{total}"]'
    page.wait_for_selector(selector)
    return page.locator("#move-preview")


def place_tiles(page: Any, tiles: Tiles) -> None:
    for tile in tiles:
        tap_tile(page, tile)


def undo_all(page: Any) -> None:
    while page.locator("#board .sq.tentative").count():
        page.click("#action-undo")


def scores_shown(page: Any, expected: list[int]) -> None:
    for seat, score in enumerate(expected):
        page.locator(f'[data-score="{seat}"]', has_text=str(score)).wait_for()
        assert page.locator(f'[data-score="{seat}"]').inner_text() == str(score)


# --- the tests ------------------------------------------------------------------------------


def test_keyboard_play_square_labels_and_meanings(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "tr"})
    mover, other, view = mover_and_other(by_seat, match_id)
    page = mover.page

    # Every square says its name, premium, the ★ / ★25 squares, and that it is empty.
    labels: dict[str, str] = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#board .sq')]"
        ".map(el => [el.dataset.square, el.getAttribute('aria-label')]))"
    )
    assert len(labels) == R.SIZE * R.SIZE
    layout = {R.square_name(sq): p.value for sq, p in R.TR_LAYOUT.items()}
    for name, label in labels.items():
        assert label.startswith(f"{name}: ") and label.endswith(TR["board.empty"]), label
        if name in layout:
            assert TR[f"premium_long.{layout[name]}"] in label, label
    assert labels["H8"].startswith("H8: ★ merkez yıldız")
    if view["bonus_square"]:
        assert "★25 özel kare" in labels[view["bonus_square"]]

    # A play whose word has a meaning, typed with the keyboard. Typing a letter takes the
    # rack's tile, else a blank: so a blank may stand only for a letter not on the rack.
    real = set(view["rack"])
    choices = [
        (tiles, score) for tiles, score in scored_plays(view, 200)
        if not any(t["blank"] and t["letter"] in real for t in tiles)
    ]
    chosen = next(
        ((tiles, score) for tiles, score in choices
         if any(_meaningful(w, "tr") for w in words_of(view, tiles))),
        choices[0],
    )
    tiles, score = chosen
    tiles = sorted(tiles, key=lambda t: cw.parse_square(t["square"]))
    down = len({t["square"][0] for t in tiles}) == 1 and len(tiles) > 1
    start = tiles[0]["square"]
    square(page, start).click()
    if down:
        square(page, start).click()  # a second tap turns the typing direction
    cursor = square(page, start)
    assert (TR["board.cursor_down"] if down else TR["board.cursor_across"]) in (
        cursor.get_attribute("aria-label") or "")
    for tile in tiles:
        type_letter(page, tile["letter"])
    placed = {el.get_attribute("data-square") for el in page.locator("#board .sq.tentative").all()}
    assert placed == {t["square"] for t in tiles}
    assert "gönderilmedi" in (square(page, start).get_attribute("aria-label") or "")
    wait_preview(page, "ready", score)
    seq = match_view(page, match_id)["last_seq"]
    page.keyboard.press("Enter")

    # The opponent sees the tiles, labelled, and the score.
    wait_seq([mover, other], seq + 1)
    for tile in tiles:
        committed = square(other.page, tile["square"])
        shown = tr_lower(tile["letter"]) if tile["blank"] else tile["letter"]
        committed.locator(".tile-letter", has_text=shown).wait_for()
        label = committed.get_attribute("aria-label") or ""
        said = TR["board.blank_tile" if tile["blank"] else "board.tile_value"].format(
            letter=tile["letter"], value=R.TR_TILES.values.get(tile["letter"], 0))
        assert said in label and TR["board.last_move"] in label, label
    expected = [0, 0]
    expected[match_view(page, match_id)["view"]["seat"]] = score
    scores_shown(other.page, expected)
    assert wait_preview(page, "empty").inner_text() == ""

    # The opponent opens the breakdown and taps a word with a meaning.
    last = match_view(other.page, match_id)["view"]["last_move"]
    word = next((w for w in last["words"] if _meaningful(w, "tr")), last["words"][0])
    other.page.click("#last-move")
    dialog = other.page.locator("dialog[open]")
    dialog.locator(".breakdown-table").wait_for()
    dialog.locator(f'.breakdown-word[data-word="{word}"]').click()
    panel = dialog.locator(f'.meanings[data-word="{word}"]')
    panel.locator(".meanings-body").wait_for()
    other.page.wait_for_function(
        "w => document.querySelector(`dialog[open] .meanings[data-word='${w}']`)"
        "?.dataset.state !== 'loading'", arg=word,
    )
    from harfiyen.lexicon.meanings import define

    senses = define(word, "tr")
    if senses:
        assert panel.get_attribute("data-state") == "found"
        assert senses[0].definition in panel.locator(".meanings-list li").first.inner_text()
    else:
        assert panel.get_attribute("data-state") == "none"
        assert TR["meanings.none"].format(word=word) in panel.inner_text()
    dialog.get_by_role("button", name=TR["common.close"]).click()


def test_live_preview_totals_problems_and_clears(open_page: Any) -> None:
    player, match_id = solo_match(open_page, PHONE)
    page = player.page
    state = match_view(page, match_id)
    view = state["view"]
    assert wait_preview(page, "empty").inner_text() == ""

    # A legal play: the words and the engine's total, calmly, no red error.
    tiles, score = scored_plays(view, 1)[0]
    place_tiles(page, tiles)
    words = words_of(view, tiles)
    preview = wait_preview(page, "ready", score)
    preview.filter(has_text=f"{', '.join(words)} · {score} puan").wait_for()
    assert page.locator("#move-error").inner_text() == ""
    assert no_horizontal_scroll(page)

    # Its word opens the meanings too (loading, then found or none).
    page.locator(f'#move-preview .preview-word[data-word="{words[0]}"]').click()
    page.wait_for_selector("dialog[open] .meanings:not([data-state='loading'])")
    assert page.locator("dialog[open] .meanings").get_attribute("data-state") in ("found", "none")
    page.locator("dialog[open]").get_by_role("button", name=TR["common.close"]).click()
    # A failed look-up says so in the user's language.
    refusal = {"code": "meanings.unavailable", "message": "Sözlük şu an açılamadı.", "details": {}}
    page.route("**/api/meanings/**",
               lambda route: route.fulfill(status=503, json={"error": refusal}))
    page.locator(f'#move-preview .preview-word[data-word="{words[0]}"]').click()
    failed = page.locator("dialog[open] .meanings[data-state='error']")
    failed.filter(has_text="Anlam getirilemedi: Sözlük şu an açılamadı.").wait_for()
    page.unroute("**/api/meanings/**")
    page.locator("dialog[open]").get_by_role("button", name=TR["common.close"]).click()

    # Undo clears it.
    undo_all(page)
    assert wait_preview(page, "empty").inner_text() == ""

    # Two tiles on a diagonal: the engine's problem, as text, not as the refused-move error.
    board = {t["square"] for t in view["board"]}
    first, second = next(
        (a, b) for a, b in (("A1", "B2"), ("O15", "N14"), ("A15", "B14"), ("O1", "N2"))
        if a not in board and b not in board
    )
    rack = view["rack"]
    for name, letter in ((first, rack[0]), (second, rack[1])):
        rack_tile(page, letter).click()
        square(page, name).click()
        if letter == R.BLANK:
            page.locator("dialog[open] [data-letter]").first.click()
    problem = wait_preview(page, "problem")
    problem.filter(has_text="Yeni taşlar tek bir satırda ya da sütunda olmalı").wait_for()
    assert page.locator("#move-error").inner_text() == ""
    page.click("#action-undo")
    page.wait_for_function(
        "() => !document.querySelector('#move-preview').textContent.includes('satırda')"
    )
    page.click("#action-undo")
    assert wait_preview(page, "empty").inner_text() == ""

    # A word not in the lexicon (Turkish rules say so at once): the word is marked.
    phony = phony_play(view)
    place_tiles(page, phony)
    invalid = wait_preview(page, "invalid")
    unknown = [w for w in words_of(view, phony) if w not in _lexicon(view["lexicon"])]
    marked = page.locator("#move-preview .preview-word.unknown")
    assert [el.get_attribute("data-word") for el in marked.all()] == unknown
    assert "Sözlükte olmayan kelime" in invalid.inner_text()
    undo_all(page)
    wait_preview(page, "empty")
    # Nothing was sent: the match is where it was.
    assert match_view(page, match_id)["last_seq"] == state["last_seq"]


@pytest.mark.slow
def test_challenges_in_an_english_double_challenge_match(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "en", "challenge": "double"})
    x, y, view = mover_and_other(by_seat, match_id)
    x_seat = view["seat"]
    seq = match_view(x.page, match_id)["last_seq"]

    # X plays a phony: the preview scores it but never says whether it is valid.
    phony = phony_play(view)
    place_tiles(x.page, phony)
    wait_preview(x.page, "ready")
    assert x.page.locator("#move-preview .preview-word.unknown").count() == 0
    x.page.click("#action-submit")
    wait_seq([x, y], seq + 1)
    # Y challenges: the play comes off and its points are taken back.
    y.page.locator(".pending").wait_for()
    seq = match_view(y.page, match_id)["last_seq"]
    y.page.click('.pending [data-action="challenge"]')
    wait_seq([x, y], seq + 1)
    for tile in phony:
        assert "committed" not in (square(y.page, tile["square"]).get_attribute("class") or "")
    state = match_view(y.page, match_id)
    assert state["view"]["scores"] == [0, 0]
    assert state["view"]["last_move"]["kind"] == "play_challenged"
    assert state["view"]["last_move"]["upheld"] is True
    for player in (x, y):
        scores_shown(player.page, [0, 0])
    y.page.locator("#last-move", has_text="hamle geri alındı").wait_for()

    # Y plays a real word; X challenges and loses the turn: Y moves again.
    mover, _, view = mover_and_other(by_seat, match_id)
    assert mover is y
    tiles, first_total = scored_plays(view, 1)[0]
    place_tiles(y.page, tiles)
    wait_preview(y.page, "ready", first_total)
    seq = match_view(y.page, match_id)["last_seq"]
    y.page.click("#action-submit")
    wait_seq([x, y], seq + 1)
    x.page.locator(".pending").wait_for()
    seq = match_view(x.page, match_id)["last_seq"]
    x.page.click('.pending [data-action="challenge"]')
    wait_seq([x, y], seq + 1)
    expected = [0, 0]
    expected[1 - x_seat] = first_total
    for player in (x, y):
        scores_shown(player.page, expected)
    mover, _, view = mover_and_other(by_seat, match_id)
    assert mover is y

    # Y plays again; this time X accepts and the play stands.
    tiles, second_total = scored_plays(view, 1)[0]
    place_tiles(y.page, tiles)
    seq = match_view(y.page, match_id)["last_seq"]
    y.page.click("#action-submit")
    wait_seq([x, y], seq + 1)
    x.page.locator(".pending").wait_for()
    x.page.click('.pending [data-action="accept"]')
    x.page.locator(".pending").wait_for(state="detached")
    expected[1 - x_seat] = first_total + second_total
    for player in (x, y):
        scores_shown(player.page, expected)
    x.page.wait_for_selector('#match[data-my-turn="true"]')
    final = match_view(x.page, match_id)["view"]
    assert final["scores"] == expected and final["pending"] is None
    for tile in tiles:
        assert "committed" in (square(x.page, tile["square"]).get_attribute("class") or "")


def test_rematch_after_resign(open_page: Any) -> None:
    match_id, by_seat = two_players(open_page, {"rules": "tr"})
    quitter, winner = by_seat[0], by_seat[1]
    quitter.page.click("#action-menu")
    quitter.page.click("#action-resign")
    quitter.page.click("dialog[open] [data-confirm]")
    for player in (quitter, winner):
        player.page.wait_for_selector("#game-end")
    assert winner.page.locator("#game-end h2").inner_text() == TR["end.you_won"]

    winner.page.click("#rematch")
    winner.page.wait_for_function(
        "old => Number(document.querySelector('#match')?.dataset.match) !== old", arg=match_id
    )
    new_id = current_match(winner.page)
    assert new_id != match_id
    created = match_view(winner.page, new_id)
    assert created["status"] == "waiting" and created["rules"] == match_view(
        winner.page, match_id)["rules"]
    accept_invite_for(quitter.page, new_id)
    quitter.page.goto(f"/#/match/{new_id}")
    for player in (quitter, winner):
        player.page.wait_for_selector(f'#match[data-match="{new_id}"][data-status="active"] #board')
    assert match_view(quitter.page, new_id)["status"] == "active"


def test_zoom_and_pan_keep_taps_working(open_page: Any) -> None:
    player, match_id = solo_match(open_page, PHONE)
    page = player.page
    wrap = page.locator(".board-wrap")
    assert wrap.get_attribute("data-scale") == "1.00"

    # ctrl+wheel over the board zooms around the pointer (the page itself does not zoom).
    box = square(page, "H8").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -400)
    page.keyboard.up("Control")
    page.wait_for_function("Number(document.querySelector('.board-wrap').dataset.scale) > 1.5")
    assert page.evaluate("window.visualViewport.scale") == 1
    after = square(page, "H8").bounding_box()
    assert after is not None and after["width"] > box["width"] * 1.5
    assert no_horizontal_scroll(page)

    # A tap still places a tile on the square under the finger.
    view = match_view(page, match_id)["view"]
    target = visible_empty_square(page, view)
    letter = view["rack"][0]
    rack_tile(page, letter).click()
    square(page, target).click()
    if letter == R.BLANK:
        page.locator("dialog[open] [data-letter]").first.click()
    page.wait_for_selector(f'#board [data-square="{target}"].tentative')

    # Dragging the board pans it and is not a tap: no tile moves, no cursor appears.
    before = page.evaluate("document.querySelector('#board').style.transform")
    start = square(page, visible_empty_square(page, view, avoid={target})).bounding_box()
    assert start is not None
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 60, y0 + 60, steps=8)
    page.mouse.up()
    assert page.evaluate("document.querySelector('#board').style.transform") != before
    assert page.locator("#board .sq.tentative").count() == 1
    assert page.locator("#board .sq.cursor").count() == 0

    # The "…" menu still toggles the zoom.
    page.click("#action-menu")
    page.click("#action-zoom")
    page.wait_for_selector('.board-wrap[data-scale="1.00"]')
    page.locator("#action-zoom", has_text=TR["action.zoom_in"]).wait_for()
    page.click("#action-zoom")
    page.wait_for_selector('.board-wrap[data-scale="2.00"]')
    page.click("#action-zoom")
    page.wait_for_selector('.board-wrap[data-scale="1.00"]')

    # A two-finger pinch zooms in; a double-tap zooms back out.
    cdp = page.context.new_cdp_session(page)
    board = wrap.bounding_box()
    assert board is not None
    cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)]})

    touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for step in range(1, 9):
        touch("touchMove", [(cx - 30 - 8 * step, cy), (cx + 30 + 8 * step, cy)])
    touch("touchEnd", [])
    page.wait_for_function("Number(document.querySelector('.board-wrap').dataset.scale) > 1.5")
    assert page.locator("#board .sq.tentative").count() == 1
    for _ in range(2):
        touch("touchStart", [(cx, cy)])
        touch("touchEnd", [])
    page.wait_for_selector('.board-wrap[data-scale="1.00"]')
    assert page.locator("#board .sq.tentative").count() == 1
    assert no_horizontal_scroll(page)


def visible_empty_square(page: Any, view: dict[str, Any], avoid: set[str] | None = None) -> str:
    """An empty square wholly inside the (zoomed) board's visible area."""
    taken = {t["square"] for t in view["board"]} | (avoid or set())
    found: str | None = page.evaluate(
        """taken => {
          const wrap = document.querySelector('.board-wrap').getBoundingClientRect();
          for (const el of document.querySelectorAll('#board .sq:not(.tile)')) {
            const r = el.getBoundingClientRect();
            if (taken.includes(el.dataset.square)) continue;
            if (r.left >= wrap.left + 4 && r.right <= wrap.right - 4
                && r.top >= wrap.top + 4 && r.bottom <= wrap.bottom - 4
                && r.bottom <= window.innerHeight) return el.dataset.square;
          }
          return null;
        }""",
        sorted(taken),
    )
    assert found, "no empty square in view"
    return found

