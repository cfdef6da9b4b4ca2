"""Schlacht am Buffet for learning agents: fixed action indices and the observation tensor.

Actions (23): ``play`` a card −1..9 (0–10), ``discard`` a card −1..9 while exchanging
(11–21), ``draw`` to end the exchange (22). The observation is built from ``view(seat)``
only; seats are listed from the observer (0 = itself, then clockwise). Its slices are given
by :func:`BuffetEncoding.layout` and described in ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from meeple.core.encoding import ActionSpace, Features, slice_starts
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
        """The observation of ``seat`` from ``view(seat)``.

        The entries are appended straight to the :class:`Features`' ``index`` and ``values``
        (at the slices' starts, :func:`_starts`) rather than through its methods: an
        observation has 50–60 of them, and a method call each cost ~5 µs per observation."""
        at = _starts(players)
        f = Features()
        f.size = at.size
        index, values = f.index, f.values
        add_index, add_value = index.append, values.append
        add_index(_PHASE_INDEX[view["phase"]])
        add_value(1.0)
        if view["stage"] == 2:
            add_index(at.stage_two)
            add_value(1.0)
        if view["round"]:
            add_index(at.round)
            add_value(view["round"] / ROUND_SCALE)
        for start, cards in ((at.hand, view["hand"]), (at.my_exchange, view["my_exchange"])):
            for card in set(cards):
                add_index(start + card + OFFSET)
                add_value(cards.count(card) / HAND_SIZE)
        choice = view["my_choice"]
        if choice is not None:
            add_index(at.my_choice + choice + OFFSET)
            add_value(1.0)
        discard = view["discard"]
        for i, key in enumerate(_DISCARD_KEYS):
            if discard[key]:
                add_index(at.discard + i)
                add_value(discard[key] / COPIES_PER_VALUE)
        if view["deck"]:
            add_index(at.deck)
            add_value(view["deck"] / (_CARDS * COPIES_PER_VALUE))
        if view["dishes_left"]:
            add_index(at.dishes_left)
            add_value(view["dishes_left"] / _DISHES)
        for base, row in ((at.buffet, view["buffet"]), (at.reserved, view["reserved"])):
            for code in {dish_code(dish) for dish in row}:
                add_index(base + code)
                add_value(1.0)
        # Per-seat lists are read from the observer on: seat s sits at (s - seat) % players.
        positions, hand_sizes = view["positions"], view["hand_sizes"]
        has_chosen, scores = view["has_chosen"], view["scores"]
        in_round, position_at, hand_size_at = at.seat_in_round, at.seat_position, at.seat_hand_size
        chosen_at, score_at = at.seat_has_chosen, at.seat_score  # locals: read once per seat
        for s in range(players):
            k = (s - seat) % players  # relative(seat, s, players)
            position = positions[s]
            if position is not None:
                add_index(in_round + k)
                add_value(1.0)
                if position:  # out of the round (None) counts as 0, as a zero does
                    add_index(position_at + k)
                    add_value(position / TRACK_SCALE)
            if hand_sizes[s]:
                add_index(hand_size_at + k)
                add_value(hand_sizes[s] / HAND_SIZE)
            if has_chosen[s]:
                add_index(chosen_at + k)
                add_value(1.0)
            if scores[s]:
                add_index(score_at + k)
                add_value(scores[s] / SCORE_SCALE)
        for s in set(view["to_move"]):
            add_index(at.seat_to_move + (s - seat) % players)
            add_value(1.0)
        add_index(at.seat_start + (view["start_player"] - seat) % players)
        add_value(1.0)
        exchanger = view["exchanger"]
        if exchanger is not None:
            add_index(at.seat_exchanger + (exchanger - seat) % players)
            add_value(1.0)
        stacks = view["stacks"]
        shared = _SHARED_PILE
        top_at, covered_at = at.seat_top_dish, at.seat_covered
        for s in range(players):
            k = (s - seat) % players
            top_base = top_at + k * _DISHES
            covered_base = covered_at + k * _KINDS
            for pile in stacks[s]:
                code, kind, under = shared.get(id(pile)) or pile_fields(pile)
                add_index(top_base + code)
                add_value(1.0)
                if under:
                    add_index(covered_base + kind)
                    add_value(under)
        return f


class _Starts(NamedTuple):
    """Where each slice of the observation starts, and its size (for one player count)."""

    phase: int
    stage_two: int
    round: int
    hand: int
    my_choice: int
    my_exchange: int
    discard: int
    deck: int
    dishes_left: int
    buffet: int
    reserved: int
    seat_in_round: int
    seat_position: int
    seat_hand_size: int
    seat_has_chosen: int
    seat_to_move: int
    seat_start: int
    seat_exchanger: int
    seat_score: int
    seat_top_dish: int
    seat_covered: int
    size: int


@cache
def _starts(players: int) -> _Starts:
    """The slices' starts for ``players``, from :meth:`BuffetEncoding.layout`."""
    return _Starts._make(slice_starts(ENCODING.layout(players, {})))


ENCODING = BuffetEncoding()
