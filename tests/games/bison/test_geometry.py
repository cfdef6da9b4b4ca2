"""The geometry of tiles and the board graph, on hand-built boards.

Boards here are built with :class:`Board` directly, from river shapes chosen for each
test (not necessarily tiles of the set). Positions: 17 is (0, 0), 18 is (1, 0) east of
it, 12 is (1, -1) north-east, 11 is (0, -1) north-west. Space = 3 × position + terrain.
"""

from __future__ import annotations

import math
import random

import pytest

from meeple.games.bison.board import EMPTY, Board
from meeple.games.bison.data import GRASSLAND, MOUNTAIN, RIVER
from meeple.games.bison.geometry import (
    DIRECTIONS,
    NEIGHBOURS,
    ORIENTATIONS,
    POINTS,
    POSITION_OF,
    POSITIONS,
    SIDES,
    START_CELLS,
    START_POSITIONS,
    TOTEM_CORNER,
    cell_centre,
    corner_key,
    corner_sharers,
    facing_half_side,
    footprint,
    hex_distance,
    is_convex,
    neighbour,
    point_xy,
    space_of,
    tile_outline,
    tiles_from_totem,
    turned_polygons,
)
from meeple.games.bison.tiles import TILES, Tile

A, B, C = 17, 18, 12  # (0, 0), (1, 0), (1, -1): three tiles around corner 1 of A
S0_S3 = (1, 7)  # a straight river from the middle of side 0 to the middle of side 3
ONE_EACH = (1, 1, 1)


def board(*tiles: tuple[int, tuple[int, int]]) -> Board:
    """A board of the given (position, river ends) tiles, each in orientation 0."""
    b = Board.empty()
    for position, ends in tiles:
        b = b.placed(position, tile=position, orientation=0, river_ends=ends, animals=ONE_EACH)
    return b


def g(p: int) -> int:
    return space_of(p, GRASSLAND)


def r(p: int) -> int:
    return space_of(p, RIVER)


def m(p: int) -> int:
    return space_of(p, MOUNTAIN)


def area(polygon: tuple[tuple[float, float], ...]) -> float:
    return abs(
        sum(
            x1 * y2 - x2 * y1
            for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
        )
        / 2
    )


# --- tiles and the grid ---------------------------------------------------------------


def test_sides_alternate_convex_and_concave_so_neighbours_always_fit() -> None:
    """FACTS.md: six sides that alternate convex and concave, so three tiles meet at every
    corner and a tile can be turned only in 120° steps (3 orientations)."""
    for k in range(SIDES):
        assert is_convex(k) != is_convex((k + 1) % SIDES)
        # The side facing mine is of the other kind, and its bulge is my bulge.
        assert is_convex(k) != is_convex((k + 3) % SIDES)
        mine = cell_centre((0, 0))
        theirs = cell_centre(DIRECTIONS[k])
        x1, y1 = point_xy(2 * k + 1)
        x2, y2 = point_xy(2 * ((k + 3) % SIDES) + 1)
        assert math.isclose(mine[0] + x1, theirs[0] + x2, abs_tol=1e-9)
        assert math.isclose(mine[1] + y1, theirs[1] + y2, abs_tol=1e-9)
    # A turn keeps convex sides convex only in steps of two sides (120°).
    assert ORIENTATIONS == 3
    assert all(is_convex(k) == is_convex((k + 2) % SIDES) for k in range(SIDES))


def test_the_three_start_tiles_meet_at_the_totem_corner() -> None:
    """3枚のスタートタイルを、トーテムのマークが真ん中にくるように組み合わせて (the three start
    tiles put together with the totem mark in the middle): they share one corner and each
    pair shares a side."""
    keys = {
        corner_key(START_CELLS[0], TOTEM_CORNER),
        corner_key(START_CELLS[1], (TOTEM_CORNER + 2) % SIDES),
        corner_key(START_CELLS[2], (TOTEM_CORNER + 4) % SIDES),
    }
    assert len(keys) == 1
    for i, a in enumerate(START_CELLS):
        for b in START_CELLS[i + 1 :]:
            assert hex_distance(a, b) == 1


def test_every_corner_is_shared_by_exactly_three_tiles() -> None:
    """Three tiles meet at every corner: the two others found by ``corner_sharers`` name it
    with the same exact coordinates."""
    cell = (2, -1)
    for corner in range(SIDES):
        key = corner_key(cell, corner)
        for side, theirs in corner_sharers(corner):
            assert corner_key(neighbour(cell, side), theirs) == key


def test_facing_half_sides_pair_up() -> None:
    """The half-side across a shared side faces back, and lies on the opposite side."""
    for half in range(POINTS):
        facing = facing_half_side(half)
        assert facing_half_side(facing) == half
        assert facing // 2 == (half // 2 + 3) % SIDES


def test_a_turn_of_120_degrees_moves_everything_four_points_on() -> None:
    """Turning a tile once moves its river ends and its lands two sides counter-clockwise."""
    flat = footprint(S0_S3, 0)
    turned = footprint(S0_S3, 1)
    assert turned.river_ends == (5, 11)
    assert all(turned.halves[(h + 4) % POINTS] == flat.halves[h] for h in range(POINTS))


def test_the_board_area_is_three_tiles_from_the_totem() -> None:
    """スタートタイルのトーテムの印より4枚以上離れたところにタイルを置いてはなりません (no tile 4 or
    more tiles from the totem). Ruling (FACTS.md): allowed when 1 + the distance to the
    nearest start tile is at most 3, which leaves 27 positions."""
    assert len(POSITIONS) == 27
    assert set(START_POSITIONS) == {POSITION_OF[c] for c in START_CELLS}
    assert all(tiles_from_totem(c) <= 3 for c in POSITIONS)
    ring = {(q, r) for q in range(-6, 7) for r in range(-6, 7)} - set(POSITIONS)
    assert all(tiles_from_totem(c) > 3 for c in ring)
    assert tiles_from_totem((0, 2)) == 3 and (0, 2) in POSITION_OF
    assert tiles_from_totem((0, 3)) == 4 and (0, 3) not in POSITION_OF


def test_neighbour_table_matches_the_grid() -> None:
    for position, cell in enumerate(POSITIONS):
        for side in range(SIDES):
            other = NEIGHBOURS[position][side]
            expected = POSITION_OF.get(neighbour(cell, side), -1)
            assert other == expected


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.name)
def test_the_three_spaces_of_a_tile_cover_it_exactly(tile: Tile) -> None:
    """Each tile has exactly three spaces (FACTS.md); the drawn outlines of grassland, river
    and mountain fill the tile, whatever its orientation."""
    ends = tile.river_ends
    whole = area(tile_outline())
    for orientation in range(ORIENTATIONS):
        polygons = turned_polygons(ends, orientation)
        assert len(polygons) == 3
        assert all(area(p) > 0.05 * whole for p in polygons)
        assert math.isclose(sum(area(p) for p in polygons), whole, rel_tol=1e-9)


# --- the movement graph ----------------------------------------------------------------


def test_inside_a_tile_land_reaches_the_river_for_one_point_and_the_other_land_for_two() -> None:
    """隣の地形へ移動するときの移動ポイントは1点です。草原⇄川、山⇄川…同じタイルの草原から山に
    移動する場合は川を経由する必要があるため、必要な移動ポイントは2点となります。
    Moving to the next space costs 1 point (grassland–river, mountain–river); grassland to
    mountain on the same tile goes through the river and costs 2."""
    b = board((A, S0_S3))
    assert b.distance(g(A), r(A)) == 1
    assert b.distance(m(A), r(A)) == 1
    assert b.distance(g(A), m(A)) == 2
    assert m(A) not in b.neighbours(g(A))


def test_across_a_side_touching_lands_and_rivers_are_one_point_apart() -> None:
    """隣のタイルの接した地形に移動する場合の移動ポイントは1点です。タイルを超えた草原⇄草原、
    草原⇄山、山⇄山、川⇄川の移動が該当します。 Two straight rivers in line: the grasslands
    touch, the mountains touch, the rivers flow on."""
    b = board((A, S0_S3), (B, S0_S3))
    assert set(b.neighbours(g(A))) == {r(A), g(B)}
    assert set(b.neighbours(m(A))) == {r(A), m(B)}
    assert set(b.neighbours(r(A))) == {g(A), m(A), r(B)}


def test_grassland_touching_mountain_is_a_link_but_never_one_region() -> None:
    """FACTS.md: grassland touching mountain across an edge is a movement link (cost 1) but
    never joins them into one region; 草原が山と繋がるのも構いません。
    (The rulebook: grassland may meet mountain.)"""
    swapped = (S0_S3[1], S0_S3[0])  # the same river with grassland and mountain swapped
    b = board((A, S0_S3), (B, swapped))
    assert b.distance(g(A), m(B)) == 1
    assert b.distance(m(A), g(B)) == 1
    assert b.region_of(g(A)) == (g(A),)
    assert b.region_of(m(B)) == (m(B),)
    assert b.region_of(r(A)) == (r(A), r(B))


def test_lands_that_meet_only_at_a_corner_are_not_linked() -> None:
    """隣のタイルへの移動は辺を跨いでの移動のみで、角を越えた移動はできません (only across
    sides, never across corners). A's river ends at corner 1, so its grassland touches
    B only in that corner."""
    b = board((A, (2, 8)), (B, S0_S3))
    assert g(B) not in b.neighbours(g(A))
    assert b.distance(g(A), g(B)) == 3
    # Its mountain fills A's side 0 and touches both of B's lands along it.
    assert set(b.neighbours(m(A))) == {r(A), g(B), m(B)}
    # B's river does not reach that corner: no pond, no link.
    assert r(B) not in b.neighbours(r(A))


def test_rivers_ending_in_one_corner_pond_are_linked() -> None:
    """ただし、川から川への移動は例外です。角にある小さな池状の場所はスペースとはみなさず
    (river to river across a corner is the exception; the pond is no space). Three rivers
    ending in the corner shared by A, B and C are each one point from the others."""
    b = board((A, (2, 8)), (B, (6, 0)), (C, (10, 4)))
    for x, y in ((A, B), (A, C), (B, C)):
        assert b.distance(r(x), r(y)) == 1
    # The pond joins them into one river region (ruling POND_JOINS_RIVERS).
    assert b.region_of(r(A)) == tuple(sorted((r(A), r(B), r(C))))
    # The pond is no space: everything reachable is one of the nine spaces of the tiles.
    assert set(b.distances(r(A))) == {space_of(p, t) for p in (A, B, C) for t in range(3)}


def test_a_river_running_into_land_ends_there() -> None:
    """川は途切れても構いません (rivers may break off): a river meeting grassland across a
    side has no link to it — 川⇄草原 is not among the moves across a side."""
    b = board((A, S0_S3), (B, (2, 8)))
    assert set(b.neighbours(r(A))) == {g(A), m(A)}
    assert set(b.neighbours(g(B))) >= {g(A), m(A)}


def test_regions_are_connected_spaces_of_one_terrain() -> None:
    """同じ種類の地形が繋がった土地は、ひとつの「地域」とみなします。 Three straight rivers in
    a row make one grassland, one river and one mountain region; a lone tile is its own."""
    b = board((A, S0_S3), (B, S0_S3), (16, S0_S3), (22, S0_S3))
    regions = b.regions()
    assert (g(16), g(A), g(B)) in regions
    assert (r(16), r(A), r(B)) in regions
    assert (m(16), m(A), m(B)) in regions
    assert (g(22),) in regions
    assert sorted(s for region in regions for s in region) == sorted(
        space_of(p, t) for p in (16, A, B, 22) for t in range(3)
    )


def test_within_counts_movement_points_through_any_space() -> None:
    """Hunters pass through occupied spaces (通過できます), so reach ignores who stands where."""
    b = board((A, S0_S3), (B, S0_S3))
    assert b.within(g(A), 1) == tuple(sorted(b.neighbours(g(A))))
    assert set(b.within(g(A), 2)) == {r(A), g(B), m(A), r(B)}
    assert set(b.within(g(A), 3)) == {r(A), g(B), m(A), r(B), m(B)}
    assert b.distances(g(A))[m(B)] == 3


def test_a_tile_may_go_where_it_touches_the_board_along_a_side() -> None:
    """タイルはボードと辺が接するように置かなければなりません (a tile must touch the board
    along a side): the open positions are exactly the empty cells next to a tile."""
    b = board(*((p, S0_S3) for p in START_POSITIONS))
    expected = {
        POSITION_OF[neighbour(POSITIONS[p], k)]
        for p in START_POSITIONS
        for k in range(SIDES)
        if neighbour(POSITIONS[p], k) in POSITION_OF
    } - set(START_POSITIONS)
    assert set(b.open_positions()) == expected
    far = b.placed(22, tile=22, orientation=0, river_ends=S0_S3, animals=ONE_EACH)
    assert POSITION_OF[(0, 2)] in far.open_positions()


def test_open_positions_kept_as_tiles_are_placed_match_their_definition() -> None:
    """The board keeps its open positions up to date as tiles are placed (for speed); they
    stay the empty positions next to a placed tile, in position order, whatever the order
    of placing."""
    rng = random.Random(5)
    for _ in range(20):
        b = Board.empty()
        for _ in range(12):
            p = rng.choice(b.open_positions() or list(START_POSITIONS))
            b = b.placed(p, tile=p, orientation=0, river_ends=S0_S3, animals=ONE_EACH)
            assert b.open_positions() == [
                q
                for q, t in enumerate(b.tiles)
                if t == EMPTY and any(n != -1 and b.is_placed(n) for n in NEIGHBOURS[q])
            ]


def test_regions_found_from_the_board_before_match_a_full_search() -> None:
    """A board finds its regions from the board it was placed from when that one knows its
    own (for speed): the same regions as searching the whole board, at every placement."""
    rng = random.Random(7)
    for _ in range(20):
        b = Board.empty()
        b.regions()
        for _ in range(14):
            p = rng.choice(b.open_positions() or list(START_POSITIONS))
            t = rng.randrange(len(TILES))
            b = b.placed(
                p,
                tile=t,
                orientation=rng.randrange(ORIENTATIONS),
                river_ends=TILES[t].river_ends,
                animals=TILES[t].animals,
            )
            assert b.regions() == b._all_regions()


def test_a_board_never_changes_placing_makes_a_new_one() -> None:
    first = board((A, S0_S3))
    second = first.placed(B, tile=B, orientation=0, river_ends=S0_S3, animals=ONE_EACH)
    assert not first.is_placed(B) and second.is_placed(B)
    assert g(B) not in first.neighbours(g(A))
    with pytest.raises(ValueError, match="already holds"):
        second.placed(B, tile=1, orientation=0, river_ends=S0_S3, animals=ONE_EACH)
