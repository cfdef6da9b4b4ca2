"""How long each bot level thinks, per game, on one core.

    python benchmarks/bots.py [--games 2] [--game cafe] [--level hard] [--players 3] [--cpu]

For each game (at its smallest player count, or ``--players``) and level, plays seeded games in which
that level holds seat 0 against ``normal`` bots, and prints the mean, 90th percentile
and longest time of seat 0's decisions that had a real choice (more than one legal
action). Figures vary with the machine and its load: this prints them, it never
judges them. ``--cpu`` counts the process's CPU time instead of the clock's: on a machine
shared with other work, that is what a decision would take on a core of its own. A level
that cannot play a game at that count (``expert`` without a network) is left out.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import meeple
from meeple.bots.levels import LEVELS, levels_for, make


def think_times(
    game_id: str, level: str, games: int, players: int | None = None, cpu: bool = False
) -> list[float]:
    """Seconds per real decision of ``level`` at seat 0 over ``games`` seeded games (at
    ``players`` seats, the game's fewest by default; CPU seconds with ``cpu``)."""
    game = meeple.load(game_id)
    players = players or game.min_players
    clock = time.process_time if cpu else time.perf_counter
    times: list[float] = []
    for g in range(games):
        state = game.new(players, seed=g)
        bots = [make(level if s == 0 else "normal", game, seed=g * 8 + s) for s in range(players)]
        order = random.Random(g)
        while not state.is_over:
            seat = order.choice(state.to_move)
            start = clock()
            action = bots[seat].choose(state, seat)
            if seat == 0 and len(state.legal_actions(seat)) > 1:
                times.append(clock() - start)
            state.apply(seat, action)
    return times


def main() -> None:
    """Print one row per game and level."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per row")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--level", action="append", help="only these levels (repeatable)")
    parser.add_argument("--players", type=int, help="seats per game (default: the fewest)")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds, not the clock's")
    args = parser.parse_args()
    clock = "CPU seconds" if args.cpu else "seconds"
    print(f"# {platform.python_implementation()} {platform.python_version()}, one core, {clock}")
    print(f"{'game':8} {'level':7} {'decisions':>9} {'mean s':>8} {'p90 s':>8} {'max s':>8}")
    for game_id in args.game or sorted(meeple.GAMES):
        for level in args.level or list(LEVELS):
            players = args.players or meeple.load(game_id).min_players
            if level not in levels_for(game_id, players):
                continue
            times = think_times(game_id, level, args.games, players, args.cpu)
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
            print(
                f"{game_id:8} {level:7} {len(times):9d} {statistics.fmean(times):8.4f}"
                f" {p90:8.4f} {max(times):8.4f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
