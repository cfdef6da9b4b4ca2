"""Request bodies read as strict JSON: text that is text, or a 422 that says why not.

Python's own JSON reader takes ``"\\ud800"`` (half of a character, a *lone surrogate*) as a
string, though no UTF-8 can hold it: such a string then broke whatever wrote it out again (the
422 that quoted it, or the database), and the caller got a 500. orjson refuses it while it
reads, as it refuses ``NaN`` and numbers past a double; FastAPI answers any such refusal with
its 422 ``json_invalid``. Every router of the API uses :class:`JsonRoute`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute

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
