"""Bots by name: the same level names in every game, for the CLI, the server and Python.

>>> import meeple
>>> bot = make("random", meeple.load("buffet"), seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.bots.analysis import Candidate, Explainer
from meeple.bots.expert import ExpertBot, available
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.random_bot import RandomBot
from meeple.core.bot import Bot, SearchPlan
from meeple.core.game import Action, Game, State
from meeple.games.bison import heuristic as bison
from meeple.games.bison.explain import explain as bison_explain
from meeple.games.buffet import heuristic as buffet
from meeple.games.buffet.explain import explain as buffet_explain
from meeple.games.cafe import heuristic as cafe
from meeple.games.cafe.explain import explain as cafe_explain
from meeple.games.cheese import heuristic as cheese
from meeple.games.cheese.explain import explain as cheese_explain
from meeple.games.stirfry import heuristic as stirfry
from meeple.games.stirfry.explain import explain as stirfry_explain

Factory = Callable[[Game[Any], int | None], Bot]
Heuristic = Callable[[int | None, float], Bot]

HEURISTICS: dict[str, Heuristic] = {
    "bison": lambda seed, noise: bison.BisonHeuristicBot(seed=seed, noise=noise),
    "buffet": lambda seed, noise: buffet.BuffetHeuristicBot(seed=seed, noise=noise),
    "cafe": lambda seed, noise: cafe.CafeHeuristicBot(seed=seed, noise=noise),
    "cheese": lambda seed, noise: cheese.CheeseHeuristicBot(seed=seed, noise=noise),
    "stirfry": lambda seed, noise: stirfry.StirFryHeuristicBot(seed=seed, noise=noise),
}
"""Each game's own heuristic bot, by game id: ``(seed, noise) -> Bot``."""

SEARCH_PLANS: dict[str, SearchPlan] = {
    "bison": bison.SEARCH,
    "buffet": buffet.SEARCH,
    "cafe": cafe.SEARCH,
    "cheese": cheese.SEARCH,
    "stirfry": stirfry.SEARCH,
}
"""How ``hard`` searches each game, declared beside the game's heuristic."""

EXPLAINERS: dict[str, Explainer] = {
    "bison": bison_explain,
    "buffet": buffet_explain,
    "cafe": cafe_explain,
    "cheese": cheese_explain,
    "stirfry": stirfry_explain,
}
"""The games whose heuristic gives its reasons to :meth:`ISMCTSBot.analyse`."""

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


def _settings(plan: SearchPlan, guide: Bot, seed: int | None) -> dict[str, Any]:
    return {
        "iterations": plan.iterations,
        "steps": plan.steps,
        "rollout_limit": plan.rollout_limit,
        "policy": plan.policy(seed) if plan.policy else guide,
        "score_scale": plan.score_scale,
        "follow": plan.follow,
        "caution": plan.caution,
        "candidates": plan.candidates,
        "judge": plan.judge,
        "tree": plan.tree,
    }


class PlannedSearch(ISMCTSBot):
    """The ISMCTS bot of a game's search plan, which takes the plan's settings for the
    player count of each state it is asked about (:meth:`SearchPlan.for_players`)."""

    def __init__(self, plan: SearchPlan, guide: Bot, seed: int | None, **kwargs: Any) -> None:
        super().__init__(seed=seed, guide=guide, **_settings(plan, guide, seed), **kwargs)
        self.plan = plan
        self.seed = seed
        self.players: int | None = None
        """The player count the settings are for (``None``: the plan's own)."""

    def _settle(self, state: State) -> None:
        if state.players == self.players or not self.plan.at:
            return
        self.players = state.players
        assert self.guide is not None
        for name, value in _settings(
            self.plan.for_players(state.players), self.guide, self.seed
        ).items():
            setattr(self, name, value)

    def choose(self, state: State, seat: int) -> Action:
        self._settle(state)
        return super().choose(state, seat)

    def analyse(self, state: State, seat: int, also: Action | None = None) -> list[Candidate]:
        """As :meth:`ISMCTSBot.analyse`, with the plan for the state's player count."""
        self._settle(state)
        return super().analyse(state, seat, also)


def searcher(game: Game[Any], plan: SearchPlan, seed: int | None = None) -> ISMCTSBot:
    """The ISMCTS bot that searches ``game`` as ``plan`` says (``hard`` uses the game's
    :data:`SEARCH_PLANS`; tests pass smaller plans), with the plan's settings for the player
    count of each game it plays. The game's heuristic guides it: its ranking of the real
    decision's moves is where the search starts."""
    guide = HEURISTICS[game.id](seed, 0.0)
    return PlannedSearch(plan, guide, seed, explain=EXPLAINERS.get(game.id))


def _hard(game: Game[Any], seed: int | None) -> Bot:
    plan = SEARCH_PLANS.get(game.id)
    if plan is None:
        return ISMCTSBot(iterations=None, seconds=HARD_SECONDS, seed=seed)
    return searcher(game, plan, seed)


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
the same search with its cut-off playouts judged by the game's value network
(:mod:`meeple.bots.expert`; only where a network ships: :func:`levels_for`)."""


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


def make(level: str, game: Game[Any], seed: int | None = None) -> Bot:
    """A bot of the named level for ``game``; ``ValueError`` for an unknown level, or one
    that cannot play ``game`` (:func:`levels_for`)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    if level not in levels_for(game.id):
        raise ValueError(f"no {level} bot for {game.id}: no trained network ships for it")
    bot = factory(game, seed)
    bot.name = level
    return bot
