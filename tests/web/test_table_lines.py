"""Lines of the match pages drawn from what the server sends: the Kelime Casusu clue
log keeps a guessing turn that timed out (KC-5), and whom the table waits for is said
to every viewer in their own person (checked on one page)."""

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


def test_the_clue_log_and_the_waiting_line(open_page: Any) -> None:
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
    lines = page.evaluate("""async () => {
        const { MatchController } = await import('/js/match/controller.js');
        const names = ['Sen', 'Ayşe', 'Mehmet'];
        const line = (waiting) => MatchController.prototype.waitingText.call({
            s: { waiting }, isMe: (seat) => seat === 0, nameWithAi: (seat) => names[seat] });
        return [line([1, 2]), line([0]), line([0, 1]), line([0, 1, 2]), line([])];
    }""")
    assert lines == ["Bekleniyor: Ayşe, Mehmet", "Sıra sende", "Sen ve Ayşe bekleniyorsunuz",
                     "Sen, Ayşe ve Mehmet bekleniyorsunuz", ""]
