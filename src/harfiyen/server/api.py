"""The REST API: accounts, preferences, matches and invitations (JSON over HTTP)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.server import auth, quotas, usernames
from harfiyen.server.errors import accounts as account_errors
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.handoff import hand_seat
from harfiyen.server.leaving import claim_abandoned
from harfiyen.server.models import Invite, Match, MatchNote, MatchPlayer, Room, User, utcnow
from harfiyen.server.presence import match_scope
from harfiyen.server.ratings import profile_ratings
from harfiyen.server.schemas import (
    DB_INT_MAX,
    DEFAULT_PREFERENCES,
    ClaimRequest,
    CreateMatchRequest,
    HandRequest,
    LoginRequest,
    MatchId,
    MoveRequest,
    ProfilePatch,
    RegisterRequest,
    invite_json,
    match_json,
    user_json,
)
from harfiyen.server.service import MatchService
from harfiyen.server.settings import Settings
from harfiyen.server.throttle import Throttle, client_address

router = APIRouter(prefix="/api")


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def service_of(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def address_of(request: Request) -> str | None:
    """The keyed hash of the caller's address that rows keep for the quotas (quotas.py)."""
    return quotas.address_key(settings_of(request), client_address(request))


async def get_db(request: Request) -> AsyncIterator[AsyncSession]:
    async with service_of(request).sessions() as db:
        yield db


Db = Annotated[AsyncSession, Depends(get_db)]


async def release(db: AsyncSession) -> None:
    """End the request session's transaction: its connection goes back to the pool.

    Called before the service opens a session of its own, so no request ever
    holds two pooled connections at once: with nested checkouts, as many
    concurrent requests as the pool has connections deadlock, each holding one
    and waiting for a second. Rows read stay usable (``expire_on_commit=False``).
    """
    if db.in_transaction():
        await db.commit()


async def optional_user(request: Request, db: Db) -> User | None:
    user = await auth.user_of_token(db, request.cookies.get(auth.SESSION_COOKIE))
    request.state.language = auth.request_language(request, user)
    await release(db)
    return user


async def current_user(request: Request, db: Db) -> User:
    user = await optional_user(request, db)
    if user is None:
        raise fail(account_errors.NOT_AUTHENTICATED, status=401)
    auth.check_csrf(settings_of(request), request)
    return user


CurrentUser = Annotated[User, Depends(current_user)]


# --- accounts -------------------------------------------------------------------------------


async def _ensure_username_free(db: AsyncSession, name: str, owner: int | None = None) -> None:
    """Refuse ``name`` when another account (not ``owner``) has the same key."""
    found = (await db.execute(
        select(User.id, User.username).where(User.username_key == usernames.key(name))
    )).first()
    if found is None or found[0] == owner:
        return
    if found[1] == name:
        raise fail(account_errors.USERNAME_TAKEN, status=409, username=name)
    raise fail(usernames.LOOK_ALIKE, status=409, username=name, existing=found[1])


@router.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


def throttle_of(request: Request) -> Throttle:
    throttle: Throttle = request.app.state.throttle
    return throttle


@router.post("/auth/register", status_code=201)
async def register(body: RegisterRequest, request: Request, response: Response, db: Db) -> Any:
    name = usernames.validated(body.username)
    await _ensure_username_free(db, name)
    await release(db)
    await throttle_of(request).new_account(client_address(request))
    password_hash = await auth.hash_password_off_loop(body.password)
    user = User(
        username=name, display_name=body.display_name or name,
        password_hash=password_hash, is_guest=False,
        preferences={**DEFAULT_PREFERENCES, "language": body.language},
    )
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:
        raise fail(account_errors.USERNAME_TAKEN, status=409, username=name) from None
    csrf = await auth.start_session(db, settings_of(request), response, user)
    await db.commit()
    return {"user": user_json(user, private=True), "csrf": csrf}


@router.post("/auth/login")
async def login(body: LoginRequest, request: Request, response: Response, db: Db) -> Any:
    throttle, address = throttle_of(request), client_address(request)
    account = usernames.key(usernames.normalize(body.username))
    await throttle.login_allowed(account, address)
    user = await find_user(db, body.username)
    await release(db)  # no connection is held while argon2 runs
    # Unknown users are checked against a dummy hash: the time tells nothing.
    if not await auth.verify_password_off_loop(
        user.password_hash if user else None, body.password
    ) or user is None:
        await throttle.login_failed(account, address)
        raise fail(account_errors.BAD_CREDENTIALS, status=401)
    csrf = await auth.start_session(db, settings_of(request), response, user)
    await db.commit()
    return {"user": user_json(user, private=True), "csrf": csrf}


@router.post("/auth/guest", status_code=201)
async def guest(request: Request, response: Response, db: Db) -> Any:
    """A guest account that can play at once and be claimed later (``/auth/claim``)."""
    await throttle_of(request).new_account(client_address(request))
    suffix = secrets.token_hex(4)
    lang = auth.request_language(request)
    user = User(
        username=f"misafir_{suffix}", display_name=f"Misafir {suffix[:4]}",
        password_hash=None, is_guest=True, preferences={**DEFAULT_PREFERENCES, "language": lang},
    )
    db.add(user)
    await db.flush()
    csrf = await auth.start_session(db, settings_of(request), response, user)
    await db.commit()
    return {"user": user_json(user, private=True), "csrf": csrf}


@router.post("/auth/claim")
async def claim(body: ClaimRequest, user: CurrentUser, db: Db) -> Any:
    """Turn the signed-in guest into a registered account, keeping its matches."""
    if not user.is_guest:
        raise fail(account_errors.NOT_A_GUEST, status=409)
    user = await db.merge(user)
    name = user.username if body.username == user.username else usernames.validated(body.username)
    await _ensure_username_free(db, name, owner=user.id)
    user.username = name
    user.username_key = usernames.key(name)
    user.display_name = body.display_name or name
    user.password_hash = await auth.hash_password_off_loop(body.password)
    user.is_guest = False
    try:
        await db.commit()
    except IntegrityError:
        raise fail(account_errors.USERNAME_TAKEN, status=409, username=name) from None
    return {"user": user_json(user, private=True)}


@router.post("/auth/logout")
async def logout(request: Request, response: Response, user: CurrentUser, db: Db) -> Any:
    await auth.end_session(db, request, response)
    await db.commit()
    return {"ok": True}


@router.get("/auth/csrf")
async def csrf(request: Request, response: Response, db: Db) -> Any:
    """The CSRF token of the current session (sets the cookie again, e.g. after it was lost)."""
    user = await optional_user(request, db)
    if user is None:
        raise fail(account_errors.NOT_AUTHENTICATED, status=401)
    settings = settings_of(request)
    token = auth.csrf_token(settings, request.cookies[auth.SESSION_COOKIE])
    response.set_cookie(auth.CSRF_COOKIE, token, httponly=False, samesite="strict",
                        secure=settings.secure_cookies, path="/")
    return {"csrf": token}


@router.get("/me")
async def me(user: CurrentUser) -> Any:
    return {"user": user_json(user, private=True)}


@router.patch("/me")
async def update_me(body: ProfilePatch, request: Request, user: CurrentUser, db: Db) -> Any:
    request.app.state.push.forget(user.id)  # notifications may have been turned on
    user = await db.merge(user)
    changes = body.model_dump(exclude_unset=True)
    if "display_name" in changes:
        user.display_name = changes.pop("display_name") or user.username
    user.preferences = {**DEFAULT_PREFERENCES, **(user.preferences or {}), **changes}
    await db.commit()
    return {"user": user_json(user, private=True)}


@router.get("/users/{username}")
async def profile(username: str, request: Request, db: Db) -> Any:
    await optional_user(request, db)
    user = await _user_named(db, username)
    return {"user": {**user_json(user), "ratings": await profile_ratings(db, user.id)}}


async def find_user(db: AsyncSession, username: str) -> User | None:
    """The user called ``username``: exactly, else by its key (``ALİ`` finds ``ali``)."""
    name = usernames.normalize(username)
    user = (await db.execute(select(User).where(User.username == name))).scalar_one_or_none()
    if user is None:
        user = (await db.execute(
            select(User).where(User.username_key == usernames.key(name))
        )).scalar_one_or_none()
    return user


async def _user_named(db: AsyncSession, username: str) -> User:
    user = await find_user(db, username)
    if user is None:
        raise fail(account_errors.USER_NOT_FOUND, status=404,
                   username=usernames.normalize(username)[:64])
    return user


# --- matches --------------------------------------------------------------------------------


async def _match_out(db: AsyncSession, match: Match, user: User, listed: bool = False
                     ) -> dict[str, Any]:
    """The match for ``user``; ``listed``: as an item of a list, with the config as the
    game lists it (``GameSpec.listed_config``)."""
    rows = (await db.execute(
        select(MatchPlayer, User).join(User, User.id == MatchPlayer.user_id)
        .where(MatchPlayer.match_id == match.id)
    )).all()
    players = [(p, u) for p, u in rows]
    invites = None
    if match.created_by == user.id:
        invites = list((await db.execute(
            select(Invite).where(Invite.match_id == match.id)
        )).scalars().all())
    room = None if match.room_id is None else await db.scalar(
        select(Room.code).where(Room.id == match.room_id))
    out = match_json(match, players, invites, room)
    if listed:
        out["config"] = adapter(match.game).spec.listed_config(match.config)
    return out


@router.post("/matches", status_code=201)
async def create_match(
    body: CreateMatchRequest, request: Request, user: CurrentUser, db: Db
) -> Any:
    names = [*([body.opponent] if body.opponent else []), *body.opponents]
    opponents = [await _user_named(db, name) for name in names]
    await release(db)
    bots: list[str] = list(body.bots) or ([body.bot] if body.bot else [])
    service = service_of(request)
    game = adapter(body.game)
    setup = game.setup(body.options)
    # Any level the game registers, also one it does not offer (the crossword's stand-ins).
    if any(game.spec.ai_level(level) is None for level in bots):
        raise fail(match_errors.BAD_CONFIG, problem=f"{body.game} has no such bot level")
    solo = bool(bots) and len(bots) == setup.players - 1
    # Solo games against the AI have no time limit (RULES.md); bot games are never ranked.
    time_control = {"kind": "none", "seconds_per_move": None} if solo \
        else body.time_control.stored()
    match, invite = await service.create(
        user, body.game, body.options, body.ranked and not bots, time_control, opponents,
        bots=bots, public=body.public, address=address_of(request),
    )
    match = await db.get(Match, match.id) or match
    return {"match": await _match_out(db, match, user), "invite": invite_json(invite)}


@router.get("/matches")
async def my_matches(
    user: CurrentUser, db: Db, status: str | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
    before: Annotated[int | None, Query(ge=1, le=DB_INT_MAX)] = None,
) -> Any:
    """My matches, newest first; ``status`` (``finished``, ``active``, ...) filters,
    ``before`` pages on by match id."""
    query = (select(Match).join(MatchPlayer, MatchPlayer.match_id == Match.id)
             .where(MatchPlayer.user_id == user.id))
    if status is not None:
        query = query.where(Match.status == status)
    if before is not None:
        query = query.where(Match.id < before)
    matches = (await db.execute(query.order_by(Match.id.desc()).limit(limit))).scalars().all()
    return {"matches": [await _match_out(db, m, user, listed=True) for m in matches]}


@router.get("/matches/{match_id}")
async def get_match(match_id: MatchId, request: Request, user: CurrentUser, db: Db) -> Any:
    service = service_of(request)
    match = await service.watchable(db, match_id, user.id)
    out = await _match_out(db, match, user)
    await release(db)
    _, frames = await service.sync_frames(match_id, user.id, 0)
    out["view"] = frames[-1].get("view")
    out["waiting"] = frames[-1].get("waiting", [])
    out["rematch"] = await _rematch_offer(db, match, user)
    if match.status == "finished":
        # What the AI seats meant (a clue's words) would tell the key while the game runs.
        notes = (await db.execute(
            select(MatchNote).where(MatchNote.match_id == match.id)
            .order_by(MatchNote.seq, MatchNote.id)
        )).scalars().all()
        out["notes"] = [{"seq": n.seq, "seat": n.seat, **n.data} for n in notes]
    return {"match": out}


async def _rematch_offer(db: AsyncSession, match: Match, user: User) -> dict[str, Any] | None:
    """The newest rematch of ``match`` that involves ``user``: an invitation to accept, or
    the one the user sent (so the end screen can show it instead of a short-lived toast)."""
    if match.status != "finished":
        return None
    rows = (await db.execute(
        select(Invite, Match).join(Match, Match.id == Invite.match_id)
        .where(Match.rematch_of == match.id, Invite.status.in_(("open", "accepted")),
               or_(Invite.to_user == user.id, Invite.from_user == user.id,
                   Invite.to_user.is_(None)))
        .order_by(Match.id.desc())
    )).all()
    for invite, rematch in rows:
        seated = (await db.execute(select(MatchPlayer.user_id).where(
            MatchPlayer.match_id == rematch.id))).scalars().all()
        if invite.to_user is None and invite.from_user != user.id and user.id not in seated:
            continue  # someone else's link invitation to a match of other players
        return {"match": rematch.id, "status": rematch.status, "code": invite.code,
                "from_user": invite.from_user, "for_me": invite.from_user != user.id
                and invite.status == "open" and user.id not in seated}
    return None


@router.post("/matches/{match_id}/moves")
async def post_move(match_id: MatchId, body: MoveRequest, request: Request,
                    user: CurrentUser) -> Any:
    """The same command path as the websocket ``move`` intent."""
    done = await service_of(request).submit(user.id, match_id, body.move)
    return {"match": done.match_id, "seq": done.last_seq, "status": done.status}


@router.post("/matches/{match_id}/resign")
async def resign(match_id: MatchId, request: Request, user: CurrentUser) -> Any:
    """Resign, also while waiting for the opponent's move; before the start it withdraws."""
    done = await service_of(request).submit(user.id, match_id, {"kind": "resign"})
    return {"match": done.match_id, "seq": done.last_seq, "status": done.status}


@router.post("/matches/{match_id}/claim_win")
async def claim_win(match_id: MatchId, request: Request, user: CurrentUser) -> Any:
    """End an untimed two-player crossword match as a win once the opponent, to move, has
    not moved for ``abandon_hours`` (refused before, with the hours left)."""
    done = await claim_abandoned(service_of(request), user.id, match_id)
    return {"match": done.match_id, "seq": done.last_seq, "status": done.status}


@router.post("/matches/{match_id}/seats/{seat}/ai")
async def hand_to_ai(match_id: MatchId, seat: Annotated[int, Path(ge=0, le=63)],
                     body: HandRequest, request: Request, user: CurrentUser) -> Any:
    """Hand a seat of a running match to the AI, or take it back (``level: null``): its
    person, or the host of the room the match was started from, or (a seat whose person
    is away from the table) anyone seated at the match."""
    away = await request.app.state.presence.away(match_scope(match_id))
    match = await hand_seat(service_of(request), user, match_id, seat, body.level, away=away)
    return {"match": match.id, "seat": seat, "handed": match.handed or {}}


@router.post("/matches/{match_id}/rematch", status_code=201)
async def rematch(match_id: MatchId, request: Request, user: CurrentUser, db: Db) -> Any:
    """A new match with the same settings: the same people invited, the same bots seated
    (against bots only it starts at once)."""
    service = service_of(request)
    old, _ = await service.seated(db, match_id, user.id)
    if old.status != "finished":
        raise fail(match_errors.NOT_FINISHED, status=409)
    others = [p for p in await service.players(db, match_id) if p.user_id != user.id]
    people: list[User] = []
    bots: list[str] = []
    for p in others:
        other = await db.get(User, p.user_id)
        assert other is not None
        level = (other.preferences or {}).get("bot")
        if level:
            bots.append(str(level))
        else:
            people.append(other)
    options = {k: v for k, v in old.config.items() if v is not None}
    await release(db)
    match, invite = await service.create(
        user, old.game, options, old.ranked, old.time_control, people, rematch_of=old.id,
        bots=bots, public=old.public, address=address_of(request),
    )
    match = await db.get(Match, match.id) or match
    return {"match": await _match_out(db, match, user), "invite": invite_json(invite)}


# --- invitations ----------------------------------------------------------------------------


@router.get("/invites")
async def my_invites(user: CurrentUser, db: Db) -> Any:
    rows = (await db.execute(
        select(Invite, Match.rematch_of, User.display_name)
        .join(Match, Match.id == Invite.match_id).join(User, User.id == Invite.from_user)
        .where(
            or_(Invite.to_user == user.id, Invite.from_user == user.id),
            Invite.status == "open", Invite.expires_at > utcnow(),
        ).order_by(Invite.id.desc()).limit(100)
    )).all()
    # Who invites, and whether it is a rematch: the lobby names both.
    return {"invites": [{**invite_json(i), "rematch_of": rematch_of, "from_name": name}
                        for i, rematch_of, name in rows]}


@router.get("/invites/{code}")
async def get_invite(code: str, request: Request, user: CurrentUser, db: Db) -> Any:
    invite = await service_of(request).invite_by_code(db, code)
    match = await db.get(Match, invite.match_id)
    assert match is not None
    return {"invite": invite_json(invite), "match": await _match_out(db, match, user)}


@router.post("/invites/{code}/accept")
async def accept_invite(code: str, request: Request, user: CurrentUser, db: Db) -> Any:
    match = await service_of(request).accept(user, code)
    match = await db.get(Match, match.id) or match
    return {"match": await _match_out(db, match, user)}


@router.post("/invites/{code}/decline")
async def decline_invite(code: str, request: Request, user: CurrentUser) -> Any:
    invite = await service_of(request).decline(user, code)
    return {"invite": invite_json(invite)}
