"""The Kelime Casusu clue log keeps a guessing turn that timed out (KC-5)."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP

VIEW = {
    "language": "tr",
    "clues": [
        {"team": "red", "seat": 0, "word": "deniz", "number": 2, "timed_out": True,
         "guesses": [{"index": 3, "word": "gemi", "colour": "red"}]},
        {"team": "blue", "seat": 2, "word": "orman", "number": 1, "guesses": []},
    ],
}


def test_a_timed_out_guess_turn_shows_in_the_clue_log(open_page: Any) -> None:
    page = open_page(DESKTOP).page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    marks = page.evaluate("""async (view) => {
        const { renderClueLog } = await import('/js/codenames/board.js');
        const log = renderClueLog(view);
        return [...log.querySelectorAll('.cn-clue')].map(
            (li) => li.querySelector('[data-timed-out]')?.textContent ?? null);
    }""", VIEW)
    assert marks == ["Süre doldu: tahmin sırası bitti.", None]
