"""Replay records save as JSON and re-run to the identical final state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import meeple
from meeple.core.replay import Replay


def _played(players: int, seed: int) -> tuple[Replay, meeple.State]:
    state = meeple.load("buffet").new(players, seed=seed)
    replay = Replay.of(state)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        replay.play(state, seat, rng.choice(state.legal_actions(seat)))
    return replay, state


def test_a_saved_replay_reruns_to_the_identical_final_state(tmp_path: Path) -> None:
    replay, final = _played(5, seed=8)
    path = tmp_path / "game.replay.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded == replay
    assert json.dumps(loaded.run().to_json()) == json.dumps(final.to_json())


def test_states_steps_through_every_position() -> None:
    replay, final = _played(3, seed=2)
    states = list(replay.states())
    assert len(states) == len(replay.actions) + 1
    assert states[0].to_json() == replay.initial_state().to_json()
    assert states[-1].to_json() == final.to_json()


def test_an_illegal_action_is_not_recorded() -> None:
    replay = Replay.new("buffet", players=3, seed=1)
    state = replay.initial_state()
    with pytest.raises(meeple.IllegalAction):
        replay.play(state, 0, {"type": "play", "card": 42})
    assert replay.actions == []


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"format": 99},
        {"format": 1, "game": "buffet"},
        {"format": 1, "game": "buffet", "players": 3, "seed": 1, "options": {}, "actions": [[0]]},
    ],
)
def test_a_malformed_replay_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="replay"):
        Replay.from_json(data)
