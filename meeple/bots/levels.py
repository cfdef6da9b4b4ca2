"""Bots by name: the same level names in every game, for the CLI, the server and Python.

>>> import meeple
>>> bot = make("random", meeple.load("buffet"), seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.bots.base import Bot
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.random_bot import RandomBot
from meeple.core.game import Game

Factory = Callable[[Game[Any], int | None], Bot]

LEVELS: dict[str, Factory] = {
    "random": lambda game, seed: RandomBot(seed=seed),
    "easy": lambda game, seed: ISMCTSBot(iterations=40, rollout_limit=40, seed=seed),
    "normal": lambda game, seed: ISMCTSBot(iterations=300, seed=seed),
    "hard": lambda game, seed: ISMCTSBot(iterations=None, seconds=1.0, seed=seed),
}
"""Level name → factory. ``hard`` searches about one second per decision."""


def make(level: str, game: Game[Any], seed: int | None = None) -> Bot:
    """A bot of the named level for ``game``; ``ValueError`` for an unknown level."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    bot = factory(game, seed)
    bot.name = level
    return bot
