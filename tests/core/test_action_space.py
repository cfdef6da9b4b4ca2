"""``ActionSpace.legal``'s look-ups (the env's per-step index mapping) against the plain
computation, one :meth:`ActionSpace.index` per action: the same indices in the same order,
and the same errors, over random games of every game and on malformed actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.core.encoding import ActionSpace, load_encoding
from meeple.core.game import Action, without_back

GAMES = ["buffet", "stirfry", "cheese", "cafe", "bison"]
OPTIONS: dict[str, dict[str, object]] = {
    "stirfry": {"tofu": True, "closing_time": True},
    "cafe": {"coffee_circle": True},
    "bison": {"advanced": 2},
}


def _plain(space: ActionSpace, actions: list[Action]) -> dict[int, Action]:
    """Index → action, one call of the general :meth:`ActionSpace.index` per action (not a
    subclass's own faster one: it must agree with that too)."""
    out: dict[int, Action] = {}
    for action in actions:
        i = ActionSpace.index(space, action)
        assert i == space.index(action)
        assert i not in out
        out[i] = action
    return out


CASES = [
    (game_id, players, options)
    for game_id in GAMES
    for players in sorted({meeple.load(game_id).min_players, meeple.load(game_id).max_players})
    for options in ({}, OPTIONS.get(game_id, {}))
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_legal_gives_the_plain_indices_over_random_games(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = meeple.load(game_id)
    encoding = load_encoding(game_id)
    decisions = 0
    for seed in range(2 if game_id == "bison" else 4):
        state = game.new(players, seed=seed, options=options)
        space = encoding.action_space(players, state.options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = without_back(state.legal_actions(seat))
            legal = space.legal(actions)
            plain = _plain(space, actions)
            assert legal == plain
            assert list(legal) == list(plain), "in legal_actions order"
            assert all(legal[i] is action for i, action in plain.items()), "the game's own dicts"
            assert space.legal(iter(actions)) == plain, "any iterable, not only lists"
            state.apply(seat, rng.choice(actions))
            decisions += 1
    assert decisions > 50


SPACE = ActionSpace(
    [
        ("pass", []),
        ("play", [("card", range(5))]),
        ("move", [("from", range(3)), ("to", range(4))]),
        ("cook", [("cards", [(0, 1), (1, 1), (1, 2)])]),
        ("trade", [("give", [(0,), (0, 1)]), ("get", range(2))]),
        ("pay", [("a", range(2)), ("b", range(2)), ("c", range(2))]),
    ]
)


def test_legal_agrees_on_every_action_of_a_space_of_each_shape() -> None:
    """No field, one, two, a list-valued one alone or beside another, three fields."""
    actions = [SPACE.action(i) for i in range(SPACE.size)]
    shuffled = random.Random(1).sample(actions, len(actions))
    assert SPACE.legal(shuffled) == _plain(SPACE, shuffled)
    assert list(SPACE.legal(shuffled)) == list(_plain(SPACE, shuffled))
    # A list field matches whatever the order of its cards; equal numbers match (1.0, True).
    assert SPACE.legal([{"type": "cook", "cards": [2, 1]}]) == {
        SPACE.index({"type": "cook", "cards": [1, 2]}): {"type": "cook", "cards": [2, 1]}
    }
    odd: list[Action] = [
        {"type": "play", "card": 1.0},
        {"type": "move", "from": True, "to": 3},
        {"type": "trade", "give": [1, 0], "get": 1},
    ]
    assert SPACE.legal(odd) == _plain(SPACE, odd)


BAD: list[Any] = [
    {"type": "play"},  # a field missing
    {"type": "play", "card": 1, "extra": 0},  # one too many
    {"type": "play", "card": 9},  # a value the space lacks
    {"type": "play", "card": [1]},  # a list where a value is wanted
    {"type": "play", "card": {"a": 1}},  # unhashable
    {"type": "move", "from": 0},
    {"type": "move", "from": 0, "to": 7},
    {"type": "move", "from": 0, "too": 1},
    {"type": "cook", "cards": [0, 2]},
    {"type": "pass", "card": 1},
    {"type": "pay", "a": 0, "b": 1},
    {"type": "fly"},  # a type the space lacks
    {"card": 1},  # no type
    {"type": ["play"]},  # unhashable type
    ["play", 1],  # not a dict
]


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_legal_refuses_what_index_refuses_with_its_reason(bad: Any) -> None:
    with pytest.raises(ValueError) as plain:
        SPACE.index(bad)
    with pytest.raises(ValueError) as legal:
        SPACE.legal([{"type": "pass"}, bad])
    assert str(legal.value) == str(plain.value)


def test_two_actions_with_one_index_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"share index 1"):
        SPACE.legal([{"type": "pass"}, {"type": "play", "card": 0}, {"type": "play", "card": 0.0}])
    with pytest.raises(ValueError, match=r"share index"):
        SPACE.legal([{"type": "cook", "cards": [1, 2]}, {"type": "cook", "cards": [2, 1]}])


def test_a_subclass_with_its_own_index_is_asked_for_every_action() -> None:
    """Café's space finds its ``seat`` and ``bar`` indices its own, faster way: ``legal``
    uses that rather than the look-ups, and still refuses a shared index."""
    asked: list[Action] = []

    class Counting(ActionSpace):
        def index(self, action: Any) -> int:
            asked.append(action)
            return super().index(action)

    space = Counting(SPACE.kinds)
    actions = [SPACE.action(i) for i in range(SPACE.size)]
    assert space.legal(actions) == _plain(SPACE, actions)
    assert asked[: len(actions)] == actions
    with pytest.raises(ValueError, match=r"share index 1"):
        space.legal([{"type": "play", "card": 0}, {"type": "play", "card": 0.0}])
