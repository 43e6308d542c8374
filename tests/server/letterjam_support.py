"""Helpers for Harf Takıl server tests: a room of people and AI seats, players driven over
the websocket from their own views, and the check that no seat is ever sent its own
letters before the reveal."""

from __future__ import annotations

import json
import random
from typing import Any

from harfiyen.ai.letterjam import seat as ai_seat
from harfiyen.ai.seats import unwrap
from harfiyen.client import GameSocket, HarfiyenClient
from harfiyen.games.letterjam.cards import OwnCard
from harfiyen.games.letterjam.game import LETTERJAM
from harfiyen.games.letterjam.moves import AgreeEnd, Arrange, Move, NameBonus, Vote, Withdraw
from harfiyen.games.letterjam.state import Phase
from harfiyen.games.letterjam.views import LetterJamView

from .conftest import unique
from .support import register

#: Refusals a person may get for a move chosen on a view another seat's move made stale.
RACE_CODES = frozenset({
    "wrong_phase", "already_voted", "no_offer", "bonus_naming_pending", "not_cluegiver",
    "clue_in_progress", "no_bonus_to_name", "nothing_to_withdraw", "no_token",
    "no_card_to_move_on", "match.not_active", "game_over",
})


async def letterjam_room(
    url: str, people: int, ai: int, options: dict[str, Any] | None = None,
    languages: list[str] | None = None, urls: list[str] | None = None,
) -> tuple[list[HarfiyenClient], str, int]:
    """A Harf Takıl room of ``people`` users (the first hosts) in the first slots and
    ``ai`` AI seats after them, started; the people, the room code and the match id.
    ``urls``: the server each person uses (default: ``url`` for all)."""
    langs = languages or ["tr"] * people
    where = urls or [url] * people
    clients = [await register(where[i], unique("j"), langs[i]) for i in range(people)]
    host = clients[0]
    room = await host.request("POST", "/api/rooms", {
        "game": "letterjam",
        "options": {"language": "tr", "players": people + ai, **(options or {})}})
    code = room["code"]
    base = f"/api/rooms/{code}"
    for slot, person in enumerate(clients):
        if person is not host:
            await person.request("POST", f"{base}/join", {})
        await person.request("POST", f"{base}/seat", {"slot": slot})
    for slot in range(people, people + ai):
        await host.request("POST", f"{base}/slots/{slot}", {"ai": "ai"})
    started = await host.request("POST", f"{base}/start", {})
    return clients, code, int(started["match"])


async def invited_table(url: str, seats: int, options: dict[str, Any] | None = None
                        ) -> tuple[list[HarfiyenClient], int]:
    """``seats`` users at one Harf Takıl match made with ``POST /api/matches`` (invites)."""
    clients = [await register(url, unique("j")) for _ in range(seats)]
    created = await clients[0].post("/api/matches", {
        "game": "letterjam", "options": {"language": "tr", "players": seats, **(options or {})}})
    for client in clients[1:]:
        await client.accept(created["invite"]["code"])
    return clients, created["match"]["id"]


def typed(view: dict[str, Any]) -> LetterJamView:
    return LetterJamView.from_json(view)


def wire(move: Move | None) -> dict[str, Any] | None:
    return None if move is None else LETTERJAM.move_to_json(move)


def ai_like(view: dict[str, Any]) -> dict[str, Any] | None:
    """What the AI would do in this person's place (a person who plays well)."""
    if view["outcome"] is not None:
        return None
    return wire(unwrap(ai_seat.choose(typed(view), "ai", 0, None)).move)


def follower(view: dict[str, Any]) -> dict[str, Any] | None:
    """A person who follows the AI's lead: never offers (withdraws as a cluegiver), votes
    with the most votes, names a bonus ``A``, agrees to end once anyone agrees, keeps the
    stand order at the end."""
    seen = typed(view)
    me = seen.seat
    assert me is not None
    move: Move | None = None
    if seen.outcome is not None:
        return None
    if seen.stands[me].bonus_used:
        move = NameBonus("A")
    elif seen.phase is Phase.FINAL:
        if seen.arrangement is None:
            move = Arrange(tuple(OwnCard(i) for i in range(seen.stands[me].cards)))
    elif seen.phase is Phase.CLUE:
        if seen.cluegiver == me:
            move = Withdraw()  # chosen for an offer made carelessly: no clue after all
    elif seen.phase is Phase.ROUND:
        offered = [s for s, o in enumerate(seen.offers) if o is not None]
        if offered:
            target = ai_seat.leader(seen.votes, offered)
            move = None if seen.votes[me] == target else Vote(target)
        elif any(seen.agrees_end) and not seen.agrees_end[me]:
            move = AgreeEnd(True)
    return wire(move)


def random_move(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """Any move a careless player might send now (often refused)."""
    seen = typed(view)
    me = seen.seat
    assert me is not None
    players, piles = seen.players, len(seen.piles)
    kind = rnd.choice(["offer", "vote", "move_on", "agree", "withdraw", "clue", "arrange",
                       "name_bonus"])
    if kind == "offer":
        return {"kind": "offer", "length": rnd.randint(0, 7),
                "players": rnd.randint(0, players), "nonplayers": rnd.randint(0, piles + 1)}
    if kind == "vote":
        return {"kind": "vote", "seat": rnd.choice([None, *range(players)])}
    if kind == "move_on":
        return {"kind": "move_on", "guess": rnd.choice([None, "A", "K", "Ş", "?"])}
    if kind == "agree":
        return {"kind": "agree_end", "agree": rnd.random() < 0.7}
    if kind == "withdraw":
        return {"kind": "withdraw"}
    if kind == "clue":
        labels = [f"P{s}" for s in range(players)] + [f"N{p}" for p in range(piles)] + ["*"]
        cards = [rnd.choice(labels) for _ in range(rnd.randint(1, 6))]
        return {"kind": "clue", "cards": cards, "wildcard": "E" if "*" in cards else None}
    if kind == "arrange":
        order = list(range(seen.stands[me].cards))
        rnd.shuffle(order)
        return {"kind": "arrange", "slots": [f"O{i}" for i in order], "wildcard": None}
    return {"kind": "name_bonus", "letter": rnd.choice("AEKLMR")}


def summary(view: dict[str, Any]) -> str:
    """The public round state of a view, for a failing test's message."""
    stands = [(s["seat"], s["position"], s["has_card"], s["bonus_used"], s["arranged"])
              for s in view["stands"]]
    return (f"phase={view['phase']} cluegiver={view['cluegiver']} offers={view['offers']} "
            f"votes={view['votes']} agrees={view['agrees_end']} tokens={view['tokens']} "
            f"stands={stands}")


async def wait_for_ai(sock: GameSocket, match_id: int, timeout: float = 120) -> None:
    """Wait for the next state (an AI seat's move); a stalled table fails with its state."""
    try:
        await sock.wait_seq(match_id, sock.view_seq[match_id] + 1, timeout=timeout)
    except TimeoutError:
        raise AssertionError("the table stalled: " + summary(sock.views[match_id])) from None


# --- the hidden-letters check ------------------------------------------------------------


def own_leaks(node: Any, seat: int, path: str = "") -> list[str]:
    """Where ``node`` (a frame or an HTTP answer for ``seat``'s account, before the reveal)
    could show ``seat`` its own letters: its stand or bonus letter (``card``, ``bonus``,
    ``seen``, ``shown``, ``letter`` on something of that seat), the words or the deck, a
    clue's ``word`` to a seat that did not give it, or a letter other than ``?`` at one of
    its own cards in a clue or a record."""
    out: list[str] = []
    if isinstance(node, list):
        for i, value in enumerate(node):
            out += own_leaks(value, seat, f"{path}[{i}]")
        return out
    if not isinstance(node, dict):
        return out
    for key in ("words", "deck", "secret_words"):
        if node.get(key) is not None:
            out.append(f"{path}.{key}")
    kind = node.get("kind")
    if node.get("seat") == seat:
        own_keys = {"card", "bonus", "seen", "shown"}
        if kind == "offer_made":
            # An offer's ``bonus`` is the flag it said (uses a shared bonus letter), a
            # boolean that names no card.
            own_keys.discard("bonus")
        if kind in ("bonus_drawn", "moved_on") or kind is None:
            own_keys.add("letter")
        for key in own_keys & set(node):
            if not (key == "shown" and kind == "arranged"):
                out.append(f"{path}.{key} (seat {seat})")
    if kind == "clue_given" and "word" in node and node.get("seat") != seat:
        out.append(f"{path}.word")
    cards, letters = node.get("cards"), node.get("letters")
    if isinstance(cards, list) and isinstance(letters, list) and len(cards) == len(letters):
        for label, letter in zip(cards, letters, strict=True):
            if label in (f"P{seat}", f"B{seat}") and letter != "?":
                out.append(f"{path}.letters ({label}={letter})")
    for name, value in node.items():
        out += own_leaks(value, seat, f"{path}.{name}")
    return out


def numbered_seq(frame: dict[str, Any]) -> int | None:
    return frame.get("seq") if frame.get("type") in ("event", "state", "sync", "patch") \
        else None


def assert_no_own_letters(frames: list[dict[str, Any]], seat: int, end_seq: int) -> None:
    """No frame before the reveal (``end_seq``: the seq of ``game_ended``) shows ``seat``
    its own letters; unnumbered frames (acks, errors, chat, notices) are checked whole
    unless they come after a frame of the reveal. A ``patch`` frame's view edit names a
    stand's changed keys without the stand (its seat): the view it gives is checked, the
    ``state`` frame the client made of it (after it in ``frames``), and its events."""
    revealed = False
    for frame in frames:
        seq = numbered_seq(frame)
        if seq is not None and seq >= end_seq:
            revealed = True
        if revealed:
            continue
        leaks = own_leaks(frame.get("events") if frame.get("type") == "patch" else frame, seat)
        assert not leaks, (seat, leaks, json.dumps(frame, ensure_ascii=False)[:500])


async def end_seq(app: Any, match_id: int) -> int:
    """The seq of the match's ``game_ended`` event in the stored log."""
    from sqlalchemy import select

    from harfiyen.server.models import MatchEvent

    async with app.state.service.sessions() as db:
        rows = (await db.execute(
            select(MatchEvent.seq).where(MatchEvent.match_id == match_id,
                                         MatchEvent.kind == "game_ended")
        )).all()
    assert len(rows) == 1, rows
    return int(rows[0][0])


async def play_people(
    match_id: int, sockets: dict[int, GameSocket], by_seat: dict[int, HarfiyenClient],
    policies: dict[int, Any], max_moves: int = 1500, view_timeout: float = 120,
) -> dict[str, Any]:
    """Play the people's seats (``policies``: seat -> view -> move or ``None``) until the
    game ends, the AI seats moving meanwhile. A refusal is allowed only when the table had
    moved on since the view the move was chosen on (a race with another seat)."""
    any_sock = next(iter(sockets.values()))
    for _ in range(max_moves):
        views = {s: sock.views[match_id] for s, sock in sockets.items()}
        if any(v["outcome"] is not None for v in views.values()):
            return next(v for v in views.values() if v["outcome"] is not None)
        moved = False
        for seat, sock in sockets.items():
            seen_seq = sock.view_seq[match_id]
            move = policies[seat](sock.views[match_id])
            if move is None:
                continue
            reply = await sock.move(match_id, move)
            if reply["type"] == "error":
                last = (await by_seat[seat].match(match_id))["last_seq"]
                assert reply["code"] in RACE_CODES and last > seen_seq, (reply, move)
            else:
                await sock.wait_seq(match_id, reply["seq"])
            moved = True
            break
        if not moved:
            # Nobody here has anything to do: an AI seat must move (else the table stalls).
            await wait_for_ai(any_sock, match_id, view_timeout)
        latest = max(sock.view_seq[match_id] for sock in sockets.values())
        for sock in sockets.values():
            await sock.wait_seq(match_id, latest, timeout=view_timeout)
    raise AssertionError("the game did not end")
