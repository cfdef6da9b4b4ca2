"""Fixed action indexing and observation tensors: what a game declares for learning agents.

Learning libraries (PettingZoo, Gymnasium, OpenSpiel — see :mod:`meeple.rl`) want a fixed
number of distinct actions and a fixed-shape numeric observation. A game declares both in its
own ``games/<id>/encoding.py`` as an :class:`Encoding`:

- an :class:`ActionSpace`, a product table of the action types with the values each field may
  take. Every action a game can ever make legal has exactly one index; the legal mask is the
  indices of ``legal_actions(seat)``, so it is exactly ``legal_actions`` by construction;
- ``observe(view, seat, players, options)``: the observation, a flat vector of floats built
  from ``state.view(seat)`` alone (never from the state, so it cannot leak), laid out as the
  named slices of ``layout(players, options)`` and returned as sparse :class:`Features`.

This module needs nothing but the standard library; :mod:`meeple.rl` turns the lists into
numpy arrays.

>>> space = ActionSpace([("play", [("card", range(-1, 10))]), ("draw", [])])
>>> space.size
12
>>> space.index({"type": "play", "card": 9}), space.index({"type": "draw"})
(10, 11)
>>> space.action(10)
{'type': 'play', 'card': 9}
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from meeple.core.game import JSON, Action, OptionValue, State, without_back
from meeple.core.native import mypyc_attr

Kind = tuple[str, Sequence[tuple[str, Iterable[Any]]]]
"""One action type and its fields, each with every value it may take, in order."""


def _key(value: Any) -> Any:
    """A hashable key for a field value. A list is a set of cards whose order is the
    engine's, so it is matched order-free (as its sorted tuple)."""
    if type(value) is list:
        return tuple(sorted(value))
    return value


Lookup = tuple[int, int, str, dict[Any, int], str, dict[Any, int]]
"""How :meth:`ActionSpace.legal` finds the index of an action of one type: the action's
number of keys (``type`` and the fields), the type's offset, then per field (at most two)
its name and its value → position × stride table (``""`` and ``{}`` for a field the type
does not have). A type with more than two fields, or two with a list-valued one, has 0
keys, which no action has (it has its type): :meth:`ActionSpace.index` finds those."""


def _lookup(offset: int, keys: int, fields: list[tuple[str, dict[Any, int]]]) -> Lookup:
    """The :data:`Lookup` of one action type."""
    if len(fields) > 2 or (
        len(fields) == 2 and any(type(v) is tuple for _, table in fields for v in table)
    ):
        keys = 0
    (first, table), (second, table2) = [*fields, ("", {}), ("", {})][:2]
    return keys, offset, first, table, second, table2


@mypyc_attr(allow_interpreted_subclasses=True)
class ActionSpace:
    """A fixed, enumerated set of actions: each type's block of indices is the product of its
    fields' values (mixed radix, the first field slowest).

    List-valued fields (sets of cards) are matched regardless of order: give their values as
    sorted tuples. :meth:`action` returns a canonical action (lists sorted); :meth:`legal`
    maps indices to the game's own legal dicts, which is what :meth:`State.apply` wants.
    """

    __slots__ = (
        "_encode",
        "_held",
        "_kept",
        "_kinds",
        "_lookup",
        "_numbered",
        "_own_index",
        "_shared_runs",
        "kinds",
        "size",
    )

    SHARED_RUNS_KEPT = 4096
    """Shared tuples of legal actions whose index → action dicts :meth:`legal_of` keeps (a
    game meets a few hundred; past this, afresh)."""

    def __init__(self, kinds: Sequence[Kind]) -> None:
        self.kinds: list[tuple[str, list[tuple[str, list[Any]]]]] = []
        self._encode: dict[str, tuple[int, int, list[tuple[str, dict[Any, int]]]]] = {}
        """Per type: its offset, its number of keys (``type`` and the fields), and per field
        the value → position × stride table, so an index is the offset plus one look-up per
        field (:meth:`index` is on the hot path of every env step)."""
        self._kinds: list[tuple[int, str, list[tuple[str, list[Any], int]]]] = []
        offset = 0
        for name, fields in kinds:
            if name in self._encode:
                raise ValueError(f"action type {name!r} declared twice")
            domains = [(field, list(values)) for field, values in fields]
            self.kinds.append((name, domains))
            stride = 1
            lookups: list[tuple[str, dict[Any, int]]] = []
            decode: list[tuple[str, list[Any], int]] = []
            for field, values in domains[::-1]:
                positions = {value: i * stride for i, value in enumerate(values)}
                if len(positions) != len(values):
                    raise ValueError(f"{name}.{field}: repeated values")
                lookups.append((field, positions))
                decode.append((field, values, stride))
                stride *= len(values)
            lookups.reverse()
            decode.reverse()
            self._encode[name] = (offset, len(lookups) + 1, lookups)
            self._kinds.append((offset, name, decode))
            offset += stride
        self.size = offset
        self._lookup = {name: _lookup(*encode) for name, encode in self._encode.items()}
        """The :data:`Lookup` of each type, for :meth:`legal`."""
        self._own_index = type(self).index is not ActionSpace.index
        """Whether a subclass finds indices its own way (faster, for its game's actions):
        :meth:`legal` then asks it for each."""
        self._kept: dict[int, int] = {}
        """The index of each ready-made action the game shares (:meth:`keep`), by identity."""
        self._held: list[Action] = []
        """Those actions themselves: held, so that no other object can take their ids."""
        self._numbered: tuple[Action, ...] | None = None
        """A game's tuple of ready-made actions whose positions are their indices here
        (:meth:`keep`): its :meth:`State.indexed_legal_actions` are index → action maps."""
        self._shared_runs: dict[int, tuple[tuple[Action, ...], dict[int, Action]]] = {}
        """The index → action dict of each shared tuple of legal actions :meth:`legal_of` met,
        by identity, with the tuple (so that its id cannot pass to another object)."""

    def index(self, action: Mapping[str, Any]) -> int:
        """The index of ``action``; ``ValueError`` if the space has no such action."""
        try:
            index, keys, fields = self._encode[action["type"]]
            if len(action) != keys:
                raise KeyError("fields")
            for field, positions in fields:
                value = action[field]
                if type(value) is list:
                    value = tuple(sorted(value))
                index += positions[value]
        except (KeyError, TypeError):
            raise ValueError(f"no index for action {action!r}") from None
        return index

    def action(self, index: object) -> Action:
        """The canonical action at ``index`` (list fields sorted); ``ValueError`` out of range."""
        if type(index) is not int or not 0 <= index < self.size:
            raise ValueError(f"action index {index!r} is outside 0–{self.size - 1}")
        for offset, name, decode in self._kinds[::-1]:
            if index >= offset:
                rest = index - offset
                action: Action = {"type": name}
                for field, values, stride in decode:
                    value = values[rest // stride]
                    rest %= stride
                    action[field] = list(value) if type(value) is tuple else value
                return action
        raise AssertionError("unreachable: offsets start at 0")

    def legal(self, legal_actions: Iterable[Action]) -> dict[int, Action]:
        """Index → the legal action itself, in ``legal_actions`` order. Two legal actions with
        the same index would make the space ambiguous: ``ValueError``.

        Every env step maps a few legal actions, so this finds each index with the
        :data:`Lookup` of its type, written out in one loop (a call of :meth:`index` per
        action costs a third more), and looks for a shared index only when the count is
        short. A subclass may override :meth:`index` to find its game's indices faster
        (never different ones): then this asks it for every action.
        """
        actions = legal_actions if isinstance(legal_actions, list) else list(legal_actions)
        if self._own_index:
            index = self.index
            out = {index(action): action for action in actions}
        else:
            out = self._look_up(actions)
        if len(out) != len(actions):
            seen: dict[int, Action] = {}
            for action in actions:
                i = self.index(action)
                if i in seen:
                    raise ValueError(f"actions {seen[i]!r} and {action!r} share index {i}")
                seen[i] = action
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied or pickled as the space rebuilt from its table, without what it knows by
        identity (:meth:`keep`, the shared tuples): ids mean nothing to a copy, whose held
        objects are copies, nor in another process. A copy finds indices the general way
        (the same indices). A subclass built from other arguments gives those."""
        return type(self), (self.kinds,)

    def keep(self, actions: Iterable[Action], *, numbered: bool = False) -> None:
        """Know these ready-made actions by identity from now on: a game's shared dicts,
        which live as long as the space and never change (:meth:`State.shared_legal_actions
        <meeple.core.game.State.shared_legal_actions>` hands them out).

        ``numbered=True``: ``actions`` is the game's tuple of templates, listed in this
        space's index order (``ValueError`` otherwise), and its states' positioned legal
        actions (:meth:`State.indexed_legal_actions
        <meeple.core.game.State.indexed_legal_actions>`, by that tuple) are then this space's
        index maps as they are: :meth:`legal_of` asks for them first."""
        positions = []
        for action in actions:
            if id(action) not in self._kept:
                self._kept[id(action)] = self.index(action)
                self._held.append(action)
            positions.append(self._kept[id(action)])
        if numbered:
            if type(actions) is not tuple or positions != list(range(len(positions))):
                raise ValueError("numbered templates must be a tuple in index order")
            self._numbered = actions

    def legal_of(self, state: State, seat: int) -> dict[int, Action]:
        """Index → legal action of ``seat`` in ``state``, ``back`` left out: :meth:`legal` of
        its ``legal_actions``. Where the game shares its actions
        (:meth:`State.shared_legal_actions <meeple.core.game.State.shared_legal_actions>`)
        and this space :meth:`keep` s them, each index is one look-up by identity, in C, and
        nothing is copied: the dict's actions are then the game's own (read them, never
        change them: the envs only pass them to ``apply_unchecked``). A game's space may also
        find them its own way (Bison's looks up each run of shared actions' indices once).
        A tuple of shared actions is itself kept (a game may hand out the same tuple for the
        same actions: Cheese's, by hand), so its dict is made once and copied in C after.
        A game that numbers its actions as this space does (:meth:`keep` of its tuple of
        them, :meth:`State.indexed_legal_actions`) hands over the map itself: copied, in C,
        and nothing looked up. The dict is the caller's."""
        if self._numbered is not None:
            indexed = state.indexed_legal_actions(seat)
            if indexed is not None and indexed[0] is self._numbered:
                return dict(indexed[1])
        shared = state.shared_legal_actions(seat)
        if shared is None:
            return self.legal(without_back(state.legal_actions(seat)))
        if type(shared) is tuple:
            run = self._shared_runs.get(id(shared))
            if run is None:
                if len(self._shared_runs) >= self.SHARED_RUNS_KEPT:
                    self._shared_runs.clear()
                run = self._shared_runs[id(shared)] = (shared, self._by_identity(shared))
            return run[1].copy()
        return self._by_identity(shared)

    def _by_identity(self, shared: Sequence[Action]) -> dict[int, Action]:
        """Index → action of a game's shared actions: by identity (:meth:`keep`), or, for any
        other, the general way (:meth:`legal`, which also refuses two on one index)."""
        try:
            out = dict(zip(map(self._kept.__getitem__, map(id, shared)), shared, strict=False))
        except KeyError:  # an action made for the call: the general way
            return self.legal(shared)
        if len(out) != len(shared):
            return self.legal(shared)  # raises: two actions share an index
        return out

    def _look_up(self, actions: list[Action]) -> dict[int, Action]:
        """Index → action by the :data:`Lookup` tables; the types they leave out (list fields
        beside others, three fields or more) and anything unexpected go through
        :meth:`index`, which gives the same indices (``tests/core/test_action_space.py``)
        and says why an action has none."""
        out: dict[int, Action] = {}
        lookups = self._lookup
        index = self.index
        for action in actions:
            try:
                keys, offset, first, table, second, table2 = lookups[action["type"]]
                n = len(action)
                if n != keys:
                    i = index(action)  # a type :data:`Lookup` leaves to it, or a bad action
                elif n == 3:
                    i = offset + table[action[first]] + table2[action[second]]
                elif n == 2:
                    value = action[first]
                    i = offset + table[tuple(sorted(value)) if type(value) is list else value]
                else:
                    i = offset
            except (KeyError, TypeError):  # not an action of the space: ``index`` says why
                i = index(action)
            out[i] = action
        return out


class History(Protocol):
    """Public history a game's observation needs beyond the current view (Stir Fry: which
    declarations stood, whose bluffs were caught). It is fed the spectator's events —
    public information only, less than any seat sees — after every move, and read by
    ``observe``."""

    def update(self, view: JSON) -> None:
        """Take in the events of the move just made, ``view["events"]``: the spectator's
        (:meth:`State.public_events <meeple.core.game.State.public_events>`). The envs pass
        ``{"events": …}`` alone, not the whole spectator view, so read nothing else."""
        ...


class Encoding(Protocol):
    """What a game declares for learning agents (``games/<id>/encoding.py``, as ``ENCODING``).

    ``players`` and ``options`` are the game's (options resolved, defaults filled in); the
    sizes may depend on them, but never on anything that changes during a game.

    An encoding may also declare ``view_of(state, seat)``: the view its :meth:`observe` reads,
    when that is not ``state.view(seat)`` itself but the typed data that JSON is made from
    (Bison's ``SeatView``; :func:`view_reader`), and :meth:`observe` then takes either.
    """

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The fixed action table for this player count and these options."""
        ...

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's named slices in order, ``(name, length)``; they add up to its size."""
        ...

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: Any = None,
    ) -> Features:
        """The observation of ``seat`` from its ``view`` (and the game's public
        :class:`History`, if it keeps one; without it those slices are zeros), laid out as
        :meth:`layout` says (``.dense()`` is the flat list)."""
        ...

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> History | None:
        """A fresh :class:`History` at the start of a game, or ``None`` if the current
        view says all the observation needs."""
        ...


def view_reader(encoding: Encoding) -> Callable[[State, int], Any]:
    """How to get the view ``encoding.observe`` reads for a seat: its ``view_of`` if it
    declares one, else ``state.view(seat)``."""
    view_of: Callable[[State, int], Any] | None = getattr(encoding, "view_of", None)
    return view_of if view_of is not None else _json_view


def _json_view(state: State, seat: int) -> Any:
    return state.view(seat)


def observation_size(encoding: Encoding, players: int, options: Mapping[str, OptionValue]) -> int:
    """The length of the observation (the sum of the layout's slices)."""
    return sum(n for _, n in encoding.layout(players, options))


class Segment(NamedTuple):
    """A ready-made block of observation entries that never changes: positions and values.

    An encoding builds one from view objects that views share while nothing changes (a
    board, a player's dict), keeps it, and hands the same object to every observation that
    shows those objects (:meth:`Features.shared`), at the same place or, offset by a base,
    at another (a player's slice, which sits where the observer's order puts it). It holds
    tuples, so that nobody can change it later: :mod:`meeple.rl` converts each distinct
    segment to numpy once, by its identity.
    """

    positions: tuple[int, ...]
    values: tuple[float, ...]


class Features:
    """An observation under construction, written slice by slice, kept sparse.

    Observations are mostly zeros (one-hot slices, empty board spaces), so only the non-zero
    entries are stored, as positions and values: a learning library fills a zeroed array
    with them at once (``array[f.index] = f.values``), far cheaper than converting a dense
    list of thousands of floats. Entries made afresh for this observation are in ``index``
    and ``values``, or, for a value of 1.0 (most entries: one-hots and flags), their
    position alone in ``ones`` (no value to convert or check: :mod:`meeple.rl` scatters
    them with one constant); blocks an encoding shares between observations are in
    ``segments`` (:meth:`shared`), kept whole rather than copied. Every position is written
    at most once, in any of them. :meth:`dense` gives the plain list, :meth:`entries` all
    the entries.

    >>> f = Features()
    >>> f.one_hot(2, 4)
    >>> f.scalar(5, 10)
    >>> base = f.block(3)
    >>> f.put(base + 1, 0.25)
    >>> f.shared(Segment((0, 1), (2.0, 3.0)), base=f.block(2))
    >>> f.size, f.dense()
    (10, [0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.25, 0.0, 2.0, 3.0])
    """

    __slots__ = ("index", "ones", "segments", "size", "values")

    def __init__(self) -> None:
        self.index: list[int] = []
        self.values: list[float] = []
        self.ones: list[int] = []
        """Positions whose value is 1.0, written afresh (as ``index`` with ``values``)."""
        self.segments: list[tuple[int, Segment]] = []
        """Shared segments, each with the base its positions are offset by."""
        self.size = 0

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` zeros with a one at ``index`` (none if ``index`` is ``None`` or outside)."""
        if index is not None and 0 <= index < size:
            self.index.append(self.size + index)
            self.values.append(1.0)
        self.size += size

    def scalar(self, value: float, scale: float = 1.0) -> None:
        """One number, divided by ``scale`` (so that most values lie within 0–1)."""
        if value:
            self.index.append(self.size)
            self.values.append(value / scale)
        self.size += 1

    def counts(self, counts: Sequence[float], scale: float = 1.0) -> None:
        """Several numbers, each divided by ``scale``."""
        # A running position rather than ``enumerate``: the encodings call this and
        # :meth:`flags` hundreds of times per observation, and it is 10–40% faster.
        position = self.size
        self.size = position + len(counts)
        for c in counts:
            if c:
                self.index.append(position)
                self.values.append(c / scale)
            position += 1

    def flags(self, flags: Iterable[object]) -> None:
        """Truth values as 1.0 / 0.0."""
        position = self.size
        for flag in flags:
            if flag:
                self.index.append(position)
                self.values.append(1.0)
            position += 1
        self.size = position

    def block(self, size: int) -> int:
        """Reserve a slice of ``size`` zeros and return where it starts; fill it with
        :meth:`put` (for large, mostly empty slices such as a board)."""
        base = self.size
        self.size += size
        return base

    def put(self, position: int, value: float) -> None:
        """Set the value at ``position`` (inside a reserved :meth:`block`, once)."""
        if value:
            self.index.append(position)
            self.values.append(value)

    def shared(self, segment: Segment, base: int = 0) -> None:
        """Add a ready-made :class:`Segment` at its positions plus ``base`` (inside reserved
        blocks; non-zero values), kept as it is. Give the same object again whenever the
        entries are the same: that is what lets :mod:`meeple.rl` convert it to numpy once."""
        self.segments.append((base, segment))

    def entries(self) -> tuple[list[int], list[float]]:
        """Every non-zero entry, positions and values: the fresh ones (``index``, then
        ``ones``), then the segments'."""
        index, values = self.index + self.ones, self.values + [1.0] * len(self.ones)
        for base, segment in self.segments:
            index += [base + i for i in segment.positions] if base else segment.positions
            values += segment.values
        return index, values

    def dense(self) -> list[float]:
        """The observation as a plain list of ``size`` floats."""
        out = [0.0] * self.size
        index, values = self.entries()
        for i, v in zip(index, values, strict=True):
            out[i] = v
        return out


def slice_starts(layout: Iterable[tuple[str, int]]) -> list[int]:
    """Where each slice of a :meth:`Encoding.layout` starts, then the observation's size: for
    encodings that write at fixed positions.

    >>> slice_starts([("phase", 3), ("hand", 5), ("score", 1)])
    [0, 3, 8, 9]
    """
    starts = [0]
    for _, size in layout:
        starts.append(starts[-1] + size)
    return starts


def relative(seat: int, other: int, players: int) -> int:
    """``other`` seen from ``seat``: 0 is the seat itself, 1 the next seat clockwise, and so on.
    Observations list seats in this order, so one policy can play any seat."""
    return (other - seat) % players


def load_encoding(game_id: str) -> Encoding:
    """The :class:`Encoding` declared by ``meeple.games.<game_id>.encoding`` (imported by name,
    so that core depends on no game); ``KeyError`` if the game declares none."""
    try:
        module = importlib.import_module(f"meeple.games.{game_id}.encoding")
    except ModuleNotFoundError:
        raise KeyError(f"game {game_id!r} declares no encoding") from None
    encoding: Encoding = module.ENCODING
    return encoding
