"""The parts of a view that depend on the board alone, built once per board and kept on it.

:mod:`meeple.games.bison.views` builds a :class:`BoardLayout` the first time a board is
viewed and keeps it on the board itself (``Board.view_layout``): the board carries it, the
views make it. These classes stand below both: the board names what it keeps without
importing the views (which read the board), and they need nothing of the game but plain data.
"""

from __future__ import annotations

from typing import Any

SpaceRow = tuple[int, int, str, int, list[list[float]], list[float], bool, int]
"""What a placed space shows whatever stands on it: space, position, terrain, animals,
outline, anchor, whether it is a river (its shelter is a canoe, not a tent), and region."""
Corner = tuple[tuple[int, int], float, float, int]
"""A corner pond a tile's river ends in: the corner, its point and the river's space."""
Shown = tuple[list[int], int, int, list[int], list[int], list[int], list[int], int, int, bool]
"""What a player's JSON shows: track, hunters in supply and market, tents and canoes in supply
and market, hunters on the board, actions used, whether they hold a tile."""
PlayerSeen = tuple[Shown, dict[str, Any]]
"""A player's JSON and what it shows (its lists copied: the state changes its own)."""


class BoardLayout:
    """The parts of a view that depend on the board alone, built once per board.

    A board never changes (placing a tile makes a new one), so these JSON parts are made
    the first time a board is viewed and shared by every later view of it: views are
    read-only snapshots (``docs/architecture.md``), and nothing here is ever changed.
    The layout of a board placed from a viewed one is made from that one's
    (``views._layout_after``): the tiles, spaces and regions the new tile leaves as they were
    are the same objects, so the encoding's entries for them are reused too.
    The spaces (which also show the pieces on them) are kept too, for the last pieces
    seen: most decisions (buying, choosing, paying, placing) move no piece, so
    consecutive views share one list; and so is each player's JSON, for the last seen.
    """

    __slots__ = (
        "corners",
        "empty",
        "links",
        "open_positions",
        "pieces",
        "placed",
        "players",
        "ponds",
        "positions",
        "region_json",
        "regions",
        "row_of",
        "rows",
        "tiles",
    )

    positions: list[int]  # the placed positions, in view order
    tiles: list[dict[str, Any]]  # per placed position
    corners: list[tuple[Corner, ...]]  # per placed position: its corner ponds
    regions: list[dict[str, Any]]
    region_json: dict[tuple[int, ...], dict[str, Any]]  # each region's JSON, by its spaces
    links: list[list[int]]
    ponds: list[dict[str, Any]]
    open_positions: list[int]
    placed: list[PlacedSpace]  # every placed space, in view order (three per tile)
    rows: list[SpaceRow]  # per placed space
    row_of: dict[int, int]  # space → its row
    empty: list[dict[str, Any]]  # per row: the space's JSON while no piece stands on it
    pieces: Pieces | None  # the spaces' JSON for the last pieces seen
    players: dict[int, PlayerSeen]  # per seat: the last player JSON seen on this board


class Pieces:
    """The spaces' JSON for one placement of the pieces (owner, hunters, shelter per space),
    with each seat's hunters on the board; never changed once made."""

    __slots__ = ("hunters", "on_board", "owner", "shelter", "spaces")

    def __init__(
        self, layout: BoardLayout, owner: list[int], hunters: list[int], shelter: list[int]
    ) -> None:
        self.owner, self.hunters, self.shelter = owner[:], hunters[:], shelter[:]
        on_board: dict[int, int] = {}
        spaces = layout.empty[:]
        rows, row_of, placed = layout.rows, layout.row_of, layout.placed
        # Every piece has an owner, so the spaces without one show the board alone.
        for space in [space for space, who in enumerate(owner) if who != -1]:
            who, n, i = owner[space], hunters[space], row_of[space]
            on_board[who] = on_board.get(who, 0) + n
            spaces[i] = placed[i].with_pieces(rows[i], who, n, shelter[space])
        self.spaces = spaces
        self.on_board = on_board

    def fits(self, owner: list[int], hunters: list[int], shelter: list[int]) -> bool:
        """Whether these pieces (per space: owner, hunters, shelter) are the ones shown."""
        return self.owner == owner and self.hunters == hunters and self.shelter == shelter


def _space_json(row: SpaceRow, owner: int, hunters: int, size: int) -> dict[str, Any]:
    space, position, terrain, animals, polygon, anchor_xy, river, region = row
    return {
        "space": space,
        "position": position,
        "terrain": terrain,
        "animals": animals,
        "owner": owner,
        "hunters": hunters,
        "tent": 0 if river else size,
        "canoe": size if river else 0,
        "region": region,
        "polygon": polygon,
        "anchor": anchor_xy,
    }


class PlacedSpace:
    """A space of a placed tile as any board shows it, but for its region (which depends on
    the neighbours): space, position, terrain, animals, outline, anchor, whether it is a
    river. Its row and its JSON without pieces are kept for each region number it is seen
    with (a tile's space takes a few in a game), and its JSON with pieces for the last few
    pieces seen on it: a move changes a space or two, and the others keep their JSON (and
    so the encoding's entries for it)."""

    __slots__ = ("base", "by_pieces", "by_region")

    def __init__(self, base: tuple[int, int, str, int, list[list[float]], list[float], bool]):
        self.base = base
        self.by_region: dict[int, tuple[SpaceRow, dict[str, Any]]] = {}
        self.by_pieces: dict[tuple[int, int, int, int], dict[str, Any]] = {}

    def row(self, region: int) -> tuple[SpaceRow, dict[str, Any]]:
        """The space's row in region ``region``, and its JSON while no piece stands on it."""
        found = self.by_region.get(region)
        if found is None:
            row = (*self.base, region)
            found = self.by_region[region] = (row, _space_json(row, -1, 0, 0))
        return found

    def with_pieces(self, row: SpaceRow, owner: int, hunters: int, size: int) -> dict[str, Any]:
        """The space's JSON in ``row`` (one of :meth:`row`'s) with pieces on it."""
        key = (row[7], owner, hunters, size)
        found = self.by_pieces.get(key)
        if found is None:
            if len(self.by_pieces) >= PIECES_KEPT:
                self.by_pieces.clear()
            found = self.by_pieces[key] = _space_json(row, owner, hunters, size)
        return found


PIECES_KEPT = 16
"""Pieces a :class:`PlacedSpace` keeps the JSON of (a space sees a few dozen in a game at most:
owners × hunters × shelters; past this many it starts afresh)."""
