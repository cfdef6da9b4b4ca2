"""Players and sessions: a guest's nickname, an account, logging in and out, who I am."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Request, Response

from meeple.server.api import auth
from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Current, Required, Services, Site, address, player_json, you
from meeple.server.api.models import Credentials, GuestIn
from meeple.server.store import PlayerRow, UsernameTaken
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)


def secure(request: Request, site: Services) -> bool:
    """Whether the session cookie is marked Secure: always with ``--secure-cookies``, and
    whenever the request came over HTTPS (itself, or through a trusted proxy)."""
    return site.settings.secure_cookies or request.url.scheme == "https"


@router.post("/api/guest")
def guest(body: GuestIn, request: Request, response: Response, site: Site) -> dict[str, Any]:
    """Play at once as a guest with a nickname (anyone's but a look-alike of a username)."""
    # So many an hour from one address (--guests-per-hour): docs/security.md, "Limits".
    site.guests.attempt(address(request))
    if site.store.player_looking_like(body.name) is not None:
        raise Refused("name_taken", f"{body.name!r} is (or looks like) a registered player's name")
    player = PlayerRow(id=auth.new_id("p"), name=body.name)
    site.store.add_player(player)
    auth.login(site.store, response, player, secure(request, site))
    return {"player": player_json(player)}


@router.post("/api/register")
def register(
    body: Credentials, request: Request, response: Response, player: Current, site: Site
) -> dict[str, Any]:
    """Register a username and password (a guest keeps their tables)."""
    store = site.store
    site.limiter.attempt(address(request), None)
    taken = f"the username {body.username!r} is taken (or one that looks like it)"
    if store.player_looking_like(body.username) is not None:
        raise Refused("username_taken", taken)
    new = player is None or player.username is not None
    player_id = auth.new_id("p") if new or player is None else player.id
    try:
        player = store.register(
            player_id, body.username, auth.hash_password(body.password), new=new
        )
    except UsernameTaken:  # someone took it since the look-up above
        raise Refused("username_taken", taken) from None
    # A copy of the list: this runs in a worker thread while the event loop changes it.
    for table in list(site.hub.tables.values()):
        for seat in table.seats:
            if seat.player is not None and seat.player.id == player.id:
                seat.player = player
    auth.login(store, response, player, secure(request, site))
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
    auth.login(site.store, response, player, secure(request, site))
    return {"player": player_json(player)}


@router.post("/api/logout")
async def logout(
    request: Request,
    response: Response,
    site: Site,
    meeple_session: Annotated[str | None, Cookie()] = None,
) -> dict[str, Any]:
    """End this session: its open sockets, here and in every process, lose their player."""
    if meeple_session and len(meeple_session) <= 128:
        hashed = auth.token_hash(meeple_session)
        await asyncio.to_thread(site.store.drop_session, hashed)
        await site.hub.end_sessions({hashed})
    _forget_cookie(request, response, site)
    return {"player": None}


@router.post("/api/logout/everywhere")
async def logout_everywhere(
    request: Request, response: Response, player: Required, site: Site
) -> dict[str, Any]:
    """End every session of this player (this browser's and all others'): their open
    sockets, here and in every process, lose their player."""
    hashes = await asyncio.to_thread(site.store.drop_sessions_of, player.id)
    if hashes:
        await site.hub.end_sessions(set(hashes))
    _forget_cookie(request, response, site)
    return {"player": None, "sessions_ended": len(hashes)}


def _forget_cookie(request: Request, response: Response, site: Services) -> None:
    response.delete_cookie(
        auth.COOKIE, path="/", secure=secure(request, site), httponly=True, samesite="lax"
    )


@router.get("/api/me")
def me(player: Current) -> dict[str, Any]:
    """Who this session is, or null."""
    return {"player": player_json(player) if player else None}


@router.get("/api/me/history")
def history(player: Required, site: Site) -> dict[str, Any]:
    """The tables this player sat at, newest first."""
    tables = site.hub.peek(site.store.tables_of(player.id))
    return {"tables": [t.summary(you(t, player), site.settings.grace) for t in tables]}
