"""Draw the tile set as SVG, from the data (``docs/rules/bison-tiles.svg``).

Regenerate the picture after changing the tiles::

    .venv/bin/python -m meeple.games.bison.svg docs/rules/bison-tiles.svg

The drawing uses only :mod:`~meeple.games.bison.geometry` (the same polygons a client
gets in ``view``), so it shows exactly the spaces the engine plays with.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

from meeple.games.bison.data import ANIMALS
from meeple.games.bison.geometry import (
    POND_RADIUS,
    START_CELLS,
    TOTEM_CORNER,
    Point,
    anchor,
    cell_centre,
    point_xy,
    tile_outline,
    turn_point,
    turned_polygons,
)
from meeple.games.bison.tiles import TILES, Tile

SCALE: Final = 48.0
TERRAIN_FILL: Final = ("#9cc96b", "#4f93d6", "#b08a64")
ANIMAL_FILL: Final = ("#4a2f1b", "#e8f4ff", "#d9532b")
COLUMNS: Final = 6


def _xy(p: Point, centre: Point) -> str:
    return f"{(centre[0] + p[0]) * SCALE:.1f},{(centre[1] + p[1]) * SCALE:.1f}"


def _animal_marks(kind: int, count: int, at: Point) -> list[str]:
    """``count`` small marks of one animal around ``at`` (already in pixels)."""
    marks = []
    for i in range(count):
        x = at[0] + (i - (count - 1) / 2) * 11
        y = at[1]
        fill = ANIMAL_FILL[kind]
        if kind == 0:
            marks.append(
                f'<rect x="{x - 4:.1f}" y="{y - 3:.1f}" width="8" height="6" rx="2" fill="{fill}"/>'
            )
        elif kind == 1:
            marks.append(
                f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="4.5" ry="2.5" fill="{fill}" stroke="#1d4f80" stroke-width="0.8"/>'
            )
        else:
            marks.append(
                f'<path d="M{x - 4:.1f},{y + 3:.1f} L{x + 4:.1f},{y + 3:.1f} L{x:.1f},{y - 4:.1f} Z" fill="{fill}"/>'
            )
    return marks


def tile_svg(tile: Tile, orientation: int, centre: Point) -> list[str]:
    """SVG elements for one tile turned ``orientation`` × 120°, centred at ``centre``."""
    parts = []
    polygons = turned_polygons(tile.river_ends, orientation)
    for terrain, poly in enumerate(polygons):
        points = " ".join(_xy(p, centre) for p in poly)
        parts.append(f'<polygon points="{points}" fill="{TERRAIN_FILL[terrain]}"/>')
    for end in tile.river_ends:
        if end % 2 == 0:
            p = point_xy(turn_point(end, orientation))
            cx, cy = ((centre[0] + p[0]) * SCALE, (centre[1] + p[1]) * SCALE)
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{POND_RADIUS * SCALE:.1f}" fill="{TERRAIN_FILL[1]}"/>'
            )
    outline = " ".join(_xy(p, centre) for p in tile_outline())
    parts.append(f'<polygon points="{outline}" fill="none" stroke="#333" stroke-width="1.5"/>')
    for terrain, poly in enumerate(polygons):
        ax, ay = anchor(poly)
        at = ((centre[0] + ax) * SCALE, (centre[1] + ay) * SCALE)
        parts.extend(_animal_marks(terrain, tile.animals[terrain], at))
    return parts


def tileset_svg(tiles: tuple[Tile, ...] = TILES) -> str:
    """The start tiles around the totem, then every tile in its own orientation."""
    parts: list[str] = []
    # The start board, top left.
    origin = (2.2, 3.2)
    for tile in tiles:
        if tile.start is None:
            continue
        cell, orientation = tile.start
        cx, cy = cell_centre(cell)
        parts.extend(tile_svg(tile, orientation, (origin[0] + cx, origin[1] + cy)))
    tx, ty = point_xy(2 * TOTEM_CORNER)
    sx, sy = cell_centre(START_CELLS[0])
    totem = ((origin[0] + sx + tx) * SCALE, (origin[1] + sy + ty) * SCALE)
    parts.append(
        f'<circle cx="{totem[0]:.1f}" cy="{totem[1]:.1f}" r="6" fill="#f2c94c" stroke="#333"/>'
    )
    parts.append(
        f'<text x="{origin[0] * SCALE:.0f}" y="{(origin[1] + 2.4) * SCALE:.0f}" '
        f'text-anchor="middle">start tiles around the totem</text>'
    )
    # Every tile, numbered.
    step_x, step_y = 2.4, 2.7
    for i, tile in enumerate(tiles):
        col, row = i % COLUMNS, i // COLUMNS
        centre = (5.6 + col * step_x, 1.3 + row * step_y)
        parts.extend(tile_svg(tile, 0, centre))
        parts.append(
            f'<text x="{centre[0] * SCALE:.0f}" y="{(centre[1] + 1.22) * SCALE:.0f}" '
            f'text-anchor="middle">{tile.id} {tile.name}</text>'
        )
    # The legend.
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    ly = (1.0 + rows * step_y) * SCALE
    legend = [
        f'<text x="20" y="{ly:.0f}">A reconstruction: the real tile artwork is not public. '
        f"Grassland green, river blue (ponds at corners), mountain brown. Marks:</text>"
    ]
    x = 20.0
    for kind, name in enumerate(ANIMALS):
        legend.extend(_animal_marks(kind, 1, (x + 5, ly + 20)))
        legend.append(f'<text x="{x + 14:.0f}" y="{ly + 25:.0f}">{name}</text>')
        x += 90
    width = (5.6 + COLUMNS * step_x) * SCALE
    height = ly + 40
    body = "\n".join(["  " + p for p in parts + legend])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12">\n'
        f'  <rect width="100%" height="100%" fill="#fbf8f0"/>\n{body}\n</svg>\n'
    )


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/rules/bison-tiles.svg")
    out.write_text(tileset_svg())
    print(out)
