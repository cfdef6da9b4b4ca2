"""A random agent for every seat of a PettingZoo AEC env (``pip install 'meeple[rl]'``).

    python examples/pettingzoo_random.py [game] [players]

Each agent picks uniformly among the legal actions its ``action_mask`` shows.
"""

from __future__ import annotations

import sys

import numpy as np

from meeple.rl import aec_env


def main(game_id: str = "buffet", players: int = 4, seed: int = 0) -> dict[str, float]:
    """Play one game; return each agent's total reward."""
    env = aec_env(game_id, players=players, reward="rank")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
        env.step(action)
    print(f"{game_id}, {players} players: {steps} decisions; rewards {totals}")
    return totals


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "buffet", int(sys.argv[2]) if len(sys.argv) > 2 else 4
    )
