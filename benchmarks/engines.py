"""Random-playout throughput of every registered game, on one core.

    python benchmarks/engines.py [--seconds 3] [--game buffet]

For each game and player count, plays seeded random games for about the given
time and prints decisions/s and games/s. A decision is one seat's action; a
random playout picks a seat of ``to_move`` and one of its ``legal_actions``.
Figures vary with the machine: this prints them, it never judges them.
"""

from __future__ import annotations

import argparse
import platform
import time

import meeple
from meeple.simulate import simulate


def measure(game_id: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Play games until ``seconds`` have passed; return (games, decisions, elapsed)."""
    game = meeple.load(game_id)
    games = decisions = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        result = simulate(game, players, 5, seed=seed)
        games += result.games
        decisions += result.decisions
        elapsed += result.seconds
        seed += 5
    return games, decisions, elapsed


def main() -> None:
    """Print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    ids = args.game or list(meeple.GAMES)
    print(
        f"meeple {meeple.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    print(f"{'game':<10}{'players':>8}{'games':>8}{'games/s':>10}{'decisions/s':>14}")
    for game_id in ids:
        game = meeple.load(game_id)
        for players in range(game.min_players, game.max_players + 1):
            games, decisions, elapsed = measure(game_id, players, args.seconds)
            print(
                f"{game_id:<10}{players:>8}{games:>8}{games / elapsed:>10.1f}"
                f"{decisions / elapsed:>14,.0f}"
            )


if __name__ == "__main__":
    main()
