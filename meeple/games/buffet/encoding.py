"""Schlacht am Buffet for learning agents: fixed action indices and the observation tensor.

Actions (23): ``play`` a card −1..9 (0–10), ``discard`` a card −1..9 while exchanging
(11–21), ``draw`` to end the exchange (22). The observation is built from ``view(seat)``
only; seats are listed from the observer (0 = itself, then clockwise). Its slices are given
by :func:`BuffetEncoding.layout` and described in ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON, OptionValue
from meeple.games.buffet.data import (
    ALL_DISHES,
    CARD_VALUES,
    COPIES_PER_VALUE,
    DISH_JSON,
    DISH_KINDS,
    DISH_VALUES,
    HAND_SIZE,
    MAX_COVERED,
    OFFSET,
    PILE_JSON,
)

PHASES = ("choose", "exchange", "over")
TRACK_SCALE = 40.0
"""Positions are divided by this (a mouse rarely runs past 40 spaces in a round)."""
SCORE_SCALE = 30.0
ROUND_SCALE = 12.0

_KIND_INDEX = {kind: i for i, kind in enumerate(DISH_KINDS)}
_VALUE_INDEX = {value: i for i, value in enumerate(DISH_VALUES)}
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_CARDS = len(CARD_VALUES)
_DISHES = len(ALL_DISHES)
_KINDS = len(DISH_KINDS)
_DISCARD_KEYS = tuple(str(v) for v in CARD_VALUES)
COVERED_SCALE = float(MAX_COVERED)
"""Dishes under a kind's top dish are divided by this (at most five lie under it)."""

# The engine's views hold the shared dicts of data.DISH_JSON and data.PILE_JSON. This module
# holds those tables (imported above), so they live as long as it does and no other object can
# have the id of one of their dicts: looking a dict up by id here is exact, and any other dict
# (a view read back from JSON) is decoded from its fields, to the same result.
_SHARED_DISH = {id(d): code for code, d in enumerate(DISH_JSON)}
_SHARED_PILE = {
    id(pile): (top, top // len(DISH_VALUES), covered / COVERED_SCALE)
    for top, piles in enumerate(PILE_JSON)
    for covered, pile in enumerate(piles)
}

_SPACE = ActionSpace(
    [
        ("play", [("card", CARD_VALUES)]),
        ("discard", [("card", CARD_VALUES)]),
        ("draw", []),
    ]
)


def dish_code(dish: Mapping[str, Any]) -> int:
    """The dish code of a view's ``{"kind": ..., "value": ...}``."""
    code = _SHARED_DISH.get(id(dish))
    if code is None:
        code = _KIND_INDEX[dish["kind"]] * len(DISH_VALUES) + _VALUE_INDEX[dish["value"]]
    return code


def pile_fields(pile: Mapping[str, Any]) -> tuple[int, int, float]:
    """A view's pile ``{"top": dish, "covered": n}`` as its top dish's code, that dish's kind
    and the scaled count of the dishes under it."""
    known = _SHARED_PILE.get(id(pile))
    if known is None:
        code = dish_code(pile["top"])
        return code, code // len(DISH_VALUES), pile["covered"] / COVERED_SCALE
    return known


class BuffetEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Schlacht am Buffet."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """Play or discard each card value, and draw: 23 actions for any player count."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("phase", len(PHASES)),
            ("stage_two", 1),
            ("round", 1),
            ("hand", _CARDS),
            ("my_choice", _CARDS),
            ("my_exchange", _CARDS),
            ("discard", _CARDS),
            ("deck", 1),
            ("dishes_left", 1),
            ("buffet", _DISHES),
            ("reserved", _DISHES),
            ("seat_in_round", players),
            ("seat_position", players),
            ("seat_hand_size", players),
            ("seat_has_chosen", players),
            ("seat_to_move", players),
            ("seat_start", players),
            ("seat_exchanger", players),
            ("seat_score", players),
            ("seat_top_dish", players * len(DISH_KINDS) * len(DISH_VALUES)),
            ("seat_covered", players * len(DISH_KINDS)),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """No history: the view holds everything the observation needs."""
        return None

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        f = Features()
        put = f.put
        f.one_hot(_PHASE_INDEX[view["phase"]], len(PHASES))
        f.scalar(1.0 if view["stage"] == 2 else 0.0)
        f.scalar(view["round"], ROUND_SCALE)
        hand = [0] * _CARDS
        for card in view["hand"]:
            hand[card + OFFSET] += 1
        f.counts(hand, HAND_SIZE)
        choice = view["my_choice"]
        f.one_hot(None if choice is None else choice + OFFSET, _CARDS)
        if view["my_exchange"]:
            exchange = [0] * _CARDS
            for card in view["my_exchange"]:
                exchange[card + OFFSET] += 1
            f.counts(exchange, HAND_SIZE)
        else:
            f.block(_CARDS)  # nothing put aside: all zeros
        discard = view["discard"]
        f.counts([discard[key] for key in _DISCARD_KEYS], COPIES_PER_VALUE)
        f.scalar(view["deck"], _CARDS * COPIES_PER_VALUE)
        f.scalar(view["dishes_left"], _DISHES)
        for row in (view["buffet"], view["reserved"]):
            base = f.block(_DISHES)
            for code in {dish_code(dish) for dish in row}:
                put(base + code, 1.0)
        # Per-seat lists are read from the observer on: the view's lists rotated by seat.
        positions = view["positions"]
        positions = positions[seat:] + positions[:seat]
        f.flags([p is not None for p in positions])
        f.counts(positions, TRACK_SCALE)  # out of the round (None) counts as 0, as a zero does
        hand_sizes = view["hand_sizes"]
        f.counts(hand_sizes[seat:] + hand_sizes[:seat], HAND_SIZE)
        has_chosen = view["has_chosen"]
        f.flags(has_chosen[seat:] + has_chosen[:seat])
        base = f.block(players)
        for s in set(view["to_move"]):
            put(base + (s - seat) % players, 1.0)  # relative(seat, s, players)
        f.one_hot(relative(seat, view["start_player"], players), players)
        exchanger = view["exchanger"]
        f.one_hot(None if exchanger is None else relative(seat, exchanger, players), players)
        scores = view["scores"]
        f.counts(scores[seat:] + scores[:seat], SCORE_SCALE)
        tops = f.block(players * _DISHES)
        covered = f.block(players * _KINDS)
        stacks = view["stacks"]
        shared = _SHARED_PILE
        for k, piles in enumerate(stacks[seat:] + stacks[:seat]):
            top_base = tops + k * _DISHES
            covered_base = covered + k * _KINDS
            for pile in piles:
                code, kind, under = shared.get(id(pile)) or pile_fields(pile)
                put(top_base + code, 1.0)
                if under:
                    put(covered_base + kind, under)
        return f


ENCODING = BuffetEncoding()
