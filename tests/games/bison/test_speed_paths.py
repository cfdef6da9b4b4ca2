"""The shortcuts of the learning path give what the plain computations give.

- a board's view layout built from the board it was placed from (``views._layout_after``)
  equals the one built from nothing, along random games;
- the quick rounding of a placed tile's drawing equals ``round(value, 3)`` on every
  coordinate of every placement;
- the hunter counts of a tent, canoe or move action, worked out with the shortcuts of
  ``BisonState._hunter_counts``, equal those of the rule's plain statement.

``test_view_cache.py`` compares whole views and observations with plain ones.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meeple.core.game import without_back
from meeple.games.bison import GAME, BisonState
from meeple.games.bison.data import (
    ACTION_COST,
    CANOE,
    MAX_HUNTERS_PER_ACTION,
    MOVE_ONE,
    MOVE_THREE,
    TENT,
)
from meeple.games.bison.geometry import POSITIONS, cell_centre
from meeple.games.bison.tiles import TILES
from meeple.games.bison.views import (
    BoardLayout,
    _build_layout,
    _round,
    _round_drawn,
    _turned,
    board_layout,
)


def _layout_json(layout: BoardLayout) -> str:
    """Everything a layout holds that views show, as one comparable text."""
    return json.dumps(
        {
            "positions": layout.positions,
            "tiles": layout.tiles,
            "regions": layout.regions,
            "links": layout.links,
            "ponds": layout.ponds,
            "open_positions": layout.open_positions,
            "rows": layout.rows,
            "empty": layout.empty,
            "row_of": sorted(layout.row_of.items()),
            "bases": [placed.base for placed in layout.placed],
        }
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_after_a_placement_equals_one_built_afresh(players: int) -> None:
    boards = 0
    for seed in range(12):
        state = GAME.new(players, seed=seed, options={"advanced": seed % 3})
        rng = random.Random(seed)
        board_layout(state.board)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
            board = state.board
            if board.view_layout is None:
                assert board.view_after is not None  # placed from a viewed board
                made = board_layout(board)
                assert _layout_json(made) == _layout_json(_build_layout(board)), (seed, boards)
                boards += 1
    assert boards > 12 * 10


def test_quick_rounding_of_drawings_is_exact_everywhere() -> None:
    count = 0
    for tile in range(len(TILES)):
        for orientation in range(3):
            polygons, anchors = _turned(tile, orientation)
            points = [p for polygon in polygons for p in polygon] + list(anchors)
            for position in range(len(POSITIONS)):
                cx, cy = cell_centre(POSITIONS[position])
                for x, y in points:
                    for value in (cx + x, cy + y):
                        quick, plain = _round_drawn(value), _round(value)
                        assert repr(quick) == repr(plain), (tile, orientation, position, value)
                        count += 1
    assert count == 91_854


def _plain_hunter_counts(state: BisonState, seat: int) -> list[int]:
    """The hunter counts of a tent, canoe or move action as the rules state them: every
    payable count that some way of using exactly that many hunters allows."""
    stock = sum(state.tracks[seat])
    payable = [n for n in range(1, MAX_HUNTERS_PER_ACTION + 1) if ACTION_COST[n] <= stock]
    if state.action in (TENT, CANOE):
        candidates = state._candidates(seat)
        supply = tuple(state._shelter_supply(seat, state.action))
        return [0, *(n for n in payable if state._can_change(seat, n, candidates, supply))]
    movable = sum(
        state.hunters[s]
        for s in state._own_spaces(seat)
        if state.hunters[s] and state._destinations(seat, s)
    )
    return [0, *(n for n in payable if n <= movable)]


@pytest.mark.parametrize("advanced", [0, 1, 2])
def test_hunter_counts_equal_the_plain_statement(advanced: int) -> None:
    checked: dict[int, int] = {}
    for seed in range(30):
        state = GAME.new(2 + seed % 3, seed=seed, options={"advanced": advanced})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions: list[Any] = without_back(state.legal_actions(seat))
            if state.phase == "hunters" and state.action in (TENT, CANOE, MOVE_ONE, MOVE_THREE):
                counts = [a["count"] for a in actions]
                assert counts == _plain_hunter_counts(state, seat), (seed, state.action)
                checked[state.action] = checked.get(state.action, 0) + 1
            state.apply(seat, rng.choice(actions))
    assert len(checked) == 4 and min(checked.values()) > 20
