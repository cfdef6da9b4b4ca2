"""The choice point a ``back`` returns to: the state as it was when an action was chosen.

An action of Bison is several decisions (its hunters, the payment, then piece by piece).
While nothing hidden has been revealed — that is, until the drawn tile is laid — the
player may take ``{"type": "back"}`` and be exactly where they chose the action, free to
buy, exchange or choose another. :class:`ChoicePoint` keeps what an action in progress can
change before its tile is laid, copied when the action is chosen:

* the log (``events`` and ``events_turn``: choosing an action may start the turn's log);
* the player's animal track (a gain, a payment, an overflow);
* the pieces on the board (``owner``, ``hunters``, ``shelter``) and in the player's hand
  (hunters, tents, canoes): tents, canoes, gathering and moving change them.

The rest cannot change before the action ends or its tile is laid: the other players'
tracks and hands, the round, the turn, the actions used, the markets, the board's tiles,
the drawn tiles, the draw pile and the generator. So a choice point holds only public
information (it is never a way for hidden information to leave a state), and the fields of
the action in progress (``phase``, ``action``, ``count``, …) are those of a choice:
``choose``, nothing in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.games.bison.jsondata import json_copy, json_int, json_ints

if TYPE_CHECKING:
    from meeple.games.bison.state import StateData


_FIELDS = (
    "events",
    "events_turn",
    "hunters",
    "owner",
    "seat",
    "shelter",
    "supply_canoes",
    "supply_hunters",
    "supply_tents",
    "track",
)
"""The fields of a choice point: its slots and the keys of its JSON."""


class ChoicePoint:
    """What an action in progress may change, as it was when the action was chosen.

    Never changed once made (:meth:`restore` hands out copies), so states and their clones
    share one. Plain lists and slots: one is made at every action chosen, so it must be
    cheap (random playouts and searches choose thousands).
    """

    __slots__ = _FIELDS

    seat: int  # the player choosing; only their track and hand can change
    events: list[dict[str, Any]]  # event dicts are never changed once made
    events_turn: int
    track: list[int]
    supply_hunters: int
    supply_tents: list[int]
    supply_canoes: list[int]
    owner: list[int]
    hunters: list[int]
    shelter: list[int]

    @classmethod
    def of(cls, state: StateData) -> ChoicePoint:
        """The choice point of ``state`` as it is now (a player about to choose an action)."""
        seat = state.current
        point = cls()
        point.seat = seat
        point.events = state.events[:]
        point.events_turn = state.events_turn
        point.track = state.tracks[seat][:]
        point.supply_hunters = state.supply_hunters[seat]
        point.supply_tents = state.supply_tents[seat][:]
        point.supply_canoes = state.supply_canoes[seat][:]
        point.owner = state.owner[:]
        point.hunters = state.hunters[:]
        point.shelter = state.shelter[:]
        return point

    def restore(self, state: StateData) -> None:
        """Put ``state`` back at this choice point (copies: the point stays as it is)."""
        seat = self.seat
        state.events = self.events[:]
        state.events_turn = self.events_turn
        state.tracks[seat] = self.track[:]
        state.supply_hunters[seat] = self.supply_hunters
        state.supply_tents[seat] = self.supply_tents[:]
        state.supply_canoes[seat] = self.supply_canoes[:]
        state.owner = self.owner[:]
        state.hunters = self.hunters[:]
        state.shelter = self.shelter[:]

    def to_json(self) -> dict[str, Any]:
        """The choice point as JSON data (a part of ``BisonState.to_json``)."""
        return {
            "seat": self.seat,
            "events": json_copy(self.events),
            "events_turn": self.events_turn,
            "track": self.track[:],
            "supply_hunters": self.supply_hunters,
            "supply_tents": self.supply_tents[:],
            "supply_canoes": self.supply_canoes[:],
            "owner": self.owner[:],
            "hunters": self.hunters[:],
            "shelter": self.shelter[:],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChoicePoint:
        """The choice point back from :meth:`to_json`; ``ValueError`` if malformed (the whole
        state it belongs to is then checked by ``Bison.from_json``)."""
        if not isinstance(data, Mapping) or set(data) != set(_FIELDS):
            raise ValueError(f"a choice point has the fields {sorted(_FIELDS)}")
        events = data["events"]
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise ValueError("the events of a choice point are a list of objects")
        point = cls()
        point.seat = json_int(data["seat"])
        point.events = [dict(json_copy(e)) for e in events]
        point.events_turn = json_int(data["events_turn"])
        point.track = json_ints(data["track"])
        point.supply_hunters = json_int(data["supply_hunters"])
        point.supply_tents = json_ints(data["supply_tents"])
        point.supply_canoes = json_ints(data["supply_canoes"])
        point.owner = json_ints(data["owner"])
        point.hunters = json_ints(data["hunters"])
        point.shelter = json_ints(data["shelter"])
        return point
