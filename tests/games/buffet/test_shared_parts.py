"""The parts that views share and the caches behind them give what a fresh build gives.

For speed, ``BuffetState.view`` takes dishes, piles, every seat's stacks and scores, the
discard pile and the rows of dishes from shared tables and value-keyed caches, and keeps the
part every seat sees alike while it stays; the observation (``encoding.py``) recognises the
shared dish and pile dicts by identity and keeps the table's entries and the seats' piles
while they stay. These tests rebuild every one of those parts from scratch, the slow way, at
every step of random games, and check that playing never changes the shared tables.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from meeple.core.encoding import ActionSpace
from meeple.games.buffet import GAME
from meeple.games.buffet.data import (
    ALL_DISHES,
    CARD_VALUES,
    DISH_JSON,
    DISH_KINDS,
    DISH_VALUES,
    MAX_COVERED,
    PILE_JSON,
    dish_json,
    dish_kind,
    dish_value,
)
from meeple.games.buffet.encoding import ENCODING, BuffetEncoding
from meeple.games.buffet.rules import BuffetState, hand_list, score_of, stacks_json
from tests.games.view_checks import assert_views_fresh_and_kept

TABLES_AT_IMPORT = copy.deepcopy((DISH_JSON, PILE_JSON))


def _playout(players: int, seed: int) -> list[BuffetState]:
    """Every state of a random game (copies), from the first to the last."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def _fresh_stacks(stack: list[int]) -> list[dict[str, object]]:
    """A stack's piles built the slowest, plainest way: each kind's last dish and the count
    of the dishes under it, in the kinds' order."""
    piles = []
    for kind in range(len(DISH_KINDS)):
        mine = [d for d in stack if dish_kind(d) == kind]
        if mine:
            top = mine[-1]
            piles.append(
                {
                    "top": {"kind": DISH_KINDS[kind], "value": dish_value(top)},
                    "covered": len(mine) - 1,
                }
            )
    return piles


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_equal_their_parts_built_afresh(players: int) -> None:
    for seed in range(4):
        for state in _playout(players, seed):
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert view["stacks"] == [_fresh_stacks(s) for s in state.stacks]
                assert view["stacks"] == [stacks_json(s) for s in state.stacks]
                assert view["scores"] == [score_of(s) for s in state.stacks] == state.scores
                assert view["discard"] == {
                    str(v): state.discard[i] for i, v in enumerate(CARD_VALUES)
                }
                assert view["buffet"] == [dish_json(d) for d in state.buffet]
                assert view["reserved"] == [dish_json(d) for d in state.reserved]
                if seat is not None:
                    hand = state.hands[seat]
                    assert view["hand"] == [
                        v for i, v in enumerate(CARD_VALUES) for _ in range(hand[i])
                    ]
    assert (DISH_JSON, PILE_JSON) == TABLES_AT_IMPORT


def test_shared_tables_hold_every_dish_and_pile() -> None:
    assert [dish_json(d) for d in ALL_DISHES] == [
        {"kind": k, "value": v} for k in DISH_KINDS for v in DISH_VALUES
    ]
    for code in ALL_DISHES:
        assert DISH_JSON[code] == dish_json(code)
        assert dish_json(code) is not DISH_JSON[code]  # callers get a dict of their own
        for covered in range(MAX_COVERED + 1):
            assert PILE_JSON[code][covered] == {"top": dish_json(code), "covered": covered}
            assert PILE_JSON[code][covered]["top"] is DISH_JSON[code]


def test_hand_list_of_a_full_suit() -> None:
    # Ten copies of a value is the most a hand can hold (a value has ten cards in all).
    counts = [10 if v == 4 else 0 for v in CARD_VALUES]
    assert hand_list(counts) == [4] * 10
    assert hand_list([1] * len(CARD_VALUES)) == list(CARD_VALUES)


@pytest.mark.parametrize("players", [3, 6])
def test_observation_of_shared_parts_equals_that_of_a_copy(players: int) -> None:
    """The observation recognises the engine's shared dicts by identity; a view read back
    from JSON has none of them and is decoded field by field: both give the same tensor."""
    for seed in range(3):
        for state in _playout(players, seed):
            for seat in range(players):
                view = state.view(seat)
                shared = ENCODING.observe(view, seat, players, state.options)
                copied = ENCODING.observe(json.loads(json.dumps(view)), seat, players, {})
                assert shared.size == copied.size
                assert shared.dense() == copied.dense()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_views_equal_those_of_a_fresh_copy_at_every_step(players: int) -> None:
    """The caches are keyed by value, so a state played from the start and a copy read back
    from JSON at any step (whose parts are all built anew) show the very same views."""
    for seed in range(4):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while True:
            fresh = GAME.from_json(json.loads(json.dumps(state.to_json())))
            for seat in [*range(players), None]:
                assert json.dumps(state.view(seat)) == json.dumps(fresh.view(seat))
            if state.is_over:
                break
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def _fresh_view(state: BuffetState, seat: int | None) -> object:
    """The view built with nothing kept: a copy of the state with its view caches dropped."""
    other = state.clone()
    other._public = other._stacks_shown = None
    return other.view(seat)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_kept_view_parts_equal_fresh_ones_and_stay(players: int) -> None:
    """The part of the view every seat sees alike is kept while the mice choose and through
    an exchange's discards: at every step of random games (the choosers in random order)
    every seat's view equals one built from scratch, key order included, and every view
    handed out earlier still reads as it did (snapshots)."""
    for seed in range(3):
        state = GAME.new(players, seed=seed)
        assert_views_fresh_and_kept(
            state, _fresh_view, random.Random(seed), lambda s, rng: rng.choice(s.to_move)
        )


@pytest.mark.parametrize("players", [3, 5])
def test_views_of_copies_and_samples_are_their_own(players: int) -> None:
    """A state read back from JSON, and a sample of what one seat cannot see (which keeps
    nothing of the original's view), show what a fresh build of them shows."""
    for state in _playout(players, 2)[::7]:
        for seat in range(players):
            state.view(seat)  # the original keeps its public part
            copy_ = GAME.from_json(state.to_json())
            assert json.dumps(copy_.view(seat)) == json.dumps(state.view(seat))
            sample = state.determinize(seat, random.Random(seat))
            assert json.dumps(sample.view(seat)) == json.dumps(_fresh_view(sample, seat))


@pytest.mark.parametrize("players", [3, 5, 6])
def test_observations_of_a_warm_encoder_equal_cold_ones(players: int) -> None:
    """One encoder observing as an agent loop does (the seat to move, then everyone, at every
    step, so that its kept table entries and piles are reused) gives the observation that a
    new encoder gives for a copy of the view read back from JSON (nothing to reuse)."""
    warm = BuffetEncoding()
    for seed in range(3):
        for state in _playout(players, seed):
            order = [*state.to_move[:1], *range(players)]
            for seat in order:
                view = state.view(seat)
                got = warm.observe(view, seat, players, state.options)
                cold = BuffetEncoding().observe(json.loads(json.dumps(view)), seat, players, {})
                assert len(set(got.index)) == len(got.index), "a position written twice"
                assert got.size == cold.size
                assert got.dense() == cold.dense()


def test_quick_legal_indices_are_the_general_ones() -> None:
    """The space's quick look-up of plays and discards gives :class:`ActionSpace`'s own
    indices for every action and for the legal actions of random games, and refuses what is
    malformed as the general way refuses it."""
    space = ENCODING.action_space(4, {})
    for i in range(space.size):
        action = space.action(i)
        assert space.legal([action]) == ActionSpace.legal(space, [action]) == {i: action}
    for state in _playout(4, 1):
        for seat in state.to_move:
            actions = state.legal_actions(seat)
            assert space.legal(actions) == ActionSpace.legal(space, actions)
    for bad in (
        [{"type": "play", "card": 10}],
        [{"type": "play"}],
        [{"type": "discard", "card": [1]}],
        [{"type": "draw", "card": 1}],
        [{"type": "play", "card": 1}, {"type": "play", "card": 1}],
    ):
        with pytest.raises(ValueError):
            space.legal(bad)
