"""A short training run: sb3-contrib's MaskablePPO learns a meeple game against ``random``.

    pip install 'meeple[rl]' sb3-contrib      # with a CPU build of torch
    python examples/train_maskable_ppo.py [--game stirfry] [--players 2] [--timesteps 40000]

The learner sits at seat 0 of a Gymnasium env (``meeple.rl.gym_env``) whose other seats are
meeple's ``random`` bots; MaskablePPO reads ``env.action_masks()`` so it only ever picks legal
actions. The learner's share of wins (shared wins count) is measured over 200 games before
training (the untrained network) and after.
"""

from __future__ import annotations

import argparse
import time

from sb3_contrib import MaskablePPO

from meeple.rl import gym_env
from meeple.rl.gym import MeepleGym


def win_share(model: MaskablePPO, env: MeepleGym, games: int, seed: int) -> float:
    """The learner's share of wins over ``games`` games (seeds ``seed`` …)."""
    wins = 0.0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, _, _ = env.step(int(action))
        wins += reward
    return wins / games


def main() -> None:
    """Measure, train, measure again, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stirfry")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--timesteps", type=int, default=40_000)
    parser.add_argument("--games", type=int, default=200, help="games for each measurement")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    train_env = gym_env(args.game, players=args.players, opponents="random", reward="win")
    eval_env = gym_env(args.game, players=args.players, opponents="random", reward="win")
    train_env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        train_env,
        n_steps=1024,
        batch_size=256,
        gamma=1.0,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    # Evaluation games use seeds far from the training ones.
    before = win_share(model, eval_env, args.games, seed=1_000_000)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.perf_counter() - start
    after = win_share(model, eval_env, args.games, seed=1_000_000)
    fair = 1.0 / args.players
    print(
        f"{args.game}, {args.players} players, learner at seat 0 vs random "
        f"(a random player wins about {fair:.0%}):\n"
        f"  before training: won {before:.1%} of {args.games} games\n"
        f"  after {args.timesteps:,} steps ({seconds:.0f} s): won {after:.1%} of {args.games} games"
    )


if __name__ == "__main__":
    main()
