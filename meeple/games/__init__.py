"""One package per game. Each exposes ``GAME``, an instance of its :class:`meeple.Game`."""

from __future__ import annotations

from meeple.core.game import Game
from meeple.games import buffet

REGISTRY: dict[str, Game] = {  # type: ignore[type-arg]
    module.GAME.id: module.GAME for module in (buffet,)
}
