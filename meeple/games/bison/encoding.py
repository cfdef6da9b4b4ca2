"""Bison: Thunder on the Prairie for learning agents: fixed action indices and observation.

Every part of a turn stays its own small decision, so the action table is the union of the
parts' small tables (9,059 actions): market buys and exchanges, the six actions, the hunter
count, an idle gain, a payment (bison × fish × turkeys, 0–10 each), a tile placement
(position × orientation), a deploy space, a tent or canoe change (space × size 0–4), a gather
target and source, and a hunter move (from-space × to-space). Spaces are the board's fixed
81 (3 per tile position), so each index means the same place in every game.

The observation is built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON, OptionValue
from meeple.games.bison.data import (
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ANIMALS,
    HUNTERS_PER_PLAYER,
    MAX_HUNTERS_PER_ACTION,
    SHELTER_SIZES,
    TERRAINS,
    TRACK_MAX,
)
from meeple.games.bison.geometry import ORIENTATIONS, POINTS, POSITIONS, SPACES
from meeple.games.bison.tiles import TILE_COUNT

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
_ACTION = {a: i for i, a in enumerate(ACTION_KINDS)}
_CHANGE_SIZES = (0, *SHELTER_SIZES)
"""A tent or canoe change leaves a size 1–4, or 0 when advanced rule 2 dismantles it."""
T = TypeVar("T")
PAY_MAX = 10
"""A payment takes 0–10 of each animal (the dearest action costs 10)."""

_SPACE = ActionSpace(
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


Entries = tuple[list[int], list[float]]
"""Non-zero entries of an observation: positions and values (as :class:`Features` keeps them)."""


class _Memo(Generic[T]):
    """Observation entries worked out from view objects that never change, by the identity of
    those objects: the views share one ``tiles``, ``regions`` and ``open_positions`` per board,
    one ``spaces`` list while no piece moves, one dict per player while nothing of theirs
    changes (:mod:`meeple.games.bison.views`). Each entry keeps the objects it was made from,
    so their ids cannot be reused by other objects while it is kept; past :data:`KEPT` entries
    it starts afresh."""

    KEPT = 2048

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[tuple[int, ...], tuple[object, T]] = {}

    def get(self, key: tuple[int, ...]) -> T | None:
        """What was kept for ``key``, if anything."""
        found = self.entries.get(key)
        return None if found is None else found[1]

    def put(self, key: tuple[int, ...], sources: object, value: T) -> T:
        """Keep ``value``, made from ``sources`` (the objects whose ids are in ``key``)."""
        if len(self.entries) >= self.KEPT:
            self.entries.clear()
        self.entries[key] = (sources, value)
        return value


_BOARDS: _Memo[tuple[Entries, frozenset[int]]] = _Memo()
_SPACES: _Memo[Entries] = _Memo()
_PLAYERS: _Memo[Entries] = _Memo()
_TILES: _Memo[Entries] = _Memo()


def _board_entries(view: JSON, start: int, players: int) -> tuple[Entries, frozenset[int]]:
    """The tiles' and the spaces' board-only slices (terrain, animals, region), for the board
    of ``view``: from ``position_placed`` (at ``start``) to ``space``; and the spaces of the
    placed tiles."""
    tiles, regions, opened = view["tiles"], view["regions"], view["open_positions"]
    key = (id(tiles), id(regions), id(opened), start, players)
    found = _BOARDS.get(key)
    if found is not None:
        return found
    index: list[int] = []
    values: list[float] = []
    placed = start
    open_at = placed + _POSITIONS
    turned = open_at + _POSITIONS
    ends = turned + _POSITIONS * ORIENTATIONS
    spaces = ends + _POSITIONS * POINTS
    region_of: dict[int, tuple[float, float]] = {}
    for region in regions:
        stats = (region["animals"] / 10.0, len(region["spaces"]) / 10.0)
        for space in region["spaces"]:
            region_of[space] = stats
    for t in tiles:
        p = t["position"]
        index += (placed + p, turned + p * ORIENTATIONS + t["orientation"])
        values += (1.0, 1.0)
        for end in set(t["river_ends"]):
            index.append(ends + p * POINTS + _POINT[end])
            values.append(1.0)
        # A tile's three spaces: terrain k holds animal k (ANIMALS and TERRAINS line up).
        for k, animal in enumerate(ANIMALS):
            i = 3 * p + k
            base = spaces + i * _SPACE_WIDTH
            index.append(base + k)
            values.append(1.0)
            at = base + len(TERRAINS)
            animals = t["animals"][animal]
            region_animals, region_size = region_of.get(i, (0.0, 0.0))
            for position, value in (
                (at, animals / 3.0),
                (at + 4, region_animals),
                (at + 5, region_size),
            ):
                if value:
                    index.append(position)
                    values.append(value)
    for p in set(opened):
        index.append(open_at + p)
        values.append(1.0)
    placed_spaces = frozenset(3 * t["position"] + k for t in tiles for k in range(len(TERRAINS)))
    return _BOARDS.put(key, (tiles, regions, opened), ((index, values), placed_spaces))


def _pieces_entries(
    spaces: list[JSON], start: int, owners: int, seat: int, players: int
) -> Entries:
    """The pieces on the spaces (hunters, tent, canoe, owner seen from ``seat``)."""
    key = (id(spaces), start, seat, players)
    found = _SPACES.get(key)
    if found is not None:
        return found
    index: list[int] = []
    values: list[float] = []
    for sp in spaces:
        owner = sp["owner"]
        if owner < 0:  # no owner, no piece
            continue
        i = sp["space"]
        at = start + i * _SPACE_WIDTH + len(TERRAINS)
        for position, value in (
            (at + 1, sp["hunters"] / MAX_HUNTERS_PER_ACTION),
            (at + 2, sp["tent"] / _SIZES),
            (at + 3, sp["canoe"] / _SIZES),
        ):
            if value:
                index.append(position)
                values.append(value)
        index.append(owners + i * players + relative(seat, owner, players))
        values.append(1.0)
    return _SPACES.put(key, spaces, (index, values))


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


def _player_entries(p: JSON, start: int) -> Entries:
    """One player's slice of ``seat_player``, starting at ``start``: animals, their total,
    hunters, tents and canoes (by size) in supply, then in the market, hunters on the
    board, actions used, whether they hold a tile."""
    key = (id(p), start)
    found = _PLAYERS.get(key)
    if found is not None:
        return found
    animals, supply, market = p["animals"], p["supply"], p["market"]
    dense = [0.0] * _PLAYER_WIDTH
    for a, animal in enumerate(ANIMALS):
        dense[a] = animals[animal] / TRACK_MAX
    dense[3] = p["total"] / (3 * TRACK_MAX)
    dense[4] = supply["hunters"] / HUNTERS_PER_PLAYER
    for at, sizes in (
        (_SUPPLY_TENTS, supply["tents"]),
        (_SUPPLY_CANOES, supply["canoes"]),
        (_MARKET_TENTS, market["tents"]),
        (_MARKET_CANOES, market["canoes"]),
    ):
        for size in sizes:
            dense[at + size] += 0.5
    dense[_MARKET_HUNTERS] = market["hunters"] / HUNTERS_PER_PLAYER
    dense[_ON_BOARD] = p["hunters_on_board"] / HUNTERS_PER_PLAYER
    for kind in p["actions_used"]:
        dense[_USED_AT + _ACTION[kind]] = 1.0
    if p["holds_tile"]:
        dense[-1] = 1.0
    index = [start + i for i, v in enumerate(dense) if v]
    values = [v for v in dense if v]
    return _PLAYERS.put(key, p, (index, values))


def _tile_entries(tile: JSON, start: int) -> Entries:
    """The ``my_tile`` slice of a drawn tile, starting at ``start``."""
    key = (id(tile), start)
    found = _TILES.get(key)
    if found is not None:
        return found
    index = [start, start + 1 + tile["tile"]]
    values = [1.0, 1.0]
    for end in set(tile["river"]):
        index.append(start + 1 + TILE_COUNT + _POINT[end])
        values.append(1.0)
    for a, animal in enumerate(ANIMALS):
        if tile["animals"][animal]:
            index.append(start + 1 + TILE_COUNT + POINTS + a)
            values.append(tile["animals"][animal] / 3.0)
    return _TILES.put(key, tile, (index, values))


def _add(f: Features, entries: Entries) -> None:
    """Write entries worked out before into ``f`` (their positions lie in reserved blocks)."""
    f.index += entries[0]
    f.values += entries[1]


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

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``.

        The parts that come from view objects shared between views (the board's, the
        pieces', each player's) are worked out once per object (see :class:`_Memo`)."""
        f = Features()
        f.one_hot(PHASES.index(view["phase"]), len(PHASES))
        f.scalar(view["round"], 6.0)
        f.scalar(view["rounds"] - view["round"], 6.0)
        f.one_hot(view["action_number"] - 1, ACTIONS_PER_ROUND)
        f.scalar(view["deck"], TILE_COUNT)
        f.one_hot(relative(seat, view["totem"], players), players)
        to_move = view["to_move"]
        f.flags((seat + k) % players in to_move for k in range(players))
        pending = view["pending"]
        if pending is None:
            f.block(len(ACTION_KINDS) + 2)
        else:
            f.one_hot(_ACTION[pending["action"]], len(ACTION_KINDS))
            f.scalar(pending["hunters"], MAX_HUNTERS_PER_ACTION)
            f.scalar(pending["remaining"], MAX_HUNTERS_PER_ACTION)
        tile = view.get("my_tile")
        mine = f.block(1 + TILE_COUNT + POINTS + len(ANIMALS))
        if tile is not None:
            _add(f, _tile_entries(tile, mine))
        board = f.size
        board_entries, on_board = _board_entries(view, board, players)
        _add(f, board_entries)
        f.block(_POSITIONS * (2 + ORIENTATIONS + POINTS))
        spaces = f.block(SPACES * _SPACE_WIDTH)
        owners = f.block(SPACES * players)
        _add(f, _pieces_entries(view["spaces"], spaces, owners, seat, players))
        if pending is not None:
            # Where the action in progress acts: flags on the spaces of the board.
            flagged = spaces + len(TERRAINS) + 6
            target = pending["target"]
            if target in on_board:
                f.put(flagged + target * _SPACE_WIDTH, 1.0)
            for offset, marked in ((1, pending["changed"]), (2, pending["moved_to"])):
                for i in set(marked):
                    if i in on_board:
                        f.put(flagged + i * _SPACE_WIDTH + offset, 1.0)
        info = view["player_info"]
        for k in range(players):
            _add(f, _player_entries(info[(seat + k) % players], f.block(_PLAYER_WIDTH)))
        return f


ENCODING = BisonEncoding()
