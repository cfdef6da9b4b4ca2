"""The board as tiles are placed: which tile lies where, the movement graph and the regions.

A :class:`Board` never changes: :meth:`Board.placed` returns a new board with one
more tile, sharing everything it can with the old one, so a game state copies its
board for free. Every link of the movement graph costs one movement point
(rulebook: 隣の地形へ移動するときの移動ポイントは1点です):

* inside a tile, grassland–river and mountain–river; grassland to mountain therefore
  costs 2, through the river (同じタイルの草原から山に移動する場合は川を経由する必要があるため…2点);
* across a shared side, any two land spaces that touch along it (grassland or mountain
  on either side) and two rivers that both meet the middle of that side
  (タイルを超えた草原⇄草原、草原⇄山、山⇄山、川⇄川の移動);
* across a corner, only river to river: rivers that end in the same corner pond
  (角を越えた移動はできません。ただし、川から川への移動は例外です).

Regions are connected spaces of one terrain (同じ種類の地形が繋がった土地は、ひとつの「地域」):
land links join only equal terrains, and rivers in one pond join when
:data:`~meeple.games.bison.data.POND_JOINS_RIVERS` says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from meeple.games.bison.data import GRASSLAND, MOUNTAIN, POND_JOINS_RIVERS, RIVER
from meeple.games.bison.geometry import (
    NEIGHBOURS,
    POSITIONS,
    SIDES,
    SPACES,
    START_POSITIONS,
    Footprint,
    corner_point,
    corner_sharers,
    facing_half_side,
    facing_side_point,
    footprint,
    side_point,
    space_of,
    terrain_of_space,
)

if TYPE_CHECKING:
    from meeple.games.bison.layout import BoardLayout

EMPTY: Final = -1

T = TypeVar("T")


class Board:
    """The placed tiles and the graph they make. Treat it as immutable.

    >>> board = Board.empty().placed(17, tile=0, orientation=0, river_ends=(1, 7), animals=(1, 1, 1))
    >>> board.tiles[17], board.neighbours(51)
    (0, (52,))
    """

    __slots__ = (
        "_after",
        "_open",
        "_reach",
        "_regions",
        "adj",
        "animals",
        "footprints",
        "joins",
        "orientations",
        "tiles",
        "view_after",
        "view_layout",
    )

    tiles: tuple[int, ...]  # per position: tile id or EMPTY
    orientations: tuple[int, ...]  # per position (0 where empty)
    footprints: tuple[Footprint | None, ...]
    animals: tuple[int, ...]  # per space
    adj: tuple[tuple[int, ...], ...]  # per space: spaces one movement point away
    joins: tuple[tuple[int, ...], ...]  # per space: linked spaces of its region
    _reach: dict[int, tuple[int, ...]]  # memo of within(), filled as asked
    _regions: tuple[tuple[int, ...], ...] | None  # memo of regions()
    _open: tuple[int, ...]  # open_positions(), kept up to date as tiles are placed
    _after: tuple[tuple[tuple[int, ...], ...], int] | None  # the regions of the board this
    # one was placed from (if known then) and the position placed, until regions() uses them
    view_layout: BoardLayout | None  # memo of the views' board parts (views.board_layout)
    view_after: tuple[BoardLayout, int] | None  # the view parts of the board this one was
    # placed from (if they were built then) and the position placed, until views use them

    @classmethod
    def empty(cls) -> Board:
        """A board without tiles."""
        board = cls()
        n = len(POSITIONS)
        board.tiles = (EMPTY,) * n
        board.orientations = (0,) * n
        board.footprints = (None,) * n
        board.animals = (0,) * SPACES
        board.adj = ((),) * SPACES
        board.joins = ((),) * SPACES
        board._reach = {}
        board._regions = None
        board._after = None
        board._open = ()
        board.view_layout = None
        board.view_after = None
        return board

    def __reduce__(self) -> tuple[object, ...]:
        """Copied and pickled without its views' parts (``view_layout``, ``view_after``:
        caches, which the copy's first view builds again; compiled with mypyc, their classes
        cannot be copied) and its memo of ``within``."""
        parts = (self.tiles, self.orientations, self.footprints, self.animals, self.adj)
        return _restored, ((*parts, self.joins, self._regions, self._open, self._after),)

    # --- building ---------------------------------------------------------------------

    def placed(
        self,
        position: int,
        *,
        tile: int,
        orientation: int,
        river_ends: tuple[int, int],
        animals: tuple[int, int, int],
    ) -> Board:
        """A new board with ``tile`` turned ``orientation`` × 120° at ``position``."""
        if self.tiles[position] != EMPTY:
            raise ValueError(f"position {position} already holds a tile")
        fp = footprint(river_ends, orientation)
        board = Board()
        board.tiles = _replace(self.tiles, position, tile)
        board.orientations = _replace(self.orientations, position, orientation)
        board.footprints = _replace(self.footprints, position, fp)
        spaces = list(self.animals)
        for terrain in (GRASSLAND, RIVER, MOUNTAIN):
            spaces[space_of(position, terrain)] = animals[terrain]
        board.animals = tuple(spaces)
        adj = list(self.adj)
        joins = list(self.joins)
        for a, b, join in _links(position, fp, board.footprints):
            _link(adj, a, b)
            _link(adj, b, a)
            if join:
                _link(joins, a, b)
                _link(joins, b, a)
        board.adj = tuple(adj)
        board.joins = tuple(joins)
        board._reach = {}
        board._regions = None
        # If this board's regions are known, the new board can start from them.
        board._after = None if self._regions is None else (self._regions, position)
        # The tile's empty neighbours open; its own position closes.
        opened = {n for n in NEIGHBOURS[position] if n != -1 and board.tiles[n] == EMPTY}
        board._open = tuple(sorted(opened.union(self._open).difference((position,))))
        board.view_layout = None
        # A game views every board, so the new board's view parts can start from these.
        board.view_after = None if self.view_layout is None else (self.view_layout, position)
        return board

    # --- reading ----------------------------------------------------------------------

    def is_placed(self, position: int) -> bool:
        """Whether a tile lies at ``position``."""
        return self.tiles[position] != EMPTY

    def placed_positions(self) -> list[int]:
        """Positions holding a tile, in position order."""
        return [p for p, t in enumerate(self.tiles) if t != EMPTY]

    def open_positions(self) -> list[int]:
        """Empty positions touching a placed tile along a side (タイルはボードと辺が接するように)."""
        return list(self._open)

    def open_tuple(self) -> tuple[int, ...]:
        """:meth:`open_positions` as the board's own tuple (no copy: the board never changes)."""
        return self._open

    def neighbours(self, space: int) -> tuple[int, ...]:
        """Spaces one movement point from ``space``."""
        return self.adj[space]

    def within(self, space: int, points: int) -> tuple[int, ...]:
        """Spaces that ``points`` movement points or fewer reach from ``space`` (not itself).

        Hunters pass through any space on the way (通過できます), so the graph is
        searched without regard to who stands where.
        """
        key = space * 8 + points
        found = self._reach.get(key)
        if found is None:
            found = tuple(sorted(d for d in self.distances(space, points) if d != space))
            self._reach[key] = found
        return found

    def distances(self, space: int, limit: int = SPACES) -> dict[int, int]:
        """Movement points from ``space`` to every space within ``limit`` of it."""
        seen = {space: 0}
        frontier = [space]
        adj = self.adj
        for step in range(1, limit + 1):
            nxt = []
            for s in frontier:
                for t in adj[s]:
                    if t not in seen:
                        seen[t] = step
                        nxt.append(t)
            if not nxt:
                break
            frontier = nxt
        return seen

    def distance(self, a: int, b: int) -> int | None:
        """Movement points from ``a`` to ``b``; ``None`` if no path joins them."""
        return self.distances(a).get(b)

    def regions(self) -> tuple[tuple[int, ...], ...]:
        """Every region: a sorted tuple of spaces of one terrain, ordered by first space."""
        if self._regions is None:
            after, self._after = self._after, None  # not needed any more: let it go
            if after is not None:
                # One tile more than a board whose regions are known (as in a game): quicker.
                self._regions = self._regions_after(*after)
            else:
                self._regions = self._all_regions()
        return self._regions

    def _all_regions(self) -> tuple[tuple[int, ...], ...]:
        """The regions, searched from every placed space."""
        found: list[tuple[int, ...]] = []
        seen: set[int] = set()
        for position in self.placed_positions():
            for terrain in (GRASSLAND, RIVER, MOUNTAIN):
                start = space_of(position, terrain)
                if start in seen:
                    continue
                region = {start}
                stack = [start]
                while stack:
                    for t in self.joins[stack.pop()]:
                        if t not in region:
                            region.add(t)
                            stack.append(t)
                seen |= region
                found.append(tuple(sorted(region)))
        return tuple(sorted(found))

    def _regions_after(
        self, before: tuple[tuple[int, ...], ...], position: int
    ) -> tuple[tuple[int, ...], ...]:
        """The regions, from those of the board before the tile at ``position`` was placed:
        each of its three spaces makes one region with the regions it joins (a tile's own
        spaces never join one another: they are three terrains)."""
        region_of = {space: region for region in before for space in region}
        merged: set[tuple[int, ...]] = set()
        found = []
        for terrain in (GRASSLAND, RIVER, MOUNTAIN):
            space = space_of(position, terrain)
            region = {space}
            for other in self.joins[space]:
                joined = region_of[other]
                if joined not in merged:
                    merged.add(joined)
                    region.update(joined)
            found.append(tuple(sorted(region)))
        found.extend(r for r in before if r not in merged)
        return tuple(sorted(found))

    def regions_of(self, terrain: int) -> list[tuple[int, ...]]:
        """The regions of one terrain."""
        return [r for r in self.regions() if terrain_of_space(r[0]) == terrain]

    def region_of(self, space: int) -> tuple[int, ...]:
        """The region a space belongs to."""
        for region in self.regions():
            if space in region:
                return region
        raise ValueError(f"space {space} is not on the board")

    def links(self) -> list[tuple[int, int]]:
        """Every movement link once, as ``(a, b)`` with ``a < b``."""
        return [(a, b) for a, near in enumerate(self.adj) for b in near if a < b]


_Parts = tuple[
    tuple[int, ...],  # tiles
    tuple[int, ...],  # orientations
    tuple["Footprint | None", ...],  # footprints
    tuple[int, ...],  # animals
    tuple[tuple[int, ...], ...],  # adj
    tuple[tuple[int, ...], ...],  # joins
    tuple[tuple[int, ...], ...] | None,  # _regions
    tuple[int, ...],  # _open
    tuple[tuple[tuple[int, ...], ...], int] | None,  # _after
]


def _restored(parts: _Parts) -> Board:
    """A board back from :meth:`Board.__reduce__`."""
    board = Board()
    board.tiles, board.orientations, board.footprints, board.animals, board.adj = parts[:5]
    board.joins, board._regions, board._open, board._after = parts[5:]
    board._reach = {}
    board.view_layout = None
    board.view_after = None
    return board


def _link(table: list[tuple[int, ...]], a: int, b: int) -> None:
    if b not in table[a]:
        table[a] = tuple(sorted((*table[a], b)))


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _links(
    position: int, fp: Footprint, footprints: tuple[Footprint | None, ...]
) -> list[tuple[int, int, bool]]:
    """The links a newly placed tile makes: ``(space, space, joins a region)``."""
    grass, river, mountain = (space_of(position, t) for t in (GRASSLAND, RIVER, MOUNTAIN))
    links = [(grass, river, False), (mountain, river, False)]
    for side in range(SIDES):
        other = NEIGHBOURS[position][side]
        theirs = footprints[other] if other != -1 else None
        if theirs is None:
            continue
        for half in (2 * side, 2 * side + 1):
            mine = fp.halves[half]
            facing = theirs.halves[facing_half_side(half)]
            links.append((space_of(position, mine), space_of(other, facing), mine == facing))
        if side_point(side) in fp.river_ends and facing_side_point(side) in theirs.river_ends:
            links.append((river, space_of(other, RIVER), True))
    for end in fp.river_ends:
        if end % 2:
            continue
        for side, their_corner in corner_sharers(end // 2):
            other = NEIGHBOURS[position][side]
            theirs = footprints[other] if other != -1 else None
            if theirs is not None and corner_point(their_corner) in theirs.river_ends:
                links.append((river, space_of(other, RIVER), POND_JOINS_RIVERS))
    return links


def start_board(
    start_tiles: list[tuple[int, int, tuple[int, int], tuple[int, int, int]]],
) -> Board:
    """The board with the start tiles: ``(tile, orientation, river_ends, animals)`` each,
    in the order of :data:`~meeple.games.bison.geometry.START_POSITIONS`."""
    board = Board.empty()
    for position, (tile, orientation, ends, animals) in zip(
        START_POSITIONS, start_tiles, strict=True
    ):
        board = board.placed(
            position, tile=tile, orientation=orientation, river_ends=ends, animals=animals
        )
    return board
