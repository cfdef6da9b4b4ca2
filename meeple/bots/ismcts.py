"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The bot never reads hidden information: every iteration starts from
``state.determinize(seat, rng)`` — a world consistent with what the seat sees —
and the tree is shared across those worlds. Only the contract is used:
``determinize``, ``clone``, ``to_move``, ``legal_actions``, ``apply``,
``is_over``, ``scores`` and ``winners``, so the same code plays every game.

Simultaneous decisions (several seats in ``to_move``) are searched as if the
seats chose one after the other, the searching seat first at the root: the
others' hidden choices are then never conditioned on what they cannot see.

Rewards are per player, in [0, 1]: ``WIN_WEIGHT`` for winning (split between
tied winners) plus the rest for the rank by score (1 for the best score, 0 for
the worst, averaged over ties). The win term is what people care about; the rank
term gives the search a gradient in games that random playouts rarely win, and
keeps a losing bot playing for the best place it can get.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from meeple.core.bot import Bot
from meeple.core.game import Action, State

WIN_WEIGHT = 0.7
EXPLORATION = 0.7
"""UCB exploration constant for rewards in [0, 1] (√2/2, a common choice)."""


Key = tuple[Any, ...]


def action_key(action: Action) -> Key:
    """A hashable key for a JSON action (lists become tuples)."""
    return tuple(sorted((k, _freeze(v)) for k, v in action.items()))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def rewards(state: State) -> list[float]:
    """Per-seat rewards of a (finished or cut-off) state; see the module docstring."""
    scores = state.scores
    n = len(scores)
    winners = state.winners if state.is_over else []
    result = []
    for s in range(n):
        below = sum(1 for t in scores if t < scores[s])
        level = sum(1 for t in scores if t == scores[s]) - 1
        rank = (below + level / 2) / (n - 1) if n > 1 else 1.0
        win = 1 / len(winners) if s in winners else 0.0
        result.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * rank)
    return result


@dataclass
class Node:
    """A node of the search tree: statistics of the action that led to it."""

    seat: int = -1
    action: Action | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[tuple[int, Key], Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        """Upper confidence bound, with availability counts in place of parent visits."""
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class ISMCTSBot(Bot):
    """Searches for ``iterations`` iterations or ``seconds`` seconds, whichever ends first.

    ``rollout_limit`` cuts random playouts after that many decisions and scores the
    position by its running scores; ``None`` plays every playout to the end.
    """

    name = "ismcts"

    def __init__(
        self,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int | None = None,
        rollout_limit: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_limit = rollout_limit
        self.exploration = exploration
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        root = Node()
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            time.perf_counter() < deadline or done == 0
        ):
            self._iterate(root, state.determinize(seat, self.rng), seat)
            done += 1
        by_key = {(seat, action_key(a)): a for a in legal}
        best = max(
            (key for key in root.children if key in by_key),
            key=lambda key: root.children[key].visits,
        )
        return by_key[best]

    def _acting_seat(self, world: State, me: int, at_root: bool) -> int:
        movers = world.to_move
        return me if at_root and me in movers else movers[0]

    def _iterate(self, root: Node, world: State, me: int) -> None:
        node = root
        path = [root]
        at_root = True
        # Selection and expansion.
        while not world.is_over:
            seat = self._acting_seat(world, me, at_root)
            at_root = False
            legal = world.legal_actions(seat)
            keyed = [((seat, action_key(a)), a) for a in legal]
            untried = [(k, a) for k, a in keyed if k not in node.children]
            for k, _ in keyed:
                if k in node.children:
                    node.children[k].available += 1
            if untried:
                key, action = self.rng.choice(untried)
                child = Node(seat=seat, action=action, available=1)
                node.children[key] = child
                world.apply(seat, action)
                path.append(child)
                break
            child = max((node.children[k] for k, _ in keyed), key=lambda c: c.ucb(self.exploration))
            world.apply(seat, child.action or {})
            node = child
            path.append(child)
        # Simulation.
        steps = 0
        while not world.is_over and (self.rollout_limit is None or steps < self.rollout_limit):
            mover = self.rng.choice(world.to_move)
            world.apply(mover, self.rng.choice(world.legal_actions(mover)))
            steps += 1
        # Backpropagation: each node is credited with the reward of the seat that acted.
        result = rewards(world)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += result[visited.seat]
