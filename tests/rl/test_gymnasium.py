"""Gymnasium's env checker passes on every game's one-learner env, at the smallest and
largest player counts; and the env's own promises (masks, opponents, rewards)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import meeple
from meeple.bots.nets import shipped_counts
from meeple.bots.random_bot import RandomBot
from meeple.rl import gym_env
from meeple.rl.gym import MeepleGym
from tests.rl.cases import CASES


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=str)
def test_check_env(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gym_env(game_id, players=players, seat=players - 1), skip_render_check=True)
    assert [str(w.message) for w in caught] == []


def _episode(env: MeepleGym, seed: int) -> float:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    while True:
        mask = env.action_masks()
        assert mask.dtype == np.int8 and mask.sum() > 0
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert np.array_equal(info["action_mask"], env.action_masks())
        if terminated:
            return float(reward)
        assert reward == 0.0 and not truncated


@pytest.mark.parametrize("game_id", ["buffet", "stirfry", "cheese", "cafe"])
def test_mask_is_the_learners_legal_actions(game_id: str) -> None:
    players = meeple.load(game_id).min_players
    env = gym_env(game_id, players=players, seat=1, opponents="easy")
    env.reset(seed=4)
    state = env.game_state
    assert state is not None and 1 in state.to_move
    legal = env.table.legal(state, 1)
    assert set(np.flatnonzero(env.action_masks())) == set(legal)
    assert -1.0 <= _episode(env, 4) <= 1.0


def test_opponents_as_levels_and_bots() -> None:
    env = gym_env("cheese", players=3, opponents=["normal", RandomBot()], reward="win")
    assert _episode(env, 2) in (0.0, 1.0)
    with pytest.raises(ValueError, match="2 opponents needed"):
        gym_env("cheese", players=3, opponents=["random"])


def test_same_seed_same_episode() -> None:
    a = gym_env("buffet", players=4, opponents="easy")
    b = gym_env("buffet", players=4, opponents="easy")
    obs_a, _ = a.reset(seed=7)
    obs_b, _ = b.reset(seed=7)
    assert np.array_equal(obs_a, obs_b)
    assert _episode(a, 7) == _episode(b, 7)


def test_illegal_action() -> None:
    env = gym_env("buffet", players=3)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    strict = gym_env("buffet", players=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(meeple.IllegalAction):
        strict.step(illegal)


class _Cheat(RandomBot):
    """A bot passed in by the user that breaks the contract: a move nobody may make."""

    def choose(self, state: meeple.State, seat: int) -> dict[str, object]:
        return {"type": "cheat"}


def test_a_users_bot_is_checked_the_levels_are_trusted() -> None:
    """The env applies the levels' choices unchecked (they come from ``legal_actions``),
    but a bot passed in goes through the game's checked ``apply``."""
    env = gym_env("cheese", players=3, opponents=[_Cheat(), "random"])
    env.reset(seed=1)
    assert env._trusted == {2}
    with pytest.raises(meeple.IllegalAction):
        while True:
            env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_a_kept_mask_stays_as_it_was() -> None:
    """The mask is built once per decision and shared by ``action_masks()`` and the info;
    the next decision gets a new one, so a learner may keep the old (a rollout buffer)."""
    env = gym_env("stirfry", players=3)
    _, info = env.reset(seed=3)
    first = env.action_masks()
    assert info["action_mask"] is first
    kept = first.copy()
    _, _, terminated, _, info = env.step(int(np.flatnonzero(first)[0]))
    assert not terminated
    assert np.array_equal(first, kept)
    assert env.action_masks() is info["action_mask"] and env.action_masks() is not first


def test_an_rl_env_refuses_expert_opponents_where_no_network_ships() -> None:
    game_id, players = next(
        (g, p)
        for g, game in meeple.GAMES.items()
        for p in range(game.min_players, game.max_players + 1)
        if p not in shipped_counts(g)
    )
    with pytest.raises(ValueError, match=f"no expert bot for {game_id} at {players}"):
        gym_env(game_id, players, opponents="expert")
    with pytest.raises(ValueError, match=f"no expert bot for {game_id} at {players}"):
        gym_env(game_id, players, opponents=["random"] * (players - 2) + ["expert"])
    assert gym_env("buffet", 3, opponents="expert").seat == 0  # where its network ships
