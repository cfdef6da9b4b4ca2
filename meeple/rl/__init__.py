"""The five games for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel.

Needs the optional extra ``meeple[rl]`` (numpy, gymnasium, pettingzoo, open-spiel);
``import meeple`` never does. See ``docs/rl.md``.
"""

from meeple.rl.aec import aec_env
from meeple.rl.gym import gym_env
from meeple.rl.openspiel import register_openspiel
from meeple.rl.table import final_rewards

__all__ = ["aec_env", "final_rewards", "gym_env", "register_openspiel"]
