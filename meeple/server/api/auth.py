"""Who is calling: guests and registered players, sessions in HttpOnly cookies.

A session is a random 256-bit token; the database keeps only its SHA-256, so a leaked database
does not let anyone log in. It lasts a lifetime from its last use (docs/security.md, "Accounts
and sessions"). Passwords are hashed with argon2.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Response

from meeple.server.store import PlayerRow, SessionUse, Store

COOKIE = "meeple_session"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
"""A year: the browser keeps the cookie; the server decides how long its session lasts
(``meeple serve --session-days``, renewed by every use)."""

_hasher = PasswordHasher()


def new_id(prefix: str) -> str:
    """An unguessable id such as ``t_Xa81…`` (72 random bits)."""
    return f"{prefix}_{secrets.token_urlsafe(9)}"


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def hash_password(password: str) -> str:
    """The argon2 hash of a password."""
    return _hasher.hash(password)


@functools.cache
def _nobody() -> str:
    """The hash of a password nobody knows, made as every password's is (the same cost)."""
    return _hasher.hash(secrets.token_urlsafe(32))


def check_password(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; ``False`` for nobody (``None``: no such player, or one
    without a password) after the same work as a real check, so that the time of an answer
    does not tell a name that exists from one that does not."""
    try:
        return _hasher.verify(password_hash or _nobody(), password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


def login(store: Store, response: Response, player: PlayerRow, secure: bool) -> None:
    """Open a session for ``player`` and put its token in the response's cookie (``secure``:
    marked Secure, sent back over HTTPS only)."""
    token = secrets.token_urlsafe(32)
    store.add_session(token_hash(token), player.id)
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )


def _looked_up(token: str | None) -> str | None:
    """What the database keeps of a cookie's token, or ``None`` when there is nothing to look
    up (no token, or one longer than any we hand out)."""
    if not token or len(token) > 128:
        return None
    return token_hash(token)


def refresh_every(lifetime: float) -> float:
    """How old a session's noted last use may grow before a use notes it again: an hour (or a
    tenth of a short lifetime). Reading a session is cheap; writing at every call is not."""
    return min(3600.0, lifetime / 10)


@dataclass(frozen=True)
class Caller:
    """Who a request or a socket comes from: the player, their session, when it expires."""

    player: PlayerRow
    session: str
    """The session token's hash."""
    expires: float
    """When the session ends unless it is used again (seconds since the epoch)."""


def session_for(store: Store, token: str | None) -> SessionUse | None:
    """The session a cookie's token opens (its player and last use), expired or not."""
    hashed = _looked_up(token)
    return store.session_player(hashed) if hashed is not None else None


async def caller_of(store: Store, token: str | None, lifetime: float) -> Caller | None:
    """The caller a cookie's token stands for, or ``None`` (no session, or one unused for
    ``lifetime`` seconds: an expired session is no session). A use of a session whose last
    noted use is older than :func:`refresh_every` notes this one (its lifetime starts again).

    The session is read from the event loop: on a SQLite file one quick query right there
    (:meth:`Store.session_player_quick`); on another database, or should SQLite be busy at
    that instant, in a worker thread (the loop never waits for the database)."""
    hashed = _looked_up(token)
    if hashed is None:
        return None
    use = None
    if store.quick_reads:
        try:
            use = store.session_player_quick(hashed)
        except sqlite3.OperationalError:
            use = await asyncio.to_thread(session_for, store, token)
    else:
        use = await asyncio.to_thread(session_for, store, token)
    if use is None:
        return None
    now = time.time()
    used = use.used.timestamp()
    if now - used >= lifetime:
        return None
    if now - used >= refresh_every(lifetime):
        await asyncio.to_thread(store.touch_session, hashed, datetime.fromtimestamp(now, UTC))
        used = now
    return Caller(use.player, hashed, used + lifetime)
