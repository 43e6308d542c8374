"""Harf Takıl guess sheets through the real server, on SQLite and PostgreSQL.

A table of people plays over HTTP; each seat's sheet is read and written with
``GET/PUT /api/matches/{id}/sheet``. The clue rows come from the game (``?`` at the
reader's own cards, never its letter); the notes survive a second device; bad input
changes nothing; the end opens every sheet. The server runs with a word list that
accepts every word, so a test can spell any clue from the cards it sees.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harfiyen.client import ApiError, HarfiyenClient
from harfiyen.games import letterjam as lj
from harfiyen.games.letterjam.cards import BonusCard, PileCard, StandCard, Wildcard
from harfiyen.server.models import Match
from harfiyen.server.sheets import sheet_from_view

from .conftest import Database, LiveServer, start_server, unique
from .support import PASSWORD, register

pytestmark = pytest.mark.anyio


class AnyWord:
    """A word list that accepts every word (clues here are spelled from random cards)."""

    def __contains__(self, word: object) -> bool:
        return True


ANY_WORD = AnyWord()


@pytest.fixture
async def server(database: Database) -> AsyncIterator[LiveServer]:
    live = await start_server(database.settings(), lexicons=lambda _lexicon: ANY_WORD)
    try:
        yield live
    finally:
        await live.stop()


@dataclass
class Table:
    match_id: int
    by_seat: dict[int, HarfiyenClient]
    names: dict[int, str]

    @property
    def path(self) -> str:
        return f"/api/matches/{self.match_id}/sheet"


async def letterjam_table(url: str, players: int = 3, language: str = "tr",
                          public: bool = True, user_language: str = "tr") -> Table:
    """``players`` people at one started Harf Takıl match (the first creates it)."""
    names = [unique("h") for _ in range(players)]
    clients = [await register(url, name, user_language) for name in names]
    created = await clients[0].post("/api/matches", {
        "game": "letterjam", "options": {"language": language, "players": players},
        "public": public,
    })
    for client in clients[1:]:
        await client.accept(created["invite"]["code"])
    match_id = created["match"]["id"]
    info = await clients[0].match(match_id)
    assert info["status"] == "active"
    ids = {client.user["id"]: (client, name)  # type: ignore[index]
           for client, name in zip(clients, names, strict=True)}
    by_seat = {p["seat"]: ids[p["id"]][0] for p in info["players"]}
    seat_names = {p["seat"]: ids[p["id"]][1] for p in info["players"]}
    return Table(match_id, by_seat, seat_names)


async def server_state(live: LiveServer, match_id: int) -> lj.GameState:
    """The whole game state, read on the server (the test's view of the truth)."""
    service = live.app.state.service
    async with service.sessions() as db:
        match = await db.get(Match, match_id)
        assert match is not None
        state: lj.GameState = await service.state(db, match)
    return state


async def view_of(client: HarfiyenClient, match_id: int) -> dict[str, Any]:
    view: dict[str, Any] = (await client.match(match_id))["view"]
    return view


def clue_shape(cards: list[str]) -> dict[str, int]:
    refs = lj.parse_refs(cards)
    seats = {r.seat for r in refs if isinstance(r, StandCard | BonusCard)}
    piles = {r.pile for r in refs if isinstance(r, PileCard)}
    return {"length": len(refs), "players": len(seats), "nonplayers": len(piles)}


async def give_clue(table: Table, cluegiver: int, cards: list[str]) -> None:
    """``cluegiver`` offers the clue's shape, is voted for until chosen, and gives it."""
    giver = table.by_seat[cluegiver]
    await giver.move(table.match_id, {"kind": "offer", **clue_shape(cards)})
    for seat in [cluegiver, *(s for s in table.by_seat if s != cluegiver)]:
        await table.by_seat[seat].move(table.match_id, {"kind": "vote", "seat": cluegiver})
        if (await view_of(giver, table.match_id))["phase"] == "clue":
            break
    clue: dict[str, Any] = {"kind": "clue", "cards": cards}
    if "*" in cards:
        clue["wildcard"] = "e"
    await giver.move(table.match_id, clue)
    assert (await view_of(giver, table.match_id))["phase"] == "round"


async def play_to_the_end(table: Table, word_length: int = 5) -> None:
    for client in table.by_seat.values():
        await client.move(table.match_id, {"kind": "agree_end", "agree": True})
    slots = [f"O{i}" for i in range(word_length)]
    for client in table.by_seat.values():
        await client.move(table.match_id, {"kind": "arrange", "slots": slots})
    assert (await table.by_seat[0].match(table.match_id))["status"] == "finished"


async def sheet_of(client: HarfiyenClient, table: Table) -> dict[str, Any]:
    answer: dict[str, Any] = await client.get(table.path)
    return answer


async def put_sheet(client: HarfiyenClient, table: Table, guesses: Any) -> dict[str, Any]:
    answer: dict[str, Any] = await client.request("PUT", table.path, {"guesses": guesses})
    return answer


def own_letters_hidden(answer: dict[str, Any], seat: int) -> None:
    """Nothing in a running game's sheet answer for ``seat`` holds its own letters: no
    truth fields, no other seat's sheet, and ``?`` wherever a clue used its cards."""
    assert answer["sheets"] is None
    text = json.dumps(answer, ensure_ascii=False)
    for key in ('"stand"', '"word"', '"deck"', '"words"', '"cards_of"'):
        assert key not in text, (key, text[:300])
    sheet = answer["sheet"]
    assert sheet["seat"] == seat
    for row in sheet["clues"]:
        for label, letter in zip(row["cards"], row["letters"], strict=True):
            if label in (f"P{seat}", f"B{seat}"):
                assert letter == "?", row
            else:
                assert letter != "?", row


# --- the clue rows ---------------------------------------------------------------------------


async def test_a_clue_fills_every_sheet_with_question_marks_at_the_readers_cards(
    server: LiveServer,
) -> None:
    table = await letterjam_table(server.url)
    path = table.path
    for seat, client in table.by_seat.items():
        empty = await sheet_of(client, table)
        assert empty["match"] == table.match_id and empty["seat"] == seat
        assert empty["status"] == "active" and empty["sheets"] is None
        sheet = empty["sheet"]
        assert sheet["word_length"] == 5 and sheet["position"] == 0
        assert sheet["guesses"] == [{"position": i, "letter": None} for i in range(5)]
        assert sheet["clues"] == [] and sheet["version"] == 0 and sheet["updated_at"] is None
    state = await server_state(server, table.match_id)
    cards = ["P1", "P2", "N0", "P1"]  # seat 0 spells a clue using seat 1's card twice
    await give_clue(table, 0, cards)
    shown = {
        "P1": state.cards[state.players[1].stand[0]],
        "P2": state.cards[state.players[2].stand[0]],
        "N0": state.cards[state.piles[0].cards[0]],
    }
    expected = {
        0: [shown[c] for c in cards],
        1: ["?", shown["P2"], shown["N0"], "?"],
        2: [shown["P1"], "?", shown["N0"], shown["P1"]],
    }
    for seat, client in table.by_seat.items():
        answer = await client.get(path)
        own_letters_hidden(answer, seat)
        (row,) = answer["sheet"]["clues"]
        assert row["number"] == 1 and row["cluegiver"] == 0 and row["cards"] == cards
        assert row["letters"] == expected[seat]
        assert row["text"] == "".join(expected[seat])
        assert row["own_position"] == (None if seat == 0 else 0)
        # The same rows as the seat's own view of the game (the one source).
        records = (await view_of(client, table.match_id))["records"]
        assert [r["letters"] for r in records] == [row["letters"]]


async def test_guesses_saved_on_one_device_are_read_on_another(server: LiveServer) -> None:
    table = await letterjam_table(server.url, players=2)
    phone = table.by_seat[1]
    laptop = HarfiyenClient(server.url)
    await laptop.login(table.names[1], PASSWORD)
    laptop_socket = await laptop.connect()
    other_socket = await table.by_seat[0].connect()
    try:
        for sock in (laptop_socket, other_socket):  # sent once the user channel is heard
            await sock.wait_for(lambda f: f.get("type") == "hello")
        saved = await put_sheet(phone, table, [
            {"position": 0, "letter": "i"}, {"position": 2, "letter": "ş"},
            {"position": 4, "letter": "ı"},
        ])
        sheet = saved["sheet"]
        assert saved["seat"] == 1 and saved["status"] == "active"
        letters = [g["letter"] for g in sheet["guesses"]]
        assert letters == ["İ", None, "Ş", None, "I"]  # upper-cased the Turkish way
        assert sheet["version"] == 1 and sheet["updated_at"]
        again = (await sheet_of(laptop, table))["sheet"]
        assert again == sheet
        # The account's other connection is told at once; the other player is not.
        frame = await laptop_socket.wait_for(lambda f: f.get("type") == "sheet")
        assert frame == {"type": "sheet", "match": table.match_id, "seat": 1, "sheet": sheet}
        assert (await other_socket.reply_to({"type": "ping"}))["type"] == "pong"
        assert not [f for f in other_socket.received if f.get("type") == "sheet"]
        # Positions not named keep their letter; null and "" clear one.
        changed = (await put_sheet(laptop, table, [
            {"position": 0, "letter": None}, {"position": 2, "letter": ""},
            {"position": 3, "letter": "ğ"},
        ]))["sheet"]
        assert [g["letter"] for g in changed["guesses"]] == [None, None, None, "Ğ", "I"]
        assert changed["version"] == 2
        assert (await sheet_of(phone, table))["sheet"] == changed
        # Another seat's notes are its own.
        mine = (await sheet_of(table.by_seat[0], table))["sheet"]
        assert [g["letter"] for g in mine["guesses"]] == [None] * 5 and mine["version"] == 0
    finally:
        await laptop_socket.close()
        await other_socket.close()
        await laptop.close()


@pytest.mark.both_databases
async def test_two_devices_saving_at_once_keep_both_notes(server: LiveServer) -> None:
    table = await letterjam_table(server.url, players=2)
    phone = table.by_seat[0]
    laptop = HarfiyenClient(server.url)
    await laptop.login(table.names[0], PASSWORD)
    try:
        one, two = await asyncio.gather(
            put_sheet(phone, table, [{"position": 1, "letter": "ç"}]),
            put_sheet(laptop, table, [{"position": 3, "letter": "ö"}]),
        )
        # One after the other (the match's write lock): two versions, nothing lost.
        assert sorted([one["sheet"]["version"], two["sheet"]["version"]]) == [1, 2]
        final = (await sheet_of(phone, table))["sheet"]
        assert [g["letter"] for g in final["guesses"]] == [None, "Ç", None, "Ö", None]
        assert final["version"] == 2
    finally:
        await laptop.close()


async def test_a_sheet_saved_on_one_server_reaches_the_other(
    postgres: Database, redis_url: str,
) -> None:
    """Two server processes on PostgreSQL and Redis: the note saved through one is read
    through the other, and the account's websocket on the other hears of it."""
    settings = postgres.settings(redis_url=redis_url)
    one = await start_server(settings, lexicons=lambda _lexicon: ANY_WORD)
    two = await start_server(settings, lexicons=lambda _lexicon: ANY_WORD)
    laptop = HarfiyenClient(two.url)
    try:
        table = await letterjam_table(one.url, players=2)
        await give_clue(table, 0, ["P1", "N0"])
        await laptop.login(table.names[1], PASSWORD)
        sock = await laptop.connect()
        try:
            await sock.wait_for(lambda f: f.get("type") == "hello")
            saved = (await put_sheet(table.by_seat[1], table, [
                {"position": 0, "letter": "u"}]))["sheet"]
            heard = await sock.wait_for(lambda f: f.get("type") == "sheet")
            assert heard["sheet"] == saved
            read = await laptop.get(table.path)
            assert read["sheet"] == saved and read["sheet"]["guesses"][0]["letter"] == "U"
            own_letters_hidden(read, 1)
            assert read["sheet"]["clues"][0]["letters"][0] == "?"
        finally:
            await sock.close()
    finally:
        await laptop.close()
        await one.stop()
        await two.stop()


async def test_english_games_take_english_letters(server: LiveServer) -> None:
    table = await letterjam_table(server.url, players=2, language="en", user_language="en")
    saved = (await put_sheet(table.by_seat[0], table, [
        {"position": 0, "letter": "i"}, {"position": 1, "letter": "w"},
    ]))["sheet"]
    assert [g["letter"] for g in saved["guesses"]][:2] == ["I", "W"]
    with pytest.raises(ApiError) as refused:  # no Ş, and no Q card in the English deck
        await put_sheet(table.by_seat[0], table, [{"position": 2, "letter": "ş"}])
    assert refused.value.code == "sheet.bad_letter"
    assert refused.value.message.startswith("“ş” is not one of this game's letters")
    with pytest.raises(ApiError) as refused:
        await put_sheet(table.by_seat[0], table, [{"position": 2, "letter": "Q"}])
    assert refused.value.code == "sheet.bad_letter"


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(("guesses", "code", "status", "turkish"), [
    ([{"position": 5, "letter": "A"}], "sheet.bad_position", 400,
     "Kağıtta 5 numaralı konum yok (konumlar 0 ile 4 arası)."),
    ([{"position": -1, "letter": "A"}], "sheet.bad_position", 400, "Kağıtta -1 numaralı"),
    ([{"position": 1, "letter": "A"}, {"position": 1, "letter": "B"}],
     "sheet.duplicate_position", 400, "1 numaralı konum aynı istekte iki kez yazılmış."),
    ([{"position": 1, "letter": "AB"}], "sheet.bad_letter", 400,
     "“AB” bu oyunun harflerinden biri değil"),
    ([{"position": 1, "letter": "7"}], "sheet.bad_letter", 400, "“7” bu oyunun"),
    ([{"position": 1, "letter": "Q"}], "sheet.bad_letter", 400, "“Q” bu oyunun"),
    ([{"position": 1, "letter": "*"}], "sheet.bad_letter", 400, "“*” bu oyunun"),
    # A good entry beside a bad one is not kept either.
    ([{"position": 0, "letter": "K"}, {"position": 9, "letter": "A"}], "sheet.bad_position",
     400, "Kağıtta 9 numaralı"),
    ([{"position": "1", "letter": "A"}], "request.invalid", 422, "İstek geçersiz"),
    ([{"position": 1}], "request.invalid", 422, "İstek geçersiz"),
    ([{"position": 1, "letter": "A", "seat": 0}], "request.invalid", 422, "İstek geçersiz"),
    ("A", "request.invalid", 422, "İstek geçersiz"),
])
async def test_bad_input_is_refused_in_the_users_language_and_changes_nothing(
    server: LiveServer, guesses: Any, code: str, status: int, turkish: str,
) -> None:
    table = await letterjam_table(server.url, players=2)
    client = table.by_seat[0]
    before = (await put_sheet(client, table, [{"position": 3, "letter": "M"}]))["sheet"]
    with pytest.raises(ApiError) as refused:
        await put_sheet(client, table, guesses)
    assert (refused.value.status, refused.value.code) == (status, code)
    assert refused.value.message.startswith(turkish), refused.value.message
    assert (await sheet_of(client, table))["sheet"] == before
    await client.update_me(language="en")
    with pytest.raises(ApiError) as english:
        await put_sheet(client, table, guesses)
    assert english.value.code == code
    assert english.value.message != refused.value.message  # the same refusal, in English
    assert (await sheet_of(client, table))["sheet"] == before


async def test_strangers_spectators_and_other_games_get_no_sheet(server: LiveServer) -> None:
    table = await letterjam_table(server.url, players=2)
    stranger = await register(server.url, unique("s"))
    with pytest.raises(ApiError) as watching:  # a public match: a spectator
        await stranger.get(table.path)
    assert (watching.value.status, watching.value.code) == (403, "sheet.not_a_seat")
    assert "yalnızca kendi tahmin kağıdını" in watching.value.message
    with pytest.raises(ApiError) as writing:
        await put_sheet(stranger, table, [{"position": 0, "letter": "A"}])
    assert (writing.value.status, writing.value.code) == (403, "match.not_a_player")

    private = await letterjam_table(server.url, players=2, public=False)
    for call in (stranger.get(private.path),
                 put_sheet(stranger, private, [{"position": 0, "letter": "A"}])):
        with pytest.raises(ApiError) as refused:
            await call
        assert (refused.value.status, refused.value.code) == (403, "match.not_a_player")

    with pytest.raises(ApiError) as missing:
        await stranger.get("/api/matches/999999/sheet")
    assert (missing.value.status, missing.value.code) == (404, "match.not_found")

    codenames = await stranger.post("/api/matches", {"game": "codenames",
                                                     "options": {"language": "tr"}})
    path = f"/api/matches/{codenames['match']['id']}/sheet"
    for method, body in (("GET", None), ("PUT", {"guesses": []})):
        with pytest.raises(ApiError) as other_game:
            await stranger.request(method, path, body)
        assert (other_game.value.status, other_game.value.code) == (404, "sheet.not_available")
        assert other_game.value.message == "Tahmin kağıdı yalnızca Harf Takıl maçlarında tutulur."

    waiting = await stranger.post("/api/matches", {"game": "letterjam",
                                                   "options": {"players": 2}})
    path = f"/api/matches/{waiting['match']['id']}/sheet"
    with pytest.raises(ApiError) as not_started:
        await stranger.get(path)
    assert (not_started.value.status, not_started.value.code) == (409, "match.not_active")


# --- the end -------------------------------------------------------------------------------


async def test_the_end_opens_every_sheet_with_the_truth_and_closes_them(
    server: LiveServer,
) -> None:
    table = await letterjam_table(server.url, players=3)
    state = await server_state(server, table.match_id)
    clue_word = "".join(state.cards[c] for c in (
        state.players[0].stand[0], state.piles[1].cards[0], state.players[2].stand[0]))
    await give_clue(table, 1, ["P0", "N1", "P2"])
    await put_sheet(table.by_seat[0], table, [{"position": 0, "letter": "a"}])
    await put_sheet(table.by_seat[2], table, [{"position": 4, "letter": "z"}])
    running = {seat: (await sheet_of(c, table))["sheet"] for seat, c in table.by_seat.items()}
    await play_to_the_end(table)
    spectator = await register(server.url, unique("s"), "en")
    for reader, client in [*table.by_seat.items(), (None, spectator)]:
        answer = await sheet_of(client, table)
        assert answer["status"] == "finished" and answer["seat"] == reader
        sheets = answer["sheets"]
        assert [s["seat"] for s in sheets] == [0, 1, 2]
        assert answer["sheet"] == (None if reader is None else sheets[reader])
        for seat, sheet in enumerate(sheets):
            player = state.players[seat]
            assert sheet["stand"] == [state.cards[c] for c in player.stand]
            assert sheet["word"] == "".join(state.cards[c] for c in player.dealt)
            assert sheet["guesses"] == running[seat]["guesses"]
            (row,) = sheet["clues"]
            assert row["letters"] == running[seat]["clues"][0]["letters"]  # as written down
            assert row["word"] == clue_word
    assert sheets[0]["guesses"][0] == {"position": 0, "letter": "A"}
    assert sheets[2]["guesses"][4] == {"position": 4, "letter": "Z"}
    with pytest.raises(ApiError) as closed:
        await put_sheet(table.by_seat[0], table, [{"position": 1, "letter": "B"}])
    assert (closed.value.status, closed.value.code) == (409, "sheet.closed")
    assert closed.value.message == "Oyun bitti; tahmin kağıdı artık değiştirilemez."
    after = (await sheet_of(table.by_seat[0], table))["sheet"]
    assert after["guesses"] == sheets[0]["guesses"] and after["version"] == 1


async def test_a_private_rooms_members_see_the_sheets_after_the_end(server: LiveServer) -> None:
    """A match started from a private room: its watching members get no sheet while it
    runs (like any spectator) and every sheet after the end; strangers never do."""
    host, friend, member, stranger = [await register(server.url, unique(p)) for p in "hfms"]
    room = await host.create_room("letterjam", {"players": 2})
    code = room["code"]
    await friend.join_room(code)
    await member.join_room(code)
    await host.take_seat(code, 0)
    await friend.take_seat(code, 1)
    started = await host.start_room(code)
    table = Table(started["match"], {0: host, 1: friend}, {})
    await give_clue(table, 0, ["P1", "N0"])
    assert (await sheet_of(friend, table))["sheet"]["clues"][0]["letters"][0] == "?"
    await put_sheet(friend, table, [{"position": 0, "letter": "ü"}])
    for reader, code_expected in ((member, "sheet.not_a_seat"), (stranger, "match.not_a_player")):
        with pytest.raises(ApiError) as refused:
            await sheet_of(reader, table)
        assert (refused.value.status, refused.value.code) == (403, code_expected)
    await play_to_the_end(table)
    seen = await sheet_of(member, table)
    assert seen["seat"] is None and seen["sheet"] is None
    assert [s["seat"] for s in seen["sheets"]] == [0, 1]
    assert seen["sheets"][1]["guesses"][0]["letter"] == "Ü"
    assert seen["sheets"][1]["clues"][0]["letters"][0] == "?"  # as the seat wrote it down
    assert len(seen["sheets"][1]["stand"]) == 5
    with pytest.raises(ApiError) as refused:
        await sheet_of(stranger, table)
    assert (refused.value.status, refused.value.code) == (403, "match.not_a_player")


# --- hidden information ----------------------------------------------------------------------


async def test_no_sheet_answer_holds_a_seats_own_letters_before_the_reveal(
    server: LiveServer,
) -> None:
    """Several clues, each seat moving on between them: every seat's sheet answer (read
    and saved) stays without its own letters, and without anything that differs when
    its own cards were other letters (the rows equal the engine's records, built with
    ``?`` for the reader)."""
    table = await letterjam_table(server.url, players=3)
    clues = [(0, ["P1", "P2", "N0"]), (1, ["P2", "N1", "*", "P0"]), (2, ["P0", "P1"])]
    for giver, cards in clues:
        await give_clue(table, giver, cards)
        for seat, client in table.by_seat.items():
            own_letters_hidden(await sheet_of(client, table), seat)
            saved = await put_sheet(client, table, [{"position": 0, "letter": "E"}])
            own_letters_hidden(saved, seat)
        moving = (giver + 1) % 3
        await table.by_seat[moving].move(table.match_id, {"kind": "move_on", "guess": "E"})
    state = await server_state(server, table.match_id)
    for seat, client in table.by_seat.items():
        sheet = (await sheet_of(client, table))["sheet"]
        assert [r["letters"] for r in sheet["clues"]] == [
            list(r.letters) for r in state.players[seat].records]
        assert sheet["position"] == state.players[seat].position
        assert sheet["moved_on"] == list(state.players[seat].guesses)


def _random_clue(state: lj.GameState, seat: int, rnd: st.DataObject) -> list[str]:
    """A clue ``seat`` could spell: some of the cards it sees, in any order."""
    visible: list[str] = ["*"]
    for other, player in enumerate(state.players):
        if other != seat and player.current is not None:
            visible.append(f"P{other}")
        if other != seat and player.bonus is not None:
            visible.append(f"B{other}")
    visible += [f"N{i}" for i, pile in enumerate(state.piles) if pile.top is not None]
    visible += [f"S{i}" for i in range(len(state.shared))]
    return rnd.draw(st.lists(st.sampled_from(visible), min_size=1, max_size=6))


def _other_letters(state: lj.GameState, seat: int) -> lj.GameState:
    """``state`` with every card of ``seat`` (stand and bonus) shown as another letter."""
    player = state.players[seat]
    own = set(player.stand) | ({player.bonus} if player.bonus is not None else set())
    letters = lj.deck_counts(state.config.language)
    cards = tuple(
        next(x for x in letters if x != letter) if i in own else letter
        for i, letter in enumerate(state.cards)
    )
    return replace(state, cards=cards)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), data=st.data())
def test_a_sheet_says_nothing_of_the_seats_own_letters(seed: int, players: int,
                                                       data: st.DataObject) -> None:
    """Random games: at every step each seat's sheet is the same as it would be if the
    seat's own cards were other letters, and has ``?`` wherever a clue used them."""
    config = lj.LetterJamConfig("tr", players=players)
    state = lj.new_game(config, seed, lexicon=ANY_WORD)
    for _ in range(data.draw(st.integers(1, 8), label="clues")):
        giver = data.draw(st.integers(0, players - 1), label="giver")
        naming = [s for s, p in enumerate(state.players) if p.bonus_used]
        for seat in naming:
            state, _ = lj.apply(state, seat, lj.NameBonus("A"))
        refs = lj.parse_refs(_random_clue(state, giver, data))
        seats = {r.seat for r in refs if isinstance(r, StandCard | BonusCard)}
        piles = {r.pile for r in refs if isinstance(r, PileCard)}
        try:
            state, _ = lj.apply(state, giver, lj.Offer(len(refs), len(seats), len(piles)))
        except lj.LetterJamError:
            break  # no token left for this seat
        for voter in range(players):
            if state.phase is lj.Phase.CLUE:
                break
            state, _ = lj.apply(state, voter, lj.Vote(giver))
        wild = "A" if any(isinstance(r, Wildcard) for r in refs) else None
        state, _ = lj.apply(state, giver, lj.GiveClue(refs, wild))
        for seat in range(players):
            if data.draw(st.booleans(), label="move on") and state.players[seat].current \
                    is not None and state.phase is lj.Phase.ROUND:
                state, _ = lj.apply(state, seat, lj.MoveOn("E"))
        for seat in range(players):
            sheet = sheet_from_view(lj.view(state, lj.Seat(seat)).to_json(), ["K"] * 5)
            counterfactual = _other_letters(state, seat)
            assert sheet == sheet_from_view(
                lj.view(counterfactual, lj.Seat(seat)).to_json(), ["K"] * 5)
            for row in sheet["clues"]:
                for label, letter in zip(row["cards"], row["letters"], strict=True):
                    assert (letter == "?") == (label in (f"P{seat}", f"B{seat}"))


@settings(max_examples=300, deadline=None)
@given(language=st.sampled_from(["tr", "en"]), text=st.text(max_size=4))
def test_any_text_is_one_game_letter_nothing_or_a_clear_refusal(language: str,
                                                                text: str) -> None:
    from harfiyen.server.errors import Refused
    from harfiyen.server.sheets import game_letters, normal_letter

    try:
        letter = normal_letter(text, language)
    except Refused as error:
        assert error.code == "sheet.bad_letter"
        assert error.message.tr.startswith("“") and error.message.en.startswith("“")
        return
    assert letter is None or letter in game_letters(language)
    if letter is None:
        assert not text.strip()
