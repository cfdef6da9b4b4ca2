"""The ``expert`` level: ``hard``'s search, helped by a network learnt from self-play.

``hard`` (an informed ISMCTS, :mod:`meeple.bots.ismcts`) plays each playout by the game's
heuristic and judges where it stops by the running scores, which say little of the end in
most games. In most games ``expert`` stops its playouts sooner and asks the game's value
network (:mod:`meeple.bots.nets`, trained by ``meeple train``) how each seat will end, seat
by seat from its own view: the searches are shorter, so more of them fit in the same time.
In Go da Cheese! (:data:`LEARNS`) it learns a belief instead: what a rival's face-down card
is likely to be, from where and after what it lies, by which the worlds it imagines are
dealt (:mod:`meeple.games.cheese.belief`). Every other setting is the game's ``SEARCH`` plan
for the table's player count, tuned per game here (:data:`TUNING`) so that a decision takes
no longer than ``hard``'s.

``expert`` is offered for the games and player counts whose network ships in the package
(``meeple/bots/weights/<game>-<players>.npz``): :func:`available`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Any

from meeple.core.bot import Bot, SearchPlan
from meeple.core.game import Action, Game, State

LEARNS: dict[str, str] = {"cheese": "belief"}
"""The games whose network is not a value network, by the kind it is
(:attr:`meeple.bots.nets.Net.KIND`): Go da Cheese! scores only at the end, from queues a
cut-off world has yet to fill, and a value network on its observation learnt nothing
(docs/bots.md); what its worlds get wrong is the rivals' face-down cards."""

TUNING: dict[str, dict[str, Any]] = {
    # Measured at 2 players, where no network ships (docs/bots.md), and kept at 5, where one
    # does: hard's plan for the count, its playouts cut after 4 decisions. A caution of 3
    # standard errors: the network's departures from the heuristic pay only where the search
    # is surest of them.
    "stirfry": {"rollout_limit": 4, "iterations": 20, "caution": 3.0},
    # Half hard's cut: a judgement encodes three observations, which costs about what the ten
    # decisions saved did, so 64 iterations take hard's time for its 60.
    "buffet": {"rollout_limit": 10, "iterations": 64},
    # A cut of 4 decisions instead of hard's 10, judged by the network: the six saved
    # decisions pay for 108 iterations in hard's CPU time for its 60 (benchmarks/bots.py
    # time). Longer cuts with fewer iterations did worse with the same network (CHANGELOG).
    "cafe": {"rollout_limit": 4, "iterations": 108},
    # Its network does not ship: it lost to hard (docs/bots.md); the last plan it was measured
    # with (0.103 s of CPU a choice against hard's 0.112).
    "bison": {"rollout_limit": 8, "iterations": 5, "caution": 2.0},
}
"""Per game, what ``expert`` changes in ``hard``'s :data:`~meeple.bots.levels.SEARCH_PLANS`
(a game not listed keeps the plan: its value network judges the playouts at the plan's cut,
or its belief deals the worlds).
``score_scale`` applies to the margin of the estimated rewards, which lie in [0, 1]."""

BY_PLAYERS: dict[tuple[str, int], dict[str, Any]] = {
    # Six observations a judgement instead of three: 50 iterations take hard's CPU time for
    # its 60 now that both play the bold variant without a tree (0.041 s a choice against
    # 0.043 over 107 games; 58 had taken 16% more).
    ("buffet", 6): {"iterations": 50},
    # Five seats' observations a judgement, as many worlds as hard's CPU time allows: 42 take
    # 0.191 s a choice against hard's 0.199 (150 games; 28 took two thirds of it).
    ("stirfry", 5): {"iterations": 42},
    # With hard's 1,300 playout moves a choice took 3% more CPU than hard's over 35 games
    # (the belief's worlds play out otherwise); 1,250 took 0.330 s against 0.335 over 150.
    ("cheese", 3): {"steps": 1250},
}
"""Per game and player count, what changes further (over :data:`TUNING`): a judgement
encodes every seat's observation, so its cost grows with the players."""

DEFAULT_SCALE = 0.5
"""The margin of estimated rewards over the best rival that counts as a clear lead: half the
range, so that the reward stays nearly linear in the estimates (their mean over worlds is
then about the expected reward)."""


def available(game_id: str, players: int | None = None, folder: Path | None = None) -> bool:
    """Whether ``expert`` can play ``game_id`` (at ``players``, or at some count): a network
    for it ships in ``folder`` (the package's by default)."""
    from meeple.bots.nets import WEIGHTS, shipped_counts  # noqa: PLC0415 (needs numpy)

    counts = shipped_counts(game_id, folder or WEIGHTS)
    return bool(counts) if players is None else players in counts


def tuning(game_id: str, players: int | None = None) -> dict[str, Any]:
    """What ``expert`` changes in ``hard``'s plan for ``game_id`` at ``players``:
    :data:`TUNING`, then :data:`BY_PLAYERS` over it (``score_scale`` aside, which
    :func:`expert_plan` sets to :data:`DEFAULT_SCALE` unless this changes it)."""
    return {**TUNING.get(game_id, {}), **BY_PLAYERS.get((game_id, players or 0), {})}


def learns(game_id: str) -> str:
    """The kind of network ``expert`` learns for ``game_id``: ``"value"`` or ``"belief"``."""
    return LEARNS.get(game_id, "value")


def expert_plan(
    plan: SearchPlan,
    game_id: str,
    net_judge: Any = None,
    players: int | None = None,
    *,
    worlds: Any = None,
) -> SearchPlan:
    """``hard``'s ``plan`` for ``game_id`` at ``players`` (its plan for that count,
    :meth:`~meeple.core.bot.SearchPlan.for_players`; without ``players``, ``plan`` itself)
    with its playouts judged by ``net_judge`` (a value network's), or its worlds dealt by
    ``worlds`` (a belief's), as :data:`TUNING` and :data:`BY_PLAYERS` say: what they do not
    change (such as ``tree``) is hard's for that count."""
    changes = tuning(game_id, players)
    if net_judge is not None:
        changes = {"score_scale": DEFAULT_SCALE, "judge": net_judge, **changes}
    if worlds is not None:
        changes["worlds"] = worlds
    base = plan if players is None else plan.for_players(players)
    # The network plays at every count: no per-count plan of hard's may take its place.
    return replace(base, at={}, **changes)


@cache
def _net(game_id: str, players: int, folder: Path) -> Any:
    from meeple.bots.nets import BeliefNet, ValueNet, weights_path  # noqa: PLC0415

    kind = BeliefNet if learns(game_id) == BeliefNet.KIND else ValueNet
    return kind.load(weights_path(game_id, players, folder), game_id, players)


def _belief_worlds(game_id: str, net: Any) -> Any:
    """The ``worlds`` of a search plan: the game's ``belief.dealer`` by ``net``'s chances."""
    from meeple.bots.nets import belief_module  # noqa: PLC0415 (needs numpy)

    return partial(belief_module(game_id).dealer, chances=net.chances)


class ExpertBot(Bot):
    """The ``expert`` level for one game: at its first decision it loads the network for the
    table's player count (once per process) and searches with :func:`expert_plan`.

    ``ValueError`` at that decision if no network ships for that count (:func:`available`
    says beforehand; the lobby, the server and the CLI ask it).
    """

    name = "expert"

    def __init__(self, game: Game[Any], seed: int | None = None, folder: Path | None = None):
        from meeple.bots.nets import WEIGHTS  # noqa: PLC0415

        self.game = game
        self.seed = seed
        self.folder = folder or WEIGHTS
        self.rng = random.Random(seed)
        self._search: dict[int, Bot] = {}

    def searcher(self, players: int, options: dict[str, Any] | None = None) -> Bot:
        """The search for ``players`` seats (made once)."""
        found = self._search.get(players)
        if found is None:
            from meeple.bots.nets import NetJudge, layout_digest  # noqa: PLC0415
            from meeple.bots.search import SEARCH_PLANS, searcher  # noqa: PLC0415
            from meeple.core.encoding import load_encoding  # noqa: PLC0415

            if not available(self.game.id, players, self.folder):
                raise ValueError(f"expert has no network for {self.game.id} at {players} players")
            net = _net(self.game.id, players, self.folder)
            hard = SEARCH_PLANS[self.game.id]
            if learns(self.game.id) == "belief":
                worlds = _belief_worlds(self.game.id, net)
                plan = expert_plan(hard, self.game.id, None, players, worlds=worlds)
            else:
                resolved = self.game.resolve_options(options)
                if layout_digest(load_encoding(self.game.id), players, resolved) != net.digest:
                    raise ValueError(f"expert's network for {self.game.id} reads another layout")
                plan = expert_plan(hard, self.game.id, NetJudge(net, resolved), players)
            found = self._search[players] = searcher(self.game, plan, self.seed)
        return found

    def choose(self, state: State, seat: int) -> Action:
        return self.searcher(state.players, state.options).choose(state, seat)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)
        for bot in self._search.values():
            bot.reseed(seed)
