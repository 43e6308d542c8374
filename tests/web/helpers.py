"""What the web tests do as a person would: sign up, open matches, place tiles by tap or drag."""

from __future__ import annotations

import functools
import secrets
import time
from typing import Any

from harfiyen.games import crossword as cw
from harfiyen.games.crossword.views import CrosswordView, GameFacts

PASSWORD = "correct horse battery"


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(4)}"


@functools.cache
def _generator(facts: GameFacts) -> Any:
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.lexicon.lexicon import load

    return MoveGenerator(load(facts.lexicon), facts.ruleset())


def legal_plays(view: dict[str, Any], limit: int = 1) -> list[list[dict[str, Any]]]:
    """The best ``limit`` legal plays for the rack in a seat's ``view`` (each a tile list)."""
    return [tiles for tiles, _ in scored_plays(view, limit)]


def scored_plays(view: dict[str, Any], limit: int = 1) -> list[tuple[list[dict[str, Any]], int]]:
    """The best ``limit`` legal plays with the move generator's score for each."""
    seen = CrosswordView.from_json(view)
    assert seen.rack is not None, "a seat's view"
    gen = _generator(seen.facts)
    found = gen.best(gen.scratch(seen.board), seen.rack, limit, seen.active_bonus_square)
    return [([
        {"square": cw.square_name(p.square), "letter": p.letter, "blank": p.blank}
        for p in move.placements
    ], move.score) for move in found]


def register(page: Any, name: str) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#tab-register")
    page.fill("#auth-username", name)
    page.fill("#auth-password", PASSWORD)
    page.click("#auth-submit")
    page.wait_for_selector("#new-create")


def match_view(page: Any, match_id: int) -> dict[str, Any]:
    """The page user's own view of the match, read over HTTP with the page's cookies."""
    response = page.request.get(f"/api/matches/{match_id}")
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()["match"]
    return data


def current_match(page: Any) -> int:
    page.wait_for_selector("#match")
    return int(page.get_attribute("#match", "data-match"))


def rack_tile(page: Any, letter: str) -> Any:
    """A free rack tile showing ``letter`` (``?`` for a blank)."""
    return page.locator(f'#rack .rack-tile[data-letter="{letter}"]').first


def square(page: Any, name: str) -> Any:
    return page.locator(f'#board [data-square="{name}"]')


def choose_blank(page: Any, letter: str) -> None:
    page.locator(f'dialog[open] [data-letter="{letter}"]').click()


def tap_tile(page: Any, tile: dict[str, Any]) -> None:
    """Tap the rack tile, then tap the square."""
    rack_tile(page, "?" if tile["blank"] else tile["letter"]).click()
    square(page, tile["square"]).click()
    if tile["blank"]:
        choose_blank(page, tile["letter"])


def drag_tile(page: Any, tile: dict[str, Any]) -> None:
    """Drag the rack tile onto the square with the mouse (pointer events)."""
    source = rack_tile(page, "?" if tile["blank"] else tile["letter"]).bounding_box()
    target = square(page, tile["square"]).bounding_box()
    assert source is not None and target is not None
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    page.mouse.up()
    if tile["blank"]:
        choose_blank(page, tile["letter"])


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth"
        " && document.body.scrollWidth <= window.innerWidth"
    ))


def api_post(page: Any, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """POST to the API with the page's cookies and CSRF header (as the app does)."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "harfiyen_csrf")
    response = page.request.post(f"/api{path}", data=body or {}, headers={"X-CSRF-Token": csrf})
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()
    return data


def accept_invite_for(page: Any, match_id: int) -> None:
    """The page user accepts their open invitation to ``match_id`` (over HTTP)."""
    invites = page.request.get("/api/invites").json()["invites"]
    code = next(i["code"] for i in invites if i["match"] == match_id)
    api_post(page, f"/invites/{code}/accept")


def start_match(host: Any, guest: Any, guest_name: str, options: dict[str, Any]) -> int:
    """``host`` invites ``guest_name`` (over HTTP), the guest accepts; both pages open the match."""
    created = api_post(host, "/matches", {
        "game": "crossword", "options": options, "ranked": False,
        "time_control": {"kind": "none"}, "opponent": guest_name,
    })
    match_id = int(created["match"]["id"])
    accept_invite_for(guest, match_id)
    for page in (host, guest):
        page.goto(f"/#/match/{match_id}")
        page.wait_for_selector("#board")
    return match_id


def start_solo_as_guest(page: Any) -> int:
    """Sign in as a guest, start a Turkish match against the lobby's default bot and wait
    until it is the guest's turn; the match id."""
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.click("#auth-guest")
    page.click("#opponent-bot")
    page.click("#new-create")
    match_id = current_match(page)
    page.wait_for_selector("#board")
    page.wait_for_selector('#match[data-my-turn="true"]')
    return match_id



def quiet(page: Any) -> None:
    """Before a screenshot: no toasts and no notification offer over the page."""
    page.evaluate("document.getElementById('toasts').replaceChildren();"
                  "document.getElementById('banner').replaceChildren(); window.scrollTo(0, 0);")


def wait_true(page: Any, predicate: str, arg: Any = None, timeout: float = 15.0) -> None:
    """Wait until the page's (async) ``predicate(arg)`` gives a true value: Playwright's
    ``wait_for_function`` takes a returned promise for true at once, so a condition read
    with ``fetch`` is polled here, each promise awaited."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"not true within {timeout:g} s: {predicate}"
        page.wait_for_timeout(200)
