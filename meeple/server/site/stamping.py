"""uvicorn's websocket protocol, noting when each text frame is read (the first stage of a
person's move, :mod:`meeple.server.trace`).

Apart from :mod:`meeple.server.trace` because it builds on a class of uvicorn's own
(``WebSocketsSansIOProtocol``, what uvicorn runs when the websockets library is installed):
``meeple serve`` uses it when it can be imported, and uvicorn's choice otherwise (the
``receive`` stage then counts from the handler's start). ``tests/server/test_trace.py``
checks it against the installed uvicorn.
"""

from __future__ import annotations

import time
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame

from meeple.server.trace import RECEIVED


class StampingProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, noting in the connection's scope when each text frame was
    read (the ``receive`` stage: how long the frame then waited for the event loop)."""

    def handle_text(self, event: Frame) -> None:
        """Stamp, then hand the frame on as uvicorn does."""
        scope: dict[str, Any] = self.scope  # type: ignore[assignment]
        scope[RECEIVED] = time.perf_counter()
        super().handle_text(event)
