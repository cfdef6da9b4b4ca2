"""One package per game. Each exposes ``GAME``, an instance of its :class:`meeple.Game`."""

from __future__ import annotations

from typing import Any

from meeple.core.game import Game
from meeple.core.registry import register
from meeple.games import bison, buffet, cafe, cheese, stirfry

GAME_MODULES = [
    buffet,
    bison,
    cafe,
    cheese,
    stirfry,
]

REGISTRY: dict[str, Game[Any]] = {module.GAME.id: module.GAME for module in GAME_MODULES}

# Core's tools (replays, goldens) find a game by its id there: core cannot import the games.
for _game in REGISTRY.values():
    register(_game)
