"""Schlacht am Buffet for learning agents: fixed action indices and the observation tensor.

Actions (23): ``play`` a card −1..9 (0–10), ``discard`` a card −1..9 while exchanging
(11–21), ``draw`` to end the exchange (22). The observation is built from ``view(seat)``
only; seats are listed from the observer (0 = itself, then clockwise). Its slices are given
by :func:`BuffetEncoding.layout` and described in ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple

from meeple.core.encoding import ActionSpace, Features, Kind, slice_starts
from meeple.core.game import JSON, Action, OptionValue
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
from meeple.games.buffet.rules import TEMPLATES

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


class _BuffetSpace(ActionSpace):
    """The action table, with :meth:`legal` looking the plays and discards up in one small
    table each (a decision offers up to eleven of them) instead of calling :meth:`index`
    per action; anything else, and anything malformed, goes the general way, so the indices
    and the errors are :class:`ActionSpace`'s own."""

    __slots__ = ("_cards",)

    def __init__(self, kinds: Sequence[Kind]) -> None:
        super().__init__(kinds)
        self._cards = {
            kind: {
                card: ActionSpace.index(self, {"type": kind, "card": card}) for card in CARD_VALUES
            }
            for kind in ("play", "discard")
        }

    def legal(self, legal_actions: Iterable[Action]) -> dict[int, Action]:
        out: dict[int, Action] = {}
        cards = self._cards
        for action in legal_actions:
            try:
                i = cards[action["type"]][action["card"]] if len(action) == 2 else -1
            except (KeyError, TypeError):
                i = -1
            if i < 0:
                i = self.index(action)  # raises, saying why, for anything malformed
            if i in out:
                raise ValueError(f"actions {out[i]!r} and {action!r} share index {i}")
            out[i] = action
        return out


_SPACE = _BuffetSpace(
    [
        ("play", [("card", CARD_VALUES)]),
        ("discard", [("card", CARD_VALUES)]),
        ("draw", []),
    ]
)
_SPACE.keep(TEMPLATES, numbered=True)  # the templates, in index order (indexed_legal_actions)


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
    """The :class:`~meeple.core.encoding.Encoding` of Schlacht am Buffet.

    It remembers two parts of the observations it made, so as not to work them out again
    while they stay (views are read-only snapshots, so a part it holds cannot change):

    - the entries of the table (phase, stage, round, discard pile, deck, dishes on offer and
      reserved), the same for every seat: the mice choose their cards one after another and
      the table changes only once they all have, so the next chooser's observation reuses
      them. They are recognised by equality of the view's entries, which the engine's shared
      objects make an identity test mostly;
    - each seat's piles of dishes as seen from each observer (the observer's order places
      them), by the identity of the view's pile list: a seat's piles change only when it
      takes a dish, a few times a game, while every observation shows them.
    """

    def __init__(self) -> None:
        self._table: tuple[tuple[object, ...], list[int], list[float]] = ((), [], [])
        self._piles: dict[int, tuple[object, list[int], list[float]]] = {}

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
        table = (
            players,
            view["phase"],
            view["stage"],
            view["round"],
            view["discard"],
            view["deck"],
            view["dishes_left"],
            view["buffet"],
            view["reserved"],
        )
        known = self._table
        if known[0] != table:  # (the same objects, most often: ``!=`` finds them at once)
            known = self._table = (table, *_table_entries(view, at))
        index += known[1]
        values += known[2]
        for start, cards in ((at.hand, view["hand"]), (at.my_exchange, view["my_exchange"])):
            for card in set(cards):
                add_index(start + card + OFFSET)
                add_value(cards.count(card) / HAND_SIZE)
        choice = view["my_choice"]
        if choice is not None:
            add_index(at.my_choice + choice + OFFSET)
            add_value(1.0)
        # Per-seat lists are read from the observer on: seat s sits at (s - seat) % players,
        # and _seat_order has each seat's positions in the slices.
        positions, hand_sizes = view["positions"], view["hand_sizes"]
        has_chosen, scores = view["has_chosen"], view["scores"]
        stacks = view["stacks"]
        kept = self._piles
        if len(kept) > _PILES_KEPT:
            kept.clear()
        for (
            s,
            in_round,
            position_at,
            size_at,
            chosen_at,
            score_at,
            key,
            top,
            covered,
        ) in _seat_order(players, seat):
            position = positions[s]
            if position is not None:
                add_index(in_round)
                add_value(1.0)
                if position:  # out of the round (None) counts as 0, as a zero does
                    add_index(position_at)
                    add_value(position / TRACK_SCALE)
            if hand_sizes[s]:
                add_index(size_at)
                add_value(hand_sizes[s] / HAND_SIZE)
            if has_chosen[s]:
                add_index(chosen_at)
                add_value(1.0)
            if scores[s]:
                add_index(score_at)
                add_value(scores[s] / SCORE_SCALE)
            piles = stacks[s]
            entry = kept.get(key)
            if entry is None or entry[0] is not piles:
                entry = kept[key] = (piles, *_pile_entries(piles, top, covered))
            index += entry[1]
            values += entry[2]
        for s in set(view["to_move"]):
            add_index(at.seat_to_move + (s - seat) % players)
            add_value(1.0)
        add_index(at.seat_start + (view["start_player"] - seat) % players)
        add_value(1.0)
        exchanger = view["exchanger"]
        if exchanger is not None:
            add_index(at.seat_exchanger + (exchanger - seat) % players)
            add_value(1.0)
        return f


_PILES_KEPT = 1024
"""Entries of the piles' cache before it starts afresh (a game needs players² of them)."""


def _table_entries(view: JSON, at: _Starts) -> tuple[list[int], list[float]]:
    """The observation's entries of the table: phase, stage, round, discard pile, deck,
    dishes on offer and reserved (positions, values)."""
    index: list[int] = [_PHASE_INDEX[view["phase"]]]
    values: list[float] = [1.0]
    if view["stage"] == 2:
        index.append(at.stage_two)
        values.append(1.0)
    if view["round"]:
        index.append(at.round)
        values.append(view["round"] / ROUND_SCALE)
    discard = view["discard"]
    for i, key in enumerate(_DISCARD_KEYS):
        if discard[key]:
            index.append(at.discard + i)
            values.append(discard[key] / COPIES_PER_VALUE)
    if view["deck"]:
        index.append(at.deck)
        values.append(view["deck"] / (_CARDS * COPIES_PER_VALUE))
    if view["dishes_left"]:
        index.append(at.dishes_left)
        values.append(view["dishes_left"] / _DISHES)
    for base, row in ((at.buffet, view["buffet"]), (at.reserved, view["reserved"])):
        for code in {dish_code(dish) for dish in row}:
            index.append(base + code)
            values.append(1.0)
    return index, values


def _pile_entries(
    piles: list[dict[str, Any]], top_base: int, covered_base: int
) -> tuple[list[int], list[float]]:
    """The observation's entries of one seat's piles: its top dishes (one-hot by dish at
    ``top_base``) and the dishes each covers (by kind at ``covered_base``)."""
    index: list[int] = []
    values: list[float] = []
    shared = _SHARED_PILE
    for pile in piles:
        code, kind, under = shared.get(id(pile)) or pile_fields(pile)
        index.append(top_base + code)
        values.append(1.0)
        if under:
            index.append(covered_base + kind)
            values.append(under)
    return index, values


@cache
def _seat_order(players: int, seat: int) -> tuple[tuple[int, ...], ...]:
    """For each seat ``s``, as ``seat`` sees it (``k`` places after it): ``s``; its
    positions in the slices in round, position, hand size, has chosen and score; the key of
    its piles seen from there in the encoder's cache (one per player count, ``s`` and
    ``k``); where its top dishes' and covered counts' slices start."""
    at = _starts(players)
    out = []
    for s in range(players):
        k = (s - seat) % players  # relative(seat, s, players)
        key = (players * 8 + s) * 8 + k  # (at most 6 players: s, k < 8)
        out.append(
            (
                s,
                at.seat_in_round + k,
                at.seat_position + k,
                at.seat_hand_size + k,
                at.seat_has_chosen + k,
                at.seat_score + k,
                key,
                at.seat_top_dish + k * _DISHES,
                at.seat_covered + k * _KINDS,
            )
        )
    return tuple(out)


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
