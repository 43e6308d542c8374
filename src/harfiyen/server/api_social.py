"""REST routes beyond matches: friends, blocks, recent opponents, chat, ratings,
the matchmaking queue and Web Push subscriptions."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from harfiyen.server import chat, push, ratings, social
from harfiyen.server.api import CurrentUser, Db, _user_named, optional_user, service_of
from harfiyen.server.matchmaking import Matchmaker
from harfiyen.server.schemas import MatchId, Strict, TimeControl, default_game, iso, user_json

router = APIRouter(prefix="/api")


def matchmaker_of(request: Request) -> Matchmaker:
    matchmaker: Matchmaker = request.app.state.matchmaker
    return matchmaker


# --- friends, blocks, recent opponents ----------------------------------------------------


@router.get("/friends")
async def list_friends(user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    return {"friends": [user_json(u) for u in await social.friends(db, user_id)]}


@router.put("/friends/{username}")
async def add_friend(username: str, user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    friend = await _user_named(db, username)
    await social.add_friend(db, user, friend)
    return {"friends": [user_json(u) for u in await social.friends(db, user_id)]}


@router.delete("/friends/{username}")
async def remove_friend(username: str, user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    await social.remove_friend(db, user, await _user_named(db, username))
    return {"friends": [user_json(u) for u in await social.friends(db, user_id)]}


@router.get("/blocks")
async def list_blocks(user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    return {"blocks": [user_json(u) for u in await social.blocked_users(db, user_id)]}


@router.put("/blocks/{username}")
async def block_user(username: str, user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    await social.block(db, user, await _user_named(db, username))
    return {"blocks": [user_json(u) for u in await social.blocked_users(db, user_id)]}


@router.delete("/blocks/{username}")
async def unblock_user(username: str, user: CurrentUser, db: Db) -> Any:
    user_id = user.id  # read before a commit expires the row
    await social.unblock(db, user, await _user_named(db, username))
    return {"blocks": [user_json(u) for u in await social.blocked_users(db, user_id)]}


@router.get("/opponents/recent")
async def recent_opponents(user: CurrentUser, db: Db) -> Any:
    rows = await social.recent_opponents(db, user.id)
    return {"opponents": [
        {"user": user_json(r["user"]), "match": r["match"], "played_at": iso(r["played_at"])}
        for r in rows
    ]}


# --- chat ---------------------------------------------------------------------------------


class ChatRequest(Strict):
    text: str = Field(max_length=4000)


@router.get("/matches/{match_id}/chat")
async def chat_history(match_id: MatchId, request: Request, user: CurrentUser) -> Any:
    return {"messages": await chat.history(service_of(request), user, match_id)}


@router.post("/matches/{match_id}/chat", status_code=201)
async def chat_post(match_id: MatchId, body: ChatRequest, request: Request,
                    user: CurrentUser) -> Any:
    return {"message": await chat.post(service_of(request), user, match_id, body.text)}


# --- ratings ------------------------------------------------------------------------------


@router.get("/users/{username}/ratings")
async def user_ratings(username: str, request: Request, db: Db) -> Any:
    """Ratings per (game, language, rule set) and the history of changes, newest first."""
    await optional_user(request, db)
    user = await _user_named(db, username)
    return {
        "user": user_json(user),
        "ratings": await ratings.profile_ratings(db, user.id),
        "history": await ratings.history(db, user.id),
    }


# --- matchmaking --------------------------------------------------------------------------


class QueueRequest(Strict):
    # A registered game (``GET /api/config`` lists them); the first registered one by default.
    game: str = Field(default_factory=default_game, min_length=1, max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    ranked: bool = False
    time_control: TimeControl = Field(default_factory=TimeControl)


@router.post("/matchmaking")
async def join_queue(body: QueueRequest, request: Request, user: CurrentUser) -> Any:
    """Wait for a random opponent; ``queue.status`` is ``waiting`` or ``matched`` (``match``)."""
    entry = await matchmaker_of(request).join(
        user, body.game, body.options, body.ranked, body.time_control.stored()
    )
    return {"queue": entry}


@router.get("/matchmaking")
async def queue_status(request: Request, user: CurrentUser) -> Any:
    return {"queue": await matchmaker_of(request).status(user)}


@router.delete("/matchmaking")
async def leave_queue(request: Request, user: CurrentUser) -> Any:
    return {"queue": await matchmaker_of(request).cancel(user)}


# --- Web Push -----------------------------------------------------------------------------


class PushKeys(Strict):
    p256dh: str = Field(min_length=16, max_length=200)
    auth: str = Field(min_length=8, max_length=100)


class PushSubscriptionRequest(Strict):
    """What the browser's ``PushSubscription.toJSON()`` gives."""

    endpoint: str = Field(min_length=8, max_length=1000)
    keys: PushKeys
    expirationTime: int | None = None  # the browser's own field name


class PushEndpoint(Strict):
    endpoint: str = Field(max_length=1000)


@router.get("/push/key")
async def push_key(request: Request) -> Any:
    """The VAPID public key to subscribe with (``applicationServerKey``)."""
    keys: push.VapidKeys = request.app.state.vapid
    return {"public_key": keys.public_key}


@router.post("/push/subscriptions", status_code=201)
async def push_subscribe(body: PushSubscriptionRequest, request: Request,
                         user: CurrentUser) -> Any:
    await push.subscribe(service_of(request), user, body.endpoint, body.keys.p256dh,
                         body.keys.auth)
    request.app.state.push.forget(user.id)
    return {"ok": True, "notifications": bool((user.preferences or {}).get("notifications"))}


@router.delete("/push/subscriptions")
async def push_unsubscribe(body: PushEndpoint, request: Request, user: CurrentUser) -> Any:
    await push.unsubscribe(service_of(request), user, body.endpoint)
    return {"ok": True}

