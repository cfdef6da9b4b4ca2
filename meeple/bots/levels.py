"""Bots by name: the same level names in every game, for the CLI, the server and Python.

>>> import meeple
>>> bot = make("random", meeple.load("buffet"), seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.bots.calibration import WIN_SCALES
from meeple.bots.expert import ExpertBot, available
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.random_bot import RandomBot
from meeple.bots.search import EXPLAINERS, HEURISTICS, SEARCH_PLANS, PlannedSearch, searcher
from meeple.core.bot import Bot
from meeple.core.game import Game

__all__ = [
    "EXPLAINERS",
    "HEURISTICS",
    "LEVELS",
    "SEARCH_PLANS",
    "PlannedSearch",
    "check",
    "levels_for",
    "make",
    "searcher",
]

Factory = Callable[[Game[Any], int | None], Bot]

HARD_SECONDS = 1.0
"""``hard`` for a game without a search plan: plain ISMCTS for about this long."""

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


def _hard(game: Game[Any], seed: int | None) -> Bot:
    plan = SEARCH_PLANS.get(game.id)
    if plan is None:
        return ISMCTSBot(iterations=None, seconds=HARD_SECONDS, seed=seed)
    return searcher(game, plan, seed, WIN_SCALES.get(game.id))


LEVELS: dict[str, Factory] = {
    "random": lambda game, seed: RandomBot(seed=seed),
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
    "expert": ExpertBot,
}
"""Level name → factory, weakest first. ``easy`` is the game's heuristic bot with random
slips, ``normal`` the heuristic bot, ``hard`` ISMCTS whose playouts the heuristic plays,
with the game's :data:`SEARCH_PLANS` (under a second per decision on average), ``expert``
the same search helped by a network learnt from self-play: its cut-off playouts judged by
the game's value network, or (Go da Cheese!) its worlds dealt by a belief of the rivals'
face-down cards (:mod:`meeple.bots.expert`; only where a network ships: :func:`levels_for`)."""


def levels_for(game_id: str, players: int | None = None) -> list[str]:
    """The levels that can play ``game_id`` (at ``players`` seats, or at some count),
    weakest first: every level but ``expert`` where no network for it ships."""
    return [level for level in LEVELS if level != "expert" or available(game_id, players)]


def check(level: str, game_id: str, players: int | None = None) -> None:
    """``ValueError`` unless ``level`` is a level that can play ``game_id`` at ``players``."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if level not in levels_for(game_id, players):
        at = "" if players is None else f" at {players} players"
        raise ValueError(f"no {level} bot for {game_id}{at} (no trained network ships for it)")


def make(level: str, game: Game[Any], seed: int | None = None, players: int | None = None) -> Bot:
    """A bot of the named level for ``game`` (at ``players`` seats, when given); ``ValueError``
    for an unknown level, or one that cannot play ``game`` at ``players`` or at any count
    (:func:`levels_for`)."""
    check(level, game.id, players)
    bot = LEVELS[level](game, seed)
    bot.name = level
    return bot
