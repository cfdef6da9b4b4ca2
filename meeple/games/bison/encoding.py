"""Bison: Thunder on the Prairie for learning agents: fixed action indices and observation.

Every part of a turn stays its own small decision, so the action table is the union of the
parts' small tables (9,059 actions): market buys and exchanges, the six actions, the hunter
count, an idle gain, a payment (bison × fish × turkeys, 0–10 each), a tile placement
(position × orientation), a deploy space, a tent or canoe change (space × size 0–4), a gather
target and source, and a hunter move (from-space × to-space). Spaces are the board's fixed
81 (3 per tile position), so each index means the same place in every game.

The observation is built from ``view(seat)`` only; seats are listed from the observer. Most of
it comes from objects that views share while they do not change (the board's parts, the
spaces, each player's dict, the drawn tile: :mod:`meeple.games.bison.views`), so the entries
each of those gives are worked out once per object (:class:`_Memo`) and handed to every
observation that shows it as the same :class:`~meeple.core.encoding.Segment` (converted to numpy
once by :mod:`meeple.rl`); where the game stands and its phase are segments too, kept by their
values; only the flags of a pending action's spaces are written straight into the
:class:`~meeple.core.encoding.Features`' ``index`` and ``values``.

The action space finds a decision's indices from the runs of legal actions the state gives
(:class:`BisonActionSpace`), each shared run's once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cache
from typing import NamedTuple, TypeVar

from meeple.core.encoding import ActionSpace, Features, Kind, Segment, relative, slice_starts
from meeple.core.game import JSON, Action, OptionValue, State
from meeple.games.bison.board import EMPTY, Board
from meeple.games.bison.data import (
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ANIMALS,
    HUNTERS_PER_PLAYER,
    MAX_HUNTERS_PER_ACTION,
    RIVER,
    SHELTER_SIZES,
    TERRAINS,
    TRACK_MAX,
)
from meeple.games.bison.geometry import (
    ORIENTATIONS,
    POINTS,
    POSITIONS,
    SPACES,
    terrain_of_space,
    turn_point,
)
from meeple.games.bison.layout import Shown
from meeple.games.bison.legal import Part
from meeple.games.bison.rules import BisonState
from meeple.games.bison.tiles import TILE_COUNT, TILES, point_name
from meeple.games.bison.views import SeatView, kept_shown, player_shown

PHASES = (
    "choose",
    "hunters",
    "gain",
    "pay",
    "place",
    "deploy",
    "shelter",
    "gather_at",
    "gather",
    "move",
    "over",
)
_POSITIONS = len(POSITIONS)
_SIZES = len(SHELTER_SIZES)
_POINT = {f"{kind}{i}": (i if kind == "c" else 6 + i) for kind in "cs" for i in range(6)}
"""River ends by name: the six corners ``c0``–``c5``, then the six sides ``s0``–``s5``."""
_POINT_INDEX = tuple(_POINT[point_name(p)] for p in range(POINTS))
""":data:`_POINT` by point number."""
_ACTION = {a: i for i, a in enumerate(ACTION_KINDS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_CHANGE_SIZES = (0, *SHELTER_SIZES)
"""A tent or canoe change leaves a size 1–4, or 0 when advanced rule 2 dismantles it."""
T = TypeVar("T")
PAY_MAX = 10
"""A payment takes 0–10 of each animal (the dearest action costs 10)."""


class BisonActionSpace(ActionSpace):
    """The action table, finding a decision's indices by the runs of legal actions that
    ``BisonState.legal_parts`` gives (:mod:`meeple.games.bison.legal`): each shared run's
    index → action dict is made once and kept by the run's identity, with the run itself (so
    its id cannot pass to another object while kept); a run made for the call is looked up."""

    __slots__ = ("_runs",)

    RUNS_KEPT = 4096
    """Runs whose indices are kept (a game meets a few hundred; past this, afresh)."""

    def __init__(self, kinds: Sequence[Kind]) -> None:
        super().__init__(kinds)
        self._runs: dict[int, tuple[Part, dict[int, Action]]] = {}

    def legal_of(self, state: State, seat: int) -> dict[int, Action]:
        """Index → legal action, as ``legal`` gives them: a new dict, whose actions are the
        runs' shared dicts (read them, never change them; the envs only pass them to
        ``apply_unchecked``). Copying each action cost ~1 µs of a step's ~45 (a decision has
        up to ~70 actions); the dicts of whole runs are merged in C instead."""
        if not isinstance(state, BisonState):
            return super().legal_of(state, seat)
        runs = self._runs
        out: dict[int, Action] = {}
        for run in state.legal_parts(seat):
            if isinstance(run, list):  # made for this call: looked up as ``legal`` does
                indexed = self._look_up(run)
                if not out:
                    out = indexed
                    continue
            else:
                kept = runs.get(id(run))
                indexed = kept[1] if kept is not None else self._indexed(run)
            out.update(indexed)
        return out

    def _indexed(self, part: Part) -> dict[int, Action]:
        """``part``'s index → action dict, kept for the next time (never changed)."""
        if len(self._runs) >= self.RUNS_KEPT:
            self._runs.clear()
        indexed = self.legal(list(part))
        self._runs[id(part)] = (part, indexed)
        return indexed


_SPACE = BisonActionSpace(
    [
        ("buy_hunter", []),
        ("buy_tent", [("size", SHELTER_SIZES)]),
        ("buy_canoe", [("size", SHELTER_SIZES)]),
        ("exchange", [("give", ANIMALS), ("get", ANIMALS)]),
        ("action", [("action", ACTION_KINDS)]),
        ("hunters", [("count", range(MAX_HUNTERS_PER_ACTION + 1))]),
        ("gain", [("animal", ANIMALS)]),
        (
            "pay",
            [
                ("bison", range(PAY_MAX + 1)),
                ("fish", range(PAY_MAX + 1)),
                ("turkeys", range(PAY_MAX + 1)),
            ],
        ),
        ("place", [("position", range(_POSITIONS)), ("orientation", range(ORIENTATIONS))]),
        ("deploy", [("space", range(SPACES))]),
        ("tent", [("space", range(SPACES)), ("size", _CHANGE_SIZES)]),
        ("canoe", [("space", range(SPACES)), ("size", _CHANGE_SIZES)]),
        ("gather_at", [("space", range(SPACES))]),
        ("gather", [("from", range(SPACES))]),
        ("move", [("from", range(SPACES)), ("to", range(SPACES))]),
    ]
)

_SPACE_WIDTH = len(TERRAINS) + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1
"""Per space, besides its owner: terrain, animals, hunters, tent, canoe, the region's animals
and size, and whether the pending action targets it, changed it or moved a hunter to it."""
_PLAYER_WIDTH = len(ANIMALS) + 1 + 1 + 2 * _SIZES + 1 + 2 * _SIZES + 1 + len(ACTION_KINDS) + 1


Entries = tuple[tuple[int, ...], tuple[float, ...]]
"""Non-zero entries of an observation: positions and values. Kept in the memos below as
tuples of numbers, which the garbage collector soon stops walking (lists it walks at every
collection that reaches them, and these memos hold thousands)."""
PlacedEntries = tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...]]
"""A placed tile's entries, and its three spaces."""


class _Memo(dict[Hashable, tuple[T, object]]):
    """Observation entries worked out from view objects that never change, by the identity of
    those objects: the views share one ``tiles``, ``regions`` and ``open_positions`` per board,
    one ``spaces`` list while no piece moves, one dict per player while nothing of theirs
    changes, one dict per drawn tile (:mod:`meeple.games.bison.views`). Each entry keeps the
    objects it was made from, so that their ids cannot be taken by other objects while it is
    kept (in the same entry: ``(value, sources)``); past ``kept`` entries it starts afresh."""

    __slots__ = ("kept",)

    def __init__(self, kept: int) -> None:
        super().__init__()
        self.kept = kept

    def keep(self, key: Hashable, sources: object, value: T) -> T:
        """Keep ``value``, made from ``sources`` (the objects whose ids are in ``key``)."""
        if len(self) >= self.kept:
            self.clear()
        self[key] = (value, sources)
        return value


# Small enough that the objects kept stay few: the garbage collector walks them all now and
# then, and a larger memo costs more there than its few extra hits save.
_BOARDS: _Memo[tuple[Segment, frozenset[int]]] = _Memo(kept=16)
"""By board (a board lasts a few decisions; a few games may run side by side). Each keeps a
board's layout, some four hundred objects."""
_PIECES: _Memo[Segment] = _Memo(kept=64)
"""By spaces and observer (owners are seen relative to the observer)."""
_SPACE_PIECES: _Memo[Entries] = _Memo(kept=2048)
"""By space (with pieces on it) and observer."""
_PLAYERS: _Memo[Segment] = _Memo(kept=512)  # keyed by the id alone: no tuple to make
"""By player dict, as if its slice started at 0 (it is shared at each observer's base)."""
_STOCKS: _Memo[Entries] = _Memo(kept=256)
"""By supply or market dict, and which of the two (where its hunters lie)."""
_TILES: _Memo[Segment] = _Memo(kept=128)
_TURNS: _Memo[Segment] = _Memo(kept=256)
"""By observer, player count and where the game stands (a game has a few dozen)."""
_PHASES: _Memo[Segment] = _Memo(kept=256)
"""By phase, player count and the pending action (a hundred occur)."""
_PLACED: _Memo[PlacedEntries] = _Memo(kept=512)
"""By tile placed and where the board's slices start (see ``views._placed_tile``)."""
_REGIONS: _Memo[Entries] = _Memo(kept=512)
"""By region's list of spaces and where the board's slices start (``views._layout_after``)."""


def _turn_entries(key: tuple[int, ...], at: _Starts) -> Segment:
    """The slices of where the game stands (``round`` to ``seat_to_move``) for ``key``: the
    observer, the player count, then the view's ``action_number``, ``totem``, ``round``,
    ``rounds``, ``deck`` and the seat to move (-1: none). A seat's consecutive views mostly
    share them, and a game has a few dozen."""
    seat, players, action_number, totem, rnd, rounds, deck, to_move = key
    index = [at.action_number + action_number - 1, at.totem + (totem - seat) % players]
    values = [1.0, 1.0]
    for position, value in (
        (at.round, rnd / 6.0),
        (at.rounds_left, (rounds - rnd) / 6.0),
        (at.deck, deck / TILE_COUNT),
    ):
        if value:
            index.append(position)
            values.append(value)
    if to_move != -1:
        index.append(at.seat_to_move + (to_move - seat) % players)
        values.append(1.0)
    return _TURNS.keep(key, None, Segment(tuple(index), tuple(values)))


def _phase_entries(key: tuple[object, ...], at: _Starts) -> Segment:
    """The ``phase`` and ``pending_*`` slices for ``key``: the view's ``phase``, the player
    count, and the pending action's kind, hunters and hunters left (if one is pending)."""
    phase = key[0]
    assert isinstance(phase, str)
    index = [_PHASE[phase]]
    values = [1.0]
    if len(key) > 2:
        action, hunters, remaining = key[2:]
        assert isinstance(action, str) and isinstance(hunters, int) and isinstance(remaining, int)
        index.append(at.pending_action + _ACTION[action])
        values.append(1.0)
        for position, value in ((at.pending_hunters, hunters), (at.pending_remaining, remaining)):
            if value:
                index.append(position)
                values.append(value / MAX_HUNTERS_PER_ACTION)
    return _PHASES.keep(key, None, Segment(tuple(index), tuple(values)))


def _board_entries(view: JSON, start: int, players: int) -> tuple[Segment, frozenset[int]]:
    """The board's slices, from ``position_placed`` (at ``start``) to the board-only part of
    ``space`` (terrain, animals, the region's animals and size), for the board of ``view``;
    and the spaces of the placed tiles."""
    tiles, regions, opened = view["tiles"], view["regions"], view["open_positions"]
    key = (id(tiles), id(regions), id(opened), start, players)
    found = _BOARDS.get(key)
    if found is not None:
        return found[0]
    index: list[int] = []
    values: list[float] = []
    placed: list[int] = []
    for t in tiles:
        kept = _PLACED.get((id(t), start))
        entries = kept[0] if kept else _placed_entries(t, start)
        index += entries[0]
        values += entries[1]
        placed += entries[2]
    for region in regions:
        seen = _REGIONS.get((id(region["spaces"]), start))
        known = seen[0] if seen else _region_entries(region, start)
        index += known[0]
        values += known[1]
    open_at = start + _POSITIONS
    for p in set(opened):
        index.append(open_at + p)
        values.append(1.0)
    placed_spaces = frozenset(placed)
    segment = Segment(tuple(index), tuple(values))
    return _BOARDS.keep(key, (tiles, regions, opened), (segment, placed_spaces))


_TURNED_AT = 2 * _POSITIONS
_ENDS_AT = _TURNED_AT + _POSITIONS * ORIENTATIONS
_SPACES_AT = _ENDS_AT + _POSITIONS * POINTS
"""Where ``position_orientation``, ``position_river_ends`` and ``space`` start, from the start
of ``position_placed``."""


def _region_entries(region: JSON, start: int) -> Entries:
    """:func:`_region_cells` of a region's JSON. The views share a region's list of spaces
    between the boards on which it keeps its spaces (``views._layout_after``), and so its
    animals (the tiles on those spaces stay): the entries are kept by that list."""
    spaces = region["spaces"]
    entries = _region_cells(spaces, region["animals"], start)
    return _REGIONS.keep((id(spaces), start), spaces, entries)


def _region_cells(spaces: Sequence[int], animals: int, start: int) -> Entries:
    """A region's entries in the ``space`` slice (``start`` as in :func:`_board_entries`):
    its animals and size on each of its spaces."""
    index: list[int] = []
    values: list[float] = []
    total, size = animals / 10.0, len(spaces) / 10.0
    region_at = start + _SPACES_AT + len(TERRAINS) + 4
    for space in spaces:
        at = region_at + space * _SPACE_WIDTH
        if total:
            index.append(at)
            values.append(total)
        index.append(at + 1)
        values.append(size)
    return tuple(index), tuple(values)


def _placed_entries(t: JSON, start: int) -> PlacedEntries:
    """:func:`_placed_cells` of a placed tile's JSON. The views share one dict per tile placed
    so (:func:`meeple.games.bison.views._placed_tile`)."""
    ends = [_POINT[end] for end in t["river_ends"]]
    animals = [t["animals"][animal] for animal in ANIMALS]
    entries = _placed_cells(t["position"], t["orientation"], ends, animals, start)
    return _PLACED.keep((id(t), start), t, entries)


def _placed_cells(
    p: int, orientation: int, ends: Iterable[int], animals: Sequence[int], start: int
) -> PlacedEntries:
    """A tile's entries in the board's slices (``start`` as in :func:`_board_entries`), placed
    at position ``p`` so turned, its river ends there (``ends``: their indices in a
    position's 12 points, :data:`_POINT`) and its animals by kind: placed, turned, the river
    ends, and its three spaces' terrain and animals; and its three spaces."""
    index = [start + p, start + _TURNED_AT + p * ORIENTATIONS + orientation]
    values = [1.0, 1.0]
    at = start + _ENDS_AT + p * POINTS
    for end in set(ends):
        index.append(at + end)
        values.append(1.0)
    # A tile's three spaces: terrain k holds animal k (ANIMALS and TERRAINS line up).
    for k in range(len(ANIMALS)):
        base = start + _SPACES_AT + (3 * p + k) * _SPACE_WIDTH
        index.append(base + k)
        values.append(1.0)
        if animals[k]:
            index.append(base + len(TERRAINS))
            values.append(animals[k] / 3.0)
    return tuple(index), tuple(values), tuple(3 * p + k for k in range(len(TERRAINS)))


def _pieces_entries(spaces: list[JSON], at: _Starts, seat: int, players: int) -> Segment:
    """The pieces on the spaces (hunters, tent, canoe, in ``space``) and their owners (in
    ``space_owner``, seen from ``seat``). The views share the spaces' list while no piece
    moves, and each space's dict while its pieces stay (``views.PlacedSpace``)."""
    key = (id(spaces), seat, players)
    found = _PIECES.get(key)
    if found is not None:
        return found[0]
    index: list[int] = []
    values: list[float] = []
    for sp in [sp for sp in spaces if sp["owner"] >= 0]:  # no owner, no piece
        kept = _SPACE_PIECES.get((id(sp), seat, players))
        entries = kept[0] if kept else _space_pieces(sp, at, seat, players)
        index += entries[0]
        values += entries[1]
    return _PIECES.keep(key, spaces, Segment(tuple(index), tuple(values)))


def _space_pieces(sp: JSON, at: _Starts, seat: int, players: int) -> Entries:
    """:func:`_space_cells` of a space's JSON, seen from ``seat``."""
    owner, hunters, tent, canoe = sp["owner"], sp["hunters"], sp["tent"], sp["canoe"]
    entries = _space_cells(
        sp["space"], owner, hunters, tent, canoe, at=at, seat=seat, players=players
    )
    return _SPACE_PIECES.keep((id(sp), seat, players), sp, entries)


def _space_cells(
    space: int,
    owner: int,
    hunters: int,
    tent: int,
    canoe: int,
    *,
    at: _Starts,
    seat: int,
    players: int,
) -> Entries:
    """The pieces on one space (hunters, its tent's or canoe's size) and its owner, seen from
    ``seat``."""
    base = at.space + space * _SPACE_WIDTH + len(TERRAINS)
    index = [at.space_owner + space * players + relative(seat, owner, players)]
    values = [1.0]
    for position, value in (
        (base + 1, hunters / MAX_HUNTERS_PER_ACTION),
        (base + 2, tent / _SIZES),
        (base + 3, canoe / _SIZES),
    ):
        if value:
            index.append(position)
            values.append(value)
    return tuple(index), tuple(values)


# A player's slice: animals, their total, hunters in supply, tents in supply by size 1–4,
# canoes likewise, hunters in the market, tents and canoes in the market, hunters on the
# board, the actions used, whether they hold a tile. Size s of tents in supply sits at
# _SUPPLY_TENTS + s (sizes start at 1), and so on.
_SUPPLY_TENTS = len(ANIMALS) + 2 - 1
_SUPPLY_CANOES = _SUPPLY_TENTS + _SIZES
_MARKET_HUNTERS = _SUPPLY_CANOES + _SIZES + 1
_MARKET_TENTS = _MARKET_HUNTERS
_MARKET_CANOES = _MARKET_TENTS + _SIZES
_ON_BOARD = _MARKET_CANOES + _SIZES + 1
_USED_AT = _ON_BOARD + 1


_SUPPLY = (4, _SUPPLY_TENTS, _SUPPLY_CANOES)
_MARKET = (_MARKET_HUNTERS, _MARKET_TENTS, _MARKET_CANOES)
"""Where a player's supply and market (hunters, tents, canoes) lie in the player's slice."""


def _stock_entries(stock: JSON, where: tuple[int, int, int]) -> Entries:
    """:func:`_stock_cells` of a supply's or market's JSON (its tents and canoes as lists of
    sizes). The views share one dict per content (``views._stock``)."""
    tents, canoes = stock["tents"], stock["canoes"]
    counts = [[sizes.count(size) for size in range(_SIZES + 1)] for sizes in (tents, canoes)]
    entries = _stock_cells(stock["hunters"], counts[0], counts[1], where)
    return _STOCKS.keep((id(stock), where[0]), stock, entries)


def _stock_cells(
    hunters: int, tents: Sequence[int], canoes: Sequence[int], where: tuple[int, int, int]
) -> Entries:
    """A player's supply or market in the player's slice (``where``: :data:`_SUPPLY` or
    :data:`_MARKET`): hunters, then tents and canoes (``tents``, ``canoes``: counts by size,
    as the state keeps them)."""
    hunters_at, tents_at, canoes_at = where
    index: list[int] = []
    values: list[float] = []
    if hunters:
        index.append(hunters_at)
        values.append(hunters / HUNTERS_PER_PLAYER)
    for at, counts in ((tents_at, tents), (canoes_at, canoes)):
        for size in SHELTER_SIZES:
            if counts[size]:
                index.append(at + size)
                values.append(0.5 * counts[size])
    return tuple(index), tuple(values)


def _player_entries(p: JSON) -> Segment:
    """:func:`_player_cells` of a player's JSON (its supply and market kept by their shared
    dicts, ``views._stock``)."""
    animals = p["animals"]
    stocks = []
    for stock, where in ((p["supply"], _SUPPLY), (p["market"], _MARKET)):
        kept = _STOCKS.get((id(stock), where[0]))
        stocks.append(kept[0] if kept else _stock_entries(stock, where))
    used = sum(1 << _ACTION[kind] for kind in p["actions_used"])
    segment = _player_cells(
        [animals[animal] for animal in ANIMALS],
        p["hunters_on_board"],
        p["holds_tile"],
        used,
        stocks,
    )
    return _PLAYERS.keep(id(p), p, segment)


def _player_cells(
    track: Sequence[int], on_board: int, holds: bool, used: int, stocks: Sequence[Entries]
) -> Segment:
    """One player's slice of ``seat_player`` as if it started at 0 (where it starts depends
    on where the observer sits: it is shared at that base): animals, their total,
    hunters, tents and canoes (by size) in supply, then in the market (``stocks``: their
    :func:`_stock_cells`), hunters on the board, actions used (``used``: bit k for
    ``ACTION_KINDS[k]``, as the state keeps them), whether they hold a tile."""
    # Sparse from the start: a player's slice is new at most decisions that end an action.
    index: list[int] = []
    values: list[float] = []
    for a in range(len(ANIMALS)):
        if track[a]:
            index.append(a)
            values.append(track[a] / TRACK_MAX)
    total = sum(track)
    if total:
        index.append(3)
        values.append(total / (3 * TRACK_MAX))
    if on_board:
        index.append(_ON_BOARD)
        values.append(on_board / HUNTERS_PER_PLAYER)
    if holds:
        index.append(_PLAYER_WIDTH - 1)
        values.append(1.0)
    for k in range(len(ACTION_KINDS)):
        if used >> k & 1:
            index.append(_USED_AT + k)
            values.append(1.0)
    for entries in stocks:
        index += entries[0]
        values += entries[1]
    return Segment(tuple(index), tuple(values))


def _tile_entries(tile: JSON, start: int) -> Segment:
    """:func:`_held_cells` of a drawn tile's JSON."""
    key = (id(tile), start)
    found = _TILES.get(key)
    if found is not None:
        return found[0]
    ends = [_POINT[end] for end in tile["river"]]
    animals = [tile["animals"][animal] for animal in ANIMALS]
    return _TILES.keep(key, tile, _held_cells(tile["tile"], ends, animals, start))


def _held_cells(tile: int, ends: Iterable[int], animals: Sequence[int], start: int) -> Segment:
    """The ``my_tile`` slice, starting at ``start``, of a drawn tile: its id, its river ends
    (unturned; their indices in its 12 points, :data:`_POINT`) and its animals by kind."""
    index = [start, start + 1 + tile]
    values = [1.0, 1.0]
    for end in set(ends):
        index.append(start + 1 + TILE_COUNT + end)
        values.append(1.0)
    for a in range(len(ANIMALS)):
        if animals[a]:
            index.append(start + 1 + TILE_COUNT + POINTS + a)
            values.append(animals[a] / 3.0)
    return Segment(tuple(index), tuple(values))


class BisonEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Bison: Thunder on the Prairie."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The same 9,059 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("phase", len(PHASES)),
            ("round", 1),
            ("rounds_left", 1),
            ("action_number", ACTIONS_PER_ROUND),
            ("deck", 1),
            ("totem", players),
            ("seat_to_move", players),
            ("pending_action", len(ACTION_KINDS)),
            ("pending_hunters", 1),
            ("pending_remaining", 1),
            ("my_tile", 1 + TILE_COUNT + POINTS + len(ANIMALS)),
            ("position_placed", _POSITIONS),
            ("position_open", _POSITIONS),
            ("position_orientation", _POSITIONS * ORIENTATIONS),
            ("position_river_ends", _POSITIONS * POINTS),
            ("space", SPACES * _SPACE_WIDTH),
            ("space_owner", SPACES * players),
            ("seat_player", players * _PLAYER_WIDTH),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """No history: the view holds everything the observation needs."""
        return None

    def view_of(self, state: State, seat: int) -> JSON | SeatView:
        """The :class:`~meeple.games.bison.views.SeatView` of ``seat``, whose JSON is
        ``view(seat)``: :meth:`observe` reads its typed fields in place of that JSON's dicts."""
        if isinstance(state, BisonState):
            return state.seat_view(seat)
        return state.view(seat)

    def observe(
        self,
        view: JSON | SeatView,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``, or from the
        :class:`~meeple.games.bison.views.SeatView` that JSON is made from (:meth:`view_of`):
        the same observation either way (``tests/games/bison/test_view_cache.py``).

        From the JSON:

        The parts that come from view objects shared between views (the board's, the
        pieces', each player's, the drawn tile's) are worked out once per object (see
        :class:`_Memo`) and shared as segments. So are the small slices of where the game
        stands and of the phase and pending action, by their values (a game has a few dozen
        of the one and about a hundred of the other: each segment is made, and converted to
        numpy by :mod:`meeple.rl`, once, where writing their ten-odd entries afresh at every
        step cost more). Only the flags of the spaces the pending action acts on are written
        straight into the entries, at the slices' starts (:func:`_starts`).

        From a seat view, :func:`_observe_seat`."""
        if isinstance(view, SeatView):
            return _observe_seat(view, seat, players)
        at = _starts(players)
        pending = view["pending"]
        to_move = view["to_move"]
        turn_key = (
            seat,
            players,
            view["action_number"],
            view["totem"],
            view["round"],
            view["rounds"],
            view["deck"],
            to_move[0] if to_move else -1,  # one seat moves at a time, or none at the end
        )
        kept_turn = _TURNS.get(turn_key)
        turn = kept_turn[0] if kept_turn else _turn_entries(turn_key, at)
        if pending is None:
            phase_key: tuple[object, ...] = (view["phase"], players)
        else:
            phase_key = (
                view["phase"],
                players,
                pending["action"],
                pending["hunters"],
                pending["remaining"],
            )
        kept_phase = _PHASES.get(phase_key)
        phase = kept_phase[0] if kept_phase else _phase_entries(phase_key, at)
        index: list[int] = []
        values: list[float] = []
        f = Features()
        segments = f.segments
        segments.append((0, turn))
        segments.append((0, phase))
        board, on_board = _board_entries(view, at.position_placed, players)
        segments.append((0, board))
        spaces = view["spaces"]
        kept = _PIECES.get((id(spaces), seat, players))
        segments.append((0, kept[0] if kept else _pieces_entries(spaces, at, seat, players)))
        if pending is not None:
            target = pending["target"] if view["phase"] == "gather" else -1
            changed, moved_to = pending["changed"], pending["moved_to"]
            index, values = _pending_flags(target, changed, moved_to, on_board, at)
        info = view["player_info"]
        start = at.seat_player
        for k in range(players):
            p = info[(seat + k) % players]
            known = _PLAYERS.get(id(p))
            segments.append((start, known[0] if known else _player_entries(p)))
            start += _PLAYER_WIDTH
        tile = view.get("my_tile")
        if tile is not None:
            segments.append((0, _tile_entries(tile, at.my_tile)))
        f.index, f.values, f.size = index, values, at.size
        return f


def _pending_flags(
    target: int,
    changed: Iterable[int],
    moved_to: Iterable[int],
    placed: frozenset[int],
    at: _Starts,
) -> tuple[list[int], list[float]]:
    """Where the action in progress acts: flags on the spaces of the board (of the ``placed``
    tiles' spaces) that it targets, changed and moved a hunter to. ``target`` is -1 but in a
    gathering: while hunters are deployed, the view's ``target`` is the new tile's position,
    not a space (the deploy's spaces are in the mask)."""
    index: list[int] = []
    values: list[float] = []
    flagged = at.space + len(TERRAINS) + 6
    if target in placed:
        index.append(flagged + target * _SPACE_WIDTH)
        values.append(1.0)
    for offset, marked in ((1, changed), (2, moved_to)):
        for i in set(marked):
            if i in placed:
                index.append(flagged + i * _SPACE_WIDTH + offset)
                values.append(1.0)
    return index, values


# --- From a SeatView -------------------------------------------------------------------------
#
# The same entries as from the JSON, read from the typed view: no dict to look into and no view
# JSON to build (a board's layout alone cost ~120 µs of a compiled step at each placement, its
# spaces and players a few µs at most others). The board's segment is kept by the board (a
# board never changes); the pieces' and each player's by what the encoding last saw of the
# game (:class:`_Seen`), checked against the view at each decision; the rest by value.

_BOARD_SEGMENTS: _Memo[tuple[Segment, frozenset[int]]] = _Memo(kept=16)
"""By board and player count (the board's slices start after two slices of ``players``)."""
_PLACED_BY_VALUE: dict[tuple[int, int, int, int], PlacedEntries] = {}
"""By tile, orientation, position and the board's start (1,701 placements × a few starts)."""
_REGIONS_BY_VALUE: dict[tuple[tuple[int, ...], int, int], Entries] = {}
"""By region (its spaces), the animals on it and the board's start."""
_HELD: dict[tuple[int, int], Segment] = {}
"""A drawn tile's ``my_tile`` slice, by tile and where the slice starts."""
BY_VALUE_KEPT = 4096
"""Past this many entries, a by-value memo starts afresh."""


class _Seen:
    """What the encoding last saw of one game's pieces and players, with the segments it made
    of them: most decisions move no piece and change one player at most."""

    __slots__ = ("hunters", "on_board", "owner", "pieces", "players", "shelter")

    def __init__(self, players: int) -> None:
        self.owner: list[int] = []
        self.hunters: list[int] = []
        self.shelter: list[int] = []
        self.on_board: list[int] = [0] * players
        """Hunters on the board, by seat."""
        self.pieces: dict[int, Segment] = {}
        """The pieces' segment, by observer (owners are seen from the observer)."""
        self.players: list[tuple[Shown, Segment] | None] = [None] * players
        """Each player's segment and what it shows (its lists copied)."""


_GAMES: dict[tuple[int, int], _Seen] = {}
"""By game (:attr:`SeatView.game`) and player count."""
GAMES_KEPT = 256
"""Games whose pieces and players are kept (environments side by side in one process)."""


def _observe_seat(seen: SeatView, seat: int, players: int) -> Features:
    """:meth:`BisonEncoding.observe` from a seat view: the same entries as from its JSON."""
    at = _starts(players)
    phase = seen.phase
    turn_key = (
        seat,
        players,
        min(seen.turn // players, 3) + 1,  # the view's action_number
        seen.start,
        seen.round,
        seen.rounds,
        seen.deck,
        seen.to_move,
    )
    kept_turn = _TURNS.get(turn_key)
    turn = kept_turn[0] if kept_turn else _turn_entries(turn_key, at)
    action = seen.action
    if action == -1:
        phase_key: tuple[object, ...] = (phase, players)
    else:
        phase_key = (phase, players, ACTION_KINDS[action], seen.count, seen.remaining)
    kept_phase = _PHASES.get(phase_key)
    f = Features()
    segments = f.segments
    segments.append((0, turn))
    segments.append((0, kept_phase[0] if kept_phase else _phase_entries(phase_key, at)))
    board = seen.board
    kept_board = _BOARD_SEGMENTS.get((id(board), players))
    board_segment, placed = kept_board[0] if kept_board else _board_segment(board, at, players)
    segments.append((0, board_segment))
    game = _GAMES.get((seen.game, players))
    if game is None:
        if len(_GAMES) >= GAMES_KEPT:
            _GAMES.clear()
        game = _GAMES[(seen.game, players)] = _Seen(players)
    if game.owner != seen.owner or game.hunters != seen.hunters or game.shelter != seen.shelter:
        _pieces_moved(game, seen, players)
    pieces = game.pieces.get(seat)
    segments.append((0, pieces if pieces is not None else _seat_pieces(game, seen, seat, at)))
    index: list[int] = []
    values: list[float] = []
    if action != -1:
        target = seen.target if phase == "gather" else -1
        index, values = _pending_flags(target, seen.touched, seen.moved, placed, at)
    start = at.seat_player
    for k in range(players):
        s = (seat + k) % players
        segments.append((start, _player_segment(game, seen, s)))
        start += _PLAYER_WIDTH
    tile = seen.my_tile
    if tile != EMPTY:
        held = _HELD.get((tile, at.my_tile))
        segments.append((0, held if held is not None else _held_segment(tile, at.my_tile)))
    f.index, f.values, f.size = index, values, at.size
    return f


def _board_segment(board: Board, at: _Starts, players: int) -> tuple[Segment, frozenset[int]]:
    """:func:`_board_entries` from the board itself (what every view shows of it)."""
    start = at.position_placed
    index: list[int] = []
    values: list[float] = []
    placed: list[int] = []
    orientations = board.orientations
    for p, tile in enumerate(board.tiles):
        if tile != EMPTY:
            key = (tile, orientations[p], p, start)
            entries = _PLACED_BY_VALUE.get(key)
            if entries is None:
                entries = _placed_by_value(key)
            index += entries[0]
            values += entries[1]
            placed += entries[2]
    animals = board.animals
    for region in board.regions():
        total = sum([animals[s] for s in region])
        known = _REGIONS_BY_VALUE.get((region, total, start))
        if known is None:
            known = _region_by_value(region, total, start)
        index += known[0]
        values += known[1]
    open_at = start + _POSITIONS
    for p in set(board.open_tuple()):
        index.append(open_at + p)
        values.append(1.0)
    found = (Segment(tuple(index), tuple(values)), frozenset(placed))
    return _BOARD_SEGMENTS.keep((id(board), players), board, found)


def _placed_by_value(key: tuple[int, int, int, int]) -> PlacedEntries:
    """:func:`_placed_cells` of a tile placed so (``key``: tile, orientation, position, the
    board's start)."""
    tile, orientation, p, start = key
    t = TILES[tile]
    ends = [_POINT_INDEX[turn_point(q, orientation)] for q in t.river_ends]
    found = _placed_cells(p, orientation, ends, t.animals, start)
    if len(_PLACED_BY_VALUE) >= BY_VALUE_KEPT:
        _PLACED_BY_VALUE.clear()
    _PLACED_BY_VALUE[key] = found
    return found


def _region_by_value(region: tuple[int, ...], animals: int, start: int) -> Entries:
    """:func:`_region_cells` of a region: its spaces and the animals on them (the same spaces
    hold other tiles, and so other animals, in another game)."""
    found = _region_cells(region, animals, start)
    if len(_REGIONS_BY_VALUE) >= BY_VALUE_KEPT:
        _REGIONS_BY_VALUE.clear()
    _REGIONS_BY_VALUE[(region, animals, start)] = found
    return found


def _pieces_moved(game: _Seen, seen: SeatView, players: int) -> None:
    """Take in the view's pieces: copies of them, the hunters each seat has on the board, and
    no pieces' segment yet."""
    game.owner, game.hunters, game.shelter = seen.owner[:], seen.hunters[:], seen.shelter[:]
    on_board = [0] * players
    hunters = game.hunters
    for space, who in enumerate(game.owner):
        if who != -1:
            on_board[who] += hunters[space]
    game.on_board = on_board
    game.pieces = {}


def _seat_pieces(game: _Seen, seen: SeatView, seat: int, at: _Starts) -> Segment:
    """:func:`_pieces_entries` of the game's pieces, seen from ``seat``."""
    players = seen.players
    index: list[int] = []
    values: list[float] = []
    hunters, shelter = game.hunters, game.shelter
    for space, who in enumerate(game.owner):
        if who == -1:  # no owner, no piece
            continue
        size = shelter[space]
        # On the river its shelter is a canoe, not a tent.
        tent, canoe = (0, size) if terrain_of_space(space) == RIVER else (size, 0)
        entries = _space_cells(
            space, who, hunters[space], tent, canoe, at=at, seat=seat, players=players
        )
        index += entries[0]
        values += entries[1]
    segment = Segment(tuple(index), tuple(values))
    game.pieces[seat] = segment
    return segment


def _player_segment(game: _Seen, seen: SeatView, s: int) -> Segment:
    """:func:`_player_cells` of seat ``s``: the one kept if nothing of theirs has changed
    since the encoding last saw the game (one tuple comparison, list by list)."""
    shown = player_shown(seen, s, game.on_board[s])
    last = game.players[s]
    if last is not None and last[0] == shown:
        return last[1]
    track, supply, market, st, mt, sc, mc, on_board, used, holds = shown
    stocks = (_stock_cells(supply, st, sc, _SUPPLY), _stock_cells(market, mt, mc, _MARKET))
    segment = _player_cells(track, on_board, holds, used, stocks)
    game.players[s] = (kept_shown(shown), segment)
    return segment


def _held_segment(tile: int, start: int) -> Segment:
    """:func:`_held_cells` of a drawn tile, from the tile itself."""
    t = TILES[tile]
    segment = _held_cells(t.id, [_POINT_INDEX[q] for q in t.river_ends], t.animals, start)
    if len(_HELD) >= BY_VALUE_KEPT:
        _HELD.clear()
    _HELD[(tile, start)] = segment
    return segment


class _Starts(NamedTuple):
    """Where each slice of the observation starts, and its size (for one player count)."""

    phase: int
    round: int
    rounds_left: int
    action_number: int
    deck: int
    totem: int
    seat_to_move: int
    pending_action: int
    pending_hunters: int
    pending_remaining: int
    my_tile: int
    position_placed: int
    position_open: int
    position_orientation: int
    position_river_ends: int
    space: int
    space_owner: int
    seat_player: int
    size: int


@cache
def _starts(players: int) -> _Starts:
    """The slices' starts for ``players``, from :meth:`BisonEncoding.layout`."""
    return _Starts._make(slice_starts(ENCODING.layout(players, {})))


ENCODING = BisonEncoding()
