"""Classic Scrabble for 2–4 in the browser: a 3-player English game (two people and an AI)
with a challenge that holds and one that fails, played to the end while a third person
watches; a 4-player nine-tile game's first turns with the seating draw; a finish-line game
won on target."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, SCREENSHOTS, Player
from .helpers import (
    api_post,
    legal_plays,
    match_view,
    no_horizontal_scroll,
    quiet,
    register,
    scored_plays,
    tap_tile,
    unique,
)


def wait_seq(players: list[Player], seq: int) -> None:
    for player in players:
        player.page.wait_for_function(
            "seq => Number(document.querySelector('#match')?.dataset.seq) >= seq", arg=seq,
            timeout=30_000,
        )


def post_move(page: Any, match_id: int, move: dict[str, Any]) -> dict[str, Any]:
    return api_post(page, f"/matches/{match_id}/moves", {"move": move})


def phony(view: dict[str, Any]) -> list[dict[str, Any]]:
    """A legal placement of the rack's tiles that forms a word outside the lexicon."""
    from harfiyen.lexicon.lexicon import load

    lexicon = load(view["lexicon"])
    for tiles in legal_plays(view, 30):
        letters = [(t["letter"], t["blank"]) for t in tiles][::-1]
        swapped = [{**t, "letter": letter, "blank": blank}
                   for t, (letter, blank) in zip(tiles, letters, strict=True)]
        words = words_of(view, swapped)
        if words and any(w not in lexicon for w in words):
            return swapped
    raise AssertionError("no phony found")


def words_of(view: dict[str, Any], tiles: list[dict[str, Any]]) -> list[str]:
    from harfiyen.games import crossword as cw
    from harfiyen.games.crossword.board import Placement, words_formed
    from harfiyen.games.crossword.views import CrosswordView

    board = CrosswordView.from_json(view).board
    placements = [Placement(cw.parse_square(t["square"]), t["letter"], t["blank"])
                  for t in tiles]
    try:
        return [w.text for w in words_formed(board, sorted(placements, key=lambda p: p.square))]
    except ValueError:
        return []


def open_lobby(page: Any) -> None:
    """A fresh load of the lobby (a hash change would re-render it under the test's feet)."""
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("#new-create")


def create_in_lobby(page: Any, players: int, seats: list[tuple[str, str]], **form: str) -> int:
    """Fill the lobby form for an English game of ``players`` (seats 2.. as (kind, value))."""
    open_lobby(page)
    page.select_option("#new-rules", "en")
    for field, value in form.items():
        page.select_option(f"#new-{field}", value)
    page.select_option("#new-players", str(players))
    for n, (kind, value) in enumerate(seats, start=2):
        page.select_option(f"#seat-kind-{n}", kind)
        if kind == "user":
            page.fill(f"#seat-user-{n}", value)
        elif kind == "bot":
            page.select_option(f"#seat-level-{n}", value)
    page.click("#new-create")
    page.wait_for_selector("#match")
    return int(page.get_attribute("#match", "data-match"))


@pytest.mark.slow
def test_three_players_two_people_and_an_ai_with_challenges_to_the_end(open_page: Any) -> None:
    ann, ben, cem = open_page(DESKTOP), open_page(DESKTOP), open_page(PHONE)
    names = {unique("ann"): ann, unique("ben"): ben}
    for name, player in names.items():
        register(player.page, name)
        player.name = name
    register(cem.page, unique("cem"))
    open_lobby(ben.page)

    match_id = create_in_lobby(ann.page, 3, [("user", ben.name), ("bot", "orta")])
    quiet(ann.page)
    ann.page.screenshot(path=str(SCREENSHOTS / "waiting-3-players.png"))
    # Ben's lobby lists the invitation as it arrives, then he accepts it.
    ben.page.locator(".invites .list-item").first.wait_for()
    ben.page.locator(".invites .list-item a.btn-primary").first.click()
    ben.page.click("#invite-accept")
    ben.page.wait_for_selector("#board")
    assert ben.page.url.endswith(f"#/match/{match_id}")
    ann.page.wait_for_selector("#board")

    # Cem finds the match in the lobby's watch list and opens it as a spectator.
    open_lobby(cem.page)
    cem.page.locator(f'#watch-list [data-match="{match_id}"] a.btn').click()
    cem.page.wait_for_selector('#match[data-spectator="true"]')

    state = match_view(ann.page, match_id)
    seat_of = {p["username"]: p["seat"] for p in state["players"]}
    by_seat = {seat_of[name]: player for name, player in names.items()}
    bot_seat = ({0, 1, 2} - set(by_seat)).pop()
    # The one seat order in which a person plays just before the other person.
    x_seat = next(s for s in by_seat if (s + 1) % 3 in by_seat)
    y_seat = (x_seat + 1) % 3
    x, y = by_seat[x_seat], by_seat[y_seat]
    everyone = [ann, ben, cem]
    for player in everyone:
        player.page.locator("#seating-draw").wait_for()
        assert player.page.locator(".player").count() == 3
    assert cem.page.locator("#rack").count() == 0 and cem.page.locator(".actions").count() == 0

    plan = ["phony", "real"]
    started = time.monotonic()
    for _ in range(300):
        state = match_view(ann.page, match_id)
        if state["status"] == "finished":
            break
        assert time.monotonic() - started < 240, "the game did not end"
        seq = state["last_seq"]
        view = state["view"]
        mover = view["to_move"]
        if mover == bot_seat:
            ann.page.wait_for_function(
                "seq => Number(document.querySelector('#match')?.dataset.seq) > seq", arg=seq,
                timeout=30_000)
            continue
        player = by_seat[mover]
        own = match_view(player.page, match_id)["view"]
        pending = own["pending"]
        if pending is not None and pending["seat"] != mover:
            post_move(player.page, match_id, {"kind": "accept"})
            continue
        if plan and mover == x_seat and len(own["rack"]) >= 2 and legal_plays(own):
            step = plan.pop(0)
            tiles = phony(own) if step == "phony" else legal_plays(own)[0]
            wait_seq([x], seq)
            x.page.wait_for_selector('#match[data-my-turn="true"]')
            for tile in tiles:
                tap_tile(x.page, tile)
            x.page.click("#action-submit")
            wait_seq(everyone, seq + 1)
            # Y (next) and the spectator see the window; only Y has the buttons.
            y.page.locator('.pending [data-action="challenge"]').wait_for()
            cem.page.locator(".pending").wait_for()
            assert cem.page.locator(".pending button").count() == 0
            before = match_view(y.page, match_id)
            y.page.click('.pending [data-action="challenge"]')
            wait_seq(everyone, before["last_seq"] + 1)
            after = match_view(y.page, match_id)["view"]
            last = after["last_move"]
            if step == "phony":
                assert last["kind"] == "play_challenged" and last["upheld"] is True
                assert after["scores"][x_seat] == (
                    before["view"]["scores"][x_seat] - before["view"]["pending"]["total"])
                y.page.locator("#last-move", has_text="İtiraz ettin: hamle geri alındı").wait_for()
            else:
                # The challenge fails: the play stands and Y's turn is skipped.
                kinds = [e["event"]["kind"] for e in y.page.request.get(
                    f"/api/matches/{match_id}/events?after={before['last_seq']}").json()["events"]]
                assert kinds[0] == "play_challenged" and "turn_skipped" in kinds
                for player_ in everyone:
                    player_.page.locator(".move-entry.kind-turn_skipped").first.wait_for(
                        state="attached")
                assert after["to_move"] != y_seat
            if not plan:
                quiet(ann.page)
                ann.page.screenshot(path=str(SCREENSHOTS / "match-3-players.png"))
                quiet(cem.page)
                cem.page.screenshot(path=str(SCREENSHOTS / "spectator-phone.png"))
            continue
        plays = legal_plays(own)
        post_move(player.page, match_id, {"kind": "play", "tiles": plays[0]} if plays
                  else {"kind": "pass"})
    assert not plan, "the challenges never happened"
    final = match_view(ann.page, match_id)
    assert final["status"] == "finished"
    outcome = final["view"]["outcome"]
    for player in everyone:
        page = player.page
        page.wait_for_selector("#game-end")
        for seat, score in enumerate(outcome["final_scores"]):
            assert page.locator(f'[data-final="{seat}"]').inner_text() == str(score)
        assert page.locator("[data-end-rack]").count() == 3
    # The spectator is told who won, never "Kaybettin".
    headline = cem.page.locator("#game-end h2").inner_text()
    assert headline.startswith("Kazanan") or headline.startswith("Berabere")
    assert cem.page.locator("#rematch").count() == 0
    assert no_horizontal_scroll(cem.page)


@pytest.mark.slow
def test_four_players_nine_tiles_first_turns(open_page: Any) -> None:
    ann, ben, cem = open_page(DESKTOP), open_page(PHONE), open_page(DESKTOP)
    for player, prefix in ((ann, "ann"), (ben, "ben"), (cem, "cem")):
        player.name = unique(prefix)
        register(player.page, player.name)
    open_lobby(ann.page)
    ann.page.select_option("#new-rules", "en")
    ann.page.select_option("#new-variant", "nine-tile")
    ann.page.select_option("#new-players", "4")
    ann.page.select_option("#seat-kind-2", "user")
    ann.page.fill("#seat-user-2", ben.name)
    ann.page.select_option("#seat-kind-4", "bot")
    quiet(ann.page)
    ann.page.screenshot(path=str(SCREENSHOTS / "lobby-4-players.png"))
    ann.page.click("#new-create")
    ann.page.wait_for_selector("#invite-code")
    code = ann.page.locator("#invite-code").inner_text()
    match_id = int(ann.page.get_attribute("#match", "data-match"))
    # Cem comes by the link, Ben by his invitation.
    cem.page.goto(f"/invite/{code}")
    cem.page.click("#invite-accept")
    open_lobby(ben.page)
    ben.page.locator(".invites .list-item a.btn-primary").first.click()
    ben.page.click("#invite-accept")
    people = [ann, ben, cem]
    for player in people:
        player.page.wait_for_selector("#board")
        player.page.locator("#seating-draw").wait_for()
        assert player.page.locator(".player").count() == 4
        assert player.page.locator("#rack .rack-tile").count() == 9
    draw = match_view(ann.page, match_id)
    by_seat = {p["seat"]: next(x for x in people if x.name == p["username"])
               for p in draw["players"] if not p["username"].startswith("bot_")}
    assert ann.page.locator("#seating-draw .draw-pick").count() >= 4
    quiet(ben.page)
    ben.page.screenshot(path=str(SCREENSHOTS / "match-4-players-phone.png"))
    assert no_horizontal_scroll(ben.page)

    moved: set[int] = set()
    for _ in range(30):
        state = match_view(ann.page, match_id)
        view = state["view"]
        if len(moved) == 4 or view["outcome"]:
            break
        mover = view["to_move"]
        if mover not in by_seat:
            ann.page.wait_for_function(
                "seq => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=state["last_seq"], timeout=30_000)
            moved.add(mover)
            continue
        player = by_seat[mover]
        own = match_view(player.page, match_id)["view"]
        if own["pending"] is not None:
            post_move(player.page, match_id, {"kind": "accept"})
            continue
        player.page.wait_for_selector('#match[data-my-turn="true"]')
        for tile in legal_plays(own)[0]:
            tap_tile(player.page, tile)
        player.page.click("#action-submit")
        wait_seq(people, state["last_seq"] + 1)
        moved.add(mover)
    assert len(moved) == 4
    view = match_view(ann.page, match_id)["view"]
    assert sum(1 for s in view["scores"] if s > 0) >= 3
    for player in people:
        counts = [player.page.locator(f'[data-rack-count="{s}"]').inner_text() for s in range(4)]
        assert all("taş" in c for c in counts)
    quiet(ann.page)
    ann.page.screenshot(path=str(SCREENSHOTS / "match-4-players.png"))


def test_finish_line_game_won_on_target(open_page: Any) -> None:
    player = open_page(DESKTOP)
    page = player.page
    register(page, unique("fin"))
    page.select_option("#new-rules", "en")
    page.select_option("#new-variant", "finish-line")
    page.select_option("#new-finish-level", "beginner")
    page.click("#opponent-bot")
    assert page.locator("#new-clock").count() == 0  # solo games have no clock
    page.locator("#finish-hint", has_text="70").wait_for()
    page.click("#new-create")
    page.wait_for_selector("#board")
    match_id = int(page.get_attribute("#match", "data-match"))
    page.locator("#finish-target", has_text="70").wait_for()
    assert page.locator(".finish-progress progress").count() == 2
    for _ in range(80):
        state = match_view(page, match_id)
        if state["status"] == "finished":
            break
        view = state["view"]
        if view["to_move"] != view["seat"]:
            page.wait_for_function(
                "seq => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=state["last_seq"], timeout=30_000)
            continue
        if view["pending"] is not None:
            post_move(page, match_id, {"kind": "accept"})
            continue
        plays = scored_plays(view, 1)
        post_move(page, match_id, {"kind": "play", "tiles": plays[0][0]} if plays
                  else {"kind": "pass"})
    outcome = match_view(page, match_id)["view"]["outcome"]
    assert outcome["reason"] == "finish_line" and max(outcome["final_scores"]) >= 70
    page.locator("#game-end", has_text="Hedef puana ulaşıldı").wait_for()
    winner = outcome["winners"][0]
    assert outcome["final_scores"][winner] >= 70
