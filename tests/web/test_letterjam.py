"""Harf Takıl in the browser: three people play a Turkish game through their pages (offers,
one-tap votes, a clue spelled by tapping cards, moving on and staying, a bonus letter named,
agreeing to end, the arrangement by drag, by keyboard and by tap, the reveal beside the
secret words, the chat after the end); three people and an AI teammate play a whole game
through their pages; the table on a 360 px phone, in English too, with a spectator; a room
made from the lobby with scoring and a timer, played to the end; one person alone with three
AI teammates wins (its true letters read by the test from the server's database, never
through the page); no page ever gets its own letters before the reveal. The Harf Takıl
screenshots of the README (table, clue builder, sheet, reveal; desktop and 360 px phone) are
taken here.

The guess sheet is kept on the server when it offers ``/api/matches/{id}/sheet`` (then
another device of the same account finds the notes, and everyone's sheet shows after the
end); without it the panel keeps the notes in the browser. Either way a note survives a
reload.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from contextlib import closing
from typing import Any

import pytest

from harfiyen.games import game
from harfiyen.games.letterjam.cards import ref_label
from harfiyen.games.letterjam.views import LetterJamView
from harfiyen.lexicon.lexicon import load

from .conftest import DESKTOP, SCREENSHOTS, Player
from .helpers import (
    PASSWORD,
    accept_invite_for,
    api_post,
    match_view,
    no_horizontal_scroll,
    quiet,
    register,
    unique,
)

PHONE_SMALL = {"width": 360, "height": 740}
WIDE = """[...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8)
    .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


def start_three(open_page: Any, names: tuple[str, ...] = ("ali", "ayse", "can"),
                clue_at: int | None = None) -> tuple[int, list[Player]]:
    """Three people in a Turkish match (the host invites two by name over HTTP); every page
    on the match; the players in seat order. ``clue_at``: a seat that must see a clue using
    another player's card (about 1 deal in 100 has none: then the same people deal again)."""
    players = [open_page(DESKTOP) for _ in names]
    for player, name in zip(players, names, strict=True):
        player.name = unique(name)
        register(player.page, player.name)
    for _ in range(5):
        created = api_post(players[0].page, "/matches", {
            "game": "letterjam", "options": {"language": "tr", "players": len(names)},
            "time_control": {"kind": "none"}, "opponents": [p.name for p in players[1:]],
        })
        match_id = int(created["match"]["id"])
        for player in players[1:]:
            accept_invite_for(player.page, match_id)
        by_seat: dict[int, Player] = {}
        for player in players:
            player.page.goto(f"/#/match/{match_id}")
            by_seat[seat_of(player.page)] = player
        assert sorted(by_seat) == list(range(len(names)))
        if clue_at is None or best_clue(by_seat[clue_at], match_id) is not None:
            break
    return match_id, [by_seat[i] for i in range(len(names))]


def seat_of(page: Any) -> int:
    page.wait_for_selector("#match[data-game='letterjam'][data-phase]:not([data-phase=''])")
    return int(page.get_attribute("#match", "data-seat"))


def view_of(player: Player, match_id: int) -> dict[str, Any]:
    view: dict[str, Any] = match_view(player.page, match_id)["view"]
    return view


def wait_phase(players: list[Player], phase: str) -> None:
    for player in players:
        player.page.wait_for_selector(f"#match[data-phase='{phase}']")


def wait_seq(players: list[Player], seq: int) -> None:
    for player in players:
        player.page.wait_for_function(
            "(seq) => Number(document.querySelector('#match')?.dataset.seq) >= seq", arg=seq)


def seq_of(player: Player) -> int:
    return int(player.page.get_attribute("#match", "data-seq") or 0)


def best_clue(player: Player, match_id: int) -> Any:
    """The AI teammate's best clue on this seat's own view that uses another player's card
    (so a reader gets a `?`); ``None`` if it sees none."""
    from harfiyen.ai.letterjam.cluesearch import search
    from harfiyen.ai.letterjam.table import read_table
    from harfiyen.ai.letterjam.words import word_index

    table = read_table(LetterJamView.from_json(view_of(player, match_id)))
    found = search(table, word_index(table.lexicon), limit=20)
    return next((c for c in found if c.shape[1] >= 1), None)


def offer(player: Player, length: int, players: int, nonplayers: int,
          wildcard: bool | None = None) -> None:
    """Offer a clue's shape (and, when given, whether it uses the wildcard)."""
    page = player.page
    page.select_option("#lj-offer-length", str(length))
    page.select_option("#lj-offer-players", str(players))
    page.select_option("#lj-offer-nonplayers", str(nonplayers))
    if wildcard is not None:
        page.select_option("#lj-offer-wildcard", "true" if wildcard else "false")
    page.click("#lj-offer-send")


def tap_clue(player: Player, refs: list[str], wildcard: str | None) -> None:
    """Tap the cards of the clue in order (and the wildcard's letter); the numbered tokens
    appear on the tapped cards."""
    page = player.page
    page.wait_for_selector("#lj-builder")
    for i, ref in enumerate(refs, 1):
        page.click(f"#lj-table .lj-card[data-ref='{ref}']")
        numbers = page.locator(f"#lj-table .lj-card[data-ref='{ref}'] .lj-token-number")
        numbers.filter(has_text=str(i)).wait_for()
    if wildcard is not None:
        page.click(f"#lj-wild-picker .lj-pick[data-letter='{wildcard}']")


def clue_with(view: dict[str, Any], must: str) -> tuple[list[str], str | None]:
    """A short clue the seat of ``view`` can spell with the card ``must`` (``B2``: a bonus
    card), the visible pile tops and stand cards and at most the wildcard: the references
    and the wildcard's letter."""
    lexicon = load("TR-1")
    letters = {f"N{p['index']}": p["top"] for p in view["piles"] if p["top"]}
    letters |= {f"P{st['seat']}": st["card"] for st in view["stands"]
                if st.get("card") and st["seat"] != view["seat"]}
    letters[must] = view["stands"][int(must[1:])]["bonus"]
    others = [ref for ref in letters if ref != must]
    for length in (2, 3):
        for rest in itertools.permutations([*others, "*"], length - 1):
            for at in range(length):
                refs = [*rest[:at], must, *rest[at:]]
                wilds: list[str | None] = [*view["deck_letters"]] if "*" in refs else [None]
                for wild in wilds:
                    word = "".join((wild or "") if r == "*" else letters[r] for r in refs)
                    if word in lexicon:
                        return refs, wild
    raise AssertionError(f"no short clue with {must}")


def assert_never_saw_own_letters(player: Player, seat: int) -> None:
    """No view and no event of this page carried its own stand or bonus letters while the
    game ran (the reveal opens them)."""
    for frame in player.frames.received:
        view = frame.get("view") or {}
        event = frame.get("event") or {}
        if event.get("kind") == "game_ended" or view.get("phase") == "over":
            break
        if frame.get("type") in ("state", "sync") and view.get("stands"):
            own = view["stands"][seat]
            assert "card" not in own and "bonus" not in own, f"own letters in a view: {own}"
            assert "words" not in view and "deck" not in view
        if event.get("kind") in ("moved_on", "bonus_drawn") and event.get("seat") == seat:
            assert "shown" not in event and "letter" not in event, f"own letter: {event}"
        if event.get("kind") == "dealt":
            assert "shown" not in event["stands"][seat] and "words" not in event


def shoot(page: Any, name: str) -> None:
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.slow
def test_three_people_play_a_turkish_game_in_the_browser(open_page: Any) -> None:
    match_id, seats = start_three(open_page, clue_at=0)
    pages = [p.page for p in seats]
    # Every stand: one's own shows `?`, the others their letter; three nonplayer piles.
    for seat, page in enumerate(pages):
        own = page.locator(f"#lj-table .lj-card[data-ref='P{seat}']")
        assert own.get_attribute("data-letter") == "?"
        assert "göremezsin" in own.get_attribute("aria-label")
        for other in range(3):
            if other != seat:
                letter = page.get_attribute(f".lj-card[data-ref='P{other}']", "data-letter")
                assert letter and letter != "?"
        assert page.locator("#lj-piles .lj-pile").count() == 3
        assert "yığında 8 kart" in page.get_attribute(".lj-card[data-ref='N1']", "aria-label")
    pool = pages[0].locator("#lj-pool")
    assert pool.locator("[data-tokens='red']").get_attribute("data-count") == "6"
    assert pool.locator("[data-tokens='green']").get_attribute("data-count") == "2"
    locked = pool.locator("[data-tokens='locked']").get_attribute("aria-label")
    assert "kırmızılar bitince" in locked

    # Seat 0 finds a clue (the AI teammate's search on seat 0's own view) and offers its shape.
    giver = seats[0]
    clue = best_clue(giver, match_id)
    assert clue is not None and clue.shape[1] >= 1
    refs = [ref_label(r) for r in clue.refs]
    # It also says whether the clue uses the wildcard (the offer may say so; the clue must
    # then keep it).
    uses_wildcard = clue.wildcard is not None
    offer(giver, *clue.shape, wildcard=uses_wildcard)
    for page in pages:
        page.locator("#lj-offers [data-offer='0']").wait_for()
    said = "jokerli" if uses_wildcard else "jokersiz"
    assert said in pages[1].locator("#lj-offers [data-offer='0'] .lj-offer-shape").inner_text()
    # An offer of another shape by seat 1; seat 2 votes for it, then changes its mind.
    offer(seats[1], 3, 1, 1)
    pages[2].locator("#lj-offers [data-offer='1']").wait_for()
    pages[2].click("#lj-vote-1")
    pages[2].locator("#lj-vote-1[aria-pressed='true']").wait_for()
    pages[2].click("#lj-vote-0")
    votes = pages[0].locator("#lj-offers [data-offer='0'] .lj-offer-votes")
    votes.filter(has_text="1 oy").wait_for()
    # One tap from seat 1 makes the majority (2 of 3): seat 0 gives the clue.
    pages[1].click("#lj-vote-0")
    wait_phase(seats, "clue")
    assert "İpucu veren" in pages[1].locator("#lj-status").inner_text()
    assert pages[1].locator("#lj-builder").count() == 0
    # The builder refuses one's own card (it is not tappable) and counts the offer's shape.
    assert pages[0].get_attribute(".lj-card[data-ref='P0']", "aria-disabled") == "true"
    tap_clue(giver, refs, clue.wildcard)
    assert pages[0].locator("#lj-checks li.ok").count() == 4  # the shape and the wildcard
    assert "".join(pages[0].locator("#lj-spelled .lj-tile-letter").all_inner_texts()) == clue.word
    shoot(pages[0], "letterjam-clue")
    pages[0].click("#lj-clue-send")
    pages[1].locator("#toasts .toast").filter(has_text="Yeni ipucu (1)").wait_for()
    wait_phase(seats, "round")

    # Each reader sees the clue as numbered tokens with `?` at its own place.
    used = sorted({int(r[1:]) for r in refs if r[0] == "P"})
    for seat, page in enumerate(pages):
        tiles = page.locator("#lj-last-clue .lj-tile")
        assert tiles.count() == len(refs)
        for i, ref in enumerate(refs):
            letter = tiles.nth(i).locator(".lj-tile-letter").inner_text()
            if ref == f"P{seat}":
                assert letter == "?"
            elif ref == "*":
                assert letter == "*"
            else:
                assert letter != "?"
    reader = seats[used[0]]
    reader.page.wait_for_selector("#lj-move-on.asked")
    # The tokens stay on the cards; the red pool lost one.
    assert pages[2].locator("#lj-pool [data-tokens='red']").get_attribute("data-count") == "5"
    shoot(pages[2], "letterjam-table")

    # Moving on: the reader guesses (the letter another page sees) and moves on; a second
    # reader, if any, stays.
    neighbour = seats[(used[0] + 1) % 3]
    truth = neighbour.page.get_attribute(f".lj-card[data-ref='P{used[0]}']", "data-letter")
    before = seq_of(reader)
    reader.page.click(f"#lj-guess-picker .lj-pick[data-letter='{truth}']")
    reader.page.click("#lj-move-on-send")
    wait_seq(seats, before + 1)
    sheet = reader.page.locator("#lj-sheet .lj-sheet-pos[data-position='0'] .lj-sheet-letter")
    assert sheet.inner_text() == truth
    progress = reader.page.locator(f".lj-stand[data-seat='{used[0]}'] .lj-progress")
    assert "2/5" in progress.inner_text()
    if len(used) > 1:
        stayer = seats[used[1]].page
        stayer.wait_for_selector("#lj-move-on.asked")
        stayer.click("#lj-stay")
        stayer.wait_for_selector("#lj-move-on:not(.asked)")

    # A note on the sheet survives a reload of the page.
    note_page = pages[2]
    note_page.click("#lj-note-1")
    note_page.click("#lj-note-picker .lj-pick[data-letter='K']")
    note_page.locator("#lj-note-1").filter(has_text="K").wait_for()
    note_page.reload()
    note_page.locator("#lj-note-1").filter(has_text="K").wait_for()
    quiet(note_page)
    note_page.locator("#lj-sheet").screenshot(path=str(SCREENSHOTS / "letterjam-sheet.png"))
    if note_page.request.get(f"/api/matches/{match_id}/sheet").ok:
        # The server keeps the sheet: another device of the same account finds it too.
        assert note_page.get_attribute("#lj-sheet", "data-source") == "server"
        device = open_page(DESKTOP)
        device.page.goto("/")
        device.page.wait_for_selector("body[data-ready]")
        device.page.click("#tab-login")
        device.page.fill("#auth-username", seats[2].name)
        device.page.fill("#auth-password", PASSWORD)
        device.page.click("#auth-submit")
        device.page.wait_for_selector("#new-create")
        device.page.goto(f"/#/match/{match_id}")
        device.page.locator("#lj-note-1").filter(has_text="K").wait_for()
        device.page.close()

    # Seat 2 goes through its five letters quickly (the same command path over HTTP) and
    # draws a bonus letter; a clue then uses it and seat 2 names it on its page.
    left = view_of(seats[2], match_id)["stands"][2]
    for _ in range(left["cards"] - left["position"]):
        api_post(note_page, f"/matches/{match_id}/moves",
                 {"move": {"kind": "move_on", "guess": None}})
    pages[0].locator(".lj-stand[data-seat='2'] .lj-card[data-ref='B2']").wait_for()
    assert note_page.get_attribute(".lj-card[data-ref='B2']", "data-letter") == "?"
    progress = note_page.locator(".lj-stand[data-seat='2'] .lj-progress")
    assert "5 harfin hepsi" in progress.inner_text()
    bonus = pages[0].get_attribute(".lj-card[data-ref='B2']", "data-letter")
    bonus_refs, bonus_wild = clue_with(view_of(seats[1], match_id), "B2")
    shape = (len(bonus_refs), len({r[1:] for r in bonus_refs if r[0] in "PB"}),
             len({r for r in bonus_refs if r[0] == "N"}))
    offer(seats[1], *shape)
    pages[0].locator("#lj-offers [data-offer='1']").wait_for()
    pages[0].click("#lj-vote-1")
    pages[2].click("#lj-vote-1")
    wait_phase(seats, "clue")
    tap_clue(seats[1], bonus_refs, bonus_wild)
    pages[1].click("#lj-clue-send")
    note_page.wait_for_selector("#lj-bonus")
    note_page.click(f"#lj-bonus-picker .lj-pick[data-letter='{bonus}']")
    note_page.click("#lj-bonus-send")
    for page in pages:
        page.locator("#lj-shared .lj-card[data-ref='S0']").wait_for()
    assert pages[1].get_attribute("#lj-shared .lj-card[data-ref='S0']", "data-letter") == bonus

    # Everyone agrees to end: the arrangement.
    for page in pages[:2]:
        page.click("#lj-agree-end")
        page.locator("#lj-agree-end[aria-pressed='true']").wait_for()
    pages[2].locator("#lj-end-agree").filter(has_text="2/3").wait_for()
    pages[2].click("#lj-agree-end")
    wait_phase(seats, "final")
    # Seat 0 drags its last tile to the front with the mouse.
    arranger = pages[0]
    tiles = arranger.locator("#lj-arr-word .lj-arr-tile")
    assert tiles.count() == 5
    arranger.locator("#lj-arr-word").scroll_into_view_if_needed()
    source = tiles.nth(4).bounding_box()
    target = tiles.nth(0).bounding_box()
    arranger.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    arranger.mouse.down()
    arranger.mouse.move(target["x"] + 4, target["y"] + target["height"] / 2, steps=8)
    arranger.mouse.up()
    tiles.first.and_(arranger.locator("[data-slot='O4']")).wait_for()
    arranger.click("#lj-arrange-send")
    arranger.wait_for_selector("#lj-arranged")
    # Seat 1 moves a tile with the keyboard and adds the shared bonus letter by tapping.
    keys = pages[1]
    keys.locator("#lj-arr-word .lj-arr-tile[data-slot='O0']").focus()
    keys.keyboard.press("ArrowRight")
    assert keys.evaluate("document.activeElement.dataset.slot") == "O0"
    word = keys.locator("#lj-arr-word .lj-arr-tile")
    word.nth(1).and_(keys.locator("[data-slot='O0']")).wait_for()
    keys.click("#lj-arr-pool .lj-arr-tile[data-slot='S0']")
    keys.locator("#lj-arr-word .lj-arr-tile[data-slot='S0']").wait_for()
    keys.click("#lj-arrange-send")
    keys.wait_for_selector("#lj-arranged")
    # Seat 2 taps a tile, then the place it goes to, and submits last: the reveal.
    taps = pages[2]
    taps.click("#lj-arr-word .lj-arr-tile[data-slot='O2']")
    taps.click("#lj-arr-word .lj-arr-tile[data-slot='O0']")
    word = taps.locator("#lj-arr-word .lj-arr-tile")
    word.first.and_(taps.locator("[data-slot='O2']")).wait_for()
    taps.click("#lj-arrange-send")
    wait_phase(seats, "over")
    for seat, page in enumerate(pages):
        page.wait_for_selector("#lj-reveal")
        results = page.locator("#lj-reveal .lj-result")
        assert results.count() == 3
        secret = results.nth(seat).locator("[data-secret]").get_attribute("data-secret")
        assert secret and len(secret) == 5
        # The own stand shows its real letters once the game is over.
        assert page.get_attribute(f".lj-card[data-ref='P{seat}']", "data-letter") != "?"
    if note_page.request.get(f"/api/matches/{match_id}/sheet").ok:
        # The server's sheets: after the end everyone sees everyone's.
        assert pages[0].locator("#lj-all-sheets [data-seat]").count() == 3
    headline = pages[0].locator("#lj-reveal h2").inner_text()
    assert "Kazandınız" in headline or "olmadı" in headline
    shoot(pages[1], "letterjam-reveal")
    pages[1].set_viewport_size(PHONE_SMALL)
    assert no_horizontal_scroll(pages[1]), pages[1].evaluate(WIDE)
    shoot(pages[1], "letterjam-reveal-phone")
    pages[1].set_viewport_size(DESKTOP)
    # After the end the table talks: the chat opens for everyone.
    pages[0].fill("#lj-chat #chat-input", "iyi oyundu")
    pages[0].click("#lj-chat #chat-send")
    pages[1].locator("#lj-chat #chat-log").filter(has_text="iyi oyundu").wait_for()
    for seat, player in enumerate(seats):
        assert_never_saw_own_letters(player, seat)


def start_with_ai(open_page: Any, names: tuple[str, ...] = ("deniz", "ece", "fatih")
                  ) -> tuple[int, dict[int, Player], int]:
    """Three people and one AI teammate in a Turkish match, made as a person makes it
    (POST /api/matches with ``"bots": ["ai"]``, the other two invited by name): the match,
    the people by seat, the AI's seat."""
    players = [open_page(DESKTOP) for _ in names]
    for player, name in zip(players, names, strict=True):
        player.name = unique(name)
        register(player.page, player.name)
    created = api_post(players[0].page, "/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 4},
        "time_control": {"kind": "none"}, "opponents": [p.name for p in players[1:]],
        "bots": ["ai"],
    })
    match_id = int(created["match"]["id"])
    for player in players[1:]:
        accept_invite_for(player.page, match_id)
    people: dict[int, Player] = {}
    for player in players:
        player.page.goto(f"/#/match/{match_id}")
        people[seat_of(player.page)] = player
    (ai,) = set(range(4)) - set(people)
    return match_id, people, ai


def follow(player: Player, match_id: int) -> dict[str, Any] | None:
    """What a person who follows the table does now (the quick part of a game, over HTTP):
    vote with the most votes, agree to end once anyone agrees, withdraw when chosen,
    name a bonus ``A``; ``None``: nothing to do."""
    from harfiyen.ai.letterjam.seat import leader

    seen = LetterJamView.from_json(view_of(player, match_id))
    me = seen.seat
    assert me is not None
    if seen.outcome is not None or seen.phase.value == "final":
        return None
    if seen.stands[me].bonus_used:
        return {"kind": "name_bonus", "letter": "A"}
    if seen.phase.value == "clue":
        return {"kind": "withdraw"} if seen.cluegiver == me else None
    offered = [s for s, o in enumerate(seen.offers) if o is not None]
    if offered:
        target = leader(seen.votes, offered)
        return None if seen.votes[me] == target else {"kind": "vote", "seat": target}
    if any(seen.agrees_end) and not seen.agrees_end[me]:
        return {"kind": "agree_end", "agree": True}
    return None


@pytest.mark.slow
def test_three_people_and_an_ai_teammate_play_a_turkish_game(open_page: Any) -> None:
    """Offers, votes, a clue spelled by tapping, moving on, a bonus letter, agreeing to end,
    the arrangement and the reveal through the pages of three people, with an AI teammate
    acting from its own seat on the server beside them."""
    match_id, people, ai = start_with_ai(open_page)
    seats = [people[s] for s in sorted(people)]
    humans = sorted(people)
    for seat, player in people.items():
        assert player.page.get_attribute(f".lj-card[data-ref='P{seat}']", "data-letter") == "?"
        assert player.page.locator("#lj-stands .lj-stand").count() == 4
        letter = player.page.get_attribute(f".lj-card[data-ref='P{ai}']", "data-letter")
        assert letter and letter != "?"

    # A person finds a clue that another person reads (the AI's search on its own view).
    from harfiyen.ai.letterjam.cluesearch import search
    from harfiyen.ai.letterjam.table import read_table
    from harfiyen.ai.letterjam.words import word_index

    clue = refs = giver = reader_seat = None
    for seat in humans:
        table = read_table(LetterJamView.from_json(view_of(people[seat], match_id)))
        for found in search(table, word_index(table.lexicon), limit=40):
            labels = [ref_label(r) for r in found.refs]
            readers = [s for s in humans if s != seat and f"P{s}" in labels]
            if readers:
                clue, refs, giver, reader_seat = found, labels, seat, readers[0]
                break
        if clue is not None:
            break
    assert clue is not None and refs is not None and giver is not None
    assert reader_seat is not None
    offer(people[giver], *clue.shape)
    voters = [s for s in humans if s != giver]
    for seat in voters:
        page = people[seat].page
        page.locator(f"#lj-offers [data-offer='{giver}']").wait_for()
        page.click(f"#lj-vote-{giver}")
        # The AI teammate votes within its short pause: the last person's vote may
        # make the majority at once, and the votes give way to the clue.
        page.locator(f"#lj-vote-{giver}[aria-pressed='true'], "
                     "#match[data-phase='clue']").first.wait_for()
    # The AI teammate joins the offer with most votes: the majority picks the giver.
    wait_phase(seats, "clue")
    tap_clue(people[giver], refs, clue.wildcard)
    people[giver].page.click("#lj-clue-send")
    wait_phase(seats, "round")
    for seat, player in people.items():
        tiles = player.page.locator("#lj-last-clue .lj-tile")
        assert tiles.count() == len(refs)
        for i, ref in enumerate(refs):
            if ref == f"P{seat}":
                assert tiles.nth(i).locator(".lj-tile-letter").inner_text() == "?"

    # The reader moves on with the letter the others see.
    reader = people[reader_seat]
    reader.page.wait_for_selector("#lj-move-on.asked")
    truth = people[giver].page.get_attribute(f".lj-card[data-ref='P{reader_seat}']",
                                             "data-letter")
    progress = reader.page.locator(f".lj-stand[data-seat='{reader_seat}'] .lj-progress")
    reader.page.click(f"#lj-guess-picker .lj-pick[data-letter='{truth}']")
    reader.page.click("#lj-move-on-send")
    progress.filter(has_text="2/5").wait_for()
    sheet = reader.page.locator("#lj-sheet .lj-sheet-pos[data-position='0'] .lj-sheet-letter")
    assert sheet.inner_text() == truth

    # A person goes through the rest of its letters quickly and draws a bonus letter; a
    # clue of another person uses it and the owner names it on its page.
    owner_seat = next(s for s in humans if s != giver)
    owner = people[owner_seat]
    left = view_of(owner, match_id)["stands"][owner_seat]
    for _ in range(left["cards"] - left["position"]):
        api_post(owner.page, f"/matches/{match_id}/moves",
                 {"move": {"kind": "move_on", "guess": None}})
    bonus_ref = f"B{owner_seat}"
    people[giver].page.locator(f".lj-stand[data-seat='{owner_seat}'] "
                               f".lj-card[data-ref='{bonus_ref}']").wait_for()
    bonus = people[giver].page.get_attribute(f".lj-card[data-ref='{bonus_ref}']", "data-letter")
    bonus_refs, bonus_wild = clue_with(view_of(people[giver], match_id), bonus_ref)
    shape = (len(bonus_refs), len({r[1:] for r in bonus_refs if r[0] in "PB"}),
             len({r for r in bonus_refs if r[0] == "N"}))
    offer(people[giver], *shape)
    for seat in voters:
        people[seat].page.locator(f"#lj-offers [data-offer='{giver}']").wait_for()
        people[seat].page.click(f"#lj-vote-{giver}")
    wait_phase(seats, "clue")
    tap_clue(people[giver], bonus_refs, bonus_wild)
    people[giver].page.click("#lj-clue-send")
    owner.page.wait_for_selector("#lj-bonus")
    owner.page.click(f"#lj-bonus-picker .lj-pick[data-letter='{bonus}']")
    owner.page.click("#lj-bonus-send")
    for player in seats:
        player.page.locator("#lj-shared .lj-card[data-ref='S0']").wait_for()

    # Everyone agrees to end: the people on their pages; while the AI teammate still has
    # clues to give, the people follow its lead (quickly, over HTTP) until it agrees too.
    for player in seats:
        player.page.click("#lj-agree-end")
    for _ in range(300):
        if seats[0].page.get_attribute("#match", "data-phase") == "final":
            break
        before = seq_of(seats[0])
        moves = [(p, follow(p, match_id)) for p in seats]
        for player, move in moves:
            if move is not None:
                # The AI teammate keeps pace: a move read before its last one may be
                # refused (its offer withdrawn, a vote already made); the next pass reads
                # the table again.
                csrf = next(c["value"] for c in player.page.context.cookies()
                            if c["name"] == "harfiyen_csrf")
                answer = player.page.request.post(
                    f"/api/matches/{match_id}/moves", data={"move": move},
                    headers={"X-CSRF-Token": csrf})
                assert answer.ok or 400 <= answer.status < 500, answer.text()
        if all(move is None for _, move in moves):
            seats[0].page.wait_for_function(
                "(seq) => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=before, timeout=30_000)
    wait_phase(seats, "final")

    # The arrangement on each page: one taps a tile to a new place, all submit; the AI
    # arranges from its own seat; then the reveal.
    taps = seats[0].page
    taps.click("#lj-arr-word .lj-arr-tile[data-slot='O1']")
    taps.click("#lj-arr-word .lj-arr-tile[data-slot='O0']")
    taps.locator("#lj-arr-word .lj-arr-tile").first.and_(
        taps.locator("[data-slot='O1']")).wait_for()
    for player in seats:
        player.page.click("#lj-arrange-send")
    wait_phase(seats, "over")
    for seat, player in people.items():
        player.page.wait_for_selector("#lj-reveal")
        assert player.page.locator("#lj-reveal .lj-result").count() == 4
        assert player.page.get_attribute(f".lj-card[data-ref='P{seat}']", "data-letter") != "?"
    outcome = view_of(seats[0], match_id)["outcome"]
    assert outcome["players"][humans[0]]["slots"][0] == "O1"
    for seat, player in people.items():
        assert_never_saw_own_letters(player, seat)


def test_the_table_is_usable_on_a_360_px_phone_in_english_too(open_page: Any) -> None:
    match_id, seats = start_three(open_page, ("eda", "fuat", "gul"), clue_at=1)
    phone = seats[1].page
    phone.set_viewport_size(PHONE_SMALL)
    phone.wait_for_selector("#lj-table")
    assert no_horizontal_scroll(phone), phone.evaluate(WIDE)
    # Every card of the table and the main buttons can be reached on the narrow screen.
    for selector in ("#lj-table .lj-card[data-ref='P0']", "#lj-table .lj-card[data-ref='N2']",
                     "#lj-offer-send",
                     "#lj-move-on-send", "#lj-agree-end"):
        box = phone.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_SMALL["width"], selector
    # The phone makes an offer and the others vote for it with one tap each.
    clue = best_clue(seats[1], match_id)
    assert clue is not None
    offer(seats[1], *clue.shape)
    for page in (seats[0].page, seats[2].page):
        page.locator("#lj-offers [data-offer='1']").wait_for()
    seats[0].page.click("#lj-vote-1")
    phone.click("#lj-vote-1")
    wait_phase(seats, "clue")
    phone.wait_for_selector("#lj-builder")
    refs = [ref_label(r) for r in clue.refs]
    # With the keyboard: a letter puts a token on a card showing it; Backspace takes it back.
    # Typing works as soon as the builder shows, with no card focused (HT-4).
    letter = phone.get_attribute(f".lj-card[data-ref='{refs[0]}']", "data-letter")
    phone.evaluate("document.activeElement?.blur()")
    typed = letter.lower() if letter not in "Iİ" else letter
    if typed.isascii():
        phone.keyboard.type(typed)
    else:
        # Playwright types a letter its US layout lacks (ş, ğ, İ) as text, with no key
        # event; a Turkish keyboard sends a keydown whose key is the letter: send that.
        phone.evaluate("(key) => document.body.dispatchEvent("
                       "new KeyboardEvent('keydown', { key, bubbles: true }))", typed)
    phone.locator("#lj-spelled .lj-tile").first.wait_for()
    assert phone.locator("#lj-spelled .lj-tile-letter").inner_text() == letter
    phone.keyboard.press("Backspace")
    phone.locator("#lj-spelled .lj-tile").first.wait_for(state="detached")
    tap_clue(seats[1], refs, clue.wildcard)
    assert no_horizontal_scroll(phone), phone.evaluate(WIDE)
    shoot(phone, "letterjam-clue-phone")
    phone.click("#lj-clue-send")
    phone.wait_for_selector("#lj-last-clue")
    assert no_horizontal_scroll(phone), phone.evaluate(WIDE)
    shoot(phone, "letterjam-table-phone")
    # The guess sheet of a reader on a phone: the clue's row with its `?`, a note on it.
    used = next(int(r[1:]) for r in refs if r[0] == "P" and r != "P1")
    reader = seats[used].page
    reader.set_viewport_size(PHONE_SMALL)
    reader.locator("#lj-sheet .lj-tile-letter").filter(has_text="?").first.wait_for()
    reader.click("#lj-note-1")
    reader.click("#lj-note-picker .lj-pick[data-letter='E']")
    reader.locator("#lj-note-1").filter(has_text="E").wait_for()
    assert no_horizontal_scroll(reader), reader.evaluate(WIDE)
    quiet(reader)
    reader.locator("#lj-sheet").screenshot(path=str(SCREENSHOTS / "letterjam-sheet-phone.png"))
    reader.set_viewport_size(DESKTOP)
    # The English switch: the same table speaks English, the engine's refusals too.
    english = seats[2].page
    english.click(".lang[data-lang='en']")
    english.locator("#lj-status").filter(has_text="Everyone at once").wait_for()
    assert "Your stand" in english.get_attribute(".lj-card[data-ref='P2']", "aria-label")
    english.select_option("#lj-offer-length", "1")
    english.select_option("#lj-offer-players", "2")
    english.select_option("#lj-offer-nonplayers", "0")
    english.click("#lj-offer-send")
    english.locator("#lj-error").filter(has_text="impossible").wait_for()
    english.click(".lang[data-lang='tr']")
    english.locator("#lj-status").filter(has_text="Herkes aynı anda").wait_for()
    # Someone watching the public match sees every stand's letter and has no actions.
    watcher = open_page(DESKTOP)
    register(watcher.page, unique("izleyen"))
    watcher.page.goto(f"/#/match/{match_id}")
    watcher.page.wait_for_selector("#match[data-game='letterjam'][data-seat='']")
    watcher.page.locator("#lj-table .lj-card[data-ref='P2']").wait_for()
    for seat in range(3):
        letter = watcher.page.get_attribute(f".lj-card[data-ref='P{seat}']", "data-letter")
        assert letter and letter != "?"
    assert watcher.page.locator("#lj-offers, #lj-sheet, #lj-move-on").count() == 0
    for seat, player in enumerate(seats):
        assert_never_saw_own_letters(player, seat)


def test_a_harf_takil_room_is_made_in_the_lobby_and_started_by_its_players(open_page: Any) -> None:
    host, friend = open_page(DESKTOP), open_page(DESKTOP)
    host.name, friend.name = unique("masa"), unique("konuk")
    register(host.page, host.name)
    register(friend.page, friend.name)
    page = host.page
    page.wait_for_selector("#lj-lobby")
    page.set_viewport_size(PHONE_SMALL)
    assert no_horizontal_scroll(page), page.evaluate(WIDE)
    page.set_viewport_size(DESKTOP)
    page.select_option("#lj-players", "2")
    page.select_option("#lj-length", "4")
    page.select_option("#lj-timer-round", "120")
    assert "yapay zekâ yapar" in page.locator("#lj-timer-hint").inner_text()
    page.check("#lj-scoring")
    page.click("#lj-create")
    page.wait_for_selector("#room .room-team")
    code = page.get_attribute("#room", "data-code")
    assert "Harf Takıl odası" in page.locator("#room h1").inner_text()
    options = page.locator("#room-options").inner_text()
    assert "Harf Takıl" in options and "4 harf" in options and "2 oyuncu" in options
    assert "Teklif ve oy süresi 2 dk" in options and "puanlı" in options
    slots = page.locator(".room-slot")
    assert slots.count() == 2
    assert slots.nth(0).locator(".room-role").text_content() == "1. oyuncu"
    page.click("#sit-0")
    friend.page.goto(f"/#/room/{code}")
    friend.page.wait_for_selector("#sit-1")
    friend.page.click("#sit-1")
    page.locator(".room-slot[data-slot='1']").filter(has_text=friend.name).wait_for()
    page.click("#room-start")
    for player in (host, friend):
        player.page.wait_for_selector("#match[data-game='letterjam'][data-phase='round']")
        assert "Herkes aynı anda" in player.page.locator("#lj-live").text_content()
    assert host.page.locator("#lj-piles .lj-pile").count() == 4
    assert host.page.locator("#lj-stands .lj-stand").count() == 2
    match_id = int(host.page.get_attribute("#match", "data-match"))
    if match_view(host.page, match_id).get("deadline_at"):
        # A server with per-phase timers: the round's countdown is on the table.
        assert host.page.locator("#lj-timer").inner_text().startswith(("2:00", "1:5"))
        assert "yapay zekâ yapar" in host.page.locator("#lj-timer-note").inner_text()
        host.page.set_viewport_size(PHONE_SMALL)
        assert no_horizontal_scroll(host.page), host.page.evaluate(WIDE)
        shoot(host.page, "letterjam-timer-phone")
        host.page.set_viewport_size(DESKTOP)
    # Played to the end quickly (the same command path over HTTP): back to the room.
    for player in (host, friend):
        api_post(player.page, f"/matches/{match_id}/moves", {"move": {"kind": "agree_end"}})
    for player in (host, friend):
        api_post(player.page, f"/matches/{match_id}/moves",
                 {"move": {"kind": "arrange", "slots": ["O0", "O1", "O2", "O3"]}})
    host.page.wait_for_selector("#lj-reveal")
    assert host.page.get_attribute("#lj-back-room", "href") == f"#/room/{code}"
    # The optional scoring: each player's points and the team's with the unused greens.
    assert host.page.locator("#lj-reveal .lj-score").count() == 2
    assert "Takım puanı" in host.page.locator("#lj-team-score").inner_text()


def truth_of(web_server: Any, match_id: int, seat: int) -> tuple[list[str], list[int], str | None]:
    """Test-only, from the server's SQLite file (never through a page): the seat's stand
    letters in the order shown, the stand indexes in the secret word's order, and its drawn
    bonus letter (``None`` before one is drawn)."""
    from harfiyen.server.app import default_lexicons
    from harfiyen.server.games import adapter

    with closing(sqlite3.connect(web_server.database)) as db:
        config, seed = db.execute("SELECT config, seed FROM matches WHERE id = ?",
                                  (match_id,)).fetchone()
        rows = db.execute("SELECT data FROM match_events WHERE match_id = ? ORDER BY seq",
                          (match_id,)).fetchall()
    state = adapter("letterjam").new_game(json.loads(config), seed, default_lexicons)
    player = state.players[seat]
    stand = [state.cards[card] for card in player.stand]
    order = [player.stand.index(card) for card in player.dealt]
    bonus = None
    for (data,) in rows:
        event = json.loads(data)
        if event.get("kind") == "bonus_drawn" and event.get("seat") == seat:
            bonus = state.cards[event["card"]]
    return stand, order, bonus


@pytest.mark.slow
def test_one_person_with_three_ai_teammates_wins_from_the_lobby(
        open_page: Any, web_server: Any) -> None:
    """The lobby's solo table: one person and three AI teammates (4 players, 3-letter words,
    so it ends quickly). The AI seats offer, vote, give clues and agree to end by themselves;
    the person plays on the page: names the right letter when a clue shows its card and
    moves on, names its bonus letter, agrees to end once the teammates have, and arranges
    its real word by tapping. The team wins (4 players: one miss allowed; the AI seats of
    this size of table spell their words)."""
    assert game("letterjam").ai is not None
    player = open_page(DESKTOP)
    register(player.page, unique("yalniz"))
    page = player.page
    page.wait_for_selector("#lj-lobby")
    page.select_option("#lj-players", "4")
    page.select_option("#lj-length", "3")
    page.click("#lj-solo")
    seat = seat_of(page)
    match_id = int(page.get_attribute("#match", "data-match"))
    assert page.locator("#lj-stands .lj-stand").count() == 4
    moved_on = 0
    waiting = ", ".join([
        "#match[data-phase='final']", "#match[data-phase='over']", "#lj-bonus",
        "#match[data-phase='round'] #lj-move-on.asked",
        "#match[data-phase='round'] #lj-end-agree:has-text('3/4')"
        " #lj-agree-end[aria-pressed='false']",
    ])
    progress = page.locator(f".lj-stand[data-seat='{seat}'] .lj-progress")
    for _ in range(200):
        page.wait_for_selector(waiting, timeout=60_000)
        phase = page.get_attribute("#match", "data-phase")
        if phase in ("final", "over"):
            break
        if page.locator("#lj-bonus").count():
            bonus = truth_of(web_server, match_id, seat)[2]
            assert bonus is not None
            page.click(f"#lj-bonus-picker .lj-pick[data-letter='{bonus}']")
            page.click("#lj-bonus-send")
            page.locator("#lj-bonus").wait_for(state="detached")
        elif page.locator("#lj-move-on.asked").count():
            # A clue used this seat's card: its `?` stands for the real letter.
            stand, _, _ = truth_of(web_server, match_id, seat)
            position = view_of(player, match_id)["stands"][seat]["position"]
            page.click(f"#lj-guess-picker .lj-pick[data-letter='{stand[position]}']")
            shown = progress.inner_text()
            page.click("#lj-move-on-send")
            page.wait_for_function(
                "([sel, was]) => document.querySelector(sel)?.innerText !== was",
                arg=[f".lj-stand[data-seat='{seat}'] .lj-progress", shown])
            moved_on += 1
        else:
            page.click("#lj-agree-end")
            page.wait_for_selector("#lj-agree-end[aria-pressed='true'], "
                                   "#match:not([data-phase='round'])")
    else:
        raise AssertionError("the game did not reach the arrangement")
    assert moved_on >= 1, "no AI clue used the person's card"
    stand, order, _ = truth_of(web_server, match_id, seat)
    page.wait_for_selector("#lj-arr-word")
    # The real word, by tapping: the tile that goes at place i, then the tile now there.
    for place, index in enumerate(order):
        tiles = page.locator("#lj-arr-word .lj-arr-tile")
        if tiles.nth(place).get_attribute("data-slot") == f"O{index}":
            continue
        page.click(f"#lj-arr-word .lj-arr-tile[data-slot='O{index}']")
        tiles.nth(place).click()
        tiles.nth(place).and_(page.locator(f"[data-slot='O{index}']")).wait_for()
    page.click("#lj-arrange-send")
    page.wait_for_selector("#match[data-phase='over'] #lj-reveal")
    outcome = match_view(page, match_id)["view"]["outcome"]
    assert outcome["players"][seat]["success"], outcome["players"][seat]
    assert outcome["players"][seat]["arranged"] == "".join(stand[i] for i in order)
    assert outcome["team_success"], outcome
    assert "Kazandınız" in page.locator("#lj-reveal h2").inner_text()
    assert_never_saw_own_letters(player, seat)
