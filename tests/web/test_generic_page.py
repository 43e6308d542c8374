"""A game the web app has no page for is shown on the generic match page: the made-up fourth
game (tests/conformance/fourth_game.py), registered for the test, played against its AI
seat. The page knows nothing of the game; whose turn it is comes from the table's waiting
line, and the page is never sent the AI seat's letter while the game runs."""

from __future__ import annotations

from typing import Any

from harfiyen.core.registry import temporarily_registered

from .conftest import Player
from .helpers import api_post, register, unique

YOUR_TURN = "Sıra sende"
AI_WAITED = "Bekleniyor: Yapay zekâ"
OVER = "Oyun bitti"


# Every line the page's status shows, in order (the page renders each state it is sent).
RECORD_LINES = """() => {
  window.__lines = [];
  const note = () => {
    const line = document.querySelector('#generic-status')?.textContent;
    if (line && window.__lines.at(-1) !== line) window.__lines.push(line);
  };
  note();
  new MutationObserver(note).observe(document.getElementById('match'),
                                     { childList: true, subtree: true, characterData: true });
}"""


def test_the_fourth_game_against_its_ai_on_the_generic_page(open_page: Any) -> None:
    from conformance.fourth_game import SECRET_LETTER

    with temporarily_registered(SECRET_LETTER):
        player: Player = open_page()
        page = player.page
        register(page, unique("gh"))
        created = api_post(page, "/matches", {"game": "gizli-harf", "bot": "ai",
                                              "options": {"players": 2, "turns": 2}})
        match_id = int(created["match"]["id"])
        page.goto(f"/#/match/{match_id}")
        page.wait_for_selector('#match[data-game="gizli-harf"] #generic-match')
        page.evaluate(RECORD_LINES)
        for said in (1, 2):
            # The AI answers at once when it is to move; then it is the person's turn.
            page.wait_for_selector('#generic-status[data-your-turn="true"]')
            words = player.frames.seat_views()[-1]["words"]
            start = words[-1][-1] if words else "K"
            shown = len(page.evaluate("window.__lines"))
            api_post(page, f"/matches/{match_id}/moves",
                     {"move": {"kind": "say", "word": start + "E" * said}})
            # The page leaves the person's turn (the table waits on the AI, or it is over).
            page.wait_for_function("n => window.__lines.length > n", arg=shown)
        page.wait_for_function("line => document.querySelector('#generic-status')"
                               "?.textContent === line", arg=OVER)
        lines = page.evaluate("window.__lines")
        assert YOUR_TURN in lines and AI_WAITED in lines and lines[-1] == OVER, lines
        mine = {v["letter"] for v in player.frames.seat_views()}
        assert len(mine) == 1
        for frame in player.frames.received:
            if frame.get("type") in ("state", "sync") and frame.get("status") == "active":
                assert frame["view"]["letters"] is None
            if frame.get("type") == "event" and frame["event"]["kind"] == "dealt":
                assert set(frame["event"]["letters"]) == mine
