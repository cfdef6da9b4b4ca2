"""Checks that several games' speed tests share: views built from kept parts against views
built from scratch."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any


def assert_views_fresh_and_kept(
    state: Any,
    fresh: Callable[[Any, int | None], object],
    rng: random.Random,
    choose: Callable[[Any, random.Random], int],
) -> None:
    """Play ``state`` to its end with random legal moves (the mover picked by ``choose``): at
    every step each seat's and the spectator's view equals ``fresh(state, seat)`` (the view
    built with nothing kept), key order included, and every view handed out earlier still
    reads as it did at the end (views are read-only snapshots)."""
    kept: list[tuple[object, str]] = []
    while True:
        for seat in [*range(state.players), None]:
            view = state.view(seat)
            assert json.dumps(view) == json.dumps(fresh(state, seat))
            kept.append((view, json.dumps(view)))
        if state.is_over:
            break
        seat = choose(state, rng)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for view, text in kept:
        assert json.dumps(view) == text
