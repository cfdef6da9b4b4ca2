"""The shortcuts of the learning path give what the plain computations give.

- a board's view layout built from the board it was placed from (``views._layout_after``)
  equals the one built from nothing, along random games;
- the quick rounding of a placed tile's drawing equals ``round(value, 3)`` on every
  coordinate of every placement;
- the hunter counts of a tent, canoe or move action, worked out with the shortcuts of
  ``BisonState._hunter_counts``, equal those of the rule's plain statement;
- the legal actions made of shared runs (``legal.py``), and their indices looked up once per
  run, equal the plain lists and look-ups; the env applies those shared actions without
  changing them.

``test_view_cache.py`` compares whole views and observations with plain ones.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meeple.core.encoding import ActionSpace
from meeple.core.game import without_back
from meeple.games.bison import GAME, BisonState
from meeple.games.bison.data import (
    ACTION_COST,
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ANIMALS,
    CANOE,
    EXCHANGE_RATE,
    HUNTER_PRICE,
    MAX_HUNTERS_PER_ACTION,
    MOVE_ONE,
    MOVE_THREE,
    SHELTER_SIZES,
    TENT,
    TILE,
    TRACK_MAX,
    shelter_price,
)
from meeple.games.bison.encoding import ENCODING
from meeple.games.bison.geometry import ORIENTATIONS, POSITIONS, cell_centre
from meeple.games.bison.tiles import TILES
from meeple.games.bison.views import (
    BoardLayout,
    _build_layout,
    _round,
    _round_drawn,
    _turned,
    board_layout,
)
from meeple.rl import aec_env


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


def _plain_choices(state: BisonState, seat: int) -> list[dict[str, Any]]:
    """The choice of an action as the rules state it: buys the animals pay for, exchanges of
    three for one, then the actions not taken this round (only the tile, if it must be
    placed this round)."""
    track = state.tracks[seat]
    cheapest = min(track)
    actions: list[dict[str, Any]] = []
    if state.market_hunters[seat] and cheapest >= HUNTER_PRICE:
        actions.append({"type": "buy_hunter"})
    for size in SHELTER_SIZES:
        if cheapest >= shelter_price(size):
            if state.market_tents[seat][size]:
                actions.append({"type": "buy_tent", "size": size})
            if state.market_canoes[seat][size]:
                actions.append({"type": "buy_canoe", "size": size})
    for give, have in enumerate(track):
        if have >= EXCHANGE_RATE:
            for get, other in enumerate(track):
                if get != give and other < TRACK_MAX:
                    actions.append({"type": "exchange", "give": ANIMALS[give], "get": ANIMALS[get]})
    if state.hands[seat] != -1 and state.turn // state.players == ACTIONS_PER_ROUND - 1:
        kinds = [TILE]
    else:
        kinds = [k for k in range(len(ACTION_KINDS)) if not state.used[seat] >> k & 1]
    actions.extend({"type": "action", "action": ACTION_KINDS[k]} for k in kinds)
    return actions


def _plain_actions(state: BisonState, seat: int) -> list[dict[str, Any]]:
    """The legal actions of the seat to move (``back`` aside), built afresh as the rules
    state them, in the order the game has always listed them."""
    phase = state.phase
    if phase == "choose":
        return _plain_choices(state, seat)
    if phase == "hunters":
        return [{"type": "hunters", "count": n} for n in state._hunter_counts(seat)]
    if phase == "gain":
        return [{"type": "gain", "animal": a} for a in ANIMALS]
    if phase == "pay":
        cost = ACTION_COST[state.count]
        track = state.tracks[seat]
        return [
            {"type": "pay", "bison": b, "fish": f, "turkeys": cost - b - f}
            for b in range(cost + 1)
            for f in range(cost - b + 1)
            if b <= track[0] and f <= track[1] and cost - b - f <= track[2]
        ]
    if phase == "place":
        return [
            {"type": "place", "position": p, "orientation": o}
            for p in state.board.open_positions()
            for o in range(ORIENTATIONS)
        ]
    if phase == "deploy":
        return [{"type": "deploy", "space": 3 * state.target + t} for t in (0, 1, 2)]
    if phase == "shelter":
        kind = ACTION_KINDS[state.action]
        return [
            {"type": kind, "space": space, "size": size}
            for space, size, _ in state._shelter_changes(seat)
        ]
    if phase == "gather_at":
        return [{"type": "gather_at", "space": s} for s in state._gather_targets(seat)]
    if phase == "gather":
        return [
            {"type": "gather", "from": s}
            for s in state._own_spaces(seat)
            if s != state.target and state.hunters[s]
        ]
    assert phase == "move"
    return [
        {"type": "move", "from": s, "to": d}
        for s in state._own_spaces(seat)
        if state.hunters[s] - state.moved.count(s) > 0
        for d in state._destinations(seat, s)
    ]


@pytest.mark.parametrize("advanced", [0, 1, 2])
def test_legal_parts_equal_the_plain_statement(advanced: int) -> None:
    """``legal_actions`` (copies of shared runs, ``legal.py``) and the action space's
    ``legal_of`` (each run's index → action dict made once) against the plain lists and look-ups,
    over random games that now and then go back; the runs stay as they were made."""
    space = ENCODING.action_space(2, {})
    phases: dict[str, int] = {}
    for seed in range(24):
        players = 2 + seed % 3
        state = GAME.new(players, seed=seed, options={"advanced": advanced})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            plain = _plain_actions(state, seat)
            assert without_back(actions) == plain, (seed, state.phase)
            assert (actions[-1] == {"type": "back"}) == (state.back is not None)
            parts = state.legal_parts(seat)
            assert [a for part in parts for a in part] == plain
            indexed = space.legal_of(state, seat)
            assert list(indexed.items()) == list(ActionSpace.legal(space, plain).items())
            for other in range(players):
                if other != seat:
                    assert state.legal_parts(other) == () and space.legal_of(state, other) == {}
            # ``legal_actions`` gives copies: changing them leaves the shared runs as they were.
            for action in actions:
                action["type"] = "changed"
            assert [a for part in state.legal_parts(seat) for a in part] == plain
            # ``legal_of`` gives a new dict each time (its actions are the shared ones, read
            # only): emptying it changes nothing for the next caller.
            indexed.clear()
            assert list(space.legal_of(state, seat).items()) == list(
                ActionSpace.legal(space, plain).items()
            )
            phases[state.phase] = phases.get(state.phase, 0) + 1
            back = state.back is not None and rng.random() < 0.1
            state.apply(seat, {"type": "back"} if back else rng.choice(plain))
    assert len(phases) == 10 and min(phases.values()) > 5, phases


@pytest.mark.parametrize("players", [2, 4])
def test_the_env_leaves_the_shared_actions_as_they_were(players: int) -> None:
    """``legal_of`` hands out the runs' own action dicts (read-only): along random games
    through the AEC env, applying one changes neither it nor any run a later decision shows."""
    env = aec_env("bison", players=players)
    rng = random.Random(players)
    for seed in range(3):
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            legal = env._legal
            index = rng.choice(sorted(legal))
            before = {i: dict(action) for i, action in legal.items()}
            state = env.game_state
            assert isinstance(state, BisonState)
            seat = state.to_move[0]
            assert [a for part in state.legal_parts(seat) for a in part] == _plain_actions(
                state, seat
            )
            env.step(index)
            assert legal == before, "an applied action or its run was changed"
