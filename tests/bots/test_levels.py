"""The ``hard`` level in every game: its search plan, legality, reproducibility, no peeking.

Whole games at the real budgets are the arena's work (``meeple arena``); these tests use
the same plans with a handful of playouts, so that they run in seconds.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import meeple
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import HEURISTICS, LEVELS, SEARCH_PLANS, make, searcher
from meeple.core.bot import SearchPlan
from meeple.core.game import State
from meeple.games.stirfry.heuristic import (
    DECLARER_BLUFF_ODDS,
    DeclarerReadingBot,
    StirFryHeuristicBot,
    hard_taste_table,
)

GAMES = sorted(meeple.GAMES)


def small(game_id: str, iterations: int = 2) -> SearchPlan:
    """The game's own search plan with fewer playouts (and no budget of moves)."""
    return dataclasses.replace(SEARCH_PLANS[game_id], iterations=iterations, steps=None)


def positions(game_id: str, players: int, count: int, seed: int = 2) -> list[State]:
    """Points of a game between ``normal`` bots where the mover has a real choice."""
    game = meeple.load(game_id)
    state = game.new(players, seed=seed)
    bots = [make("normal", game, seed=s) for s in range(players)]
    found: list[State] = []
    step = 0
    while not state.is_over and len(found) < count:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1 and step % 3 == 0:
            found.append(state.clone())
        state.apply(seat, bots[seat].choose(state, seat))
        step += 1
    return found


def test_levels_are_named_the_same_in_every_game_weakest_first() -> None:
    assert list(LEVELS) == ["random", "easy", "normal", "hard", "expert"]
    assert sorted(SEARCH_PLANS) == GAMES == sorted(HEURISTICS)
    for game_id in GAMES:
        bot = make("hard", meeple.load(game_id), seed=1)
        assert isinstance(bot, ISMCTSBot) and bot.policy is not None
        assert bot.name == "hard"


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'master'"):
        make("master", meeple.load("cafe"))


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_chooses_legal_actions(game_id: str) -> None:
    game = meeple.load(game_id)
    for state in positions(game_id, game.min_players, 6):
        seat = state.to_move[0]
        before = state.to_json()
        action = searcher(game, small(game_id), seed=3).choose(state, seat)
        assert action in state.legal_actions(seat)
        assert state.to_json() == before  # the search plays on copies only


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_does_not_peek(game_id: str) -> None:
    """A determinized twin looks the same to the seat: the search must choose the same."""
    game = meeple.load(game_id)
    for k, state in enumerate(positions(game_id, game.min_players, 4, seed=5)):
        seat = state.to_move[0]
        twin = state.determinize(seat, random.Random(k))
        assert twin.view(seat) == state.view(seat)
        mine = searcher(game, small(game_id), seed=k).choose(state, seat)
        assert searcher(game, small(game_id), seed=k).choose(twin, seat) == mine


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_reproduces_its_choices_from_its_seed(game_id: str) -> None:
    game = meeple.load(game_id)
    state = positions(game_id, game.max_players, 2, seed=9)[-1]
    seat = state.to_move[0]
    first = searcher(game, small(game_id), seed=4).choose(state, seat)
    assert searcher(game, small(game_id), seed=4).choose(state, seat) == first


def test_a_plan_may_differ_by_player_count() -> None:
    game = meeple.load("buffet")
    plan = SearchPlan(
        iterations=3, rollout_limit=5, at={4: SearchPlan(iterations=7, rollout_limit=9)}
    )
    assert plan.for_players(3) is plan and plan.for_players(4).iterations == 7
    bot = searcher(game, plan, seed=1)
    for players, iterations, limit in ((4, 7, 9), (3, 3, 5), (4, 7, 9)):
        state = game.new(players, seed=2)
        assert bot.choose(state, 0) in state.legal_actions(0)
        assert (bot.iterations, bot.rollout_limit) == (iterations, limit)
    # The same seed and state give the same move as a bot made for that count's plan alone.
    state = game.new(4, seed=3)
    alone = searcher(game, plan.for_players(4), seed=5).choose(state, 0)
    assert searcher(game, plan, seed=5).choose(state, 0) == alone


def test_a_plan_may_name_its_guide_while_the_playouts_keep_the_heuristic() -> None:
    """Stir Fry's ``hard`` tastes as a :class:`DeclarerReadingBot` from 3 players on, and
    as the plain heuristic at 2; its playouts are the plain heuristic's at every count."""
    game = meeple.load("stirfry")
    plan = dataclasses.replace(
        SEARCH_PLANS["stirfry"],
        at={n: dataclasses.replace(p, iterations=2) for n, p in SEARCH_PLANS["stirfry"].at.items()},
        iterations=2,
    )
    bot = searcher(game, plan, seed=1)
    for players, guide in (
        (2, StirFryHeuristicBot),
        (4, DeclarerReadingBot),
        (2, StirFryHeuristicBot),
    ):
        state = game.new(players, seed=2)
        assert bot.choose(state, 0) in state.legal_actions(0)
        assert type(bot.guide) is guide and type(bot.policy) is StirFryHeuristicBot
    assert bot.guide is bot.policy  # without a guide of its own, the heuristic is both
    # The coach's taste reason weighs a claim by the odds of the guide the plan names.
    assert [hard_taste_table(n) for n in (2, 3, 4, 5)] == [None] + [DECLARER_BLUFF_ODDS] * 3
