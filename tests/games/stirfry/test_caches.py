"""The shortcuts of the hot path give what the plain computations give.

The view is built once per position (``public``) and copied for each seat, the served
dishes' JSON is kept on the state, the encoding memoises slices by the identity of the
view's unchanging objects and keeps the history's counts sparse. Over many random games,
every cached result must equal the one built from scratch.
"""

import copy
import json
import random

import pytest

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON
from meeple.games.stirfry import GAME, StirFryState
from meeple.games.stirfry.data import CARD_NAMES, DECK_SIZE
from meeple.games.stirfry.encoding import (
    CLAIMS,
    DRAWS_SCALE,
    ENCODING,
    HAND_SCALE,
    PHASES,
    StirFryHistory,
)

OPTIONS = [{}, {"tofu": True, "closing_time": True}, {"meticulous_chef": True, "target": 50}]


def _counts(names: list[str]) -> list[float]:
    counts = [0.0] * len(CARD_NAMES)
    for name in names:
        counts[CARD_NAMES.index(name)] += 1
    return counts


def _plain_observe(
    view: JSON, seat: int, players: int, history: StirFryHistory | None
) -> list[float]:
    """The observation written slice by slice with the Features API, straight from the
    layout in docs/rl.md (what ``observe`` computed before it was made fast)."""
    target = float(view["target"])
    f = Features()
    f.one_hot(PHASES.index(view["phase"]), len(PHASES))
    f.scalar(target, 300.0)
    f.scalar(view["turn"], 100.0)
    f.scalar(view["deck"], DECK_SIZE)
    f.counts(_counts(view["hand"] or []), 2.0)
    f.counts(_counts(view["my_face_down"]), 2.0)
    f.counts(_counts(view["table"]), 2.0)
    f.flags((view["declared"]["protein"], view["declared"]["pair"], view["bluff_caught"]))
    declaration = view["declaration"]
    f.flags([declaration is not None])
    if declaration is None:
        f.counts([0.0] * (len(CLAIMS) + 2 + len(CARD_NAMES)))
    else:
        f.one_hot(CLAIMS.index(declaration["as"]), len(CLAIMS))
        f.scalar(declaration["count"], 2.0)
        f.scalar(declaration["draws"], DRAWS_SCALE)
        f.counts(_counts(declaration.get("cards", [])), 2.0)
    final_round = view["final_round"]
    f.flags([final_round is not None])
    order = [(seat + k) % players for k in range(players)]
    f.one_hot(relative(seat, view["chef"], players), players)
    f.flags(s in view["to_move"] for s in order)
    f.flags(s in (declaration["waiting"] if declaration else []) for s in order)
    f.flags(s in (declaration["trusted"] if declaration else []) for s in order)
    f.flags(s in (final_round or []) for s in order)
    f.counts([view["hand_sizes"][s] for s in order], HAND_SCALE)
    f.counts([view["face_down"][s] for s in order], 4.0)
    f.counts([view["points"][s] for s in order], target)
    f.counts([view["extra_draws"][s] for s in order], DRAWS_SCALE)
    served = view["dishes"]
    f.counts([len(served[s]) for s in order], 5.0)
    for s in order:
        f.counts(_counts([c for dish in served[s] for c in dish["cards"]]), 3.0)
    if history is None:
        f.block(players * (len(CLAIMS) + 3))
    else:
        for s in order:
            f.counts(history.claims[s], 2.0)
        f.counts([history.bluffs[s] for s in order], 3.0)
        f.counts([history.honest[s] for s in order], 3.0)
        f.counts([history.tastes[s] for s in order], 3.0)
    return f.dense()


def _games(players: int, options: dict[str, object], count: int) -> list[list[StirFryState]]:
    """The positions of ``count`` seeded random games (clones, in order)."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        state = GAME.new(players, seed=seed, options=options)
        positions = [state.clone()]
        while not state.is_over:
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            positions.append(state.clone())
        games.append(positions)
    return games


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "tofu+closing", "meticulous"])
def test_views_built_once_per_position_equal_fresh_ones(
    players: int, options: dict[str, object]
) -> None:
    """At every position of a game played on one state, every seat's view (the first one
    builds the shared part, the others copy it) is the view of the same position rebuilt from
    its stored state; and views taken earlier are unchanged by the moves since."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(players, seed=seed, options=options)
        kept = []
        while True:
            for seat in [None, *rng.sample(range(players), players), None]:
                view = state.view(seat)
                fresh = GAME.from_json(state.to_json()).view(seat)
                assert view == fresh
                assert json.dumps(view) == json.dumps(fresh)  # the same key order too
                kept.append((view, json.dumps(view)))
            dishes = [[d.to_json() for d in served] for served in state.dishes]
            assert state.dishes_view == dishes
            if state.is_over:
                break
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert all(json.dumps(view) == text for view, text in kept)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "tofu+closing", "meticulous"])
def test_observations_equal_the_plain_encoding(players: int, options: dict[str, object]) -> None:
    """``observe`` (memoised slices, sparse history) equals the plain slice-by-slice
    encoding for every seat at every position, with and without the history; and the
    history's sparse cells hold exactly its non-zero counts."""
    resolved = GAME.resolve_options(options)
    for positions in _games(players, options, 3):
        history = ENCODING.new_history(players, resolved)
        for state in positions[1:]:
            history.update(state.view(None))
            nonzero = {
                **{
                    s * len(CLAIMS) + c: n
                    for s, row in enumerate(history.claims)
                    for c, n in enumerate(row)
                    if n
                },
                **{
                    (len(CLAIMS) + k) * players + s: n
                    for k, counts in enumerate((history.bluffs, history.honest, history.tastes))
                    for s, n in enumerate(counts)
                    if n
                },
            }
            assert history.cells == nonzero
            for seat in range(players):
                view = state.view(seat)
                for hist in (history, None):
                    plain = _plain_observe(view, seat, players, hist)
                    assert ENCODING.observe(view, seat, players, resolved, hist).dense() == plain
                    # A copy of the view shares no object with the memoised ones.
                    again = ENCODING.observe(copy.deepcopy(view), seat, players, resolved, hist)
                    assert again.dense() == plain
            copied = copy.deepcopy(history)
            assert copied.cells == history.cells and copied.cells is not history.cells


def _plain_space() -> ActionSpace:
    """The same table as a generic :class:`ActionSpace` (no fast look-ups)."""
    return ActionSpace(ENCODING.action_space(2, {}).kinds)


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 5])
def test_the_fast_action_indices_are_the_generic_ones(
    players: int, options: dict[str, object]
) -> None:
    space = ENCODING.action_space(players, {})
    plain = _plain_space()
    for seed in range(3):
        state: StirFryState = GAME.new(players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                actions = state.legal_actions(seat)
                assert list(space.legal(actions).items()) == list(plain.legal(actions).items())
                # The same cards in another order: the same indices.
                shuffled = [
                    {**a, "cards": rng.sample(a["cards"], len(a["cards"]))} if "cards" in a else a
                    for a in actions
                ]
                assert space.legal(shuffled) == plain.legal(shuffled)
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_odd_actions_get_the_generic_answer() -> None:
    space = ENCODING.action_space(2, {})
    plain = _plain_space()
    good = [
        {"type": "declare", "card": "noodles", "as": "tofu"},
        {"type": "declare_pair", "cards": ["tofu", "noodles"]},
        {"type": "cook", "cards": ["shrimp", "noodles", "leek"]},
        {"type": "end_turn"},
        {"type": "trust"},
    ]
    assert space.legal(good) == plain.legal(good)
    for bad in (
        [{"type": "declare", "card": "noodles", "as": "pair"}],
        [{"type": "declare", "card": ["noodles"], "as": "chicken"}],
        [{"type": "declare", "card": "noodles"}],
        [{"type": "declare_pair", "cards": ["noodles"]}],
        [{"type": "declare_pair", "cards": [["noodles"], "leek"]}],
        [{"type": "declare_pair", "cards": "noodles"}],
        [{"type": "cook", "cards": ["leek", "ginger"]}],
        [{"type": "cook", "cards": ["noodles", "leek", "chicken"], "extra": 1}],
        [{"type": "end_turn"}, {"type": "end_turn"}],
        [
            {"type": "declare_pair", "cards": ["leek", "pork"]},
            {"type": "declare_pair", "cards": ["pork", "leek"]},
        ],
    ):
        with pytest.raises(ValueError) as plain_error:
            plain.legal(bad)
        with pytest.raises(ValueError) as fast_error:
            space.legal(bad)
        assert str(fast_error.value) == str(plain_error.value)
