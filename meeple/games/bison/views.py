"""``view(seat)``: everything a seat may know, as JSON data a client can draw from.

The board comes with its drawing: every placed tile's centre and turned river ends,
every space's outline (``polygon``) and a point to put its pieces at (``anchor``), the
movement links, the corner ponds and the regions — all in screen units where a tile's
corners lie on a circle of radius 1 (:mod:`meeple.games.bison.geometry`).
Nothing hidden leaves here: other players' drawn tiles and the draw pile are counts.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

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
from meeple.games.bison.tiles import TILES, point_name

if TYPE_CHECKING:
    from meeple.games.bison.rules import BisonState


def json_copy(data: Any) -> Any:
    """A deep copy of JSON data (much quicker than ``copy.deepcopy``)."""
    if isinstance(data, dict):
        return {k: json_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_copy(v) for v in data]
    return data


def json_int(value: object) -> int:
    """``value`` if it is an integer (not a bool), else a ``ValueError``: for stored states."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def json_ints(values: object) -> list[int]:
    """``values`` if it is a list of integers, else a ``ValueError``: for stored states."""
    if not isinstance(values, list):
        raise ValueError(f"expected a list, not {values!r}")
    return [json_int(v) for v in values]


Drawing = tuple[tuple[tuple[tuple[float, float], ...], ...], tuple[tuple[float, float], ...]]


def _round(value: float) -> float:
    return round(value, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


@cache
def _drawing(tile: int, orientation: int, position: int) -> Drawing:
    """Outlines and anchors of a placed tile's three spaces, in board coordinates."""
    cx, cy = cell_centre(POSITIONS[position])
    polygons = turned_polygons(TILES[tile].river_ends, orientation)
    placed = tuple(tuple((_round(cx + x), _round(cy + y)) for x, y in poly) for poly in polygons)
    anchors = tuple(
        (_round(cx + x), _round(cy + y)) for x, y in (anchor(poly) for poly in polygons)
    )
    return placed, anchors


def _pieces(counts: list[int]) -> list[int]:
    """Counts by size as a list of sizes: ``[0, 1, 1, 0, 0]`` → ``[1, 2]``."""
    return [size for size in SHELTER_SIZES for _ in range(counts[size])]


def tile_json(tile: int) -> dict[str, Any]:
    """A tile as a client sees it: name, river ends (in its own orientation) and animals."""
    t = TILES[tile]
    return {
        "tile": t.id,
        "name": t.name,
        "river": [point_name(p) for p in t.river_ends],
        "animals": dict(zip(ANIMALS, t.animals, strict=True)),
    }


def build_view(state: BisonState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator)."""
    board = state.board
    region_index: dict[int, int] = {}
    regions = []
    for i, region in enumerate(board.regions()):
        terrain = terrain_of_space(region[0])
        for space in region:
            region_index[space] = i
        regions.append(
            {
                "region": i,
                "terrain": TERRAINS[terrain],
                "spaces": list(region),
                "animals": sum(board.animals[s] for s in region),
            }
        )
    tiles = []
    spaces = []
    ponds: dict[tuple[int, int], dict[str, Any]] = {}
    for position in board.placed_positions():
        tile, orientation = board.tiles[position], board.orientations[position]
        q, r = POSITIONS[position]
        cx, cy = cell_centre((q, r))
        ends = [turn_point(p, orientation) for p in TILES[tile].river_ends]
        tiles.append(
            {
                **tile_json(tile),
                "position": position,
                "q": q,
                "r": r,
                "x": _round(cx),
                "y": _round(cy),
                "orientation": orientation,
                "river_ends": [point_name(p) for p in ends],
            }
        )
        polygons, anchors = _drawing(tile, orientation, position)
        for terrain in range(len(TERRAINS)):
            space = space_of(position, terrain)
            size = state.shelter[space]
            spaces.append(
                {
                    "space": space,
                    "position": position,
                    "terrain": TERRAINS[terrain],
                    "animals": board.animals[space],
                    "owner": state.owner[space],
                    "hunters": state.hunters[space],
                    "tent": size if terrain != RIVER else 0,
                    "canoe": size if terrain == RIVER else 0,
                    "region": region_index[space],
                    "polygon": [list(p) for p in polygons[terrain]],
                    "anchor": list(anchors[terrain]),
                }
            )
        for p in ends:
            if p % 2 == 0:
                x, y = point_xy(p)
                pond = ponds.setdefault(
                    corner_key((q, r), p // 2),
                    {"x": _round(cx + x), "y": _round(cy + y), "rivers": []},
                )
                pond["rivers"].append(space_of(position, RIVER))
    n = state.players
    players = []
    for s in range(n):
        mine = [sp for sp in range(len(state.owner)) if state.owner[sp] == s]
        players.append(
            {
                "seat": s,
                "animals": dict(zip(ANIMALS, state.tracks[s], strict=True)),
                "total": sum(state.tracks[s]),
                "supply": {
                    "hunters": state.supply_hunters[s],
                    "tents": _pieces(state.supply_tents[s]),
                    "canoes": _pieces(state.supply_canoes[s]),
                },
                "market": {
                    "hunters": state.market_hunters[s],
                    "tents": _pieces(state.market_tents[s]),
                    "canoes": _pieces(state.market_canoes[s]),
                },
                "hunters_on_board": sum(state.hunters[sp] for sp in mine),
                "actions_used": [
                    kind for k, kind in enumerate(ACTION_KINDS) if state.used[s] >> k & 1
                ],
                "holds_tile": state.hands[s] != EMPTY,
            }
        )
    pending = None
    if state.action != -1:
        pending = {
            "action": ACTION_KINDS[state.action],
            "hunters": state.count,
            "remaining": state.remaining,
            "target": state.target,
            "changed": list(state.touched),
            "moved_to": list(state.moved),
        }
    view: dict[str, Any] = {
        "game": "bison",
        "players": n,
        "seat": seat,
        "advanced": state.advanced,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "to_move": list(state.to_move),
        "totem": state.start,
        "action_number": min(state.turn // n, 3) + 1,
        "tiles": tiles,
        "spaces": spaces,
        "regions": regions,
        "links": [list(link) for link in board.links()],
        "ponds": list(ponds.values()),
        "open_positions": board.open_positions(),
        "cells": [list(cell) for cell in POSITIONS],
        "player_info": players,
        "deck": len(state.deck),
        "removed": len(state.removed),
        "pending": pending,
        "events": json_copy(state.events),
        "scores": state.scores,
        "winners": state.winners,
    }
    if seat is not None:
        held = state.hands[seat]
        view["my_tile"] = None if held == EMPTY else _held_tile(held)
    return view


def _held_tile(tile: int) -> dict[str, Any]:
    """A drawn tile with its three outlines around its own centre, for a placement preview
    (turn them by 120° × orientation, counter-clockwise on screen)."""
    outlines = turned_polygons(TILES[tile].river_ends, 0)
    return {
        **tile_json(tile),
        "polygons": [[[_round(x), _round(y)] for x, y in poly] for poly in outlines],
    }
