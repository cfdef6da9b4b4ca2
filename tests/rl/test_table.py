"""What the three adapters share: rewards from the final ranking, and observation arrays."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple
from meeple.core.encoding import Features
from meeple.core.game import BACK, without_back
from meeple.rl import table as table_module
from meeple.rl.table import OBS_BOUND, Table, final_rewards


def _finished(game_id: str, players: int, seed: int) -> meeple.State:
    state = meeple.load(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_rank_rewards_follow_winners_then_scores(seed: int) -> None:
    state = _finished("cheese", 5, seed)
    rank = final_rewards(state, "rank")
    scores = state.scores
    for s in range(5):
        if s in state.winners:
            assert rank[s] == 1.0
        else:
            assert rank[s] < 1.0
            ahead = len(state.winners) + sum(
                1 for o in range(5) if o not in state.winners and scores[o] > scores[s]
            )
            assert rank[s] == 1.0 - 2.0 * ahead / 4
    assert final_rewards(state, "win") == [float(s in state.winners) for s in range(5)]
    assert final_rewards(state, "score") == [float(x) for x in scores]


def test_unknown_reward_and_player_count_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        Table("buffet", 3, reward="money")
    with pytest.raises(meeple.BadOptions):
        Table("buffet", 2)


def test_arrays_are_clipped_to_the_declared_box() -> None:
    table = Table("buffet", 3)
    features = Features()
    features.scalar(50.0)
    features.scalar(-0.5)
    features.scalar(-99.0)
    features.block(table.size - 3)
    array = table.array(features)
    assert array.dtype == np.float32 and array.shape == (table.size,)
    assert list(array[:4]) == [OBS_BOUND, -0.5, -OBS_BOUND, 0.0]
    assert table.observation_box().contains(array)


def test_back_is_never_an_agents_action() -> None:
    """Bison offers ``back`` inside a multi-part decision; the envs leave it out of the mask."""
    table = Table("bison", 2)
    state = table.new(3)
    rng = random.Random(0)
    offered = 0
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        offered += legal[-1]["type"] == BACK
        assert all(a["type"] != BACK for a in table.legal(state, seat).values())
        state.apply(seat, rng.choice(without_back(legal)))
    assert offered > 0
    with pytest.raises(ValueError, match="no index"):
        table.space.index({"type": BACK})


def test_array_into_a_buffer_overwrites_it() -> None:
    """OpenSpiel's observer refills one tensor: what the last observation left is cleared."""
    table = Table("stirfry", 3)
    state = table.new(5)
    buffer = np.full(table.size, 7.0, dtype=np.float32)
    for seat in range(3):
        fresh = table.observation(state, seat)
        features = table.encoding.observe(state.view(seat), seat, 3, table.options)
        assert table.array(features, out=buffer) is buffer
        assert np.array_equal(buffer, fresh)
        assert np.array_equal(fresh, np.array(features.dense(), dtype=np.float32))


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("buffet", 6), ("stirfry", 2), ("cheese", 5), ("cafe", 4), ("bison", 2)],
)
def test_arrays_and_masks_are_the_plain_computation_over_random_games(
    game_id: str, players: int
) -> None:
    """``Table.array`` (numpy bounds, shared segments) and ``Table.mask`` against the dense
    list clipped by ``np.clip`` and a mask set one legal index at a time."""
    table = Table(game_id, players)
    state = table.new(11)
    history = table.new_history()
    rng = random.Random(11)
    buffer = np.full(table.size, 5.0, dtype=np.float32)
    for _ in range(120):
        if state.is_over:
            break
        seat = state.to_move[0]
        features = table.encoding.observe(state.view(seat), seat, players, table.options, history)
        want = np.clip(np.array(features.dense(), dtype=np.float32), -OBS_BOUND, OBS_BOUND)
        assert np.array_equal(table.array(features), want)
        assert np.array_equal(table.array(features, out=buffer), want)
        legal = table.legal(state, seat)
        plain = np.zeros(table.space.size, dtype=np.int8)
        for action in without_back(state.legal_actions(seat)):
            plain[table.space.index(action)] = 1
        mask = table.mask(legal)
        assert mask.dtype == np.int8 and np.array_equal(mask, plain)
        table.play(state, seat, rng.choice(list(legal.values())), history)


@pytest.mark.parametrize("seed", range(4))
def test_fresh_entries_and_ones_give_the_plain_clipped_array(seed: int) -> None:
    """Up to ``CHECKED`` fresh values are checked in Python and clipped only if one is out;
    more are clipped at once; the ``ones`` are set to 1.0: always the dense list, clipped."""
    table = Table("cafe", 4)
    rng = random.Random(seed)
    for n in [*range(1, 12), table_module.CHECKED - 1, table_module.CHECKED, 200]:
        for spread in (1.0, OBS_BOUND, 3 * OBS_BOUND):  # within, up to, beyond the bounds
            features = Features()
            features.index = rng.sample(range(table.size), n)
            features.values = [rng.uniform(-spread, spread) or 0.5 for _ in range(n)]
            if spread == OBS_BOUND:
                features.values[0] = OBS_BOUND  # exactly at a bound: kept as it is
                features.values[-1] = -OBS_BOUND
            features.ones = rng.sample(sorted(set(range(table.size)) - set(features.index)), n)
            features.size = table.size
            want = np.clip(np.array(features.dense(), dtype=np.float32), -OBS_BOUND, OBS_BOUND)
            array = table.array(features)
            assert array.dtype == np.float32 and np.array_equal(array, want)
            buffer = np.full(table.size, 7.0, dtype=np.float32)
            assert table.array(features, out=buffer) is buffer
            assert np.array_equal(buffer, want)
