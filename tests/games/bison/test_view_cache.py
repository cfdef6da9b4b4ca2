"""The views and observations that the caches make equal those built afresh.

``build_view`` shares the board's JSON between views (built once per board), the spaces while
no piece moves and each player's dict while nothing of theirs changes; the encoding reuses the
entries it worked out for those shared objects. ``plain_view`` and ``plain_observe`` are the
straightforward versions they replaced, kept here as the reference: along random games (with
``back``), every seat's view must be the same JSON, key order included, and every observation
the same tensor. That views stay snapshots is checked by the conformance suite
(``check_views_are_snapshots``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from meeple.core.encoding import Features, relative
from meeple.core.game import JSON, OptionValue, without_back
from meeple.games.bison import GAME, BisonState
from meeple.games.bison.board import EMPTY
from meeple.games.bison.data import (
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ANIMALS,
    HUNTERS_PER_PLAYER,
    MAX_HUNTERS_PER_ACTION,
    RIVER,
    TERRAINS,
    TRACK_MAX,
)
from meeple.games.bison.encoding import (
    _ACTION,
    _POINT,
    _POSITIONS,
    _SIZES,
    _SPACE_WIDTH,
    ENCODING,
    PHASES,
)
from meeple.games.bison.geometry import (
    ORIENTATIONS,
    POINTS,
    POSITIONS,
    SPACES,
    cell_centre,
    corner_key,
    point_xy,
    space_of,
    terrain_of_space,
    turn_point,
    turned_polygons,
)
from meeple.games.bison.tiles import TILE_COUNT, TILES, point_name
from meeple.games.bison.views import (
    SeatView,
    _drawing,
    _pieces,
    _round,
    build_view,
    json_copy,
    tile_json,
)
from tests.games.bison import helpers
from tests.games.bison.helpers import G17, M11, make


def plain_view(state: BisonState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` as it was built before any cache: everything afresh."""
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
        view["my_tile"] = None if held == EMPTY else plain_held_tile(held)
    return view


_TERRAIN = {t: i for i, t in enumerate(TERRAINS)}


def plain_held_tile(tile: int) -> dict[str, Any]:
    outlines = turned_polygons(TILES[tile].river_ends, 0)
    return {
        **tile_json(tile),
        "polygons": [[[_round(x), _round(y)] for x, y in poly] for poly in outlines],
    }


def _sizes(pieces: list[int]) -> list[float]:
    counts = [0.0] * _SIZES
    for size in pieces:
        counts[size - 1] += 0.5
    return counts


def plain_observe(
    view: JSON,
    seat: int,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
    history: object = None,
) -> Features:
    """The observation of ``seat`` from ``view(seat)``."""
    order = [(seat + k) % players for k in range(players)]
    f = Features()
    f.one_hot(PHASES.index(view["phase"]), len(PHASES))
    f.scalar(view["round"], 6.0)
    f.scalar(view["rounds"] - view["round"], 6.0)
    f.one_hot(view["action_number"] - 1, ACTIONS_PER_ROUND)
    f.scalar(view["deck"], TILE_COUNT)
    f.one_hot(relative(seat, view["totem"], players), players)
    to_move = set(view["to_move"])
    f.flags(s in to_move for s in order)
    pending = view["pending"]
    if pending is None:
        f.counts([0.0] * (len(ACTION_KINDS) + 2))
    else:
        f.one_hot(_ACTION[pending["action"]], len(ACTION_KINDS))
        f.scalar(pending["hunters"], MAX_HUNTERS_PER_ACTION)
        f.scalar(pending["remaining"], MAX_HUNTERS_PER_ACTION)
    tile = view.get("my_tile")
    mine = [0.0] * (1 + TILE_COUNT + POINTS + len(ANIMALS))
    if tile is not None:
        mine[0] = 1.0
        mine[1 + tile["tile"]] = 1.0
        for end in tile["river"]:
            mine[1 + TILE_COUNT + _POINT[end]] = 1.0
        for a, animal in enumerate(ANIMALS):
            mine[1 + TILE_COUNT + POINTS + a] = tile["animals"][animal] / 3.0
    f.counts(mine)
    put = f.put
    placed = f.block(_POSITIONS)
    opened = f.block(_POSITIONS)
    turned = f.block(_POSITIONS * ORIENTATIONS)
    ends = f.block(_POSITIONS * POINTS)
    for t in view["tiles"]:
        p = t["position"]
        put(placed + p, 1.0)
        put(turned + p * ORIENTATIONS + t["orientation"], 1.0)
        for end in set(t["river_ends"]):
            put(ends + p * POINTS + _POINT[end], 1.0)
    for p in set(view["open_positions"]):
        put(opened + p, 1.0)
    region_animals: dict[int, float] = {}
    region_size: dict[int, float] = {}
    for region in view["regions"]:
        region_animals[region["region"]] = region["animals"] / 10.0
        region_size[region["region"]] = len(region["spaces"]) / 10.0
    # A deploy's "target" is a tile position, not a space: only a gathering's is flagged.
    target = pending["target"] if pending and view["phase"] == "gather" else None
    changed = set(pending["changed"]) if pending else set()
    moved = set(pending["moved_to"]) if pending else set()
    spaces = f.block(SPACES * _SPACE_WIDTH)
    owners = f.block(SPACES * players)
    for sp in view["spaces"]:
        i = sp["space"]
        base = spaces + i * _SPACE_WIDTH
        put(base + _TERRAIN[sp["terrain"]], 1.0)
        at = base + len(TERRAINS)
        put(at, sp["animals"] / 3.0)
        put(at + 1, sp["hunters"] / MAX_HUNTERS_PER_ACTION)
        put(at + 2, sp["tent"] / _SIZES)
        put(at + 3, sp["canoe"] / _SIZES)
        put(at + 4, region_animals.get(sp["region"], 0.0))
        put(at + 5, region_size.get(sp["region"], 0.0))
        if i == target:
            put(at + 6, 1.0)
        if i in changed:
            put(at + 7, 1.0)
        if i in moved:
            put(at + 8, 1.0)
        if sp["owner"] >= 0:
            put(owners + i * players + relative(seat, sp["owner"], players), 1.0)
    info = view["player_info"]
    for s in order:
        p = info[s]
        f.counts([p["animals"][a] for a in ANIMALS], TRACK_MAX)
        f.scalar(p["total"], 3 * TRACK_MAX)
        f.scalar(p["supply"]["hunters"], HUNTERS_PER_PLAYER)
        f.counts(_sizes(p["supply"]["tents"]))
        f.counts(_sizes(p["supply"]["canoes"]))
        f.scalar(p["market"]["hunters"], HUNTERS_PER_PLAYER)
        f.counts(_sizes(p["market"]["tents"]))
        f.counts(_sizes(p["market"]["canoes"]))
        f.scalar(p["hunters_on_board"], HUNTERS_PER_PLAYER)
        used = set(p["actions_used"])
        f.flags(a in used for a in ACTION_KINDS)
        f.flags([p["holds_tile"]])
    return f


def _check_game(players: int, seed: int, advanced: int) -> int:
    """Play a random game (``back`` included), comparing every seat's view and observation
    with the plain ones at every step; the number of steps."""
    state = GAME.new(players, seed=seed, options={"advanced": advanced})
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        for seat in [*range(players), None]:
            view = state.view(seat)
            assert json.dumps(view) == json.dumps(plain_view(state, seat)), (seed, steps, seat)
            if seat is not None:
                got = ENCODING.observe(view, seat, players, state.options)
                want = plain_observe(plain_view(state, seat), seat, players)
                assert got.size == want.size
                assert len(set(got.index)) == len(got.index)  # each position written once
                assert got.dense() == want.dense(), (seed, steps, seat)
                # From the typed data the JSON is made of, as the envs observe: the same.
                seen = ENCODING.view_of(state, seat)
                assert isinstance(seen, SeatView)
                typed = ENCODING.observe(seen, seat, players, state.options)
                assert typed.size == want.size
                positions = typed.entries()[0]
                assert len(set(positions)) == len(positions)  # each position written once
                assert typed.dense() == want.dense(), (seed, steps, seat)
        actor = state.to_move[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))
        steps += 1
    return steps


@pytest.mark.parametrize(("players", "advanced"), [(2, 0), (3, 2), (4, 1)])
def test_cached_views_and_observations_equal_plain_ones(players: int, advanced: int) -> None:
    assert _check_game(players, seed=players, advanced=advanced) > 100


def test_observations_from_seat_views_stay_right_across_games() -> None:
    """What the encoding keeps from one game's seat views (a placed tile's entries, a region's,
    the pieces and players it last saw) is checked or keyed so that the next games get their
    own: the same spaces hold other tiles in another game, and so other animals."""
    assert sum(_check_game(2, seed=seed, advanced=0) for seed in (11, 12, 13)) > 300


def test_states_sharing_a_board_share_its_layout_but_not_their_pieces() -> None:
    """Two games in their first round share the start board, and so the views' board parts;
    each view still shows its own game's pieces, whichever game was viewed last."""
    a, b = make(2, seed=1), make(3, seed=2)
    assert a.board is b.board
    helpers.put(a, G17, 0, hunters=2)
    helpers.put(b, M11, 2, hunters=1, shelter=3)
    for _ in range(2):
        for state in (a, b, a, a, b, b):
            for seat in (0, 1, None):
                assert json.dumps(state.view(seat)) == json.dumps(plain_view(state, seat))
        helpers.put(a, G17, 1, hunters=1)  # a change in place, as rule tests make
    assert a.view(0)["tiles"] is b.view(1)["tiles"]
    assert a.view(0)["spaces"] is not b.view(1)["spaces"]
    assert a.view(0)["spaces"] is a.view(1)["spaces"]


def test_only_a_gatherings_target_is_flagged_on_a_space() -> None:
    """While hunters are deployed the pending ``target`` is the new tile's position, which is no
    space: the observation flags no space as targeted then; during a gathering it flags the
    gathering space."""
    seen = {"deploy": 0, "gather": 0}
    for seed in range(40):
        state = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not all(seen.values()):
            seat = state.to_move[0]
            view = state.view(seat)
            phase = view["phase"]
            if phase in seen:
                features = ENCODING.observe(view, seat, 2, state.options)
                dense = features.dense()
                names = [name for name, _ in ENCODING.layout(2, state.options)]
                sizes = [size for _, size in ENCODING.layout(2, state.options)]
                start = sum(sizes[: names.index("space")])
                flag = len(TERRAINS) + 6  # a space's "targeted" entry
                flagged = [i for i in range(SPACES) if dense[start + i * _SPACE_WIDTH + flag]]
                want = [view["pending"]["target"]] if phase == "gather" else []
                assert flagged == want, (seed, phase, flagged, view["pending"])
                seen[phase] += 1
            state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_a_seat_view_holds_only_what_its_json_shows() -> None:
    """A state whose hidden parts are sampled again (the draw pile, the removed tiles, the
    other players' drawn tiles: ``determinize``) gives the seat the same view, and must give
    the same seat view, field by field: the typed data holds no more than its JSON shows (but
    the game's identity, a number that says nothing of it)."""
    fields = [name for name in SeatView.__slots__ if name != "game"]
    compared = hidden_differs = 0
    for seed in range(4):
        state = GAME.new(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(3):
                twin = state.determinize(seat, random.Random(compared))
                assert twin.view(seat) == state.view(seat)
                hidden_differs += twin.deck != state.deck or twin.hands != state.hands
                mine, theirs = state.seat_view(seat), twin.seat_view(seat)
                assert [getattr(mine, f) for f in fields] == [getattr(theirs, f) for f in fields]
                assert json.dumps(build_view(mine)) == json.dumps(state.view(seat))
                compared += 1
            actor = state.to_move[0]
            state.apply(actor, rng.choice(without_back(state.legal_actions(actor))))
    assert compared > 1000
    assert hidden_differs > compared / 2  # the twins do hide other tiles
