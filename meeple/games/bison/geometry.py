"""The fixed geometry of Bison's board: hex-like tiles, their sides, corners and spaces.

**Tiles and positions.** Tiles sit on a hexagonal grid in axial coordinates ``(q, r)``;
side ``k`` of a tile faces the neighbour ``DIRECTIONS[k]`` (0 east, then counter-clockwise
on paper: 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east). Corner ``k``
lies between side ``k - 1`` and side ``k``, so three tiles meet at every corner. Sides
alternate convex (even ``k``) and concave (odd ``k``); that is why a tile turns only in
steps of 120° — :data:`ORIENTATIONS` — and why the sides of neighbours always fit.

**The perimeter** of a tile has twelve *points*: point ``2k`` is corner ``k`` and point
``2k + 1`` the middle of side ``k``. Between point ``h`` and point ``h + 1`` runs
*half-side* ``h``. A tile's river runs from one point to another; it cuts the perimeter
into the grassland arc (counter-clockwise from the first end to the second) and the
mountain arc (FACTS.md: the river always separates the grassland from the mountain).

**Spaces** are numbered ``3 * position + terrain``; positions are the 27 places a tile
may take (:data:`POSITIONS`). :mod:`meeple.games.bison.board` builds the movement graph
and the regions from the tiles placed; this module is the part that never changes.

>>> len(POSITIONS)
27
>>> hex_distance((0, 0), (2, -1))
2
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Final

from meeple.games.bison.data import GRASSLAND, MOUNTAIN

# --- the hexagonal grid ---------------------------------------------------------------

Hex = tuple[int, int]

DIRECTIONS: Final[tuple[Hex, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SIDES: Final = 6
POINTS: Final = 12
ORIENTATIONS: Final = 3
"""Alternating convex and concave sides allow only turns of 120° (FACTS.md)."""
POINTS_PER_TURN: Final = POINTS // ORIENTATIONS


def neighbour(cell: Hex, side: int) -> Hex:
    """The cell across ``side`` of ``cell``.

    >>> neighbour((0, 0), 1)
    (1, -1)
    """
    dq, dr = DIRECTIONS[side]
    return (cell[0] + dq, cell[1] + dr)


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two cells of the grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def is_convex(side: int) -> bool:
    """Even sides bulge out, odd sides curve in; a turn of 120° keeps the pattern."""
    return side % 2 == 0


# --- the perimeter --------------------------------------------------------------------


def corner_point(corner: int) -> int:
    """The perimeter point of a corner."""
    return 2 * corner


def side_point(side: int) -> int:
    """The perimeter point in the middle of a side."""
    return 2 * side + 1


def turn_point(point: int, orientation: int) -> int:
    """Where a tile's point ends up when the tile is turned ``orientation`` × 120°."""
    return (point + POINTS_PER_TURN * orientation) % POINTS


def facing_half_side(half: int) -> int:
    """The neighbour's half-side lying against ``half`` (across side ``half // 2``).

    The neighbour's side runs the other way round, so the first half of a side
    touches the second half of the neighbour's side:

    >>> facing_half_side(0), facing_half_side(1)
    (7, 6)
    """
    side, second = divmod(half, 2)
    return 2 * ((side + 3) % SIDES) + 1 - second


def facing_side_point(side: int) -> int:
    """The neighbour's middle point that touches the middle of ``side``."""
    return side_point((side + 3) % SIDES)


def corner_sharers(corner: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two other tiles at ``corner``: ``((side, their corner), (side, their corner))``.

    Corner ``k`` is corner ``k + 2`` of the neighbour across side ``k - 1`` and corner
    ``k + 4`` of the neighbour across side ``k``.
    """
    return (((corner - 1) % SIDES, (corner + 2) % SIDES), (corner, (corner + 4) % SIDES))


@dataclass(frozen=True)
class Footprint:
    """What a turned tile shows along its edge, in board directions.

    ``halves[h]`` is the terrain (grassland or mountain) of half-side ``h``;
    ``river_ends`` are the two points where the river meets the edge.
    """

    halves: tuple[int, ...]
    river_ends: tuple[int, int]

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled by its fields: compiled (mypyc), a frozen dataclass cannot be
        # restored field by field, as Python's default does.
        return Footprint, (self.halves, self.river_ends)


def grassland_arc(river_ends: tuple[int, int]) -> range:
    """The half-sides of the grassland, counter-clockwise from the first river end.

    The indices may pass 11; take them modulo 12.

    >>> list(grassland_arc((0, 6)))
    [0, 1, 2, 3, 4, 5]
    """
    a, b = river_ends
    return range(a, a + (b - a) % POINTS)


@cache
def footprint(river_ends: tuple[int, int], orientation: int) -> Footprint:
    """The footprint of a tile whose river runs between two of its own points, turned."""
    halves = [MOUNTAIN] * POINTS
    for h in grassland_arc(river_ends):
        halves[h % POINTS] = GRASSLAND
    shift = POINTS_PER_TURN * orientation
    turned = tuple(halves[(h - shift) % POINTS] for h in range(POINTS))
    a, b = river_ends
    return Footprint(turned, (turn_point(a, orientation), turn_point(b, orientation)))


# --- the board area -------------------------------------------------------------------

START_CELLS: Final[tuple[Hex, ...]] = ((0, 0), (1, -1), (0, -1))
"""The three start tiles, around the totem (3枚のスタートタイルを、トーテムのマークが真ん中にくるように)."""
TOTEM_CORNER: Final = 2
"""The totem is corner 2 of the first start cell: corner 4 of the second, corner 0 of the third."""

MAX_TILES_FROM_TOTEM: Final = 3
"""Ruling (FACTS.md): スタートタイルのトーテムの印より4枚以上離れたところにタイルを置いてはなりません
— a cell is allowed when 1 + (its distance to the nearest start tile) ≤ 3."""


def tiles_from_totem(cell: Hex) -> int:
    """How many tiles away from the totem a cell is: 1 for the start tiles."""
    return 1 + min(hex_distance(cell, s) for s in START_CELLS)


def _board_cells() -> tuple[Hex, ...]:
    reach = MAX_TILES_FROM_TOTEM
    found = {
        (q, r)
        for q in range(-reach - 1, reach + 2)
        for r in range(-reach - 2, reach + 1)
        if tiles_from_totem((q, r)) <= reach
    }
    return tuple(sorted(found, key=lambda c: (c[1], c[0])))


POSITIONS: Final[tuple[Hex, ...]] = _board_cells()
"""Every cell a tile may take, top row first, left to right; a position is an index into it."""
POSITION_OF: Final[dict[Hex, int]] = {cell: i for i, cell in enumerate(POSITIONS)}
START_POSITIONS: Final[tuple[int, ...]] = tuple(POSITION_OF[c] for c in START_CELLS)

NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(POSITION_OF.get(neighbour(cell, k), -1) for k in range(SIDES)) for cell in POSITIONS
)
"""``NEIGHBOURS[position][side]``: the position across that side, or -1 off the board area."""

SPACES: Final = 3 * len(POSITIONS)


def space_of(position: int, terrain: int) -> int:
    """The space of a terrain (0 grassland, 1 river, 2 mountain) at a position.

    >>> space_of(4, 1)
    13
    """
    return 3 * position + terrain


def position_of_space(space: int) -> int:
    """The position a space lies on."""
    return space // 3


def terrain_of_space(space: int) -> int:
    """The terrain of a space (0 grassland, 1 river, 2 mountain)."""
    return space % 3


# --- drawing --------------------------------------------------------------------------
# Screen coordinates (x right, y down); a tile's corners lie on a circle of radius 1.

Point = tuple[float, float]

SIDE_BULGE: Final = 0.14
"""How far the middle of a side bulges out (convex) or in (concave)."""
RIVER_MOUTH: Final = 0.3
"""Half the width of a river where it meets a side, as a fraction of a half-side."""
RIVER_BANK: Final = 0.13
"""Half the width of a river in the middle of a tile."""
POND_RADIUS: Final = 0.16


def corner_key(cell: Hex, corner: int) -> tuple[int, int]:
    """Exact integer coordinates of a corner, the same for the three tiles that share it.

    >>> corner_key((0, 0), TOTEM_CORNER) == corner_key((1, -1), 4) == corner_key((0, -1), 0)
    True
    """
    q, r = cell
    dx = (1, 1, 0, -1, -1, 0)[corner]
    dy = (1, -1, -2, -1, 1, 2)[corner]
    return (2 * q + r + dx, 3 * r + dy)


def cell_centre(cell: Hex) -> Point:
    """The centre of a cell on the screen."""
    q, r = cell
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def _unit(degrees: float) -> Point:
    rad = math.radians(degrees)
    return (math.cos(rad), -math.sin(rad))


def point_xy(point: int) -> Point:
    """A perimeter point relative to the tile's centre."""
    if point % 2 == 0:
        return _unit(60 * (point // 2) - 30)
    side = point // 2
    radius = math.sqrt(3) / 2 + (SIDE_BULGE if is_convex(side) else -SIDE_BULGE)
    ux, uy = _unit(60 * side)
    return (radius * ux, radius * uy)


def perimeter_xy(t: float) -> Point:
    """The point at perimeter parameter ``t`` (point ``p`` is at ``t = p``), any real ``t``."""
    base = math.floor(t)
    frac = t - base
    ax, ay = point_xy(base % POINTS)
    bx, by = point_xy((base + 1) % POINTS)
    return (ax + (bx - ax) * frac, ay + (by - ay) * frac)


def _walk(start: float, end: float) -> list[Point]:
    """Perimeter points from ``start`` to ``end`` (counter-clockwise), corners included."""
    pts = [perimeter_xy(start)]
    p = math.floor(start) + 1
    while p < end:
        pts.append(point_xy(p % POINTS))
        p += 1
    pts.append(perimeter_xy(end))
    return pts


@cache
def space_polygons(river_ends: tuple[int, int]) -> tuple[tuple[Point, ...], ...]:
    """The outlines of a tile's grassland, river and mountain, relative to its centre.

    The river is a band from one end to the other, bent towards the smaller of the
    two land arcs; the land arcs fill the rest. Turn the result with
    :func:`turned_polygons`.
    """
    a, b = river_ends
    grass_len = (b - a) % POINTS
    b_unwrapped = a + grass_len
    mid_grass = perimeter_xy(a + grass_len / 2)
    norm = math.hypot(*mid_grass)
    toward_grass = (mid_grass[0] / norm, mid_grass[1] / norm)
    # Bend the river towards the smaller land so that both lands look their size.
    pull = 0.35 * (POINTS / 2 - grass_len) / (POINTS / 2)
    bend = (toward_grass[0] * pull, toward_grass[1] * pull)
    grass_bank = (bend[0] + toward_grass[0] * RIVER_BANK, bend[1] + toward_grass[1] * RIVER_BANK)
    mountain_bank = (
        bend[0] - toward_grass[0] * RIVER_BANK,
        bend[1] - toward_grass[1] * RIVER_BANK,
    )
    m = RIVER_MOUTH
    grass = [*_walk(a + m, b_unwrapped - m), grass_bank]
    mountain = [*_walk(b_unwrapped + m, a + POINTS - m), mountain_bank]
    river = [
        *_walk(a - m, a + m),
        grass_bank,
        *_walk(b_unwrapped - m, b_unwrapped + m),
        mountain_bank,
    ]
    return (tuple(grass), tuple(river), tuple(mountain))


def turned_polygons(river_ends: tuple[int, int], orientation: int) -> tuple[tuple[Point, ...], ...]:
    """:func:`space_polygons` turned ``orientation`` × 120° counter-clockwise."""
    rad = math.radians(120 * orientation)
    cos, sin = math.cos(rad), math.sin(rad)
    # Counter-clockwise on paper is clockwise in screen coordinates (y points down).
    return tuple(
        tuple((x * cos + y * sin, -x * sin + y * cos) for x, y in poly)
        for poly in space_polygons(river_ends)
    )


def tile_outline() -> tuple[Point, ...]:
    """The outline of a tile relative to its centre: twelve points, bulges included."""
    return tuple(point_xy(p) for p in range(POINTS))


def anchor(polygon: tuple[Point, ...]) -> Point:
    """A point inside a space to draw its animals and pieces at (the vertex average)."""
    n = len(polygon)
    return (sum(x for x, _ in polygon) / n, sum(y for _, y in polygon) / n)
