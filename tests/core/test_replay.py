"""Replay records save as JSON and re-run to the identical final state; a game shown step by
step to one viewer shows nothing that viewer did not see."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import meeple
from meeple.core.game import State, without_back
from meeple.core.replay import Replay

GAMES = sorted(meeple.GAMES)


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


def _random_game(game_id: str, seed: int) -> tuple[Replay, list[State]]:
    """A seeded random game of at least three seats (so that a seat watches two others)."""
    game = meeple.load(game_id)
    state = game.new(max(3, game.min_players), seed=seed)
    replay, states, rng = Replay.of(state), [state.clone()], random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        replay.play(state, seat, rng.choice(without_back(state.legal_actions(seat))))
        states.append(state.clone())
    return replay, states


@pytest.mark.parametrize("game_id", GAMES)
def test_each_step_is_the_viewers_view_with_their_own_moves_whole(game_id: str) -> None:
    replay, states = _random_game(game_id, seed=5)
    for viewer in [*range(replay.players), None]:
        steps = replay.seen_by(viewer)
        assert len(steps) == len(states)
        assert steps[0] == {"seat": None, "action": None, "view": states[0].view(viewer)}
        played = zip(steps[1:], replay.actions, states, states[1:], strict=False)
        for step, (seat, action), before, after in played:
            assert step["seat"] == seat and step["view"] == after.view(viewer)
            shown = action if seat == viewer else before.public_action(seat, action)
            assert step["action"] == shown


@pytest.mark.parametrize("game_id", GAMES)
def test_games_a_viewer_cannot_tell_apart_replay_alike_for_that_viewer(game_id: str) -> None:
    """Take a game, and at a step of another seat put in place of its action another legal one
    after which the viewer's view is the same: the two games differ only in what the viewer
    did not see, so the viewer's replays of them must be the same up to that step (later
    steps may differ: a card chosen in secret may be revealed afterwards)."""
    replay, states = _random_game(game_id, seed=11)
    rng = random.Random(11)
    compared = swapped = 0
    for viewer in [*range(replay.players), None]:
        steps = replay.seen_by(viewer)
        others = [k for k, (seat, _) in enumerate(replay.actions) if seat != viewer]
        for k in sorted(rng.sample(others, min(12, len(others)))):
            seat, action = replay.actions[k]
            for other in states[k].legal_actions(seat):
                after = states[k].clone()
                after.apply(seat, other)
                compared += 1
                if other == action or after.view(viewer) != states[k + 1].view(viewer):
                    continue  # the viewer could tell this game from the real one
                twin = [*replay.actions[:k], (seat, other)]
                seen = Replay(replay.game, replay.players, replay.seed, replay.options, twin)
                assert seen.seen_by(viewer) == steps[: k + 2], (viewer, k, action, other)
                swapped += 1
    assert compared
    if game_id in {"buffet", "cheese", "stirfry"}:
        assert swapped, "no game with a secret move was compared: the test proved nothing"
