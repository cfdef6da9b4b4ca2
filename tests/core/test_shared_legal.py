"""A game's shared legal actions (``State.shared_legal_actions``) and the envs' index map of
them (``ActionSpace.legal_of``, by identity, by kept tuple or by the positions of
``State.indexed_legal_actions``) against the plain computation:
``legal_actions`` less ``back``, indexed one action at a time. Over random games of every
game, at the smallest and largest player counts, with the options that change the actions."""

from __future__ import annotations

import copy
import pickle
import random
from typing import cast

import pytest

import meeple
from meeple.core.encoding import ActionSpace, load_encoding
from meeple.core.game import Action, State, without_back
from meeple.games.cafe import rules as cafe_rules

GAMES = ["buffet", "stirfry", "cheese", "cafe", "bison"]
OPTIONS: dict[str, dict[str, object]] = {
    "stirfry": {"tofu": True, "closing_time": True},
    "cafe": {"coffee_circle": True},
    "bison": {"advanced": 2},
}
CASES = [
    (game_id, players, options)
    for game_id in GAMES
    for players in sorted({meeple.load(game_id).min_players, meeple.load(game_id).max_players})
    for options in ({}, OPTIONS.get(game_id, {}))
]


def _plain(space: ActionSpace, state: State, seat: int) -> list[tuple[int, Action]]:
    """(index, action) of each legal action less ``back``, in order, one general
    :meth:`ActionSpace.index` call each."""
    return [(ActionSpace.index(space, a), a) for a in without_back(state.legal_actions(seat))]


def _play(game_id: str, players: int, options: dict[str, object], seed: int) -> int:
    """Play a random game through ``legal_of``'s actions, checking every decision."""
    game = meeple.load(game_id)
    state = game.new(players, seed=seed, options=options)
    space = load_encoding(game_id).action_space(players, state.options)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        for seat in range(players):  # also the seats not to move: nothing, as legal_actions
            shared = state.shared_legal_actions(seat)
            if shared is not None:
                assert list(shared) == without_back(state.legal_actions(seat))
            indexed = state.indexed_legal_actions(seat)
            if indexed is not None:  # by their positions among the game's templates
                templates, by_position = indexed
                assert list(by_position.values()) == without_back(state.legal_actions(seat))
                assert all(templates[at] == a for at, a in by_position.items())  # type: ignore[index]
            if seat not in state.to_move:
                assert space.legal_of(state, seat) == {}
        seat = state.to_move[0]
        legal = space.legal_of(state, seat)
        assert list(legal.items()) == _plain(space, state, seat)
        again = space.legal_of(state, seat)  # a kept tuple's dict is copied: the caller's
        assert again == legal and again is not legal
        action = rng.choice(list(legal.values()))
        before = copy.deepcopy(action)
        state.apply_unchecked(seat, action)
        assert action == before, "a shared action is read, never changed"
        decisions += 1
    return decisions


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_legal_of_gives_the_plain_legal_actions_and_indices(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    decisions = sum(
        _play(game_id, players, options, seed) for seed in range(2 if game_id == "bison" else 4)
    )
    assert decisions > 50


def test_cafe_swaps_made_for_the_call_go_the_general_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the other joker ruling, swaps are new dicts, unknown by identity: the state
    keeps them at the positions of the templates they equal, and ``legal_of`` gives the
    same indices as the general way."""
    monkeypatch.setattr(cafe_rules, "JOKER_SWAP_SAME_SEX", False)
    assert sum(_play("cafe", 2, {}, seed) for seed in range(6)) > 50


def test_unknown_shared_actions_are_indexed_the_general_way_and_checked() -> None:
    space = ActionSpace([("play", [("card", range(3))]), ("draw", [])])
    play = {"type": "play", "card": 1}
    space.keep([play])

    class Shares:
        """Hands out the given shared actions: all ``legal_of`` asks of a state here."""

        def __init__(self, shared: tuple[Action, ...] | list[Action]) -> None:
            self.shared = shared

        def shared_legal_actions(self, seat: int) -> tuple[Action, ...] | list[Action]:
            return self.shared

    def legal_of(shared: tuple[Action, ...] | list[Action]) -> dict[int, Action]:
        return space.legal_of(cast(State, Shares(shared)), 0)

    unknown = {"type": "draw"}
    for shared in ([play, unknown], (play, unknown)):
        assert legal_of(shared) == {1: play, 3: unknown}
    with pytest.raises(ValueError, match="share index"):
        legal_of([play, dict(play)])
    with pytest.raises(ValueError, match="share index"):
        legal_of((play, play))
    with pytest.raises(ValueError, match="no index"):
        legal_of([{"type": "fly"}])


@pytest.mark.parametrize("game_id", GAMES)
def test_copied_and_pickled_spaces_forget_identities_and_give_the_same_indices(
    game_id: str,
) -> None:
    """A copy's held objects are copies and another process's ids differ: a copied or
    pickled space keeps nothing by identity, and gives the same legal maps the general way."""
    game = meeple.load(game_id)
    players = game.max_players
    space = load_encoding(game_id).action_space(players, game.resolve_options(None))
    state = game.new(players, seed=5)
    space.legal_of(state, state.to_move[0])  # something kept by identity, if the game shares
    for other in (copy.deepcopy(space), pickle.loads(pickle.dumps(space))):
        assert type(other) is type(space) and other.size == space.size
        assert other._kept == {} and other._held == [] and other._shared_runs == {}
        assert getattr(other, "_runs", {}) == {}  # Bison's runs, kept by identity too
        played = game.new(players, seed=5)
        rng = random.Random(5)
        for _ in range(60):
            if played.is_over:
                break
            seat = played.to_move[0]
            legal = other.legal_of(played, seat)
            assert list(legal.items()) == list(space.legal_of(played, seat).items())
            played.apply_unchecked(seat, rng.choice(list(legal.values())))


def test_numbered_templates_must_be_a_tuple_in_index_order() -> None:
    """``keep(..., numbered=True)`` takes a game's word that its templates are listed in the
    space's index order only when they are: anything else would map actions to wrong
    indices."""
    space = ActionSpace([("play", [("card", range(2))]), ("draw", [])])
    play0, play1, draw = {"type": "play", "card": 0}, {"type": "play", "card": 1}, {"type": "draw"}
    with pytest.raises(ValueError, match="index order"):
        space.keep((play1, play0, draw), numbered=True)
    with pytest.raises(ValueError, match="index order"):
        space.keep([play0, play1, draw], numbered=True)
    space.keep((play0, play1, draw))
    assert space._numbered is None  # kept by identity only
    templates = (play0, play1, draw)
    space.keep(templates, numbered=True)
    assert space._numbered is templates
