"""ISMCTS plays legally, reproducibly, and without peeking at hidden information."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.bots import RandomBot
from meeple.bots.ismcts import ISMCTSBot, rewards


def _midgame(game_id: str, players: int, steps: int, seed: int = 3) -> meeple.State:
    state = meeple.load(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", ["buffet", "cheese"])
def test_choices_are_legal_through_a_whole_game(game_id: str) -> None:
    game = meeple.load(game_id)
    state = game.new(game.min_players, seed=5)
    bots = {0: ISMCTSBot(iterations=15, seed=1, rollout_limit=30)}
    while not state.is_over:
        seat = state.to_move[0]
        bot = bots.get(seat) or RandomBot(seed=seat)
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_seeded_bot_reproduces_its_choice() -> None:
    state = _midgame("buffet", 4, 6)
    seat = state.to_move[0]
    first = ISMCTSBot(iterations=60, seed=9).choose(state, seat)
    assert ISMCTSBot(iterations=60, seed=9).choose(state, seat) == first


@pytest.mark.parametrize("game_id", ["buffet", "cheese"])
def test_no_peeking_a_determinized_twin_gets_the_same_choice(game_id: str) -> None:
    """A twin differs only in what the seat cannot see; the bot must not notice."""
    state = _midgame(game_id, 4, 9)
    seat = state.to_move[0]
    twin = state.determinize(seat, random.Random(77))
    assert twin.view(seat) == state.view(seat)
    assert twin.to_json() != state.to_json()
    for seed in range(3):
        mine = ISMCTSBot(iterations=40, seed=seed).choose(state, seat)
        assert ISMCTSBot(iterations=40, seed=seed).choose(twin, seat) == mine


def test_rewards_favour_the_winner_and_split_ties() -> None:
    state = _midgame("buffet", 3, 10_000)
    assert state.is_over
    result = rewards(state)
    assert all(0 <= r <= 1 for r in result)
    best = max(range(3), key=lambda s: result[s])
    assert best in state.winners


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None, seconds=None)
