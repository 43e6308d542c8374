"""Your-turn signals in all four games (one browser page, solo games against the AI): the
tab's title reads "(Sıra sende) Harfiyen" and its icon gets a badge while the table waits on
the player, and "Harfiyen" again when it does not; the English title too. The crossword
games on a desktop, Kelime Casusu and Harf Takıl on a 390×844 phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .helpers import api_post, start_solo_as_guest

TURN_TR = "(Sıra sende) Harfiyen"


def wait_title(page: Any, title: str) -> None:
    page.wait_for_function("(title) => document.title === title", arg=title)


def badge(page: Any) -> str:
    return str(page.get_attribute("link[rel='icon']", "href") or "")


def leave_to_lobby(page: Any) -> None:
    page.evaluate("location.hash = '/lobby'")
    page.wait_for_selector("#new-create")
    wait_title(page, "Harfiyen")
    assert badge(page) == "data:,"


@pytest.mark.slow
def test_the_tab_title_says_your_turn_in_every_game(open_page: Any) -> None:
    page = open_page(DESKTOP).page
    # Türkçe kelime oyunu against a bot: the player's turn first.
    match_id = start_solo_as_guest(page)
    wait_title(page, TURN_TR)
    assert badge(page).startswith("data:image/svg+xml")
    # The bot's turn after a pass: the title is plain again (the bot may answer before a
    # look at the title, so every title the tab shows is kept).
    page.evaluate("""() => {
        window.__titles = [];
        new MutationObserver(() => window.__titles.push(document.title))
            .observe(document.querySelector('title'), { childList: true });
    }""")
    page.click("#action-pass")
    page.click("dialog[open] .btn-primary")
    page.wait_for_function("() => window.__titles.includes('Harfiyen')")
    assert int(page.get_attribute("#match", "data-match")) == match_id
    leave_to_lobby(page)

    # Classic Scrabble (English rules) against a bot: the title in the interface's language.
    created = api_post(page, "/matches", {"game": "crossword", "options": {"rules": "en"},
                                          "ranked": False, "time_control": {"kind": "none"},
                                          "bot": "caylak"})
    page.evaluate("id => { location.hash = `/match/${id}`; }", created["match"]["id"])
    page.wait_for_selector('#match[data-my-turn="true"]', timeout=60_000)
    wait_title(page, TURN_TR)
    page.click('[data-lang="en"]')
    wait_title(page, "(Your turn) Harfiyen")
    page.click('[data-lang="tr"]')
    wait_title(page, TURN_TR)
    leave_to_lobby(page)

    # On a phone from here on (the crossword on a desktop).
    page.set_viewport_size(PHONE)
    # Kelime Casusu, finding nine words with an AI spymaster: the guess is the player's.
    page.click("#cn-solo-find9")
    page.wait_for_selector("#match[data-game='codenames'][data-acting='true']", timeout=60_000)
    wait_title(page, TURN_TR)
    leave_to_lobby(page)

    # Harf Takıl with AI teammates: a round waits on every seat.
    page.click("#lj-solo")
    page.wait_for_selector("#match[data-game='letterjam'][data-acting='true']", timeout=60_000)
    wait_title(page, TURN_TR)
    assert badge(page).startswith("data:image/svg+xml")
    # No notification offer in a game against the AI alone.
    assert page.locator("#notify-offer").count() == 0
    leave_to_lobby(page)
