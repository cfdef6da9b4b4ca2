"""Environment steps per second of the RL adapters, on one core.

    python benchmarks/rl.py [--seconds 2] [--game buffet]

For each game at its smallest and largest player counts, plays seeded random games through

- the PettingZoo AEC env: each step is ``env.last()`` (the acting agent's observation and
  action mask) and ``env.step()`` of a random legal index;
- the Gymnasium env (one learner, ``random`` opponents): each step is ``env.step()`` of a
  random legal index from ``action_masks()``; the opponents' moves in between are part of it.

and, for comparison, the bare engine: a random game calling ``legal_actions`` and
``view(seat)`` of the seat to move at each decision (what any observation built from the view
costs at least).

Times are the process's CPU time (``time.process_time``), so a machine busy with other work
slows the figures less than wall-clock time would. Figures vary with the machine: this prints
them, it never judges them (the goal in ``docs/rl.md`` is 30,000 AEC steps/s per game).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import meeple
from meeple.rl import aec_env, gym_env

GOAL = 30_000


def aec_rate(game_id: str, players: int, seconds: float) -> float:
    """AEC steps per second: observation + mask of the acting agent, then a step."""
    env = aec_env(game_id, players=players)
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        env.reset(seed=seed)
        seed += 1
        start = time.process_time()
        while True:
            obs, _, terminated, _, _ = env.last()
            if terminated:
                break
            env.step(rng.choice(obs["action_mask"].nonzero()[0]))
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed


def engine_rate(game_id: str, players: int, seconds: float) -> float:
    """Bare engine decisions per second, with ``view(seat)`` of the seat to move."""
    game = meeple.load(game_id)
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        state = game.new(players, seed=seed)
        seed += 1
        start = time.process_time()
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            state.view(seat)
            state.apply(seat, rng.choice(legal))
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed


def gym_rate(game_id: str, players: int, seconds: float) -> float:
    """Gymnasium steps per second (the learner's steps; the bots' moves between included)."""
    env = gym_env(game_id, players=players, opponents="random")
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        start = time.process_time()
        env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            action = rng.choice(env.action_masks().nonzero()[0])
            _, _, terminated, _, _ = env.step(action)
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed


def main() -> None:
    """Print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    ids = args.game or ["buffet", "stirfry", "cheese", "cafe", "bison"]
    print(
        f"meeple {meeple.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    print(
        f"{'game':<10}{'players':>8}{'AEC steps/s':>14}{'Gym steps/s':>14}"
        f"{'engine+view/s':>15}{'goal met':>10}"
    )
    for game_id in ids:
        game = meeple.load(game_id)
        for players in sorted({game.min_players, game.max_players}):
            aec = aec_rate(game_id, players, args.seconds)
            gym = gym_rate(game_id, players, args.seconds)
            engine = engine_rate(game_id, players, args.seconds)
            met = "yes" if aec >= GOAL else "no"
            print(f"{game_id:<10}{players:>8}{aec:>14,.0f}{gym:>14,.0f}{engine:>15,.0f}{met:>10}")


if __name__ == "__main__":
    main()
