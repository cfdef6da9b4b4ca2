"""The fast paths of Go da Cheese!'s learning interface agree with the plain ones they stand for.

- ``CheeseSpace.legal`` (a place action's index worked out directly) gives what the generic
  :meth:`ActionSpace.legal` gives, on every decision of random games and on odd actions;
- the legal actions (built from templates kept by hand) are what the rules say, written out;
- the views' shared parts (constant lists during play, the deck kept while its size stays)
  equal freshly built ones, and are never changed by later moves.
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core.encoding import ActionSpace
from meeple.games.cheese import CheeseState
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    ANIMALS,
    CHEESES_BY_PLAYERS,
    HAND_LIMIT,
    PLACE_COUNT,
)
from meeple.games.cheese.encoding import ENCODING

GAME = meeple.load("cheese")


def _plain_space(players: int) -> ActionSpace:
    """The same table as a generic :class:`ActionSpace`."""
    return ActionSpace(
        [
            ("place", [("cheese", range(CHEESES_BY_PLAYERS[players])), ("card", ANIMAL_NAMES)]),
            ("draw", []),
        ]
    )


def _states(players: int, games: int = 4) -> list[CheeseState]:
    """Every position of a few random games (copies), the end included."""
    out = []
    for seed in range(games):
        state: CheeseState = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            out.append(state.clone())
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        out.append(state)
    return out


def _plain_legal(state: CheeseState, seat: int) -> list[dict[str, object]]:
    """The legal actions as the rules say them, written out."""
    if state.is_over or seat != state.current:
        return []
    hand = state.hands[seat]
    animals = [ANIMAL_NAMES[a] for a in ANIMALS if hand[a]]
    if state.next_cheese is not None:
        return [{"type": "place", "cheese": state.next_cheese, "card": a} for a in animals]
    actions: list[dict[str, object]] = []
    if sum(hand) < HAND_LIMIT and state.decks[seat]:
        actions.append({"type": "draw"})
    if sum(hand) >= PLACE_COUNT:
        actions += [
            {"type": "place", "cheese": c, "card": a}
            for c in range(len(state.cheeses))
            for a in animals
        ]
    return actions


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_and_their_indices(players: int) -> None:
    space = ENCODING.action_space(players, {})
    plain = _plain_space(players)
    for state in _states(players):
        for seat in range(players):
            actions = state.legal_actions(seat)
            assert actions == _plain_legal(state, seat)
            assert space.legal(actions) == plain.legal(actions)
            assert list(space.legal(actions)) == list(plain.legal(actions))  # same order
            if actions:  # fresh dicts: changing one changes no later answer
                actions[0]["type"] = "changed"
                assert state.legal_actions(seat) == _plain_legal(state, seat)


def test_odd_actions_get_the_generic_answer() -> None:
    space = ENCODING.action_space(3, {})
    plain = _plain_space(3)
    odd = [
        {"type": "place", "cheese": True, "card": "cat"},  # a bool is not a cheese here…
        {"type": "place", "cheese": 5, "card": "mouse"},
        {"type": "draw"},
    ]
    assert space.legal(odd) == plain.legal(odd)
    for bad in (
        [{"type": "place", "cheese": 6, "card": "cat"}],
        [{"type": "place", "cheese": 0, "card": "unicorn"}],
        [{"type": "place", "cheese": 0}],
        [{"type": "place", "cheese": 0, "card": "cat", "extra": 1}],
        [{"type": "draw", "count": 3}],
        [{"type": "fly"}],
        [{"type": "draw"}, {"type": "draw"}],
        [
            {"type": "place", "cheese": 1, "card": "dog"},
            {"type": "place", "cheese": 1, "card": "dog"},
        ],
    ):
        with pytest.raises(ValueError) as plain_error:
            plain.legal(bad)
        with pytest.raises(ValueError) as fast_error:
            space.legal(bad)
        assert str(fast_error.value) == str(plain_error.value)


def _plain_view(state: CheeseState, seat: int | None) -> str:
    """``state``'s view of ``seat`` from a copy (which builds every part afresh), as JSON."""
    return json.dumps(state.clone().view(seat), sort_keys=True)


@pytest.mark.parametrize("players", [3, 5])
def test_shared_view_parts_equal_fresh_ones_and_stay_as_they_were(players: int) -> None:
    state: CheeseState = GAME.new(players, seed=players)
    rng = random.Random(players)
    kept = []
    while True:
        for seat in [*range(players), None]:
            view = state.view(seat)
            text = json.dumps(view, sort_keys=True)
            assert text == _plain_view(state, seat)
            kept.append((view, text))
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for view, text in kept:
        assert json.dumps(view, sort_keys=True) == text
