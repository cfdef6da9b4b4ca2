"""Who may change things: a browser request from another site may not.

A browser sends ``Origin`` with every websocket handshake and with every request that can change
something (POST and friends). The session cookie is ``SameSite=Lax``, which already keeps it off
most cross-site requests, but not off every one (a sibling subdomain, an old browser): so a
request that changes something and names a foreign origin is refused outright, as the websocket
handshake is. Programs that send no ``Origin`` authenticate with the cookie alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from meeple.server.api.bodies import refuse

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing, so any origin may send them."""


def origin_ok(origin: str | None, host: str, allowed: Iterable[str]) -> bool:
    """Whether a request from ``origin`` may act on this server, reached as ``host``.

    >>> origin_ok(None, "localhost:8000", ())
    True
    >>> origin_ok("http://localhost:8000", "localhost:8000", ())
    True
    >>> origin_ok("http://evil.example", "localhost:8000", ())
    False
    >>> origin_ok("http://app.example", "localhost:8000", ["http://app.example"])
    True
    """
    if origin is None:
        return True  # not a browser
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == host


class ForeignOriginGuard:
    """ASGI middleware: refuse (403, the protocol's error body) any request that may change
    something and comes from a foreign origin."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin_ok(origin, headers.get("host", ""), self.allowed):
            await self.app(scope, receive, send)
            return
        await refuse(
            send,
            403,
            "foreign_origin",
            f"requests from {origin} may not change anything here",
            close=False,
        )
