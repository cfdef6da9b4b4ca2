"""``State.apply_unchecked`` keeps its promise: given an action taken from ``legal_actions``,
it leaves exactly the state that ``apply`` leaves (the learning envs rely on it)."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.game import without_back

CASES = [
    (game_id, players)
    for game_id, game in sorted(meeple.GAMES.items())
    for players in sorted({game.min_players, game.max_players})
]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=str)
def test_apply_unchecked_gives_the_state_apply_gives(game_id: str, players: int) -> None:
    game = meeple.load(game_id)
    rng = random.Random(players)
    for seed in range(2):
        checked = game.new(players, seed=seed)
        unchecked = game.new(players, seed=seed)
        while not checked.is_over:
            seat = rng.choice(checked.to_move)
            legal = without_back(checked.legal_actions(seat))
            choice = rng.randrange(len(legal))
            # An equal copy for apply: the check must find it among the legal actions.
            checked.apply(seat, dict(legal[choice]))
            unchecked.apply_unchecked(seat, without_back(unchecked.legal_actions(seat))[choice])
            assert unchecked.to_json() == checked.to_json()
            assert unchecked.view(seat) == checked.view(seat)
        assert unchecked.is_over and unchecked.scores == checked.scores
        assert unchecked.winners == checked.winners
