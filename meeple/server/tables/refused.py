"""What the server refuses, as the protocol's error codes."""

from __future__ import annotations

from meeple.bots.levels import LEVELS, check


class Refused(Exception):
    """A request the rules of the server refuse; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def check_level(level: str, game_id: str | None = None, players: int | None = None) -> None:
    """Raise :class:`Refused` for an unknown bot level, or one that cannot play ``game_id``
    at ``players`` (``expert`` where no network ships)."""
    if level not in LEVELS:
        raise Refused("bad_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}", 422)
    if game_id is not None:
        try:
            check(level, game_id, players)
        except ValueError as err:
            raise Refused("bad_level", str(err), 422) from None
