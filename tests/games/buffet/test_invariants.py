"""Properties that hold at every step of every buffet game (hypothesis picks the games)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.buffet import GAME
from meeple.games.buffet.rules import BuffetState, _check_consistent, counts_of


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_cards_and_dishes_are_never_lost_or_made(players: int, seed: int) -> None:
    """110 cards and 36 dishes, each exactly once, at every step; hands never exceed 9."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        _check_consistent(state)
        assert all(sum(h) <= 9 for h in state.hands)
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    _check_consistent(state)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_seat_cannot_see_other_hands_the_deck_or_face_down_choices(
    players: int, seed: int, steps: int
) -> None:
    """Two states that differ only in what seat 0 cannot see give seat 0 the same view."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    other = _swap_hidden(state, random.Random(seed + 1))
    assert other.to_json() != state.to_json() or not state.deck
    assert json.dumps(other.view(0)) == json.dumps(state.view(0))


def _swap_hidden(state: BuffetState, rng: random.Random) -> BuffetState:
    """Edit the raw state by hand: trade cards between seat 1's hand and the deck, and
    give seat 1 another face-down choice — without going through determinize."""
    data = state.to_json()
    deck = data["deck"]
    hand = [i - 1 for i, n in enumerate(data["hands"][1]) for _ in range(n)]
    rng.shuffle(deck)
    if hand and deck:
        k = rng.randint(1, min(len(hand), len(deck)))
        hand[:k], deck[:k] = deck[:k], hand[:k]
    data["hands"][1] = counts_of(hand)
    if data["chosen"][1] is not None and deck:
        data["chosen"][1], deck[0] = deck[0], data["chosen"][1]
    data["deck"] = deck
    rng.shuffle(data["dish_pile"])
    return GAME.from_json(data)
