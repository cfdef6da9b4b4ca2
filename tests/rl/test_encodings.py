"""Every game's fixed action indexing and observation, over random playouts.

- every legal action has exactly one index, and decoding it gives that action back;
- the legal mask (the indices of ``legal_actions``) is exactly ``legal_actions``;
- the observation has the layout's length, is finite, and depends on ``view(seat)`` only:
  a determinized state (everything the seat cannot see re-sampled) gives the same tensor.

These need no numpy: the encodings are plain Python (``meeple/core/encoding.py``).
"""

from __future__ import annotations

import math
import random

import pytest

import meeple
from meeple.core.encoding import (
    Encoding,
    Features,
    History,
    load_encoding,
    observation_size,
    view_reader,
)
from meeple.core.game import State, without_back
from meeple.games.stirfry.encoding import CLAIMS, StirFryHistory

GAMES = ["buffet", "stirfry", "cheese", "cafe", "bison"]
GAMES_PER_COUNT = {"bison": 2}
"""Random games per player count (bison's are long)."""


def _same(a: object, b: object) -> bool:
    """Equal, with list fields compared as multisets (their order is the engine's)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(repr, a)) == sorted(map(repr, b))
    return type(a) is type(b) and a == b


def _observe(
    encoding: Encoding, state: State, seat: int, size: int, history: History | None = None
) -> list[float]:
    """The dense observation, after checking the sparse one: the layout's size, every
    position written once and inside it, finite values. From the view the envs read
    (:func:`view_reader`: ``view(seat)``, or Bison's typed data that JSON is made from)."""
    view = view_reader(encoding)(state, seat)
    features = encoding.observe(view, seat, state.players, state.options, history)
    assert features.size == size
    index, values = features.entries()  # fresh entries and shared segments alike
    assert len(set(index)) == len(index)
    assert all(0 <= i < size for i in index)
    assert all(math.isfinite(v) and v != 0.0 for v in values)
    return features.dense()


def _counts(game_id: str) -> list[int]:
    game = meeple.load(game_id)
    return sorted({game.min_players, game.max_players})


OPTIONS = [
    ("stirfry", {"tofu": True, "closing_time": True}),
    ("cafe", {"coffee_circle": True}),
    ("bison", {"advanced": 2}),
]
"""Options that change the legal actions (tofu claims, coffee-circle refills, …)."""


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [(g, n, {}) for g in GAMES for n in _counts(g)]
    + [(g, meeple.load(g).max_players, o) for g, o in OPTIONS],
    ids=str,
)
def test_actions_and_observations_over_random_games(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = meeple.load(game_id)
    encoding = load_encoding(game_id)
    rng = random.Random(players)
    for seed in range(GAMES_PER_COUNT.get(game_id, 4)):
        state = game.new(players, seed=seed, options=options)
        resolved = state.options
        space = encoding.action_space(players, resolved)
        size = observation_size(encoding, players, resolved)
        history = encoding.new_history(players, resolved)
        step = 0
        while not state.is_over:
            for seat in state.to_move:
                # ``back`` is for people: agents, like bots, never get it (meeple.rl.table).
                legal = without_back(state.legal_actions(seat))
                by_index = space.legal(legal)  # raises if two actions share an index
                assert len(by_index) == len(legal)
                mask = [0] * space.size
                for i in by_index:
                    mask[i] = 1
                from_mask = [by_index[i] for i in range(space.size) if mask[i]]
                assert sorted(map(repr, from_mask)) == sorted(map(repr, legal))
                for index, action in by_index.items():
                    assert 0 <= index < space.size
                    assert _same(space.action(index), action)
                    assert space.index(space.action(index)) == index
            seat = rng.choice(state.to_move)
            if step % 7 == 0:
                for viewer in range(players):
                    obs = _observe(encoding, state, viewer, size, history)
                    twin = state.determinize(viewer, random.Random(step))
                    assert twin.view(viewer) == state.view(viewer)
                    assert _observe(encoding, twin, viewer, size, history) == obs
            state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
            if history is not None:
                history.update(state.view(None))
            step += 1
        for viewer in range(players):
            _observe(encoding, state, viewer, size, history)


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_tells_seats_apart(game_id: str) -> None:
    """Two seats of one state see different tensors (the observer's own hand and seat order
    are in it), so the observation is not a constant."""
    game = meeple.load(game_id)
    encoding = load_encoding(game_id)
    state = game.new(game.min_players, seed=1)
    obs = [
        encoding.observe(state.view(s), s, state.players, state.options).dense()
        for s in range(state.players)
    ]
    assert len({tuple(o) for o in obs}) > 1


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_outside_the_space_are_refused(game_id: str) -> None:
    game = meeple.load(game_id)
    space = load_encoding(game_id).action_space(game.min_players, game.resolve_options(None))
    with pytest.raises(ValueError, match="no index"):
        space.index({"type": "no such action"})
    with pytest.raises(ValueError, match="outside"):
        space.action(space.size)


def _declare_and_answer(answer: str, bluff: bool) -> tuple[StirFryHistory, int]:
    """A Stir Fry game in which the first chef who can declares chicken (honestly or not),
    and every opponent answers ``answer``; the history and the chef."""
    game = meeple.load("stirfry")
    for seed in range(200):
        state = game.new(3, seed=seed)
        history = StirFryHistory(3)
        chef = state.to_move[0]
        hand = state.view(chef)["hand"]
        if ("chicken" in hand) == bluff:
            continue
        card = next(c for c in hand if (c == "chicken") != bluff)
        state.apply(chef, {"type": "declare", "card": card, "as": "chicken"})
        history.update(state.view(None))
        while state.to_move and chef not in state.to_move:
            state.apply(state.to_move[0], {"type": answer})
            history.update(state.view(None))
        return history, chef
    raise AssertionError("no such deal in 200 seeds")


def test_stirfry_history_remembers_declarations() -> None:
    history, chef = _declare_and_answer("trust", bluff=False)
    assert history.claims[chef][CLAIMS.index("chicken")] == 1
    assert sum(map(sum, history.claims)) == 1 and history.tastes == [0, 0, 0]
    history, chef = _declare_and_answer("taste", bluff=True)
    assert history.bluffs[chef] == 1 and sum(history.tastes) == 1
    assert sum(map(sum, history.claims)) == 0
    history, chef = _declare_and_answer("taste", bluff=False)
    assert history.honest[chef] == 1 and history.bluffs == [0, 0, 0]


def test_features_keep_only_non_zeros_at_their_positions() -> None:
    f = Features()
    f.counts([0, 3, 0, 1], 2.0)
    f.flags(x > 1 for x in (0, 2, 5))  # a generator: its length is known only at the end
    f.flags([])
    f.one_hot(7, 3)  # outside: nothing set
    f.scalar(0)
    f.counts(())
    f.flags((True,))
    assert f.size == 12
    assert f.index == [1, 3, 5, 6, 11]
    assert f.values == [1.5, 0.5, 1.0, 1.0, 1.0]
    assert f.dense() == [0.0, 1.5, 0.0, 0.5, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    f.ones += [2, 7]  # positions of fresh 1.0s
    assert f.entries() == ([1, 3, 5, 6, 11, 2, 7], [1.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0])
    assert f.dense() == [0.0, 1.5, 1.0, 0.5, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
