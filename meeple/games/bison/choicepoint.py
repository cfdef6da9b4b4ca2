"""The choice point a ``back`` returns to: the state as it was when an action was chosen.

An action of Bison is several decisions (its hunters, the payment, then piece by piece).
While nothing hidden has been revealed — that is, until the drawn tile is laid — the
player may take ``{"type": "back"}`` and be exactly where they chose the action, free to
buy, exchange or choose another. :class:`ChoicePoint` keeps what an action in progress can
change before its tile is laid, copied when the action is chosen:

* the log (``events`` and ``events_turn``: choosing an action may start the turn's log);
* the animal tracks (a gain, a payment, an overflow);
* the pieces on the board (``owner``, ``hunters``, ``shelter``) and in hand (hunters, tents,
  canoes): tents, canoes, gathering and moving change them.

The rest cannot change before the action ends or its tile is laid: the round, the turn,
the actions used, the markets, the board's tiles, the hands, the draw pile and the
generator. So a choice point holds only public information (it is never a way for hidden
information to leave a state), and the fields of the action in progress (``phase``,
``action``, ``count``, …) are those of a choice: ``choose``, nothing in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.games.bison.views import json_copy

if TYPE_CHECKING:
    from meeple.games.bison.rules import BisonState

Ints = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """What an action in progress may change, as it was when the action was chosen.

    Frozen and made of tuples, so states and their clones can share one.
    """

    events: tuple[dict[str, Any], ...]  # event dicts are never changed once made
    events_turn: int
    tracks: tuple[Ints, ...]
    owner: Ints
    hunters: Ints
    shelter: Ints
    supply_hunters: Ints
    supply_tents: tuple[Ints, ...]
    supply_canoes: tuple[Ints, ...]

    @classmethod
    def of(cls, state: BisonState) -> ChoicePoint:
        """The choice point of ``state`` as it is now (a player about to choose an action)."""
        return cls(
            events=tuple(state.events),
            events_turn=state.events_turn,
            tracks=tuple(map(tuple, state.tracks)),
            owner=tuple(state.owner),
            hunters=tuple(state.hunters),
            shelter=tuple(state.shelter),
            supply_hunters=tuple(state.supply_hunters),
            supply_tents=tuple(map(tuple, state.supply_tents)),
            supply_canoes=tuple(map(tuple, state.supply_canoes)),
        )

    def restore(self, state: BisonState) -> None:
        """Put ``state`` back at this choice point (fresh lists: the point stays as it is)."""
        state.events = list(self.events)
        state.events_turn = self.events_turn
        state.tracks = [list(t) for t in self.tracks]
        state.owner = list(self.owner)
        state.hunters = list(self.hunters)
        state.shelter = list(self.shelter)
        state.supply_hunters = list(self.supply_hunters)
        state.supply_tents = [list(c) for c in self.supply_tents]
        state.supply_canoes = [list(c) for c in self.supply_canoes]

    def to_json(self) -> dict[str, Any]:
        """The choice point as JSON data (a part of ``BisonState.to_json``)."""
        return {
            "events": json_copy(list(self.events)),
            "events_turn": self.events_turn,
            "tracks": [list(t) for t in self.tracks],
            "owner": list(self.owner),
            "hunters": list(self.hunters),
            "shelter": list(self.shelter),
            "supply_hunters": list(self.supply_hunters),
            "supply_tents": [list(c) for c in self.supply_tents],
            "supply_canoes": [list(c) for c in self.supply_canoes],
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
        return cls(
            events=tuple(dict(json_copy(e)) for e in events),
            events_turn=_int(data["events_turn"]),
            tracks=_rows(data["tracks"]),
            owner=_ints(data["owner"]),
            hunters=_ints(data["hunters"]),
            shelter=_ints(data["shelter"]),
            supply_hunters=_ints(data["supply_hunters"]),
            supply_tents=_rows(data["supply_tents"]),
            supply_canoes=_rows(data["supply_canoes"]),
        )


_FIELDS = ChoicePoint.__dataclass_fields__


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def _ints(values: object) -> Ints:
    if not isinstance(values, list):
        raise ValueError(f"expected a list, not {values!r}")
    return tuple(_int(v) for v in values)


def _rows(values: object) -> tuple[Ints, ...]:
    if not isinstance(values, list):
        raise ValueError(f"expected a list of lists, not {values!r}")
    return tuple(_ints(v) for v in values)
