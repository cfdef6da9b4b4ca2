"""Players and sessions: a guest's nickname, an account, logging in and out, who I am."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Request, Response

from meeple.server.api import auth
from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Current, Required, Site, player_json, you
from meeple.server.api.models import Credentials, GuestIn
from meeple.server.store import PlayerRow, UsernameTaken
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)


def address(request: Request) -> str:
    """The caller's address (what the login limits count by)."""
    return request.client.host if request.client else "unknown"


@router.post("/api/guest")
def guest(body: GuestIn, response: Response, site: Site) -> dict[str, Any]:
    """Play at once as a guest with a nickname."""
    player = PlayerRow(id=auth.new_id("p"), name=body.name)
    site.store.add_player(player)
    auth.login(site.store, response, player, site.settings.secure_cookies)
    return {"player": player_json(player)}


@router.post("/api/register")
def register(
    body: Credentials, request: Request, response: Response, player: Current, site: Site
) -> dict[str, Any]:
    """Register a username and password (a guest keeps their tables)."""
    store = site.store
    site.limiter.attempt(address(request), None)
    if store.player_by_username(body.username) is not None:
        raise Refused("username_taken", f"the username {body.username!r} is taken")
    new = player is None or player.username is not None
    player_id = auth.new_id("p") if new or player is None else player.id
    try:
        player = store.register(
            player_id, body.username, auth.hash_password(body.password), new=new
        )
    except UsernameTaken as err:  # someone took it since the look-up above
        raise Refused("username_taken", str(err)) from None
    # A copy of the list: this runs in a worker thread while the event loop changes it.
    for table in list(site.hub.tables.values()):
        for seat in table.seats:
            if seat.player is not None and seat.player.id == player.id:
                seat.player = player
    auth.login(store, response, player, site.settings.secure_cookies)
    return {"player": player_json(player)}


@router.post("/api/login")
def login(body: Credentials, request: Request, response: Response, site: Site) -> dict[str, Any]:
    """Log in with a username and password."""
    where = address(request)
    site.limiter.attempt(where, body.username)
    player = site.store.player_by_username(body.username)
    # A password is checked even for a name nobody has: the same time either way.
    if not auth.check_password(player.password_hash if player else None, body.password):
        site.limiter.failed(where, body.username)
        raise Refused("bad_login", "wrong username or password", 401)
    assert player is not None
    auth.login(site.store, response, player, site.settings.secure_cookies)
    return {"player": player_json(player)}


@router.post("/api/logout")
async def logout(
    response: Response, site: Site, meeple_session: Annotated[str | None, Cookie()] = None
) -> dict[str, Any]:
    """End this session: its open sockets, here and in every process, lose their player."""
    if meeple_session and len(meeple_session) <= 128:
        hashed = auth.token_hash(meeple_session)
        await asyncio.to_thread(site.store.drop_session, hashed)
        await site.hub.end_sessions({hashed})
    response.delete_cookie(auth.COOKIE, path="/")
    return {"player": None}


@router.get("/api/me")
def me(player: Current) -> dict[str, Any]:
    """Who this session is, or null."""
    return {"player": player_json(player) if player else None}


@router.get("/api/me/history")
def history(player: Required, site: Site) -> dict[str, Any]:
    """The tables this player sat at, newest first."""
    tables = site.hub.peek(site.store.tables_of(player.id))
    return {"tables": [t.summary(you(t, player), site.settings.grace) for t in tables]}
