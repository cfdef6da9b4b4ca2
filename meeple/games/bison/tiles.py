"""The 21 tiles, read from :mod:`~meeple.games.bison.tileset` and checked against every fact.

The real tile artwork is not public, so the tile set is a **reconstruction**: designed to
obey everything the rulebook and FACTS.md say. :func:`problems` lists what a tile set
breaks; the module refuses to load a set with any problem.

>>> len(TILES), [t.name for t in START_TILES]
(21, ['start south', 'start east', 'start west'])
>>> TILES[4].animals
(0, 3, 0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from meeple.games.bison.data import ANIMALS
from meeple.games.bison.geometry import (
    ORIENTATIONS,
    POINTS,
    POINTS_PER_TURN,
    SIDES,
    START_CELLS,
    Hex,
    corner_point,
    side_point,
)
from meeple.games.bison.tileset import TILE_SET, TileRow

TILE_COUNT: Final = 21
"""Rulebook: タイル：21枚（うちスタートタイル3枚）."""
START_TILE_COUNT: Final = 3
ANIMALS_PER_TILE: Final = 3
"""FACTS.md: every tile shows exactly 3 animals in any split (0–3 per space)."""
MIN_LAND_ARC: Final = 3
"""Design rule of the reconstruction: each land reaches at least a side and a half of the
edge (three half-sides), so that no space is a sliver."""
MIN_DISTINCT_SHAPES: Final = 15
"""Design rule: river shapes vary (counted up to a 120° turn)."""
MIN_DISTINCT_SPLITS: Final = 8
"""Design rule: the animal splits vary."""


@dataclass(frozen=True)
class Tile:
    """One tile: its river (two perimeter points), its animals, and where a start tile lies."""

    id: int
    name: str
    river_ends: tuple[int, int]
    animals: tuple[
        int, int, int
    ]  # bison on the grassland, fish in the river, turkeys on the mountain
    start: tuple[Hex, int] | None  # (cell, orientation) of a start tile

    @property
    def shape(self) -> tuple[int, int]:
        """The river's shape up to a 120° turn: (first end mod 4, length of the grassland arc)."""
        a, b = self.river_ends
        return (a % POINTS_PER_TURN, (b - a) % POINTS)


def parse_point(name: str) -> int:
    """A perimeter point from its name: ``"c3"`` is corner 3, ``"s3"`` the middle of side 3.

    >>> parse_point("c3"), parse_point("s3")
    (6, 7)
    """
    kind, digits = name[:1], name[1:]
    if kind not in ("c", "s") or not digits.isdigit() or not 0 <= int(digits) < SIDES:
        raise ValueError(f"not a perimeter point: {name!r} (c0..c5 or s0..s5)")
    return corner_point(int(digits)) if kind == "c" else side_point(int(digits))


def point_name(point: int) -> str:
    """The name of a perimeter point, the inverse of :func:`parse_point`."""
    return f"c{point // 2}" if point % 2 == 0 else f"s{point // 2}"


def read(rows: tuple[TileRow, ...]) -> tuple[Tile, ...]:
    """Tiles from rows of a tile set; raise ``ValueError`` if the set breaks a fact."""
    tiles = tuple(
        Tile(
            id=i,
            name=name,
            river_ends=(parse_point(ends[0]), parse_point(ends[1])),
            animals=animals,
            start=None if start is None else ((start[0], start[1]), start[2]),
        )
        for i, (name, ends, animals, start) in enumerate(rows)
    )
    found = problems(tiles)
    if found:
        raise ValueError("the tile set breaks the facts:\n- " + "\n- ".join(found))
    return tiles


def problems(tiles: tuple[Tile, ...]) -> list[str]:
    """Every way ``tiles`` breaks a published fact or a design rule (empty if none)."""
    found: list[str] = []
    if len(tiles) != TILE_COUNT:
        found.append(f"{len(tiles)} tiles, not {TILE_COUNT} (タイル：21枚)")
    if [t.id for t in tiles] != list(range(len(tiles))):
        found.append("tile ids must be 0, 1, 2, ... in order")
    if len({t.name for t in tiles}) != len(tiles):
        found.append("tile names must differ")
    starts = [t for t in tiles if t.start is not None]
    if [t.id for t in starts] != list(range(START_TILE_COUNT)):
        found.append(f"the first {START_TILE_COUNT} tiles, and only they, are start tiles")
    elif tuple(t.start[0] for t in starts if t.start) != START_CELLS:
        found.append(f"the start tiles must lie around the totem corner, at {START_CELLS}")
    for t in starts:
        if t.start is not None and not 0 <= t.start[1] < ORIENTATIONS:
            found.append(f"tile {t.id}: orientation must be 0–{ORIENTATIONS - 1}")
    for t in tiles:
        found.extend(_tile_problems(t))
    totals = [sum(t.animals[i] for t in tiles) for i in range(len(ANIMALS))]
    if len(set(totals)) != 1:
        found.append(f"the animals are not balanced: {dict(zip(ANIMALS, totals, strict=True))}")
    regular = [t for t in tiles if t.start is None]
    twins = [k for k, n in Counter((t.shape, t.animals) for t in regular).items() if n > 1]
    if twins:
        found.append(f"tiles with the same river and animals: {twins}")
    if len({t.shape for t in tiles}) < MIN_DISTINCT_SHAPES:
        found.append(f"fewer than {MIN_DISTINCT_SHAPES} river shapes")
    if len({t.animals for t in tiles}) < MIN_DISTINCT_SPLITS:
        found.append(f"fewer than {MIN_DISTINCT_SPLITS} animal splits")
    ends = Counter(sum(p % 2 for p in t.river_ends) for t in tiles)
    for odd, label in ((0, "corner to corner"), (1, "corner to side"), (2, "side to side")):
        if ends[odd] < 3:
            found.append(f"fewer than 3 rivers running {label}")
    return found


def _tile_problems(t: Tile) -> list[str]:
    found = []
    a, b = t.river_ends
    if not (0 <= a < POINTS and 0 <= b < POINTS) or a == b:
        found.append(f"tile {t.id}: a river needs two different ends on the edge")
    else:
        grass = (b - a) % POINTS
        # The river separates the grassland from the mountain (川は必ず草原と山を分断する):
        # both lands keep an arc of the edge.
        if not MIN_LAND_ARC <= grass <= POINTS - MIN_LAND_ARC:
            found.append(f"tile {t.id}: each land needs {MIN_LAND_ARC}+ half-sides of edge")
    if sum(t.animals) != ANIMALS_PER_TILE:
        found.append(f"tile {t.id}: {sum(t.animals)} animals, not {ANIMALS_PER_TILE}")
    if any(not 0 <= n <= ANIMALS_PER_TILE for n in t.animals):
        found.append(f"tile {t.id}: 0–3 animals per space")
    return found


TILES: Final[tuple[Tile, ...]] = read(TILE_SET)
START_TILES: Final[tuple[Tile, ...]] = TILES[:START_TILE_COUNT]
REGULAR_TILES: Final[tuple[int, ...]] = tuple(t.id for t in TILES if t.start is None)
"""The 18 tiles of the draw pile (残った 18 枚のタイル)."""
