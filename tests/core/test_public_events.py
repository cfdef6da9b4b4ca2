"""``State.public_events`` is the spectator's events after every move, in every game (the
learning envs feed them to a game's public history; a game may give them without building
the spectator's view, and this checks that it gives the same)."""

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
def test_public_events_are_the_spectators(game_id: str, players: int) -> None:
    game = meeple.load(game_id)
    rng = random.Random(players)
    state = game.new(players, seed=players)
    assert state.public_events() == state.view(None)["events"]
    moves = 0
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
        events = state.public_events()
        assert events == state.view(None)["events"]
        moves += bool(events)
    assert moves > 0
