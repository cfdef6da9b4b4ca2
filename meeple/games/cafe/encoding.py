"""Café International for learning agents: fixed action indices and the observation tensor.

Actions (3,566): ``seat`` a guest on a chair (26 guests × 68 chairs), ``bar`` a guest (26),
``swap`` a seated joker on a chair for a guest (68 × 26), ``done``, ``pass``, and, with the
coffee circle, ``refill`` fewer or full. Guests are the 24 nationalities by sex and the two
jokers, in :data:`~meeple.games.cafe.data.GUEST_CODES` order.

The observation is built from ``view(seat)`` only; seats are listed from the observer. Hands
are open in Café International (the view shows them all).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import compress
from operator import is_not
from typing import Any

from meeple.core.encoding import ActionSpace, Features, Kind
from meeple.core.game import JSON, Action, OptionValue
from meeple.games.cafe.board import BAR_XY, CHAIRS
from meeple.games.cafe.data import FULL_BAG, GUEST_CODES, HAND_SIZE
from meeple.games.cafe.rules import TEMPLATES

_GUEST = {code: i for i, code in enumerate(GUEST_CODES)}
_GUESTS = len(GUEST_CODES)
_CHAIRS = len(CHAIRS)
_BAR = len(BAR_XY)
CHIP_SCALE = 100.0
_WIDTH = _GUESTS
"""A chair's or bar seat's one-hot over the 26 guests: all zeros when it is empty."""

# Where each slice starts (see ``layout``); the per-seat slices follow, sized by the players.
_CHAIRS_AT = 3
_PLACED_AT = _CHAIRS_AT + _CHAIRS * _WIDTH
_BAR_AT = _PLACED_AT + _CHAIRS
_SEATS_AT = _BAR_AT + _BAR * _WIDTH
_CHAIR_BASES = tuple(_CHAIRS_AT + chair * _WIDTH for chair in CHAIRS)
_BAR_BASES = tuple(_BAR_AT + slot * _WIDTH for slot in range(_BAR))


class _CafeSpace(ActionSpace):
    """The action table, with the two actions listed by the dozen on every turn — ``seat``
    and ``bar`` — indexed by one dictionary look-up; everything else (and anything malformed)
    goes the general way, so the indices and the errors are :class:`ActionSpace`'s own."""

    __slots__ = ("_bars", "_seats")

    def __init__(self, kinds: Sequence[Kind]) -> None:
        super().__init__(kinds)
        # By guest, then by chair: two small look-ups measured twice as fast as one by a
        # (guest, chair) tuple, which is built and hashed for every action.
        self._seats = {
            guest: {
                chair: ActionSpace.index(self, {"type": "seat", "guest": guest, "chair": chair})
                for chair in CHAIRS
            }
            for guest in GUEST_CODES
        }
        self._bars = {
            guest: ActionSpace.index(self, {"type": "bar", "guest": guest}) for guest in GUEST_CODES
        }

    def index(self, action: Mapping[str, Any]) -> int:
        try:
            kind = action["type"]
            if kind == "seat" and len(action) == 3:
                return self._seats[action["guest"]][action["chair"]]
            if kind == "bar" and len(action) == 2:
                return self._bars[action["guest"]]
        except (KeyError, TypeError):
            pass  # not such an action after all: the general way says why
        return super().index(action)

    def legal(self, legal_actions: Iterable[Action]) -> dict[int, Action]:
        """As :meth:`ActionSpace.legal`, with the seat and bar look-ups of :meth:`index`
        written into the loop (a dozen actions a step: a call each cost a third more).
        Anything else goes through :meth:`index`; anything unexpected, or two actions on one
        index, goes the general way, which says what is wrong."""
        actions = legal_actions if isinstance(legal_actions, list) else list(legal_actions)
        seats = self._seats
        bars = self._bars
        out: dict[int, Action] = {}
        try:
            for action in actions:
                kind = action["type"]
                if kind == "seat" and len(action) == 3:
                    out[seats[action["guest"]][action["chair"]]] = action
                elif kind == "bar" and len(action) == 2:
                    out[bars[action["guest"]]] = action
                else:
                    out[self.index(action)] = action
        except (KeyError, TypeError):
            return super().legal(actions)
        if len(out) != len(actions):
            return super().legal(actions)  # raises: two actions share an index
        return out


_SPACE = _CafeSpace(
    [
        ("seat", [("guest", GUEST_CODES), ("chair", CHAIRS)]),
        ("bar", [("guest", GUEST_CODES)]),
        ("swap", [("chair", CHAIRS), ("guest", GUEST_CODES)]),
        ("done", []),
        ("pass", []),
        ("refill", [("fewer", (False, True))]),
    ]
)

_SPACE.keep(TEMPLATES, numbered=True)  # the templates, in index order (indexed_legal_actions)


class CafeEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Café International.

    It remembers the positions of the last chairs (the taken ones, by chair) and bar it
    encoded, by the identity of the view's lists: a state hands the same lists to the views
    of positions in a row while its chairs (bar) stay as they are, and views are read-only
    snapshots, so the same list means the same entries. Holding the list keeps its ``id``
    from being reused. (The hands are worked out every time: remembering them by content
    measured slower in an agent's loop, the look-ups in a large dictionary missing the
    processor's caches; by the identity of per-hand lists kept by the state, slower too, as
    the hand of the seat to move has nearly always changed since its last turn.)
    """

    def __init__(self) -> None:
        self._chairs: tuple[object, dict[int, int]] = (None, {})
        self._bar: tuple[object, list[int]] = (None, [])

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The same 3,566 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("turn", 1),
            ("bag", 1),
            ("choosing_refill", 1),
            ("chairs", _CHAIRS * _GUESTS),
            ("placed_this_turn", _CHAIRS),
            ("bar", _BAR * _GUESTS),
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
        """The observation of ``seat`` from ``view(seat)``.

        Written straight into the sparse lists of :class:`Features` (each position once),
        with the tables above, rather than one ``put`` per entry. An empty chair or bar seat is
        all zeros: the observation holds one entry per guest on the board, not 88 one-hots."""
        f = Features()
        size, seats = _seat_tables(players, seat)
        f.block(size)
        index = f.index
        values = f.values
        ones = f.ones  # the one-hots and flags: positions alone
        if view["turn"]:
            index.append(0)
            values.append(view["turn"] / 100.0)
        if view["bag"]:
            index.append(1)
            values.append(view["bag"] / len(FULL_BAG))
        if view["choosing_refill"]:
            ones.append(2)
        chairs = view["chairs"]
        seen, positions = self._chairs
        if seen is not chairs:
            if type(seen) is list and len(seen) == len(chairs):
                # Most often one chair changed since: find it by identity (in C, touching no
                # code) and patch the last positions, which nothing else holds (they are
                # copied into the observations). Forgotten meanwhile, so that a malformed
                # view leaves none half patched.
                self._chairs = (None, {})
                for chair in compress(CHAIRS, map(is_not, chairs, seen)):
                    code = chairs[chair]
                    if code is None:  # emptied (never in play, but views may come in any order)
                        positions.pop(chair, None)
                    else:
                        positions[chair] = _CHAIR_BASES[chair] + _GUEST[code]
            else:
                positions = {
                    chair: base + _GUEST[code]
                    for chair, base, code in zip(CHAIRS, _CHAIR_BASES, chairs, strict=True)
                    if code is not None
                }
            self._chairs = (chairs, positions)
        ones.extend(positions.values())
        placed = view["placed"]
        if placed:  # (most decisions begin a turn: no generator to make for nothing)
            ones.extend(_PLACED_AT + chair for chair in set(placed))
        guests = view["bar"]
        seen_bar, bar = self._bar
        if seen_bar is not guests:
            bar = [base + _GUEST[code] for base, code in zip(_BAR_BASES, guests, strict=False)]
            self._bar = (guests, bar)
        ones.extend(bar)
        # The seats, listed from the observer: the k-th is the seat k places after ``seat``.
        for s in view["to_move"]:
            ones.append(_SEATS_AT + (s - seat) % players)
        out = view["out"]
        chips = view["chips"]
        sizes = view["hand_sizes"]
        hands = view["hands"]
        for s, out_at, chips_at, size_at, hand_at in seats:
            if out[s]:
                ones.append(out_at)
            if chips[s]:
                index.append(chips_at)
                values.append(chips[s] / CHIP_SCALE)
            if sizes[s]:
                index.append(size_at)
                values.append(sizes[s] / HAND_SIZE)
            # 0.5 per tile of each guest: 0.5 for one, 1.0 for two… A game's hands are in
            # guest order, so tiles alike come together: each adds to the entry just written.
            start = len(index)
            last = -1
            for code in hands[s]:
                guest = hand_at[code]
                if guest > last:
                    index.append(guest)
                    values.append(0.5)
                    last = guest
                elif guest == last:
                    values[-1] += 0.5
                else:  # not in order (not a game's view): count them the plain way
                    del index[start:], values[start:]
                    _count_hand(hands[s], hand_at, index, values)
                    break
        return f


def _count_hand(hand: list[str], at: dict[str, int], index: list[int], values: list[float]) -> None:
    """The entries of a hand in any order: 0.5 per tile at each guest's position (``at``)."""
    held: dict[int, float] = {}
    for code in hand:
        guest = at[code]
        held[guest] = held.get(guest, 0.0) + 0.5
    index.extend(held)
    values.extend(held.values())


@cache
def _seat_tables(
    players: int, seat: int
) -> tuple[int, tuple[tuple[int, int, int, int, dict[str, int]], ...]]:
    """The observation's size for ``players``, and for each seat in the order ``seat`` sees
    them (the ``k``-th after it): the seat, where its out flag, chips and hand size are, and
    the position of each guest (by code) in its hand slice."""
    size = _SEATS_AT + 4 * players + players * _GUESTS
    seats = tuple(
        (
            (seat + k) % players,
            _SEATS_AT + players + k,
            _SEATS_AT + 2 * players + k,
            _SEATS_AT + 3 * players + k,
            {code: _SEATS_AT + 4 * players + k * _GUESTS + guest for code, guest in _GUEST.items()},
        )
        for k in range(players)
    )
    return size, seats


ENCODING = CafeEncoding()
