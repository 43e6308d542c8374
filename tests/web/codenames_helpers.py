"""What the Kelime Casusu web tests do as people would: read the board, give a clue, mark and
reveal a card, pass; and the check that no guesser or spectator page ever got the key."""

from __future__ import annotations

from typing import Any

from .conftest import Player

CUES = {"red": "▲", "blue": "■", "neutral": "●", "black": "✖"}


def role_of(page: Any) -> tuple[str, str]:
    """The (team, role) the page's match screen says it plays ("", "spectator" when watching)."""
    page.wait_for_selector("#match[data-game='codenames'][data-seq]:not([data-seq='0'])")
    root = page.locator("#match")
    return root.get_attribute("data-team") or "", root.get_attribute("data-role") or ""


def wait_seq(pages: list[Any], seq: int, selector: str = "#match") -> None:
    for page in pages:
        page.wait_for_function(
            "([sel, seq]) => Number(document.querySelector(sel)?.dataset.seq) >= seq",
            arg=[selector, seq],
        )


def seq_of(page: Any, selector: str = "#match") -> int:
    return int(page.get_attribute(selector, "data-seq") or 0)


def key_from_page(page: Any) -> dict[int, str]:
    """The key as a spymaster's page shows it: card index -> colour (from its attributes)."""
    cards = page.locator("#cn-board .cn-card")
    out: dict[int, str] = {}
    for i in range(cards.count()):
        card = cards.nth(i)
        colour = card.get_attribute("data-colour")
        assert colour, f"a spymaster's card {i} without its key colour"
        out[int(card.get_attribute("data-index"))] = colour
    return out


def covered(page: Any) -> set[int]:
    cards = page.locator("#cn-board .cn-card[data-revealed='false']")
    return {int(cards.nth(i).get_attribute("data-index")) for i in range(cards.count())}


CLUES = ["deniz", "orman", "gemi", "yıldız", "müzik", "şehir", "hayvan", "renk", "yemek",
         "spor", "okul", "bahçe", "kitap", "zaman", "oyun", "ateş", "buz", "yol", "ses"]


def tr_upper(word: str) -> str:
    return word.replace("i", "İ").replace("ı", "I").upper()


def free_clues(page: Any) -> list[str]:
    """Clue words that are not on the page's board (a board word is refused as a clue)."""
    board = {w.strip() for w in page.locator("#cn-board .cn-word").all_inner_texts()}
    return [w for w in CLUES if tr_upper(w) not in board]


def give_clue(page: Any, word: str | None, number: int) -> None:
    """Give a clue; ``word`` None: one of :data:`CLUES` not on the board (a new one each
    turn, so the clue log reads like a game)."""
    page.wait_for_selector("#cn-clue-form")
    word = word or free_clues(page)[page.locator("#cn-log .cn-clue").count()]
    page.fill("#cn-clue-word", word)
    page.select_option("#cn-clue-number", str(number))
    page.click("#cn-clue-send")
    page.wait_for_selector("#cn-clue-form", state="detached")


def card(page: Any, index: int) -> Any:
    return page.locator(f"#cn-board .cn-card[data-index='{index}']")


def mark_and_reveal(guesser: Any, index: int, teammates: list[Any] = ()) -> None:
    """Tap once (the team sees the mark), then confirm with the Reveal button."""
    guesser.wait_for_selector("#cn-guess-bar")
    card(guesser, index).click()
    for other in teammates:
        card(other, index).and_(other.locator(".marked")).wait_for()
    guesser.click("#cn-reveal")
    card(guesser, index).and_(guesser.locator("[data-revealed='true']")).wait_for()


def assert_never_saw_the_key(player: Player) -> None:
    """No view and no event this page received while the game ran showed the colour of a
    covered card (once it is over, the key is public)."""
    for frame in player.frames.received:
        view = frame.get("view")
        event = frame.get("event") or {}
        if event.get("kind") == "game_ended" or (view and view.get("outcome") is not None):
            break
        if frame.get("type") in ("state", "sync") and view and view.get("game") == "codenames":
            assert not view["key_visible"], "a guesser's or spectator's view with the key"
            for c in view["cards"]:
                assert c["revealed"] or "colour" not in c, f"a covered card's colour: {c}"
        if event.get("kind") == "board_drawn":
            assert "key" not in event, "the drawn key reached a guesser or spectator"
