"""Accounts: register/login (argon2), HTTP-only session cookies, CSRF, guests, preferences."""

from __future__ import annotations

import httpx
import pytest

from harfiyen.client import ApiError, HarfiyenClient

from .conftest import LiveServer, unique
from .support import PASSWORD, register

pytestmark = pytest.mark.anyio


async def test_register_login_logout(live: LiveServer) -> None:
    name = unique("ali")
    async with HarfiyenClient(live.url) as client:
        user = await client.register(name, PASSWORD, "en")
        assert user["username"] == name and not user["guest"]
        assert user["preferences"]["language"] == "en"
        assert (await client.me())["username"] == name
        await client.post("/api/auth/logout")
        with pytest.raises(ApiError) as refused:
            await client.me()
        assert refused.value.status == 401 and refused.value.code == "auth.required"
        with pytest.raises(ApiError) as wrong:
            await client.login(name, "not the password")
        assert wrong.value.code == "auth.bad_credentials"
        assert (await client.login(name, PASSWORD))["username"] == name


async def test_session_cookie_is_http_only_and_password_hashed_with_argon2(
    live: LiveServer,
) -> None:
    async with httpx.AsyncClient(base_url=live.url) as http:
        response = await http.post(
            "/api/auth/register", json={"username": unique("c"), "password": PASSWORD}
        )
    cookies = response.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("harfiyen_session="))
    csrf = next(c for c in cookies if c.startswith("harfiyen_csrf="))
    assert "httponly" in session.lower() and "samesite=lax" in session.lower()
    assert "httponly" not in csrf.lower()
    from sqlalchemy import select

    from harfiyen.server.models import User

    async with live.app.state.service.sessions() as db:
        stored = (await db.execute(select(User.password_hash))).scalars().all()
    assert stored and all(h is None or h.startswith("$argon2") for h in stored)


async def test_duplicate_username_is_refused(live: LiveServer) -> None:
    name = unique("dup")
    first = await register(live.url, name)
    async with HarfiyenClient(live.url) as second:
        with pytest.raises(ApiError) as taken:
            await second.register(name, PASSWORD)
    assert taken.value.status == 409 and taken.value.code == "auth.username_taken"
    assert name in taken.value.message
    await first.close()


async def test_writes_need_the_csrf_header(live: LiveServer) -> None:
    client = await register(live.url, unique("csrf"))
    with pytest.raises(ApiError) as missing:
        await client.request("POST", "/api/matches", {"options": {}}, csrf=False)
    assert missing.value.status == 403 and missing.value.code == "auth.csrf"
    with pytest.raises(ApiError) as forged:
        await client.request("PATCH", "/api/me", {"board_theme": "dark"},
                             headers={"X-CSRF-Token": "forged"})
    assert forged.value.code == "auth.csrf"
    # Reads need no token; the token can be fetched again.
    assert (await client.get("/api/auth/csrf"))["csrf"] == client.http.cookies["harfiyen_csrf"]
    assert (await client.update_me(board_theme="dark"))["preferences"]["board_theme"] == "dark"
    await client.close()


async def test_guest_plays_at_once_and_is_claimed_later(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as guest:
        user = await guest.guest()
        assert user["guest"] and user["username"].startswith("misafir_")
        created = await guest.create_match({"rules": "tr"})
        name = unique("claimed")
        claimed = await guest.claim(name, PASSWORD)
        assert claimed["username"] == name and not claimed["guest"]
        assert claimed["id"] == user["id"]
        with pytest.raises(ApiError) as again:
            await guest.claim(unique("x"), PASSWORD)
        assert again.value.code == "auth.not_guest"
        mine = await guest.matches()
        assert [m["id"] for m in mine] == [created["match"]["id"]]
    async with HarfiyenClient(live.url) as later:
        assert (await later.login(name, PASSWORD))["id"] == user["id"]


async def test_preferences(live: LiveServer) -> None:
    client = await register(live.url, unique("pref"))
    prefs = (await client.me())["preferences"]
    assert prefs == {"language": "tr", "default_rules": "tr", "default_lexicon": None,
                     "notifications": False, "board_theme": "classic"}
    user = await client.update_me(language="en", default_rules="en", default_lexicon="ENABLE-1",
                                  notifications=True, display_name="Ali Veli")
    assert user["display_name"] == "Ali Veli"
    assert user["preferences"] == {"language": "en", "default_rules": "en",
                                   "default_lexicon": "ENABLE-1", "notifications": True,
                                   "board_theme": "classic"}
    with pytest.raises(ApiError) as unknown:
        await client.update_me(colour="red")
    assert unknown.value.status == 422 and unknown.value.code == "request.invalid"
    # Errors come in the user's language.
    assert "Invalid request" in unknown.value.message
    public = (await client.get(f"/api/users/{user['username']}"))["user"]
    assert "preferences" not in public
    await client.close()


async def test_error_messages_in_turkish_by_default(live: LiveServer) -> None:
    async with HarfiyenClient(live.url) as client:
        with pytest.raises(ApiError) as refused:
            await client.me()
    assert refused.value.message == "Önce giriş yapmalısın."
    async with HarfiyenClient(live.url, language="en") as client:
        with pytest.raises(ApiError) as refused:
            await client.me()
    assert refused.value.message == "You need to sign in first."


async def test_static_web_files_are_served(live: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live.url) as http:
        page = await http.get("/")
        invite = await http.get("/invite/abc")
    assert page.status_code == 200 and "Harfiyen" in page.text
    assert invite.status_code == 200 and "<html" in invite.text
