"""The arena: bot-against-bot tournaments with rotated seats and honest error bars.

Game ``k`` seats bot ``lineup[(seat + k) % len(lineup)]`` at each seat, so over a
multiple of the seat count every bot plays every seat equally often. Games run in
worker processes; each is seeded, so a tournament is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameRecord:
    """One finished game: which level sat where and how each seat did."""

    seed: int
    levels: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int


@dataclass
class BotStanding:
    """One bot level's results over a tournament (a seat-game counts once)."""

    level: str
    seats: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    rank_sum: float = 0.0

    @property
    def win_share(self) -> float:
        """Wins per seat played (a win shared by k seats counts 1/k)."""
        return self.wins / self.seats if self.seats else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win share."""
        return wilson(self.wins, self.seats)

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON data."""
        low, high = self.interval()
        n = max(self.seats, 1)
        return {
            "level": self.level,
            "seat_games": self.seats,
            "win_share": round(self.win_share, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score_sum / n, 3),
            "mean_rank": round(self.rank_sum / n, 3),
        }


@dataclass
class ArenaResult:
    """Everything a tournament measured."""

    game: str
    players: int
    records: list[GameRecord] = field(default_factory=list)

    def standings(self) -> list[BotStanding]:
        """Per-level standings, best win share first."""
        table: dict[str, BotStanding] = {}
        for record in self.records:
            ranks = ranks_of(record.scores)
            for seat, level in enumerate(record.levels):
                row = table.setdefault(level, BotStanding(level))
                row.seats += 1
                row.score_sum += record.scores[seat]
                row.rank_sum += ranks[seat]
                if seat in record.winners:
                    row.wins += 1 / len(record.winners)
        return sorted(table.values(), key=lambda r: -r.win_share)

    @property
    def fair_share(self) -> float:
        """The win share of a bot no better than the others."""
        return 1 / self.players

    def to_json(self) -> dict[str, Any]:
        """The tournament's figures as JSON data."""
        return {
            "game": self.game,
            "players": self.players,
            "games": len(self.records),
            "fair_share": round(self.fair_share, 4),
            "bots": [row.to_json() for row in self.standings()],
        }


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks_of(scores: Sequence[float]) -> list[float]:
    """Rank of each seat by score, 1 for the best, ties sharing the average rank.

    >>> ranks_of([5, 9, 5])
    [2.5, 1.0, 2.5]
    """
    result = []
    for score in scores:
        better = sum(1 for s in scores if s > score)
        level = sum(1 for s in scores if s == score)
        result.append(better + (level + 1) / 2)
    return result


def lineup_for(game_index: int, players: int, levels: Sequence[str]) -> tuple[str, ...]:
    """The level at each seat in game ``game_index``, rotating the seats game by game."""
    return tuple(levels[(seat + game_index) % len(levels)] for seat in range(players))


def play_one(game_id: str, players: int, seed: int, levels: tuple[str, ...]) -> GameRecord:
    """Play one seeded game between bots of the given levels (runs in a worker process)."""
    # Imported here so that worker processes load the games on their own.
    from meeple import load  # noqa: PLC0415
    from meeple.bots.levels import make  # noqa: PLC0415

    game = load(game_id)
    state = game.new(players, seed=seed)
    bots = [make(level, game, seed=seed * 16 + seat) for seat, level in enumerate(levels)]
    # When several seats decide at once, who answers first is drawn at random, so that
    # "first to arrive" rules (stirfry's taste test) favour no seat.
    order = random.Random(seed)
    decisions = 0
    while not state.is_over:
        seat = order.choice(state.to_move)
        state.apply(seat, bots[seat].choose(state, seat))
        decisions += 1
    return GameRecord(seed, levels, tuple(state.scores), tuple(state.winners), decisions)


def run_arena(
    game_id: str,
    players: int,
    levels: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games with seats rotated among ``levels``; ``workers`` processes."""
    result = ArenaResult(game_id, players)
    jobs = [(game_id, players, seed + k, lineup_for(k, players, levels)) for k in range(games)]
    if workers <= 1:
        for job in jobs:
            result.records.append(play_one(*job))
            if progress is not None:
                progress(1)
        return result
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for record in pool.map(play_one, *zip(*jobs, strict=True)):
            result.records.append(record)
            if progress is not None:
                progress(1)
    return result
