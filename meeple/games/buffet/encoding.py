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
    DISH_KINDS,
    DISH_VALUES,
    HAND_SIZE,
    OFFSET,
)

PHASES = ("choose", "exchange", "over")
TRACK_SCALE = 40.0
"""Positions are divided by this (a mouse rarely runs past 40 spaces in a round)."""
SCORE_SCALE = 30.0
ROUND_SCALE = 12.0

_KIND_INDEX = {kind: i for i, kind in enumerate(DISH_KINDS)}
_VALUE_INDEX = {value: i for i, value in enumerate(DISH_VALUES)}
_CARDS = len(CARD_VALUES)
_DISHES = len(ALL_DISHES)

_SPACE = ActionSpace(
    [
        ("play", [("card", CARD_VALUES)]),
        ("discard", [("card", CARD_VALUES)]),
        ("draw", []),
    ]
)


def dish_code(dish: Mapping[str, Any]) -> int:
    """The dish code of a view's ``{"kind": ..., "value": ...}``."""
    return _KIND_INDEX[dish["kind"]] * len(DISH_VALUES) + _VALUE_INDEX[dish["value"]]


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
        f.one_hot(PHASES.index(view["phase"]), len(PHASES))
        f.scalar(1.0 if view["stage"] == 2 else 0.0)
        f.scalar(view["round"], ROUND_SCALE)
        hand = [0.0] * _CARDS
        for card in view["hand"]:
            hand[card + OFFSET] += 1
        f.counts(hand, HAND_SIZE)
        f.one_hot(None if view["my_choice"] is None else view["my_choice"] + OFFSET, _CARDS)
        exchange = [0.0] * _CARDS
        for card in view["my_exchange"]:
            exchange[card + OFFSET] += 1
        f.counts(exchange, HAND_SIZE)
        discard = view["discard"]
        f.counts([discard[str(v)] for v in CARD_VALUES], COPIES_PER_VALUE)
        f.scalar(view["deck"], _CARDS * COPIES_PER_VALUE)
        f.scalar(view["dishes_left"], _DISHES)
        for row in ("buffet", "reserved"):
            base = f.block(_DISHES)
            for code in {dish_code(dish) for dish in view[row]}:
                f.put(base + code, 1.0)
        order = [(seat + k) % players for k in range(players)]
        positions = view["positions"]
        f.flags(positions[s] is not None for s in order)
        f.counts([positions[s] or 0 for s in order], TRACK_SCALE)
        f.counts([view["hand_sizes"][s] for s in order], HAND_SIZE)
        f.flags(view["has_chosen"][s] for s in order)
        to_move = set(view["to_move"])
        f.flags(s in to_move for s in order)
        f.one_hot(relative(seat, view["start_player"], players), players)
        exchanger = view["exchanger"]
        f.one_hot(None if exchanger is None else relative(seat, exchanger, players), players)
        f.counts([view["scores"][s] for s in order], SCORE_SCALE)
        kinds, values = len(DISH_KINDS), len(DISH_VALUES)
        tops = f.block(players * kinds * values)
        covered = f.block(players * kinds)
        for k, s in enumerate(order):
            for pile in view["stacks"][s]:
                code = dish_code(pile["top"])
                f.put(tops + k * kinds * values + code, 1.0)
                f.put(covered + k * kinds + code // values, pile["covered"] / 5.0)
        return f


ENCODING = BuffetEncoding()
