"""meeple: five tabletop games to play in the browser, the terminal and from code.

>>> import meeple
>>> sorted(meeple.GAMES)
['bison', 'buffet', 'cafe', 'cheese', 'stirfry']
>>> state = meeple.load("buffet").new(players=3, seed=42)
>>> state.to_move
(0, 1, 2)
"""

from __future__ import annotations

from typing import Any

from meeple.core import registry
from meeple.core.errors import BadOptions, IllegalAction, UnknownGame
from meeple.core.game import Action, Game, Option, State
from meeple.games import REGISTRY

__version__ = "0.2.0"

GAMES: dict[str, Game[Any]] = dict(REGISTRY)
"""Every registered game by id."""


def load(game_id: str) -> Game[Any]:
    """Return the game with this id; raise :class:`UnknownGame` (a ``KeyError``) if none.

    >>> load("buffet").max_players
    6
    """
    return registry.load(game_id)


__all__ = [
    "GAMES",
    "Action",
    "BadOptions",
    "Game",
    "IllegalAction",
    "Option",
    "State",
    "UnknownGame",
    "load",
]
