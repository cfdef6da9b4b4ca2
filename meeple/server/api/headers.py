"""Security headers on every HTTP answer: the pages, the static files, the API, the errors.

The browser client (meeple/web) is static files of our own with no inline script, no inline
event handler, no ``eval`` and no inline style attribute (styles set from JavaScript go through
the CSSOM, ``el.style``, which a policy does not restrict), so it runs under a strict policy that
lets a page load nothing but this server's own files. Should someone ever get text of theirs
into a page as HTML, it can neither run a script nor send anything elsewhere.

A pure ASGI middleware rather than Starlette's ``BaseHTTPMiddleware``: it only adds headers to
the ``http.response.start`` message, so a streamed answer still streams, a websocket is never
touched, and a request costs one small list more.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; "
    "script-src 'self'; "
    # Every style is a stylesheet of ours; inline style attributes are refused too (meeple/web's
    # dom.js sets the ``style`` of an element through the CSSOM, which is allowed).
    "style-src 'self'; "
    "img-src 'self' data:; "
    # 'self' covers ws: and wss: to the page's own host (CSP level 3, which Chromium and Firefox
    # follow): the table's websocket needs nothing more.
    "connect-src 'self'; "
    "font-src 'self'; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The policy of every answer but the interactive API docs."""

DOCS_POLICY = (
    "default-src 'self'; "
    # FastAPI's /docs (Swagger UI) and /redoc pages are one inline script that starts a bundle
    # from a CDN, with its stylesheet (and Redoc's fonts and web worker); they show no text of
    # anyone's, so there is nothing for an injected script to ride on.
    "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "worker-src 'self' blob:; "
    "connect-src 'self'; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The policy of FastAPI's interactive API docs (``DOCS_PATHS``), whose pages are not ours."""

DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
"""FastAPI's own HTML pages (its defaults ``docs_url`` and ``redoc_url``)."""

SECURITY_HEADERS: dict[str, str] = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    # For browsers without CSP level 2 (frame-ancestors says the same).
    "X-Frame-Options": "DENY",
    # Nothing of the client needs a camera, a microphone, a position, a payment or USB.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""The headers of every answer besides its Content-Security-Policy."""


def _raw(policy: str) -> list[tuple[bytes, bytes]]:
    pairs = {"Content-Security-Policy": policy, **SECURITY_HEADERS}
    return [
        (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in pairs.items()
    ]


_RAW = _raw(CONTENT_SECURITY_POLICY)
_RAW_DOCS = _raw(DOCS_POLICY)
_NAMES = frozenset(name for name, _ in _RAW)

_PLAIN_500 = b"Internal Server Error"


class SecurityHeaders:
    """ASGI middleware: add :data:`SECURITY_HEADERS` and a Content-Security-Policy to every
    HTTP answer (an answer that sets one of them itself keeps its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # websockets and lifespan pass untouched
            await self.app(scope, receive, send)
            return
        extra = _RAW_DOCS if scope.get("path") in DOCS_PATHS else _RAW
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers} & _NAMES
                headers.extend(pair for pair in extra if pair[0] not in present)
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # An unexpected failure: Starlette's ServerErrorMiddleware, outside every middleware
            # added to the app, would answer 500 without these headers. Answer it here, with
            # them; that middleware then sees the answer started and only re-raises (so the
            # failure is logged as before). An app with a handler of its own for 500 answers
            # through it instead, as Starlette does, and then without these headers.
            handlers = getattr(scope.get("app"), "exception_handlers", {})
            if not started and 500 not in handlers and Exception not in handlers:
                await send_with_headers(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [
                            (b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(_PLAIN_500)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": _PLAIN_500})
            raise
