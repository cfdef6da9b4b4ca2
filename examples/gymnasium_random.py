"""A random learner against meeple's bots in a Gymnasium env (``pip install 'meeple[rl]'``).

    python examples/gymnasium_random.py [game] [players] [opponents]

The learner at seat 0 picks uniformly among ``env.action_masks()``; the other seats are
meeple bots of the given level (``random``, ``easy``, ``normal``, ``hard``).
"""

from __future__ import annotations

import sys

import numpy as np

from meeple.rl import gym_env


def main(
    game_id: str = "cheese", players: int = 3, opponents: str = "easy", games: int = 20
) -> float:
    """Play ``games`` episodes; return the learner's share of wins."""
    env = gym_env(game_id, players=players, opponents=opponents, reward="win")
    rng = np.random.default_rng(0)
    wins = 0.0
    for episode in range(games):
        env.reset(seed=episode)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, terminated, truncated, _ = env.step(action)
        wins += reward
    share = wins / games
    print(
        f"{game_id}, {players} players, random learner vs {opponents}: won {share:.0%} of {games}"
    )
    return share


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0] if args else "cheese",
        int(args[1]) if len(args) > 1 else 3,
        args[2] if len(args) > 2 else "easy",
    )
