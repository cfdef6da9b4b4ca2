"""Bots by name: the same level names in every game, for the CLI, the server and Python.

>>> import meeple
>>> bot = make("random", meeple.load("buffet"), seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.random_bot import RandomBot
from meeple.core.bot import Bot
from meeple.core.game import Game
from meeple.games.bison.heuristic import BisonHeuristicBot
from meeple.games.buffet.heuristic import BuffetHeuristicBot
from meeple.games.cafe.heuristic import CafeHeuristicBot
from meeple.games.cheese.heuristic import CheeseHeuristicBot
from meeple.games.stirfry.heuristic import StirFryHeuristicBot

Factory = Callable[[Game[Any], int | None], Bot]
Heuristic = Callable[[int | None, float], Bot]

HEURISTICS: dict[str, Heuristic] = {
    "bison": lambda seed, noise: BisonHeuristicBot(seed=seed, noise=noise),
    "buffet": lambda seed, noise: BuffetHeuristicBot(seed=seed, noise=noise),
    "cafe": lambda seed, noise: CafeHeuristicBot(seed=seed, noise=noise),
    "cheese": lambda seed, noise: CheeseHeuristicBot(seed=seed, noise=noise),
    "stirfry": lambda seed, noise: StirFryHeuristicBot(seed=seed, noise=noise),
}
"""Each game's own heuristic bot, by game id: ``(seed, noise) -> Bot``."""

EASY_NOISE = 0.35
"""The share of random moves an ``easy`` heuristic bot makes."""


def _easy(game: Game[Any], seed: int | None) -> Bot:
    if game.id in HEURISTICS:
        return HEURISTICS[game.id](seed, EASY_NOISE)
    return ISMCTSBot(iterations=40, rollout_limit=40, seed=seed)


def _normal(game: Game[Any], seed: int | None) -> Bot:
    if game.id in HEURISTICS:
        return HEURISTICS[game.id](seed, 0.0)
    return ISMCTSBot(iterations=300, seed=seed)


LEVELS: dict[str, Factory] = {
    "random": lambda game, seed: RandomBot(seed=seed),
    "easy": _easy,
    "normal": _normal,
    "hard": lambda game, seed: ISMCTSBot(iterations=None, seconds=1.0, seed=seed),
}
"""Level name → factory. ``easy`` is the game's heuristic bot with random slips,
``normal`` the heuristic bot (small ISMCTS searches for games without one yet),
``hard`` ISMCTS at about one second per decision."""


def make(level: str, game: Game[Any], seed: int | None = None) -> Bot:
    """A bot of the named level for ``game``; ``ValueError`` for an unknown level."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    bot = factory(game, seed)
    bot.name = level
    return bot
