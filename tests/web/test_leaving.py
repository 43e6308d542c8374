"""Tables that survive people, in the browser (issue 24), on a desktop and a 390×844 phone:
the host of an untimed Harf Takıl room of three closes the page, the others are told and
one of them hosts now, the AI plays the away seat after ``absent_seconds`` and the table
reaches the arrangement and the reveal, and the host comes back and takes the seat again;
a Kelime Casusu guesser leaves mid-turn and the AI guesses for the seat; an AI teammate
votes and agrees within its short pause of the table waiting on it; a person alone with
AI teammates stands up ("Masadan kalk") and the AIs finish the game."""

from __future__ import annotations

import itertools
import json
import sqlite3
from contextlib import closing
from datetime import datetime
from typing import Any

import pytest

from .codenames_helpers import give_clue
from .conftest import DESKTOP, PHONE, SCREENSHOTS, Player
from .helpers import (
    accept_invite_for,
    api_post,
    match_view,
    no_horizontal_scroll,
    quiet,
    register,
    unique,
    wait_true,
)
from .test_letterjam import WIDE, follow, offer, seat_of, seq_of, wait_phase


def toast_with(page: Any, text: str) -> None:
    page.locator("#toasts .toast-text").filter(has_text=text).first.wait_for()


def people_in_a_room(open_page: Any, game: str, options: dict[str, Any],
                     slots: list[int], sizes: list[dict[str, int]]
                     ) -> tuple[str, list[Player]]:
    """People registered and seated in a new room of ``game`` (the first is its host)."""
    people = [open_page(size) for size in sizes]
    for i, person in enumerate(people):
        person.name = unique(f"kisi{i}")
        register(person.page, person.name)
    code = str(api_post(people[0].page, "/rooms", {"game": game, "options": options})["code"])
    for person, slot in zip(people, slots, strict=True):
        if person is not people[0]:
            api_post(person.page, f"/rooms/{code}/join")
        api_post(person.page, f"/rooms/{code}/seat", {"slot": slot})
    return code, people


def room_host(page: Any, code: str) -> str:
    return str(page.request.get(f"/api/rooms/{code}").json()["host"]["username"])


def move(player: Player, match_id: int, body: dict[str, Any]) -> None:
    """A move over HTTP that a move of the AI made just before may have made stale."""
    csrf = next(c["value"] for c in player.page.context.cookies()
                if c["name"] == "harfiyen_csrf")
    answer = player.page.request.post(f"/api/matches/{match_id}/moves", data={"move": body},
                                      headers={"X-CSRF-Token": csrf})
    assert answer.ok or 400 <= answer.status < 500, answer.text()


@pytest.mark.slow
def test_the_host_leaves_an_untimed_harf_takil_table_and_comes_back(
    open_page: Any, absent_after: Any,
) -> None:
    code, people = people_in_a_room(open_page, "letterjam", {"language": "tr", "players": 3},
                                    [0, 1, 2], [DESKTOP, PHONE, DESKTOP])
    host, heir, third = people
    match_id = int(api_post(host.page, f"/rooms/{code}/start")["match"])
    assert match_view(host.page, match_id)["deadline_at"] is None  # "Süre yok"
    for person in people:  # the heir is at the table before the third
        person.page.goto(f"/#/match/{match_id}")
        seat_of(person.page)
        person.page.locator("#seat-presence").wait_for()
    seat = {p.name: int(p.page.get_attribute("#match", "data-seat")) for p in people}
    absent_after(3)

    # The host closes the page: both others are told, the role passes to the heir.
    host.page.goto("about:blank")
    for person in (heir, third):
        toast_with(person.page, f"{host.name} masadan ayrıldı.")
    toast_with(heir.page, "Odanın sahibi artık sensin.")
    toast_with(third.page, f"Odanın sahibi artık {heir.name}.")
    third.page.screenshot(path=str(SCREENSHOTS / "leaving-notice-desktop.png"))
    heir.page.screenshot(path=str(SCREENSHOTS / "leaving-notice-phone.png"))
    assert room_host(heir.page, code) == heir.name
    third.page.locator(f"#seat-presence [data-seat='{seat[host.name]}']"
                       "[data-presence='away']").wait_for()
    assert no_horizontal_scroll(heir.page), heir.page.evaluate(WIDE)

    # Away past absent_seconds while the table waits on the seat: the AI plays it, marked.
    for person in (heir, third):
        toast_with(person.page, f"{host.name} masada olmadığı için yerine yapay zekâ oynuyor.")
        person.page.locator(f"#lj-stands li[data-seat='{seat[host.name]}'] [data-ai-mark]"
                            ).wait_for()
    assert match_view(heir.page, match_id)["players"][seat[host.name]]["handed"] == "ai"
    # Whom the table waits for names the seat as the AI's.
    third.page.locator("#waiting-line").filter(has_text=f"{host.name} (yapay zekâ)").wait_for()
    quiet(heir.page)
    heir.page.screenshot(path=str(SCREENSHOTS / "leaving-handed-phone.png"))

    # The two people want to end; they follow the AI's lead until the arrangement.
    for person in (heir, third):
        person.page.click("#lj-agree-end")
    for _ in range(300):
        if heir.page.get_attribute("#match", "data-phase") == "final":
            break
        before = seq_of(heir)
        moves = [(p, follow(p, match_id)) for p in (heir, third)]
        for person, body in moves:
            if body is not None:
                move(person, match_id, body)
        if all(body is None for _, body in moves):
            heir.page.wait_for_function(
                "(seq) => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=before, timeout=30_000)
    wait_phase([heir, third], "final")

    # The host comes back: the others are told; the host takes the seat back.
    host.page.goto(f"/#/match/{match_id}")
    host.page.locator("#seat-hand[data-handed='true']").wait_for()
    for person in (heir, third):
        toast_with(person.page, f"{host.name} geri döndü.")
    host.page.click("#seat-hand-toggle")
    host.page.locator("#seat-hand[data-handed='false']").wait_for()
    assert match_view(host.page, match_id)["players"][seat[host.name]]["handed"] is None
    # Everyone arranges (the host too, unless the AI did so for the seat): the reveal.
    for person in people:
        if person.page.locator("#lj-arrange-send").count():
            person.page.click("#lj-arrange-send")
    wait_phase(people, "over")
    for person in people:
        person.page.wait_for_selector("#lj-reveal")
        assert person.page.locator("#lj-reveal .lj-result").count() == 3


@pytest.mark.slow
def test_a_kelime_casusu_guesser_leaves_mid_turn_and_the_ai_guesses(
    open_page: Any, absent_after: Any,
) -> None:
    # Red: a spymaster and two guessers (people); blue: the AI's.
    code, people = people_in_a_room(open_page, "codenames", {"language": "tr"},
                                    [0, 1, 2], [DESKTOP, DESKTOP, PHONE])
    spymaster, leaving, staying = people
    for slot in (5, 6):
        api_post(spymaster.page, f"/rooms/{code}/slots/{slot}", {"ai": "ai"})
    match_id = int(api_post(spymaster.page, f"/rooms/{code}/start")["match"])
    for person in people:
        person.page.goto(f"/#/match/{match_id}")
        person.page.wait_for_selector("#match[data-game='codenames'][data-seq]")
    spymaster.page.wait_for_selector("#cn-clue-form", timeout=90_000)  # after blue's turn
    give_clue(spymaster.page, None, 2)
    for person in (leaving, staying):
        person.page.wait_for_selector("#cn-guess-bar")
    # The spymaster's page names the guessers the table waits for.
    line = spymaster.page.locator("#waiting-line")
    line.filter(has_text="Bekleniyor: ").wait_for()
    assert leaving.name in line.inner_text() and staying.name in line.inner_text()
    absent_after(2)
    seat = next(p["seat"] for p in match_view(staying.page, match_id)["players"]
                if p["username"] == leaving.name)
    # Mid-turn the guesser closes the page: the other guesser is told, the AI guesses.
    leaving.page.goto("about:blank")
    toast_with(staying.page, f"{leaving.name} masadan ayrıldı.")
    toast_with(spymaster.page, f"{leaving.name} masadan ayrıldı.")
    # Whoever came to the table after the spymaster's page opened is marked present too.
    spymaster.page.locator("#seat-presence [data-presence='here']",
                           has_text=staying.name).wait_for()
    spymaster.page.locator("#seat-presence").scroll_into_view_if_needed()
    spymaster.page.screenshot(path=str(SCREENSHOTS / "leaving-codenames-desktop.png"))
    toast_with(staying.page,
               f"{leaving.name} masada olmadığı için yerine yapay zekâ oynuyor.")
    staying.page.locator("#cn-board .cn-card[data-revealed='true']").first.wait_for(
        timeout=60_000)
    assert no_horizontal_scroll(staying.page), staying.page.evaluate(WIDE)
    events = staying.page.request.get(f"/api/matches/{match_id}/events").json()["events"]
    revealed = [e["event"] for e in events if e["event"]["kind"] == "card_revealed"]
    assert revealed and revealed[0]["seat"] == seat, revealed
    assert match_view(staying.page, match_id)["players"][seat]["handed"] == "ai"
    quiet(staying.page)
    staying.page.screenshot(path=str(SCREENSHOTS / "leaving-codenames-phone.png"))


def ai_lags(web_server: Any, match_id: int, seat: int) -> list[tuple[str, float]]:
    """Test-only, from the server's SQLite file: each vote and agreement to end of the AI
    ``seat`` with the seconds since the event before it (the move that made the table wait
    on the AI for it: an offer, a vote, a person's agreement)."""
    with closing(sqlite3.connect(web_server.database)) as db:
        rows = db.execute("SELECT kind, data, created_at FROM match_events WHERE match_id = ?"
                          " ORDER BY seq", (match_id,)).fetchall()
    lags = []
    for (_, _, before), (kind, data, at) in itertools.pairwise(rows):
        if kind in ("vote_cast", "end_agreed") and json.loads(data).get("seat") == seat:
            lag = (datetime.fromisoformat(at) - datetime.fromisoformat(before)).total_seconds()
            lags.append((kind, lag))
    return lags


@pytest.mark.slow
def test_an_ai_teammate_votes_and_agrees_within_its_pause(
    open_page: Any, web_server: Any,
) -> None:
    """Two people (a desktop and a phone) and an AI teammate play to the arrangement: the
    AI offers and votes, a person offers on the page, both agree to end on their pages
    whenever nothing is on the table, and follow the AI's lead otherwise. Every vote and
    every agreement of the AI comes within 2 s of the move that made the table wait on
    it."""
    first, second = open_page(DESKTOP), open_page(PHONE)
    for person in (first, second):
        person.name = unique("tempo")
        register(person.page, person.name)
    created = api_post(first.page, "/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 3},
        "time_control": {"kind": "none"}, "opponents": [second.name], "bots": ["ai"],
    })
    match_id = int(created["match"]["id"])
    accept_invite_for(second.page, match_id)
    people: dict[int, Player] = {}
    for person in (first, second):
        person.page.goto(f"/#/match/{match_id}")
        people[seat_of(person.page)] = person
    (ai,) = {0, 1, 2} - set(people)
    # The AI offers its first clue once its word index is built (slow only the first time
    # in a process), then votes for it within its pause: the people wait for that vote.
    first.page.locator(f"#lj-offers [data-offer='{ai}']").wait_for(timeout=60_000)
    wait_true(first.page, "([id, ai]) => fetch(`/api/matches/${id}`).then((r) => r.json())"
              ".then((d) => d.match.view.votes[ai] !== null)", [match_id, ai], timeout=30)
    offer(people[min(people)], 2, 1, 1)

    for _ in range(300):
        if first.page.get_attribute("#match", "data-phase") == "final":
            break
        before = seq_of(first)
        view = match_view(first.page, match_id)["view"]
        if view["phase"] == "round" and not any(view["offers"]) \
                and not all(view["agrees_end"][s] for s in people):
            for seat, person in people.items():  # nothing on the table: they want to end
                if not view["agrees_end"][seat]:
                    person.page.click("#lj-agree-end")
                    person.page.locator("#lj-agree-end[aria-pressed='true'], "
                                        "#match:not([data-phase='round'])").first.wait_for()
            continue
        moves = [(p, follow(p, match_id)) for p in people.values()]
        for person, body in moves:
            if body is not None:
                move(person, match_id, body)
        if all(body is None for _, body in moves):
            first.page.wait_for_function(
                "(seq) => Number(document.querySelector('#match')?.dataset.seq) > seq",
                arg=before, timeout=30_000)
    wait_phase(list(people.values()), "final")
    lags = ai_lags(web_server, match_id, ai)
    kinds = {kind for kind, _ in lags}
    assert kinds == {"vote_cast", "end_agreed"}, lags
    slow = [(kind, round(lag, 2)) for kind, lag in lags if lag > 2.0]
    assert not slow, f"the AI kept the table waiting: {slow} of {len(lags)}"


@pytest.mark.slow
def test_masadan_kalk_leaves_the_seat_to_the_ai_and_a_table_of_ais_ends(open_page: Any) -> None:
    person = open_page(PHONE)
    person.name = unique("kalkan")
    register(person.page, person.name)
    created = api_post(person.page, "/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": 3},
        "time_control": {"kind": "none"}, "bots": ["ai", "ai"],
    })
    match_id = int(created["match"]["id"])
    person.page.goto(f"/#/match/{match_id}")
    seat = seat_of(person.page)
    assert no_horizontal_scroll(person.page), person.page.evaluate(WIDE)
    person.page.click("#lj-leave")
    dialog = person.page.locator("dialog[open]")
    assert "Masada yalnızca yapay zekâ kalırsa oyunu o bitirir." in dialog.inner_text()
    dialog.locator(".btn-primary").click()
    person.page.wait_for_selector("#new-create")  # back in the lobby
    assert match_view(person.page, match_id)["players"][seat]["handed"] == "ai"
    # Only AIs at the table: they play it to the end.
    wait_true(person.page, "(id) => fetch(`/api/matches/${id}`).then((r) => r.json())"
              ".then((d) => d.match.status === 'finished')", match_id, timeout=300)
    person.page.goto(f"/#/match/{match_id}")
    person.page.wait_for_selector("#lj-reveal")
