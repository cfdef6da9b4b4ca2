"""Café International for learning agents: fixed action indices and the observation tensor.

Actions (3,566): ``seat`` a guest on a chair (26 guests × 68 chairs), ``bar`` a guest (26),
``swap`` a seated joker on a chair for a guest (68 × 26), ``done``, ``pass``, and, with the
coffee circle, ``refill`` fewer or full. Guests are the 24 nationalities by sex and the two
jokers, in :data:`~meeple.games.cafe.data.GUEST_CODES` order.

The observation is built from ``view(seat)`` only; seats are listed from the observer. Hands
are open in Café International (the view shows them all).
"""

from __future__ import annotations

from collections.abc import Mapping

from meeple.core.encoding import ActionSpace, Features
from meeple.core.game import JSON, OptionValue
from meeple.games.cafe.board import BAR_XY, CHAIRS
from meeple.games.cafe.data import FULL_BAG, GUEST_CODES, HAND_SIZE

_GUEST = {code: i for i, code in enumerate(GUEST_CODES)}
_GUESTS = len(GUEST_CODES)
_CHAIRS = len(CHAIRS)
_BAR = len(BAR_XY)
CHIP_SCALE = 100.0

_SPACE = ActionSpace(
    [
        ("seat", [("guest", GUEST_CODES), ("chair", CHAIRS)]),
        ("bar", [("guest", GUEST_CODES)]),
        ("swap", [("chair", CHAIRS), ("guest", GUEST_CODES)]),
        ("done", []),
        ("pass", []),
        ("refill", [("fewer", (False, True))]),
    ]
)


class CafeEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Café International."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The same 3,566 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("turn", 1),
            ("bag", 1),
            ("choosing_refill", 1),
            ("chairs", _CHAIRS * (_GUESTS + 1)),
            ("placed_this_turn", _CHAIRS),
            ("bar", _BAR * (_GUESTS + 1)),
            ("seat_to_move", players),
            ("seat_out", players),
            ("seat_chips", players),
            ("seat_hand_size", players),
            ("seat_hand", players * _GUESTS),
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
        f.scalar(view["turn"], 100.0)
        f.scalar(view["bag"], len(FULL_BAG))
        f.flags([view["choosing_refill"]])
        width = _GUESTS + 1
        base = f.block(_CHAIRS * width)
        for chair, code in enumerate(view["chairs"]):
            f.put(base + chair * width + (_GUESTS if code is None else _GUEST[code]), 1.0)
        base = f.block(_CHAIRS)
        for chair in set(view["placed"]):
            f.put(base + chair, 1.0)
        base = f.block(_BAR * width)
        guests = view["bar"]
        for slot in range(_BAR):
            f.put(
                base + slot * width + (_GUEST[guests[slot]] if slot < len(guests) else _GUESTS), 1.0
            )
        order = [(seat + k) % players for k in range(players)]
        to_move = set(view["to_move"])
        f.flags(s in to_move for s in order)
        f.flags(view["out"][s] for s in order)
        f.counts([view["chips"][s] for s in order], CHIP_SCALE)
        f.counts([view["hand_sizes"][s] for s in order], HAND_SIZE)
        base = f.block(players * _GUESTS)
        for k, s in enumerate(order):
            held: dict[int, float] = {}
            for code in view["hands"][s]:
                held[_GUEST[code]] = held.get(_GUEST[code], 0.0) + 0.5
            for guest, count in held.items():
                f.put(base + k * _GUESTS + guest, count)
        return f


ENCODING = CafeEncoding()
