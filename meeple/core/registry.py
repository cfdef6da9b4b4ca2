"""Games by id, for what in core names a game by its id: replays and golden transcripts.

The games stand above core (each builds on it), so core never imports them: ``meeple.games``
registers every game here as it is imported, and ``meeple`` imports ``meeple.games``, which
Python runs before any module of ``meeple.core`` (it imports a package before its modules).

>>> load("buffet").max_players
6
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import UnknownGame
from meeple.core.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Make ``game`` known by its id (``meeple.games`` registers each game it holds)."""
    _GAMES[game.id] = game


def load(game_id: str) -> Game[Any]:
    """The game registered with this id; :class:`UnknownGame` (a ``KeyError``) if none."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None
