"""Log lines, not tracebacks, for what clients do wrong.

A client that sends a websocket text frame which is not valid UTF-8 is closed by uvicorn with
code 1007 (as RFC 6455 asks), but uvicorn logs it as an error with a traceback. That is a
client's fault, not the server's: it becomes one warning line here.
"""

from __future__ import annotations

import logging

BAD_UTF8 = "closed a websocket with 1007: the client sent a text frame that is not valid UTF-8"


class ClientFaults(logging.Filter):
    """Turn uvicorn's traceback for an invalid UTF-8 frame into one warning line."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record when it is that fault; let every other record through as it is."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, UnicodeDecodeError) and "UTF-8" in record.getMessage():
            record.msg, record.args = BAD_UTF8, ()
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_client_faults() -> None:
    """Install :class:`ClientFaults` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in logger.filters):
        logger.addFilter(ClientFaults())
