"""The search of ``hard`` (and ``expert``) for each game: the games' heuristics, search plans
and explainers by game id, and :func:`searcher`, the ISMCTS bot a plan makes. Below
:mod:`meeple.bots.levels` (which names the levels) and :mod:`meeple.bots.expert` (which
judges the same search's playouts by a network), so that both may use it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeple.bots.analysis import Candidate, Explainer
from meeple.bots.ismcts import ISMCTSBot
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


def _settings(plan: SearchPlan, heuristic: Bot, seed: int | None) -> dict[str, Any]:
    return {
        "iterations": plan.iterations,
        "steps": plan.steps,
        "rollout_limit": plan.rollout_limit,
        "policy": plan.policy(seed) if plan.policy else heuristic,
        "guide": plan.guide(seed) if plan.guide else heuristic,
        "score_scale": plan.score_scale,
        "follow": plan.follow,
        "caution": plan.caution,
        "candidates": plan.candidates,
        "judge": plan.judge,
        "tree": plan.tree,
        "worlds": plan.worlds,
    }


class PlannedSearch(ISMCTSBot):
    """The ISMCTS bot of a game's search plan, which takes the plan's settings for the
    player count of each state it is asked about (:meth:`SearchPlan.for_players`).
    ``heuristic`` is the game's heuristic, the policy and the guide unless the plan names
    others."""

    def __init__(
        self,
        plan: SearchPlan,
        heuristic: Bot,
        seed: int | None,
        win_scales: Mapping[int, float] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(seed=seed, **_settings(plan, heuristic, seed), **kwargs)
        self.plan = plan
        self.heuristic = heuristic
        self.seed = seed
        self.win_scales = dict(win_scales or {})
        """The win scale (:func:`meeple.bots.ismcts.win_shares`) by player count."""
        self.players: int | None = None
        """The player count the settings are for (``None``: the plan's own)."""

    def _settle(self, state: State) -> None:
        if state.players == self.players:
            return
        self.players = state.players
        self.win_scale = self.win_scales.get(state.players)
        if not self.plan.at:
            return
        for name, value in _settings(
            self.plan.for_players(state.players), self.heuristic, self.seed
        ).items():
            setattr(self, name, value)

    def choose(self, state: State, seat: int) -> Action:
        self._settle(state)
        return super().choose(state, seat)

    def analyse(self, state: State, seat: int, also: Action | None = None) -> list[Candidate]:
        """As :meth:`ISMCTSBot.analyse`, with the plan for the state's player count."""
        self._settle(state)
        return super().analyse(state, seat, also)


def searcher(
    game: Game[Any],
    plan: SearchPlan,
    seed: int | None = None,
    win_scales: Mapping[int, float] | None = None,
) -> ISMCTSBot:
    """The ISMCTS bot that searches ``game`` as ``plan`` says (``hard`` uses the game's
    :data:`SEARCH_PLANS`; tests pass smaller plans), with the plan's settings for the player
    count of each game it plays. The game's heuristic guides it: its ranking of the real
    decision's moves is where the search starts. ``win_scales`` (by player count) turn its
    analysis's cut-off leads into win chances (``hard``'s: :mod:`meeple.bots.calibration`)."""
    heuristic = HEURISTICS[game.id](seed, 0.0)
    return PlannedSearch(plan, heuristic, seed, win_scales, explain=EXPLAINERS.get(game.id))
