"""Random-playout simulation: many seeded games between random bots, with figures."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple.core.game import Game, without_back


@dataclass
class SimulationResult:
    """What a batch of random games measured."""

    game: str
    players: int
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    score_sums: list[float] = field(default_factory=list)
    win_shares: list[float] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        """Whole games finished per second."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        """Decisions (one seat's action) taken per second."""
        return self.decisions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON data (``meeple simulate --json``)."""
        n = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "mean_score": [round(s / n, 3) for s in self.score_sums],
            "win_share": [round(w / n, 4) for w in self.win_shares],
        }


def simulate(
    game: Game[Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` random games (seeds ``seed``, ``seed+1``, …) and measure them.

    A win shared by k seats counts 1/k to each, so win shares add up to 1.

    >>> import meeple
    >>> result = simulate(meeple.load("buffet"), players=3, games=2, seed=1)
    >>> result.games, round(sum(result.win_shares), 6)
    (2, 2.0)
    """
    result = SimulationResult(
        game.id, players, score_sums=[0.0] * players, win_shares=[0.0] * players
    )
    start = time.perf_counter()
    for k in range(games):
        state = game.new(players, seed=seed + k, options=options)
        rng = random.Random(seed + k)
        decisions = 0
        while not state.is_over:
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
            decisions += 1
        result.decisions += decisions
        result.games += 1
        for s, score in enumerate(state.scores):
            result.score_sums[s] += score
        winners = state.winners
        for w in winners:
            result.win_shares[w] += 1 / len(winners)
        if progress is not None:
            progress(1)
    result.seconds = time.perf_counter() - start
    return result
