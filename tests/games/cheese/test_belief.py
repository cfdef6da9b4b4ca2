"""The belief ``expert`` deals Go da Cheese!'s worlds by (:mod:`meeple.games.cheese.belief`):
what a seat sees of its rivals' face-down cards, and worlds dealt by chances of them that
agree with the seat's view and read nothing else."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import meeple
from meeple.games.cheese import belief
from meeple.games.cheese.data import ANIMALS, CAT, DECK_COUNTS, IS_MARKED
from meeple.games.cheese.heuristic import CheeseHeuristicBot
from meeple.games.cheese.rules import CheeseState, hand_list


def _played(players: int, seed: int, decisions: int) -> CheeseState:
    """A game of heuristic bots after ``decisions`` decisions."""
    state = meeple.load("cheese").new(players, seed=seed)
    bots = [CheeseHeuristicBot(seed=seed * 8 + s, samples=2) for s in range(players)]
    for _ in range(decisions):
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert isinstance(state, CheeseState) and not state.is_over
    return state


def _face_down(state: CheeseState, seat: int) -> list[tuple[int, int]]:
    """Where the rivals' face-down cards lie: ``(position, place)``."""
    return [
        (position, place)
        for position, queue in enumerate(state.queues)
        for place, card in enumerate(queue)
        if card.seat != seat and not card.face_up
    ]


def _unseen(state: CheeseState, owner: int) -> list[int]:
    """``owner``'s deck, hand and face-down cards, sorted."""
    down = [
        card.animal for q in state.queues for card in q if card.seat == owner and not card.face_up
    ]
    return sorted([*state.decks[owner], *hand_list(state.hands[owner]), *down])


def _uniform(rows: Sequence[Sequence[float]]) -> list[list[float]]:
    return [[1.0] * len(ANIMALS) for _ in rows]


def _all_cats(rows: Sequence[Sequence[float]]) -> list[list[float]]:
    return [[1.0 if a == CAT else 0.0 for a in ANIMALS] for _ in rows]


@pytest.mark.parametrize(("players", "decisions"), [(3, 20), (5, 30)])
def test_every_rival_face_down_card_is_seen_from_the_view(players: int, decisions: int) -> None:
    state = _played(players, seed=players, decisions=decisions)
    for seat in range(players):
        found = belief.slots(state.view(seat), seat)
        assert [(s.position, s.place) for s in found] == _face_down(state, seat)
        assert found, "the game should have face-down cards by now"
        for slot in found:
            assert slot.owner != seat and len(slot.features) == belief.SIZE
            assert slot.marked == (state.queues[slot.position][slot.place].order > 1)
    assert sum(size for _, size in belief.LAYOUT) == belief.SIZE


def test_what_is_seen_does_not_tell_the_hidden_animal() -> None:
    # The features come from the view: a world with other face-down cards looks the same.
    state = _played(3, seed=11, decisions=24)
    other = state.determinize(0, random.Random(5))
    assert [s.features for s in belief.slots(state.view(0), 0)] == [
        s.features for s in belief.slots(other.view(0), 0)
    ]


@pytest.mark.parametrize("seed", range(4))
def test_a_dealt_world_agrees_with_the_view_and_keeps_each_rivals_cards(seed: int) -> None:
    state = _played(4, seed=seed, decisions=20 + seed * 5)
    world = belief.deal(state, 1, random.Random(seed), _uniform)
    assert isinstance(world, CheeseState)
    assert world.view(1) == state.view(1)
    for owner in range(4):
        assert _unseen(world, owner) == _unseen(state, owner)
        assert sum(world.hands[owner]) == sum(state.hands[owner])
        assert len(world.decks[owner]) == len(state.decks[owner])
    for position, place in _face_down(state, 1):
        card = world.queues[position][place]
        assert IS_MARKED[card.animal] or card.order == 1  # a 2nd or 3rd card is marked


def test_the_deal_reads_the_view_and_its_dice_only() -> None:
    # Two positions seat 0 cannot tell apart give the same world from the same dice.
    state = _played(3, seed=7, decisions=25)
    twin = state.determinize(0, random.Random(99))
    assert _face_down(state, 0) and any(
        state.queues[p][i] != twin.queues[p][i] for p, i in _face_down(state, 0)
    ), "the twin should hide other cards"
    one = belief.deal(state, 0, random.Random(3), _uniform)
    two = belief.deal(twin, 0, random.Random(3), _uniform)
    assert one.to_json() == two.to_json()


def test_the_deal_follows_the_chances() -> None:
    # Chances that say "a cat" make face-down cards cats while the owner has cats to give.
    state = _played(3, seed=2, decisions=30)
    world = belief.deal(state, 0, random.Random(1), _all_cats)
    for owner in (1, 2):
        down = [(p, i) for p, i in _face_down(state, 0) if state.queues[p][i].seat == owner]
        cats_left = _unseen(state, owner).count(CAT)
        dealt = [world.queues[p][i].animal for p, i in down]
        assert dealt.count(CAT) == min(len(down), cats_left)
    assert DECK_COUNTS[CAT] == 2


def test_a_finished_game_is_dealt_as_it_is() -> None:
    state = meeple.load("cheese").new(3, seed=1)
    bots = [CheeseHeuristicBot(seed=s, samples=2) for s in range(3)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    dealt, real = belief.deal(state, 0, random.Random(1), _all_cats).to_json(), state.to_json()
    dealt.pop("rng"), real.pop("rng")  # the world's future luck is its own
    assert dealt == real


def test_labelled_examples_name_the_real_animals() -> None:
    state = _played(3, seed=4, decisions=28)
    features, animals = belief.labelled(state, 2)
    down = _face_down(state, 2)
    assert len(features) == len(animals) == len(down)
    assert animals == [state.queues[p][i].animal for p, i in down]
