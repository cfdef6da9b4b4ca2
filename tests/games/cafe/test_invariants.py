"""Properties that hold at every step of every café game (hypothesis picks the games)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.cafe import GAME
from meeple.games.cafe.board import BAR_POINTS, TABLES
from meeple.games.cafe.rules import _check_consistent


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), circles=st.booleans())
def test_tiles_are_never_lost_or_made_and_tables_stay_allowed(
    players: int, seed: int, circles: bool
) -> None:
    """100 tiles, each exactly once, at every step; hands never above five; between turns every
    table seats an allowed arrangement (男1女1 / 男1女2 / 男2女1 / 男2女2, one guest, or a circle)."""
    state = GAME.new(players, seed=seed, options={"coffee_circle": circles})
    rng = random.Random(seed)
    while not state.is_over:
        _check_consistent(state)  # conservation, nationality, hand sizes, turn in progress
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.placed:
            for t in TABLES:
                m, w = state.men[t], state.women[t]
                assert m + w <= 1 or (m and w and m <= 2 and w <= 2) or (circles and m + w == 4)
    _check_consistent(state)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_decisions_stay_small_and_scores_are_the_chips_until_the_end(
    players: int, seed: int
) -> None:
    """Every decision lists at most a few hundred actions; during play ``scores`` are the chips
    won (the hand penalties come only at the end); the bar never holds more than its 20 seats."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert 1 <= len(legal) <= 400
        assert state.scores == state.chips
        assert len(state.bar) <= len(BAR_POINTS)
        state.apply(seat, rng.choice(legal))
    assert state.winners
