"""What the server refuses, as the protocol's error codes."""

from __future__ import annotations

from meeple.bots.levels import LEVELS


class Refused(Exception):
    """A request the rules of the server refuse; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def check_level(level: str) -> None:
    """Raise :class:`Refused` for an unknown bot level."""
    if level not in LEVELS:
        raise Refused("bad_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}", 422)
