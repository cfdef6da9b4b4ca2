"""``view(seat)``: everything a seat may know, as JSON data a client can draw from.

The board comes with its drawing: every placed tile's centre and turned river ends,
every space's outline (``polygon``) and a point to put its pieces at (``anchor``), the
movement links, the corner ponds and the regions — all in screen units where a tile's
corners lie on a circle of radius 1 (:mod:`meeple.games.bison.geometry`).
Nothing hidden leaves here: other players' drawn tiles and the draw pile are counts.

Views are read-only snapshots, so they share every part that does not change: what depends on
the board alone is built once per board (:class:`BoardLayout`), the spaces once per placement
of the pieces, a player's JSON once per what it shows (learning agents ask for a view at every
decision, and the server for every seat at every move)."""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final

from meeple.games.bison.board import EMPTY
from meeple.games.bison.data import ACTION_KINDS, ANIMALS, RIVER, SHELTER_SIZES, TERRAINS
from meeple.games.bison.geometry import (
    POSITIONS,
    anchor,
    cell_centre,
    corner_key,
    point_xy,
    space_of,
    terrain_of_space,
    turn_point,
    turned_polygons,
)

# Defined here once, and still importable from here (tests import json_copy so).
from meeple.games.bison.jsondata import json_copy, json_int, json_ints  # noqa: F401
from meeple.games.bison.layout import (
    BoardLayout,
    Corner,
    Pieces,
    PlacedSpace,
    Shown,
    SpaceRow,
)
from meeple.games.bison.tiles import TILES, point_name

if TYPE_CHECKING:
    from meeple.games.bison.board import Board
    from meeple.games.bison.state import StateData


Drawing = tuple[tuple[tuple[tuple[float, float], ...], ...], tuple[tuple[float, float], ...]]


PLACEMENTS_KEPT = 128
"""Tiles placed (of 21 × 3 orientations × 27 positions) whose drawing and JSON are kept: a game
places about twenty, and every later board of the game shows them again. Not all 1,701: the
garbage collector walks every object kept (now and then, in whatever allocates), and a
placement holds some sixty."""


def _round(value: float) -> float:
    return round(value, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


@cache
def _turned(tile: int, orientation: int) -> Drawing:
    """Outlines and anchors of a turned tile's three spaces, around its centre."""
    polygons = turned_polygons(TILES[tile].river_ends, orientation)
    return polygons, tuple(anchor(poly) for poly in polygons)


@cache
def _drawing(tile: int, orientation: int, position: int) -> Drawing:
    """Outlines and anchors of a placed tile's three spaces, in board coordinates. Kept for
    every placement (1,701 at most): tuples of numbers, which the garbage collector soon
    stops walking, unlike the lists that :func:`_placed_tile` makes of them."""
    cx, cy = cell_centre(POSITIONS[position])
    polygons, centred = _turned(tile, orientation)
    placed = tuple(
        tuple((_round_drawn(cx + x), _round_drawn(cy + y)) for x, y in poly) for poly in polygons
    )
    anchors = tuple((_round_drawn(cx + x), _round_drawn(cy + y)) for x, y in centred)
    return placed, anchors


def _round_drawn(value: float) -> float:
    """``_round(value)`` for the points of a placed tile's drawing, with half the work
    (``round(value, 3)`` rounds the exact decimal value, through a string; a tile's first
    view makes some fifty points). Rounding the thousandths to an integer can differ from
    it only for a value within a rounding error of a half-thousandth: none of the 91,854
    coordinates of the 1,701 placements is one (``tests/games/bison/test_speed_paths.py``
    checks every one)."""
    return round(value * 1000) / 1000 + 0.0  # + 0.0 turns -0.0 into 0.0


def _pieces(counts: list[int]) -> list[int]:
    """Counts by size as a list of sizes: ``[0, 1, 1, 0, 0]`` → ``[1, 2]`` (one list for
    each distinct count, shared by the views)."""
    key = tuple(counts)
    found = _SHELTER_LISTS.get(key)
    if found is None:
        found = _SHELTER_LISTS[key] = [size for size in SHELTER_SIZES for _ in range(counts[size])]
    return found


_SHELTER_LISTS: dict[tuple[int, ...], list[int]] = {}
"""Tents or canoes by counts; a few dozen counts occur at most (2, 2, 1, 1 pieces a size)."""
_USED: Final[list[list[str]]] = [
    [kind for k, kind in enumerate(ACTION_KINDS) if used >> k & 1]
    for used in range(1 << len(ACTION_KINDS))
]
"""The action kinds whose bits are set, by the bits: one list each, shared by the views."""


@cache
def _tile_json(tile: int) -> dict[str, Any]:
    """:func:`tile_json`, made once per tile: its river list and animals dict are shared by
    the placed tiles' JSON (never changed)."""
    return tile_json(tile)


def tile_json(tile: int) -> dict[str, Any]:
    """A tile as a client sees it: name, river ends (in its own orientation) and animals."""
    t = TILES[tile]
    return {
        "tile": t.id,
        "name": t.name,
        "river": [point_name(p) for p in t.river_ends],
        "animals": dict(zip(ANIMALS, t.animals, strict=True)),
    }


def board_layout(board: Board) -> BoardLayout:
    """The view parts of ``board``, built on its first view and kept on it: from those of
    the board it was placed from when they were built (as in a game), else afresh."""
    layout = board.view_layout
    if layout is None:
        after, board.view_after = board.view_after, None  # not needed any more: let it go
        layout = _build_layout(board) if after is None else _layout_after(*after, board)
        board.view_layout = layout
    return layout


PlacedTile = tuple[dict[str, Any], tuple[PlacedSpace, ...], tuple[Corner, ...]]


@lru_cache(maxsize=PLACEMENTS_KEPT)
def _placed_tile(tile: int, orientation: int, position: int) -> PlacedTile:
    """What a tile placed so shows on any board: its JSON, its spaces (without their regions,
    which depend on the neighbours) and its corner ponds ``(corner, x, y, river)``."""
    q, r = POSITIONS[position]
    cx, cy = cell_centre((q, r))
    ends = [turn_point(p, orientation) for p in TILES[tile].river_ends]
    tile_data = {
        **_tile_json(tile),
        "position": position,
        "q": q,
        "r": r,
        "x": _round(cx),
        "y": _round(cy),
        "orientation": orientation,
        "river_ends": [point_name(p) for p in ends],
    }
    polygons, anchors = _drawing(tile, orientation, position)
    animals = TILES[tile].animals
    spaces = tuple(
        PlacedSpace(
            (
                space_of(position, terrain),
                position,
                TERRAINS[terrain],
                animals[terrain],
                [list(p) for p in polygons[terrain]],
                list(anchors[terrain]),
                terrain == RIVER,
            )
        )
        for terrain in range(len(TERRAINS))
    )
    ponds = []
    for p in ends:
        if p % 2 == 0:
            x, y = point_xy(p)
            ponds.append(
                (
                    corner_key((q, r), p // 2),
                    _round(cx + x),
                    _round(cy + y),
                    space_of(position, RIVER),
                )
            )
    return tile_data, spaces, tuple(ponds)


def _build_layout(board: Board) -> BoardLayout:
    """The view parts of ``board``, from nothing."""
    layout = BoardLayout()
    layout.players = {}
    layout.positions, layout.tiles, layout.corners, layout.placed = [], [], [], []
    orientations = board.orientations
    for position, tile in enumerate(board.tiles):
        if tile != EMPTY:
            tile_data, spaces, corners = _placed_tile(tile, orientations[position], position)
            layout.positions.append(position)
            layout.tiles.append(tile_data)
            layout.corners.append(corners)
            layout.placed.extend(spaces)
    layout.links = [_link_json(a, b) for a, near in enumerate(board.adj) for b in near if a < b]
    region_index = _regions(layout, board, {})
    rows, empty = [], []
    for placed in layout.placed:
        row, no_piece = placed.row(region_index[placed.base[0]])
        rows.append(row)
        empty.append(no_piece)
    return _finish_layout(layout, board, rows, empty)


def _layout_after(before: BoardLayout, position: int, board: Board) -> BoardLayout:
    """The view parts of ``board``, from those of the board it was placed from
    (``position``: where the new tile lies). The new tile's parts are inserted in place;
    a region, a space's row and JSON are the old objects unless the region's index changed
    (regions are numbered in order of their first space) or the new tile joined it."""
    layout = BoardLayout()
    # Placing a tile changes no player: the last JSON seen of each stays good (if it is).
    layout.players = dict(before.players)
    tile_data, spaces, corners = _placed_tile(
        board.tiles[position], board.orientations[position], position
    )
    at = bisect_left(before.positions, position)
    layout.positions = [*before.positions[:at], position, *before.positions[at:]]
    layout.tiles = [*before.tiles[:at], tile_data, *before.tiles[at:]]
    layout.corners = [*before.corners[:at], corners, *before.corners[at:]]
    # Every tile has three spaces, in view order: the new tile's rows come at 3 × at.
    at *= len(TERRAINS)
    layout.placed = [*before.placed[:at], *spaces, *before.placed[at:]]
    # The new links all join one of the tile's own spaces, and the old ones stay: insert
    # them in order (``a < b``, ordered by ``a`` then ``b``, as ``_build_layout`` lists them).
    # Lists ``[a, b]`` compare in that very order, in C: no key function (which cost some
    # seventy Python calls a placement).
    links = before.links[:]
    new_spaces = [placed.base[0] for placed in spaces]
    for a in new_spaces:
        for b in board.adj[a]:
            if b not in new_spaces or a < b:
                insort(links, _link_json(min(a, b), max(a, b)))
    layout.links = links
    region_index = _regions(layout, board, before.region_json)
    new = [placed.row(region_index[placed.base[0]]) for placed in spaces]
    rows = [*before.rows[:at], *(row for row, _ in new), *before.rows[at:]]
    empty = [*before.empty[:at], *(no_piece for _, no_piece in new), *before.empty[at:]]
    for i, row in enumerate(rows):
        region = region_index[row[0]]
        if region != row[7]:  # renumbered, or joined by the new tile
            rows[i], empty[i] = layout.placed[i].row(region)
    return _finish_layout(layout, board, rows, empty)


@cache
def _link_json(a: int, b: int) -> list[int]:
    """The link ``[a, b]``: one list per link, shared by every board that has it (never
    changed; some three hundred links exist between the 81 spaces)."""
    return [a, b]


def _regions(
    layout: BoardLayout, board: Board, before: dict[tuple[int, ...], dict[str, Any]]
) -> dict[int, int]:
    """Fill ``layout``'s regions (``before``: the region JSON of the board this one was
    placed from, reused for a region that kept its spaces and its number), and return each
    placed space's region number."""
    region_index: dict[int, int] = {}
    regions = []
    region_json = {}
    animals = board.animals
    for i, region in enumerate(board.regions()):
        region_index.update(dict.fromkeys(region, i))  # in C: a region has up to ~20 spaces
        found = before.get(region)
        if found is None:
            found = {
                "region": i,
                "terrain": TERRAINS[terrain_of_space(region[0])],
                "spaces": list(region),
                "animals": sum(animals[s] for s in region),
            }
        elif found["region"] != i:
            # Renumbered (a region before it was joined or added): the same spaces, so the
            # same list (the encoding's entries for a region go by its spaces' list).
            found = {**found, "region": i}
        regions.append(found)
        region_json[region] = found
    layout.regions = regions
    layout.region_json = region_json
    return region_index


def _finish_layout(
    layout: BoardLayout, board: Board, rows: list[SpaceRow], empty: list[dict[str, Any]]
) -> BoardLayout:
    """Set what every layout builds from its tiles' rows and corners."""
    ponds: dict[tuple[int, int], dict[str, Any]] = {}
    for corners in layout.corners:
        for corner, x, y, river in corners:
            pond = ponds.get(corner)
            if pond is None:
                pond = ponds[corner] = {"x": x, "y": y, "rivers": []}
            pond["rivers"].append(river)
    layout.ponds = list(ponds.values())
    layout.open_positions = board.open_positions()
    layout.rows = rows
    layout.row_of = {row[0]: i for i, row in enumerate(rows)}
    layout.empty = empty
    layout.pieces = None
    return layout


def _pieces_of(layout: BoardLayout, seen: SeatView) -> Pieces:
    """The spaces' JSON for ``seen``'s pieces: the last ones made for this board if the
    pieces have not moved since, else new ones (kept for the next view)."""
    owner, hunters, shelter = seen.owner, seen.hunters, seen.shelter
    pieces = layout.pieces
    if pieces is None or not pieces.fits(owner, hunters, shelter):
        pieces = layout.pieces = Pieces(layout, owner, hunters, shelter)
    return pieces


CELLS: Final[list[list[int]]] = [list(cell) for cell in POSITIONS]
"""Every position's cell ``[q, r]``: the same list in every view."""


class SeatView:
    """What a seat may know of the game, as typed data: ``view(seat)`` is this object's JSON
    (:func:`build_view` reads nothing else), and the encoding for learning agents reads it
    in place of that JSON (:meth:`meeple.games.bison.encoding.BisonEncoding.view_of`).

    It holds the public state (the board, the pieces, each player's animals, supply, market
    and actions used, whether they hold a tile), the seat's own drawn tile, and of the hidden
    rest only counts (the draw pile, the tiles removed). Its lists are the state's own, read
    where they lie: use a seat view before the game moves on (``build_view`` copies what it
    keeps; the encoding compares and copies what it keeps), and never change them.
    """

    __slots__ = (
        "action",
        "advanced",
        "board",
        "count",
        "deck",
        "events",
        "game",
        "holds",
        "hunters",
        "market_canoes",
        "market_hunters",
        "market_tents",
        "moved",
        "my_tile",
        "owner",
        "phase",
        "players",
        "remaining",
        "removed",
        "round",
        "rounds",
        "seat",
        "shelter",
        "start",
        "supply_canoes",
        "supply_hunters",
        "supply_tents",
        "target",
        "touched",
        "tracks",
        "turn",
        "used",
        "winners",
    )

    def __init__(self, state: StateData, seat: int | None) -> None:
        self.seat = seat
        self.game = id(state)
        """Which game this is a view of, for caches that keep what they last saw of each game
        (they check what they kept against the view: a number used again by a later game
        costs them a look, never a wrong answer). It tells nothing of the game itself."""
        self.players = state.players
        self.advanced = state.advanced
        self.round, self.rounds = state.round, state.rounds
        self.start, self.turn, self.phase = state.start, state.turn, state.phase
        # The action in progress (-1: none), as ``pending`` shows it.
        self.action, self.count, self.remaining = state.action, state.count, state.remaining
        self.target, self.touched, self.moved = state.target, state.touched, state.moved
        self.board = state.board
        self.owner, self.hunters, self.shelter = state.owner, state.hunters, state.shelter
        self.tracks = state.tracks
        self.supply_hunters, self.market_hunters = state.supply_hunters, state.market_hunters
        self.supply_tents, self.market_tents = state.supply_tents, state.market_tents
        self.supply_canoes, self.market_canoes = state.supply_canoes, state.market_canoes
        self.used = state.used
        self.holds = [held != EMPTY for held in state.hands]
        self.my_tile = EMPTY if seat is None else state.hands[seat]
        self.deck, self.removed = len(state.deck), len(state.removed)
        self.events = state.events
        self.winners = state.winners

    @property
    def to_move(self) -> int:
        """The seat to move, or -1 once the game is over."""
        return -1 if self.phase == "over" else (self.start + self.turn) % self.players


def build_view(seen: SeatView) -> dict[str, Any]:
    """The JSON of a :class:`SeatView` (``seat`` ``None``: a spectator's).

    The board's parts come from its :class:`BoardLayout` and the spaces from the last
    :class:`Pieces` that fit, shared with other views; the rest is made afresh.
    """
    seat = seen.seat
    layout = board_layout(seen.board)
    pieces = _pieces_of(layout, seen)
    n = seen.players
    on_board = pieces.on_board
    over = seen.phase == "over"  # the properties spelled out: a view is built every decision
    pending = None
    if seen.action != -1:
        pending = {
            "action": ACTION_KINDS[seen.action],
            "hunters": seen.count,
            "remaining": seen.remaining,
            "target": seen.target,
            "changed": list(seen.touched),
            "moved_to": list(seen.moved),
        }
    view: dict[str, Any] = {
        "game": "bison",
        "players": n,
        "seat": seat,
        "advanced": seen.advanced,
        "round": seen.round,
        "rounds": seen.rounds,
        "phase": seen.phase,
        "to_move": [] if over else [(seen.start + seen.turn) % n],  # as SeatView.to_move
        "totem": seen.start,
        "action_number": min(seen.turn // n, 3) + 1,
        "tiles": layout.tiles,
        "spaces": pieces.spaces,
        "regions": layout.regions,
        "links": layout.links,
        "ponds": layout.ponds,
        "open_positions": layout.open_positions,
        "cells": CELLS,
        "player_info": [_player_seen(layout, seen, s, on_board.get(s, 0)) for s in range(n)],
        "deck": seen.deck,
        "removed": seen.removed,
        "pending": pending,
        # Event dicts are never changed once made (the seen's list only grows): shared.
        "events": seen.events[:],
        "scores": list(map(sum, seen.tracks)),  # as seen.scores
        "winners": seen.winners,  # as seen.winners: [] until the game is over
    }
    if seat is not None:
        held = seen.my_tile
        view["my_tile"] = None if held == EMPTY else held_tile(held)
    return view


def _player_seen(layout: BoardLayout, seen: SeatView, s: int, on_board: int) -> dict[str, Any]:
    """Seat ``s``'s JSON: the last one seen on this board (or on those it was placed from)
    if nothing of theirs has changed since (most decisions change one player at most; one
    tuple comparison, list by list), else :func:`_player_json`'s."""
    shown = player_shown(seen, s, on_board)
    last = layout.players.get(s)
    if last is not None and last[0] == shown:
        return last[1]
    found = _player_json(seen, s, on_board)
    layout.players[s] = (kept_shown(shown), found)
    return found


def player_shown(seen: SeatView, s: int, on_board: int) -> Shown:
    """What seat ``s``'s player JSON shows, with ``on_board`` hunters on the board: the
    state's own lists, to compare at once (:func:`kept_shown` copies them to keep)."""
    return (
        seen.tracks[s],
        seen.supply_hunters[s],
        seen.market_hunters[s],
        seen.supply_tents[s],
        seen.market_tents[s],
        seen.supply_canoes[s],
        seen.market_canoes[s],
        on_board,
        seen.used[s],
        seen.holds[s],
    )


def kept_shown(shown: Shown) -> Shown:
    """``shown`` with its lists copied: the state changes its own in place."""
    track, supply, market, st, mt, sc, mc, on_board, used, holds = shown
    return (track[:], supply, market, st[:], mt[:], sc[:], mc[:], on_board, used, holds)


def _player_json(seen: SeatView, s: int, on_board: int) -> dict[str, Any]:
    """What everyone sees of seat ``s``: animals, pieces in supply and market, actions used.
    Its supply and market are shared dicts (:func:`_stock`): they change less often than the
    animals, and the encoding reuses its entries for them."""
    track = seen.tracks[s]
    return {
        "seat": s,
        "animals": dict(zip(ANIMALS, track, strict=True)),
        "total": sum(track),
        "supply": _stock(seen.supply_hunters[s], seen.supply_tents[s], seen.supply_canoes[s]),
        "market": _stock(seen.market_hunters[s], seen.market_tents[s], seen.market_canoes[s]),
        "hunters_on_board": on_board,
        "actions_used": _USED[seen.used[s]],
        "holds_tile": seen.holds[s],
    }


def _stock(hunters: int, tents: list[int], canoes: list[int]) -> dict[str, Any]:
    """A supply or market: hunters, and tents and canoes as lists of sizes (one dict for each
    distinct content, shared by the views)."""
    key = (hunters, *tents, *canoes)
    found = _STOCKS.get(key)
    if found is None:
        if len(_STOCKS) >= STOCKS_KEPT:
            _STOCKS.clear()
        found = _STOCKS[key] = {
            "hunters": hunters,
            "tents": _pieces(tents),
            "canoes": _pieces(canoes),
        }
    return found


_STOCKS: dict[tuple[int, ...], dict[str, Any]] = {}
STOCKS_KEPT = 1024
"""Past this many supplies and markets, :data:`_STOCKS` starts afresh (a game sees a few
dozen; the garbage collector walks every object kept)."""


@cache
def held_tile(tile: int) -> dict[str, Any]:
    """A drawn tile with its three outlines around its own centre, for a placement preview
    (turn them by 120° × orientation, counter-clockwise on screen). Made once per tile and
    shared by every view (never changed)."""
    outlines = turned_polygons(TILES[tile].river_ends, 0)
    return {
        **tile_json(tile),
        "polygons": [[[_round(x), _round(y)] for x, y in poly] for poly in outlines],
    }
