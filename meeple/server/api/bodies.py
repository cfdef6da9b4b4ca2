"""Request bodies: at most so many bytes, arriving within so many seconds, read before any
route (:class:`BodyLimit`); and read as strict JSON (:class:`JsonRoute`).

FastAPI reads and parses a request's whole body on the event loop before the route runs, and a
malformed one was answered with every error's input echoed back. A 10 MB JSON body of many
small objects (no login needed: ``POST /api/guest``) held the event loop for seconds, and a
body whose declared length never arrived held its request forever. :class:`BodyLimit` (plain
ASGI, so that nothing is buffered before it) reads a body itself, up to ``limit`` bytes and
within ``seconds``, and hands the app the body it read; the protocol's bodies are a few
hundred bytes. What is over the limit is answered ``413`` before a byte of it is parsed
(declared by ``Content-Length`` or counted as a chunked body streams in), and a body that does
not arrive in time ``408``; both close the connection, since the rest of the body is unread.

Python's own JSON reader takes ``"\\ud800"`` (half of a character, a *lone surrogate*) as a
string, though no UTF-8 can hold it: such a string then broke whatever wrote it out again (the
422 that quoted it, or the database), and the caller got a 500. orjson refuses it while it
reads, as it refuses ``NaN`` and numbers past a double; FastAPI answers any such refusal with
its 422 ``json_invalid``. Every router of the API uses :class:`JsonRoute`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LONE_SURROGATE = (
    "a string holds a lone surrogate (an escape \\ud800-\\udfff without its pair): that is not text"
)
"""The 422's message for a body that holds half a character."""


class JsonRequest(Request):
    """A request whose JSON body is read by orjson (see the module)."""

    async def json(self) -> Any:
        """The body as JSON; :class:`json.JSONDecodeError` (FastAPI's 422) when it is not."""
        if not hasattr(self, "_json"):
            body = await self.body()
            try:
                self._json = orjson.loads(body)
            except orjson.JSONDecodeError as err:
                message = LONE_SURROGATE if "surrogate" in err.msg else err.msg
                doc = body.decode("utf-8", errors="replace")
                raise json.JSONDecodeError(message, doc, err.pos) from None
        return self._json


class JsonRoute(APIRoute):
    """A route whose request is a :class:`JsonRequest`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """FastAPI's handler, given the request as a :class:`JsonRequest`."""
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            return await handler(JsonRequest(request.scope, request.receive))

        return route


class _TooLarge(Exception):
    """The body streamed past the limit."""


class BodyLimit:
    """ASGI middleware: bodies of at most ``limit`` bytes, whole within ``seconds``."""

    def __init__(self, app: ASGIApp, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared, chunked = _framing(scope)
        if declared is None and not chunked:
            # No body (h11 and httptools read none without one of those headers).
            await self.app(scope, receive, send)
            return
        if declared is not None and declared > self.limit:
            await self._too_large(send)
            return
        try:
            async with asyncio.timeout(self.seconds):
                body = await self._read(receive)
        except _TooLarge:
            await self._too_large(send)
            return
        except TimeoutError:
            await refuse(
                send, 408, "body_timeout", f"the request body did not arrive in {self.seconds:g} s"
            )
            return
        if body is None:
            return  # the client went away
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` when the client disconnected first."""
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                raise _TooLarge
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    async def _too_large(self, send: Send) -> None:
        await refuse(send, 413, "too_large", f"request bodies are at most {self.limit} bytes")


def _framing(scope: Scope) -> tuple[int | None, bool]:
    """The declared ``Content-Length`` (absurdly large when unreadable) and whether
    the body is chunked."""
    declared: int | None = None
    chunked = False
    for name, value in scope["headers"]:
        if name == b"content-length":
            # The servers refuse a malformed length themselves; an absurd one is too large.
            declared = int(value) if value.isdigit() and len(value) < 19 else 2**62
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
    return declared, chunked


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then waits as the server's does (for
    the client to go away)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def refuse(send: Send, status: int, code: str, message: str, *, close: bool = True) -> None:
    """Answer with the protocol's error body before any route runs (this middleware's 413 and
    408, the origin guard's 403); ``close``: close the connection too (the rest of the
    request's body is never read)."""
    body = orjson.dumps({"detail": {"code": code, "message": message}})
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
