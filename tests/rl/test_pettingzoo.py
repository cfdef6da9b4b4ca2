"""PettingZoo's own test suites pass on every game's AEC env, at the smallest and largest
player counts; and the env's own promises (masks, rewards, illegal actions, seeds)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import meeple
from meeple.rl import aec_env
from meeple.rl.aec import ILLEGAL_PENALTY, MeepleAEC
from tests.rl.cases import CASES, GAMES


@pytest.fixture(autouse=True)
def _quiet() -> object:
    # api_test warns that a dict observation "probably should be" a Box: PettingZoo's own
    # classic games (chess, go) use the same {"observation", "action_mask"} dict.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=str)
def test_api_test(game_id: str, players: int) -> None:
    api_test(aec_env(game_id, players=players), num_cycles=1000)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=str)
def test_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: aec_env(game_id, players=players), num_cycles=500)


def _play(env: MeepleAEC, rng: np.random.Generator) -> dict[str, float]:
    """A whole random game; the rewards each agent collected."""
    total: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    return total


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_are_the_legal_actions_and_rewards_the_ranking(game_id: str) -> None:
    game = meeple.load(game_id)
    env = aec_env(game_id, players=game.min_players, reward="rank")
    env.reset(seed=3)
    state = env.game_state
    assert state is not None
    seat = int(env.agent_selection.split("_")[1])
    assert seat == state.to_move[0]
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = env.table.space.legal(state.legal_actions(seat))
    assert set(np.flatnonzero(mask)) == set(legal)
    others = [a for a in env.agents if a != env.agent_selection]
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)
    total = _play(env, np.random.default_rng(0))
    assert state.is_over
    winners = {f"player_{s}" for s in state.winners}
    assert {a for a, r in total.items() if r == 1.0} >= winners
    assert all(-1.0 <= r <= 1.0 for r in total.values())


def test_win_and_score_rewards() -> None:
    for reward in ("win", "score"):
        env = aec_env("cheese", players=3, reward=reward)
        env.reset(seed=5)
        state = env.game_state
        total = _play(env, np.random.default_rng(1))
        assert state is not None and state.is_over
        if reward == "win":
            assert total == {f"player_{s}": float(s in state.winners) for s in range(3)}
        else:
            assert total == {f"player_{s}": float(state.scores[s]) for s in range(3)}


def test_illegal_raise_gives_the_reason() -> None:
    env = aec_env("buffet", players=3)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(meeple.IllegalAction, match="not legal"):
        env.step(illegal)


def test_illegal_penalize_ends_the_episode() -> None:
    env = aec_env("buffet", players=3, illegal="penalize")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == ILLEGAL_PENALTY
    assert all(r == 0.0 for a, r in env._cumulative_rewards.items() if a != agent)


def test_simultaneous_choices_are_asked_one_at_a_time_unseen() -> None:
    """Buffet's card choice: all mice choose at once; the env asks them in seat order, and
    the second one's observation is the same whichever card the first one chose."""
    seen = []
    for first in (0, 1):
        env = aec_env("buffet", players=3)
        env.reset(seed=11)
        assert env.agent_selection == "player_0"
        choices = np.flatnonzero(env.observe("player_0")["action_mask"])
        env.step(int(choices[first]))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1")["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_same_seed_same_game() -> None:
    a, b = aec_env("stirfry", players=3), aec_env("stirfry", players=3)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state is not None and b.game_state is not None
    assert a.game_state.to_json() == b.game_state.to_json()
    a.reset()
    assert a.game_state.to_json() != b.game_state.to_json()
