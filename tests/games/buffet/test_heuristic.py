"""The buffet heuristic bot plays legally, from its view alone, and sensibly."""

from __future__ import annotations

import random

from meeple.bots.search import SEARCH_PLANS
from meeple.games.buffet import GAME, BuffetState
from meeple.games.buffet.explain import GUIDE
from meeple.games.buffet.heuristic import BoldBuffetBot, BuffetHeuristicBot, bold, dish_gain
from tests.games.buffet.helpers import make


def test_it_only_plays_legal_actions_through_whole_games() -> None:
    for players in (3, 6):
        state = GAME.new(players, seed=players)
        bots = [BuffetHeuristicBot(seed=s, noise=0.2) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_it_does_not_peek() -> None:
    state = GAME.new(4, seed=8)
    twin = state.determinize(0, random.Random(1))
    assert twin.to_json() != state.to_json()
    assert BuffetHeuristicBot(seed=1).choose(twin, 0) == BuffetHeuristicBot(seed=1).choose(state, 0)


def test_a_dish_is_worth_what_it_adds_over_the_top_of_its_kind() -> None:
    stack = [{"top": {"kind": "pizza", "value": 3}, "covered": 2}]  # view["stacks"][seat]
    assert dish_gain({"kind": "pizza", "value": 5}, stack) == 2
    assert dish_gain({"kind": "pizza", "value": 1}, stack) == -2
    assert dish_gain({"kind": "salad", "value": 4}, stack) == 4


def test_it_drops_out_cheaply_for_a_good_lowest_dish() -> None:
    state = make(
        4, hands=[[0, 5, 9], [1], [1], [1]], buffet=[("cheese", 5), ("salami", 4), ("pizza", 3)]
    )
    assert BuffetHeuristicBot().choose(state, 0) == {"type": "play", "card": 0}


def test_it_stays_clear_of_the_back_when_the_lowest_dish_is_poor() -> None:
    state = make(
        4, hands=[[-1, 4, 9], [1], [1], [1]], buffet=[("cheese", 5), ("salami", 4), ("pizza", -1)]
    )
    assert BuffetHeuristicBot().choose(state, 0) == {"type": "play", "card": 4}


def finale(hand: list[int]) -> BuffetState:
    """Two mice left level on space 3, the cheese (5) to the leader; seat 0 holds ``hand``."""
    state = make(4, hands=[hand, [1], [1], [1]], buffet=[("cheese", 5)], positions=[3, 3, 0, 0])
    state.in_round = [True, True, False, False]
    return state


def test_in_the_finale_it_plays_to_beat_an_average_card_and_the_bold_variant_a_high_one() -> None:
    state = finale([3, 5, 9])
    assert BuffetHeuristicBot().choose(state, 0) == {"type": "play", "card": 5}  # 5 > 4
    assert BoldBuffetBot().choose(state, 0) == {"type": "play", "card": 9}  # 9 > 8


def test_the_bold_variant_keeps_a_wider_lead_over_the_rearmost_mouse() -> None:
    state = make(
        4, hands=[[-1, 4, 6], [1], [1], [1]], buffet=[("cheese", 5), ("salami", 4), ("pizza", -1)]
    )
    assert BuffetHeuristicBot().choose(state, 0) == {"type": "play", "card": 4}  # 3 clear
    assert BoldBuffetBot().choose(state, 0) == {"type": "play", "card": 6}  # 5 clear


def test_the_bold_variant_leaves_for_a_dish_worth_a_point_and_exchanges_more() -> None:
    state = make(
        4, hands=[[0, 5, 9], [1], [1], [1]], buffet=[("cheese", 5), ("salami", 4), ("pizza", 1)]
    )
    assert BuffetHeuristicBot().choose(state, 0) == {"type": "play", "card": 5}
    assert BoldBuffetBot().choose(state, 0) == {"type": "play", "card": 0}
    legal = [{"type": "discard", "card": 3}, {"type": "draw"}]
    assert BuffetHeuristicBot().decide({}, legal, 0) == {"type": "draw"}
    assert BoldBuffetBot().decide({}, legal, 0) == {"type": "discard", "card": 3}


def test_hard_searches_with_the_bold_variant_at_every_count() -> None:
    for players in range(GAME.min_players, GAME.max_players + 1):
        plan = SEARCH_PLANS["buffet"].for_players(players)
        assert plan.guide is bold and plan.policy is bold
    # The coach's reasons speak of the constants hard's guide plays by.
    assert type(bold(0)) is GUIDE
