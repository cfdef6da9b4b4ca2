"""The observation, which appends its entries straight to the feature lists for speed, gives
the very tensor of a plain reference written with the :class:`Features` helpers slice by
slice, in the layout's order (the encoding as it was before that speed work)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.core.encoding import Features, relative
from meeple.core.game import JSON
from meeple.games.buffet import GAME
from meeple.games.buffet.data import (
    CARD_VALUES,
    COPIES_PER_VALUE,
    DISH_KINDS,
    DISH_VALUES,
    HAND_SIZE,
    OFFSET,
)
from meeple.games.buffet.encoding import (
    ENCODING,
    PHASES,
    ROUND_SCALE,
    SCORE_SCALE,
    TRACK_SCALE,
    dish_code,
    pile_fields,
)

CARDS = len(CARD_VALUES)
DISHES = len(DISH_KINDS) * len(DISH_VALUES)


def reference(view: JSON, seat: int, players: int) -> Features:
    """The observation slice by slice, as ``BuffetEncoding.layout`` lists them."""

    def rotate(values: list[Any]) -> list[Any]:
        return values[seat:] + values[:seat]  # seats from the observer on

    f = Features()
    f.one_hot(PHASES.index(view["phase"]), len(PHASES))
    f.scalar(1.0 if view["stage"] == 2 else 0.0)
    f.scalar(view["round"], ROUND_SCALE)
    f.counts([view["hand"].count(v) for v in CARD_VALUES], HAND_SIZE)
    choice = view["my_choice"]
    f.one_hot(None if choice is None else choice + OFFSET, CARDS)
    f.counts([view["my_exchange"].count(v) for v in CARD_VALUES], HAND_SIZE)
    f.counts([view["discard"][str(v)] for v in CARD_VALUES], COPIES_PER_VALUE)
    f.scalar(view["deck"], CARDS * COPIES_PER_VALUE)
    f.scalar(view["dishes_left"], DISHES)
    for row in (view["buffet"], view["reserved"]):
        codes = {dish_code(dish) for dish in row}
        f.flags([code in codes for code in range(DISHES)])
    positions = rotate(view["positions"])
    f.flags([p is not None for p in positions])
    f.counts([p or 0 for p in positions], TRACK_SCALE)
    f.counts(rotate(view["hand_sizes"]), HAND_SIZE)
    f.flags(rotate(view["has_chosen"]))
    to_move = {relative(seat, s, players) for s in view["to_move"]}
    f.flags([k in to_move for k in range(players)])
    f.one_hot(relative(seat, view["start_player"], players), players)
    exchanger = view["exchanger"]
    f.one_hot(None if exchanger is None else relative(seat, exchanger, players), players)
    f.counts(rotate(view["scores"]), SCORE_SCALE)
    piles = [[pile_fields(pile) for pile in stack] for stack in rotate(view["stacks"])]
    for stack in piles:
        tops = {code for code, _, _ in stack}
        f.flags([code in tops for code in range(DISHES)])
    for stack in piles:
        under = {kind: covered for _, kind, covered in stack}
        f.counts([under.get(kind, 0.0) for kind in range(len(DISH_KINDS))])
    return f


@pytest.mark.parametrize("players", [3, 6])
def test_observation_equals_the_plain_reference(players: int) -> None:
    for seed in range(4):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                view = state.view(seat)
                got = ENCODING.observe(view, seat, players, state.options)
                want = reference(view, seat, players)
                assert got.size == want.size
                assert got.dense() == want.dense(), (seed, seat)
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
