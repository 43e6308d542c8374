"""The layout of every game page at 1280×800 and on a 390×844 phone: no board word and no
player name broken inside a word (KC-3), the Kelime Casusu table view whole on a 1280×800
screen (KC-2), toasts clear of the board, the scores and the navigation (CW-5, KC-7), and
the Harf Takıl table at the top of its column, not centred against the side (HT-5).

One browser page walks through the crossword, Scrabble, Kelime Casusu (spymaster, guesser,
table view, room) and Harf Takıl; each page is checked at both sizes."""

from __future__ import annotations

from typing import Any

import pytest

from .codenames_helpers import free_clues, give_clue
from .conftest import PHONE, SCREENSHOTS
from .helpers import no_horizontal_scroll, quiet, register, unique

SCREEN = {"width": 1280, "height": 800}
NAMES = (".player-name, .move-player, .move-table th, .cn-team-name, .lj-stand-name,"
         " .room-occupant, .presence-name")
WORDS = ".cn-word, .move-what"

# Every word (a run of non-space characters) of the elements that `selector` finds, which
# the browser laid out on more than one line: "BAĞLAM/A", "Se/n".
BROKEN = """(selector) => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(`${element.className}: ${match[0]}`);
      }
    }
  }
  return broken;
}"""

# The card words wider than their card (cut off rather than broken).
CLIPPED = """() => [...document.querySelectorAll('.cn-word')].filter((word) => {
  const card = word.parentElement.getBoundingClientRect();
  const box = word.getBoundingClientRect();
  return box.left < card.left - 0.5 || box.right > card.right + 0.5;
}).map((word) => word.textContent)"""

# Two toasts of the page's own kind (one long), then every part of the page they cover.
COVERED = """async (parts) => {
  const { toast } = await import('/js/ui.js');
  toast('Kaydedildi.');
  toast('Bağlantı koptu; yeniden bağlanılıyor, lütfen bekleyin.', 'error');
  const boxes = [...document.querySelectorAll('#toasts .toast')]
    .map((toast) => toast.getBoundingClientRect());
  const covered = [];
  for (const part of document.querySelectorAll(parts)) {
    const r = part.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    for (const b of boxes) {
      if (b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom) {
        covered.push(`${part.tagName}#${part.id}.${part.className}`);
      }
    }
  }
  return covered;
}"""
NAVIGATION = "#topbar, .match-panels .panel-head"
BOARDS = "#board, #cn-board, .lj-table"
SCORES = ".players, .cn-counters, .cn-head"


def check(page: Any, name: str, covers: str = f"{NAVIGATION}, {BOARDS}, {SCORES}") -> None:
    """The page at both sizes: words whole, no sideways scroll, toasts clear of `covers`;
    screenshots."""
    for size, tag in ((SCREEN, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)  # one layout after the resize
        assert page.evaluate(BROKEN, NAMES) == [], (name, tag, "a name broken inside a word")
        assert page.evaluate(BROKEN, WORDS) == [], (name, tag, "a word broken inside")
        assert page.evaluate(CLIPPED) == [], (name, tag, "a card word wider than its card")
        assert no_horizontal_scroll(page), (name, tag, "the page scrolls sideways")
        quiet(page)
        page.screenshot(path=str(SCREENSHOTS / f"layout-{name}-{tag}.png"))
        assert page.evaluate(COVERED, covers) == [], (name, tag, "a toast covers")
        quiet(page)


def solo_crossword(page: Any, rules: str) -> None:
    """A game against the lobby's bot, one pass each so the move list names both."""
    page.goto("/")
    page.wait_for_selector("#new-create")
    page.select_option("#new-rules", rules)
    page.click("#opponent-bot")
    page.click("#new-create")
    page.wait_for_selector('#match[data-my-turn="true"]', timeout=60_000)  # a busy machine
    page.click("#action-pass")
    page.locator("dialog[open] .btn-primary").click()
    page.wait_for_selector('#match[data-my-turn="true"]', timeout=60_000)
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list tr.move-entry').length >= 2")


@pytest.mark.slow
def test_every_game_page_keeps_words_whole_fits_and_leaves_toasts_aside(open_page: Any) -> None:
    page = open_page(SCREEN).page
    register(page, unique("duzen"))

    solo_crossword(page, "tr")
    check(page, "crossword")
    solo_crossword(page, "en")
    check(page, "scrabble")

    # Kelime Casusu: a spymaster's clue to AI guessers; an AI spymaster's clue to a guesser,
    # which stays on the table (the screen for the call) until the guesser guesses.
    page.goto("/")
    page.click("#cn-solo-spymaster")
    page.wait_for_selector("#cn-clue-form")
    give_clue(page, free_clues(page)[0], 2)
    check(page, "codenames-spymaster")
    page.goto("/")
    page.click("#cn-solo-guesser")
    page.wait_for_selector("#cn-guess-bar", timeout=90_000)  # the AI's models may be loading
    match_id = int(page.get_attribute("#match", "data-match"))
    check(page, "codenames-guesser")
    page.goto(f"/#/table/{match_id}")
    page.wait_for_selector("#cn-table .cn-current")
    page.set_viewport_size(SCREEN)
    page.wait_for_timeout(150)
    fits = page.evaluate("""() => ({
      scroll: document.scrollingElement.scrollHeight - window.innerHeight,
      below: [...document.querySelectorAll('#cn-table .cn-card')]
        .filter((c) => c.getBoundingClientRect().bottom > window.innerHeight).length })""")
    assert fits == {"scroll": 0, "below": 0}, fits
    check(page, "codenames-table", f"{NAVIGATION}, .cn-board, .cn-counters")

    # A room: the toast leaves its title and code visible; leaving is not a spectator's line.
    page.goto("/")
    page.click("#cn-create")
    page.wait_for_selector("#room .room-team")
    assert page.locator("#room-members #room-leave").count() == 0
    assert page.locator("#room-leave").count() == 1
    check(page, "codenames-room", f"{NAVIGATION}, #room h1")

    # A Harf Takıl room, then a table with AI teammates.
    page.goto("/")
    page.wait_for_selector("#lj-lobby")
    page.click("#lj-create")
    page.wait_for_selector("#room .room-occupant")
    check(page, "letterjam-room", f"{NAVIGATION}, #room h1")
    page.goto("/")
    page.wait_for_selector("#lj-lobby")
    page.click("#lj-solo")
    page.wait_for_selector("#lj-stands")
    # A phone shows little more than the table: a toast may lie over its lowest line (the
    # non-player stands and the tokens), never over the players' stands or the heading.
    check(page, "letterjam", f"{NAVIGATION}, .lj-stands, .lj-head")
    # HT-5: the table stays under the heading however tall the side column grows (a long
    # list of clues on the guess sheet, made here by stretching the sheet).
    page.set_viewport_size(SCREEN)
    gap = page.evaluate("""() => {
      document.querySelector('.lj-sheet').style.minHeight = '1400px';
      return document.querySelector('.lj-table').getBoundingClientRect().top
        - document.querySelector('.lj-head').getBoundingClientRect().bottom; }""")
    assert gap < 30, gap


def test_the_layout_checks_find_a_broken_name_a_clipped_word_and_a_covered_board(
    open_page: Any,
) -> None:
    """The checks above fail where they should: a name broken inside a word, a card word
    wider than its card, a toast over the board."""
    page = open_page(PHONE).page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.evaluate("""() => {
      const name = document.createElement('span');
      name.className = 'player-name';
      name.style.cssText = 'display: block; width: 3em; overflow-wrap: anywhere';
      name.textContent = 'Şampiyon (bot)';
      const card = document.createElement('div');
      card.style.cssText = 'width: 40px; overflow: visible; white-space: nowrap';
      card.innerHTML = '<span class="cn-word">BAĞLAMA</span>';
      const board = document.createElement('div');
      board.id = 'board';
      board.style.cssText = 'position: fixed; inset: 0; z-index: -1';
      document.body.append(name, card, board);
    }""")
    assert page.evaluate(BROKEN, NAMES) == ["player-name: Şampiyon"]
    assert page.evaluate(CLIPPED) == ["BAĞLAMA"]
    assert page.evaluate(COVERED, BOARDS)
